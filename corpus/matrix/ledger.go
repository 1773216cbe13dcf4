package matrix

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/validate"
)

// A Divergence is one known way a dialect fails on real lines: a reason of
// a cell that rejects or drops lines, as a ledger entry.
type Divergence struct {
	// Key is "<dialect> <variant> <verdict> <rule> <pointer>".
	Key string
	// Reason says why, in a person's words; a fresh entry gets the first
	// finding's message, to be reviewed.
	Reason string
}

// Divergences returns the matrix's divergences: every reason of a rejected
// or dropped verdict, the wire's included, sorted by key.
func (m *Matrix) Divergences() []Divergence {
	var out []Divergence
	policy := map[string]Policy{}
	harnessRow := map[string]bool{}
	for _, d := range m.DialectInfo {
		policy[d.Name] = d.Policy
		harnessRow[d.Name] = d.Harness != nil
	}
	for _, c := range m.Cells {
		if harnessRow[c.Dialect] {
			continue // the SDKs' rows are not models: their own ledger (corpus/harness) holds them
		}
		for _, r := range c.Reasons {
			if r.Verdict == Ignored {
				continue
			}
			p := r.Pointer
			if p == "" {
				p = "/"
			}
			out = append(out, Divergence{Key: strings.Join([]string{c.Dialect, c.Variant, string(r.Verdict), r.Rule, p}, " "),
				Reason: reasonFor(c.Dialect, policy[c.Dialect], r)})
		}
	}
	slices.SortFunc(out, func(a, b Divergence) int { return strings.Compare(a.Key, b.Key) })
	return out
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// actionWords says what a reader does under an action.
var actionWords = map[Action]string{Fail: "fails on", Skip: "skips", Raw: "keeps only raw"}

// reasonFor writes the first draft of a divergence's reason, from the rule
// and the dialect's policy; a person reviews it in the ledger.
func reasonFor(dialect string, p Policy, r *Reason) string {
	msg := oneLine(r.Message)
	name := between(msg, `"`)
	switch r.Rule {
	case validate.RuleUnknownType.ID:
		return fmt.Sprintf("%s has no type %q and %s unknown types", dialect, name, actionWords[p.Type])
	case validate.RuleUnknownSubtype.ID, validate.RuleMissingSubtype.ID:
		return fmt.Sprintf("%s has no subtype %q and %s unknown subtypes", dialect, name, actionWords[p.Subtype])
	case validate.RuleUnknownKind.ID:
		return fmt.Sprintf("%s has no kind %q here and %s unknown kinds", dialect, name, actionWords[p.Block])
	case validate.RuleUnknownProperty.ID:
		return fmt.Sprintf("%s does not declare %s and %s undeclared members", dialect, r.Pointer, actionWords[p.Member])
	case validate.RuleRequired.ID:
		return fmt.Sprintf("%s requires %s; the CLI leaves it out of these lines", dialect, r.Pointer)
	}
	return dialect + ": " + msg
}

// Stats returns the stats file's body: accepted/lines per dialect, then per
// dialect and row, so that a change of any count is a one-line diff.
func (m *Matrix) Stats() string {
	var b strings.Builder
	harnessRow := map[string]bool{}
	for _, d := range m.DialectInfo {
		harnessRow[d.Name] = d.Harness != nil
	}
	for _, d := range m.Dialects {
		if harnessRow[d] {
			continue
		}
		lines, acc, _, _ := m.Totals(d)
		fmt.Fprintf(&b, "%s %d/%d\n", d, acc, lines)
	}
	for _, c := range m.Cells {
		if harnessRow[c.Dialect] {
			continue
		}
		fmt.Fprintf(&b, "%s %s %d/%d\n", c.Dialect, c.Variant, c.Accepted, c.Lines)
	}
	return b.String()
}

// LedgerHeader heads a ledger file written by WriteLedger.
const LedgerHeader = `# Known divergences of the dialects on the committed captures, one a line:
# "<dialect> <variant> <verdict> <rule> <pointer>  # reason". protocheck corpus run --check
# fails on a divergence not listed here and on a listed one that no longer happens.
# Rewrite with: protocheck corpus run --update (new entries also need --force; review the reasons).
`

// StatsHeader heads a stats file.
const StatsHeader = `# accepted/lines per dialect, then per dialect and wire variant, over the committed captures.
# Rewrite with: protocheck corpus run --update
`

// ReadLedger reads a ledger: entry -> reason. A missing file is empty.
func ReadLedger(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		entry, reason, _ := strings.Cut(line, "#")
		entry = strings.Join(strings.Fields(entry), " ")
		if len(strings.Fields(entry)) != 5 {
			return nil, fmt.Errorf("%s:%d: want \"<dialect> <variant> <verdict> <rule> <pointer>  # reason\"", path, n)
		}
		if _, dup := out[entry]; dup {
			return nil, fmt.Errorf("%s:%d: %s is listed twice", path, n, entry)
		}
		out[entry] = strings.TrimSpace(reason)
	}
	return out, sc.Err()
}

// DialectLedger is the ledger of the dialects' divergences at path.
func DialectLedger(path string) Ledger { return Ledger{Path: path, Header: LedgerHeader} }

// A LedgerDiff is what a check against the ledger found.
type LedgerDiff struct {
	// New lists divergences the ledger does not record, in the order found.
	New []Divergence
	// Gone lists recorded divergences that no longer happen, sorted.
	Gone []string
}

// Empty reports whether the matrix matches the ledger.
func (d LedgerDiff) Empty() bool { return len(d.New) == 0 && len(d.Gone) == 0 }

// CompareLedger compares the matrix's divergences with a ledger.
func (m *Matrix) CompareLedger(ledger map[string]string) LedgerDiff {
	return DiffLedger(m.Divergences(), ledger)
}

// LedgerFile returns the ledger's text for the matrix, keeping the reasons
// old gives; a divergence old lacks gets the first finding's message.
func (m *Matrix) LedgerFile(old map[string]string) []byte {
	return LedgerText(LedgerHeader, m.Divergences(), old)
}

// DiffLedger compares what a run found with what a ledger lists: the found
// entries it does not list (in the order found, each once), and the listed
// ones not found (sorted). It is the one check of every ledger of known
// divergences: the dialects' (corpus/dialects/ledger.txt), the models'
// disagreements with their SDKs (corpus/harness/agreement.txt) and the
// tests' (internal/testutil/ledger).
func DiffLedger(found []Divergence, listed map[string]string) LedgerDiff {
	var diff LedgerDiff
	seen := map[string]bool{}
	for _, d := range found {
		if seen[d.Key] {
			continue
		}
		seen[d.Key] = true
		if _, ok := listed[d.Key]; !ok {
			diff.New = append(diff.New, d)
		}
	}
	for k := range listed {
		if !seen[k] {
			diff.Gone = append(diff.Gone, k)
		}
	}
	slices.Sort(diff.Gone)
	return diff
}

// LedgerText returns a ledger's text: header, then each entry found (in
// the order given) as "key  # reason", keeping the reason old gives it; an
// entry old lacks (or gives no reason) gets its own Reason, a draft to be
// reviewed.
func LedgerText(header string, found []Divergence, old map[string]string) []byte {
	var b bytes.Buffer
	b.WriteString(header)
	for _, d := range found {
		reason := d.Reason
		if r, ok := old[d.Key]; ok && r != "" {
			reason = r
		}
		fmt.Fprintf(&b, "%s  # %s\n", d.Key, reason)
	}
	return b.Bytes()
}

// A Ledger is a checked-in file of known divergences, one a line, "key  #
// reason" (read by ReadLedger). A check fails on a divergence it does not
// list and on a listed one that no longer happens; an update rewrites it,
// keeping the reasons written by hand, and records new divergences only
// when forced (then a person reviews the reasons it drafted).
type Ledger struct {
	// Path is the ledger file.
	Path string
	// Header heads a rewritten file: comment lines, each ending in a
	// newline, that say what the entries are and how to rewrite them.
	Header string
}

// Check compares found with the ledger's entries that keep selects (every
// one when keep is nil).
func (l Ledger) Check(found []Divergence, keep func(key string) bool) (LedgerDiff, error) {
	listed, err := ReadLedger(l.Path)
	if err != nil {
		return LedgerDiff{}, err
	}
	if keep != nil {
		maps.DeleteFunc(listed, func(k, _ string) bool { return !keep(k) })
	}
	return DiffLedger(found, listed), nil
}

// Update rewrites the ledger with found, in the order given, keeping the
// reasons it gives. When found holds divergences the ledger does not list
// and force is false it writes nothing and returns the diff with an
// *UnrecordedError.
func (l Ledger) Update(found []Divergence, force bool) (LedgerDiff, error) {
	old, err := ReadLedger(l.Path)
	if err != nil {
		return LedgerDiff{}, err
	}
	diff := DiffLedger(found, old)
	if len(diff.New) > 0 && !force {
		return diff, &UnrecordedError{Path: l.Path, New: diff.New}
	}
	return diff, atomicfile.WriteFile(l.Path, LedgerText(l.Header, found, old), 0o644)
}

// An UnrecordedError is an update that refused to record new divergences
// without force.
type UnrecordedError struct {
	// Path is the ledger's file.
	Path string
	// New are the divergences it does not list.
	New []Divergence
}

func (e *UnrecordedError) Error() string {
	return fmt.Sprintf("%d divergences are not in %s", len(e.New), e.Path)
}

// between returns what s holds between its first two quotes q, or "".
func between(s, q string) string {
	_, rest, ok := strings.Cut(s, q)
	if !ok {
		return ""
	}
	v, _, _ := strings.Cut(rest, q)
	return v
}
