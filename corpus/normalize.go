package corpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A Normalizer replaces the values of a transcript that differ from run to
// run with stable placeholders, so that two captures of one scenario can be
// compared and a committed golden only changes when the CLI does.
//
// The same original value always gets the same placeholder, within a
// transcript, so references between lines survive (a tool_use id and the
// tool_result that names it; a session id and the paths that contain it).
// Placeholders keep the JSON type and the shape of what they replace: a
// uuid becomes a uuid, a timestamp a timestamp, an integer an integer and a
// fraction a fraction, so normalised captures still validate against the
// schemas.
//
// What is replaced (see the rules below for the exact lists):
//   - uuids, anywhere in a string: 00000000-0000-4000-8000-00000000000N;
//   - API ids with a known prefix (toolu_, msg_, req_, srvtoolu_):
//     prefix + "N" zero-padded;
//   - the string values of id members (session_id, request_id, hook_id,
//     task_id, agent_id, tool_use_id, …: names ending in id, ids, uuid,
//     Id, ID): id_N; and, for ids of 6 characters or more, every other
//     place they occur inside a string (paths, output file names);
//   - ISO 8601 timestamps: 2000-01-01T00:00:N…Z, in the original's layout;
//   - the temporary folders in Paths, and their dash-encoded forms (the CLI
//     names project folders after the working directory with every
//     non-alphanumeric character turned into '-');
//   - other folders directly under /tmp whose names hold 4 digits or more
//     (pids, random suffixes): /tmp/protocheck-tmpN;
//   - numbers in members that measure time, tokens or money, and pids:
//     names ending in _ms, Ms, _seconds, _tokens, Tokens, _tokens_delta,
//     _usd, USD, Usd, and pid — except limits (maxOutputTokens, max_tokens,
//     …). 0 stays 0; other values become 1, 2, 3 … in order of first
//     appearance (plus .5 when the original has a fraction).
//
// A Normalizer is for one transcript; use a new one for each.
type Normalizer struct {
	// Paths are known temporary folders and their placeholders, such as a
	// Capture's Paths. Longer paths are replaced first.
	Paths []PathPlaceholder

	strs    map[string]string // original string token → placeholder
	counts  map[string]int    // placeholder class → count so far
	nums    map[string]map[string]string
	ids     map[string]bool // values of id members
	idsRe   *regexp.Regexp  // matches the ids of 6 characters or more
	pathsRe []pathRule
}

type pathRule struct {
	old, new string
}

// NormalizeError reports a transcript line that is not JSON.
type NormalizeError struct {
	// Line is the 1-based line number.
	Line int
	// Err is the parse error.
	Err error
}

func (e *NormalizeError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *NormalizeError) Unwrap() error { return e.Err }

var (
	uuidRe      = regexp.MustCompile(`[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}`)
	apiIDRe     = regexp.MustCompile(`\b(toolu|srvtoolu|msg|req)_[A-Za-z0-9]{4,}`)
	timestampRe = regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?`)
	tmpDirRe    = regexp.MustCompile(`/tmp/[A-Za-z0-9._-]*\d{4,}[A-Za-z0-9._-]*`)
	idKeyRe     = regexp.MustCompile(`(^|_)(uuid|id)s?$|[a-z](Id|ID|Uuid|UUID)s?$`)
	nonAlnumRe  = regexp.MustCompile(`[^A-Za-z0-9]`)
)

// numberClass returns the placeholder class of a number member, or "".
func numberClass(key string) string {
	switch key {
	case "maxOutputTokens", "max_tokens", "max_output_tokens", "max_thinking_tokens", "maxThinkingTokens", "contextWindow":
		return ""
	case "pid", "ppid":
		return "pid"
	}
	switch {
	case hasAnySuffix(key, "_ms", "Ms", "_seconds", "Seconds"):
		return "time"
	case hasAnySuffix(key, "_tokens", "Tokens", "_tokens_delta"):
		return "tokens"
	case hasAnySuffix(key, "_usd", "USD", "Usd"):
		return "cost"
	}
	return ""
}

func hasAnySuffix(s string, suffixes ...string) bool {
	for _, suf := range suffixes {
		if strings.HasSuffix(s, suf) {
			return true
		}
	}
	return false
}

// Transcript normalises an NDJSON transcript. Blank lines are dropped; every
// other line must be a JSON value (the error is a *NormalizeError).
func (n *Normalizer) Transcript(data []byte) ([]byte, error) {
	n.init()
	var vals []*value
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for line := 1; sc.Scan(); line++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		v, err := parseValue(sc.Bytes())
		if err != nil {
			return nil, &NormalizeError{Line: line, Err: err}
		}
		vals = append(vals, v)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	// First pass: the values of id members, so that they are also found
	// inside other strings, wherever they come first.
	for _, v := range vals {
		n.collectIDs(v, "")
	}
	var long []string
	for id := range n.ids {
		if len(id) >= 6 && !uuidRe.MatchString(id) && !apiIDRe.MatchString(id) {
			long = append(long, regexp.QuoteMeta(id))
		}
	}
	if len(long) > 0 {
		slices.SortFunc(long, func(a, b string) int { return len(b) - len(a) })
		n.idsRe = regexp.MustCompile(strings.Join(long, "|"))
	}
	var out bytes.Buffer
	for _, v := range vals {
		n.value(v, "")
		v.appendJSON(&out)
		out.WriteByte('\n')
	}
	return out.Bytes(), nil
}

func (n *Normalizer) init() {
	n.strs = map[string]string{}
	n.counts = map[string]int{}
	n.nums = map[string]map[string]string{}
	n.ids = map[string]bool{}
	n.pathsRe = nil
	paths := slices.Clone(n.Paths)
	slices.SortFunc(paths, func(a, b PathPlaceholder) int { return len(b.Path) - len(a.Path) })
	for _, p := range paths {
		n.pathsRe = append(n.pathsRe, pathRule{p.Path, p.Placeholder})
	}
	for _, p := range paths {
		n.pathsRe = append(n.pathsRe, pathRule{dashed(p.Path), dashed(p.Placeholder)})
	}
}

// dashed is a path as the CLI turns it into a folder name.
func dashed(p string) string { return nonAlnumRe.ReplaceAllString(p, "-") }

func (n *Normalizer) collectIDs(v *value, key string) {
	switch v.kind {
	case kindString:
		if idKeyRe.MatchString(key) && len(v.str) >= 4 {
			n.ids[v.str] = true
		}
	case kindArray:
		for _, it := range v.items {
			n.collectIDs(it, key)
		}
	case kindObject:
		for _, m := range v.members {
			n.collectIDs(m.val, m.key)
		}
	}
}

// value normalises v in place; key is the name of the member that holds it
// (for array items, the array's).
func (n *Normalizer) value(v *value, key string) {
	switch v.kind {
	case kindString:
		if idKeyRe.MatchString(key) && n.ids[v.str] && !uuidRe.MatchString(v.str) && !apiIDRe.MatchString(v.str) {
			v.str = n.placeholder("id", v.str)
			return
		}
		v.str = n.str(v.str)
	case kindNumber:
		if c := numberClass(key); c != "" {
			v.num = n.number(c, v.num)
		}
	case kindArray:
		for _, it := range v.items {
			n.value(it, key)
		}
	case kindObject:
		for _, m := range v.members {
			n.value(m.val, m.key)
		}
	}
}

// str applies the string rules.
func (n *Normalizer) str(s string) string {
	for _, p := range n.pathsRe {
		s = strings.ReplaceAll(s, p.old, p.new)
	}
	s = uuidRe.ReplaceAllStringFunc(s, func(u string) string { return n.placeholder("uuid", strings.ToLower(u)) })
	s = apiIDRe.ReplaceAllStringFunc(s, func(id string) string {
		prefix, _, _ := strings.Cut(id, "_")
		return n.placeholder("api:"+prefix, id)
	})
	if n.idsRe != nil {
		s = n.idsRe.ReplaceAllStringFunc(s, func(id string) string { return n.placeholder("id", id) })
	}
	s = timestampRe.ReplaceAllStringFunc(s, func(ts string) string { return n.placeholder("time", ts) })
	s = tmpDirRe.ReplaceAllStringFunc(s, func(d string) string { return n.placeholder("tmp", d) })
	return s
}

// placeholder returns the placeholder of an original value of a class.
func (n *Normalizer) placeholder(class, orig string) string {
	if p, ok := n.strs[class+"\x00"+orig]; ok {
		return p
	}
	n.counts[class]++
	i := n.counts[class]
	var p string
	switch class, _, _ := strings.Cut(class, ":"); class {
	case "uuid":
		p = fmt.Sprintf("00000000-0000-4000-8000-%012d", i)
	case "api":
		prefix, _, _ := strings.Cut(orig, "_")
		p = fmt.Sprintf("%s_%04d", prefix, i)
	case "id":
		p = fmt.Sprintf("id_%04d", i)
	case "time":
		p = fakeTimestamp(orig, i)
	case "tmp":
		p = fmt.Sprintf("/tmp/protocheck-tmp%d", i)
	}
	n.strs[class+"\x00"+orig] = p
	n.strs[class+"\x00"+p] = p
	return p
}

// fakeTimestamp returns the i-th placeholder time in the layout of orig.
func fakeTimestamp(orig string, i int) string {
	t := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Second)
	layout := "2006-01-02T15:04:05"
	if dot := strings.IndexByte(orig, '.'); dot >= 0 {
		frac := len(orig) - dot - 1
		for _, c := range orig[dot+1:] {
			if c < '0' || c > '9' {
				frac--
			}
		}
		layout += "." + strings.Repeat("0", max(frac-zoneLen(orig), 1))
	}
	switch {
	case strings.HasSuffix(orig, "Z"):
		layout += "Z"
	case zoneLen(orig) > 0:
		layout += "-07:00"
	}
	return t.Format(layout)
}

func zoneLen(ts string) int {
	if len(ts) > 6 && (ts[len(ts)-6] == '+' || ts[len(ts)-6] == '-') && ts[len(ts)-3] == ':' {
		return 6
	}
	return 0
}

// number returns the placeholder of a number of a class.
func (n *Normalizer) number(class string, orig json.Number) json.Number {
	if f, err := orig.Float64(); err == nil && f == 0 {
		return orig
	}
	m := n.nums[class]
	if m == nil {
		m = map[string]string{}
		n.nums[class] = m
	}
	if p, ok := m[orig.String()]; ok {
		return json.Number(p)
	}
	n.counts["num:"+class]++
	p := strconv.Itoa(n.counts["num:"+class])
	if strings.ContainsAny(orig.String(), ".eE") {
		p += ".5"
	}
	m[orig.String()] = p
	m[p] = p
	return json.Number(p)
}
