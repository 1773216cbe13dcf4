package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// The rule catalogue: docs/rules.md is the output of 'protocheck rules
// --format markdown' (make docs), and a test keeps the committed file in
// step. What it says of a rule of validate (its Example or Case, and Fix)
// is on the rule's validate.Rule value; of a compat/ rule of protocheck
// drift, in driftCatalog here. The rule's ID, severity and one-line
// meaning come from the rule tables themselves.

// A ruleEntry is what the catalogue says of one rule beyond its table row
// (the fields of validate.Rule of the same names).
type ruleEntry struct {
	// Example is a transcript, one line or more, that 'protocheck
	// validate' reports with the rule under Flags. The catalogue shows
	// what validate prints for it, and refuses to build when the rule is
	// not among the findings.
	Example string
	// Flags are the validate flags the example needs.
	Flags []string
	// Case says in words what triggers the rule when no transcript can
	// show it: the input is not a line, or another command reports it.
	Case string
	// Fix says what to change so that the finding goes away.
	Fix string
	// Abridged is an example with lines shortened with "...", shown as
	// written and not run.
	Abridged string
}

// driftCatalog holds the entries of the compat/ rules of protocheck
// drift (drift.DriftRules), by rule ID.
var driftCatalog = map[string]ruleEntry{
	"compat/variant-missing": {
		Case: "`protocheck drift --from wire --to DIALECT`: a variant the CLI prints that the dialect has no type for.",
		Fix:  "Add the variant to the SDK's types, or make sure its reader skips unknown variants; `protocheck corpus run` shows what it does with the real lines.",
	},
	"compat/variant-extra": {
		Case: "`protocheck drift`: the dialect has a type for a variant the reference does not have (often one an older or newer CLI prints).",
		Fix:  "Usually nothing: reading more than is sent costs nothing (info). Remove the type if the variant is gone for good.",
	},
	"compat/member-missing": {
		Case: "`protocheck drift`: a member the writer sends that the reader does not declare. Its severity says what the reader does: error when it rejects the line, warning when it drops the member.",
		Fix:  "Declare the member in the reader's types (optional if the writer sends it only sometimes).",
	},
	"compat/member-extra": {
		Case: "`protocheck drift`: the reader declares a member the writer never sends.",
		Fix:  "Nothing breaks (info); make the member optional in the reader, or remove it, so that its users do not wait for it.",
	},
	"compat/required-added": {
		Case: "`protocheck drift`: a member the writer sends only sometimes is required by the reader, which fails on the lines that lack it.",
		Fix:  "Make the member optional in the reader's types.",
	},
	"compat/required-removed": {
		Case: "`protocheck drift`: a member the writer always sends is optional in the reader.",
		Fix:  "Usually nothing (info); make it required to simplify the reader's code if the writer guarantees it.",
	},
	"compat/type-changed": {
		Case: "`protocheck drift`: the writer and the reader give a member different JSON types (a string against a number).",
		Fix:  "Give the reader's member the writer's types (a union if the writer sends several).",
	},
	"compat/enum-narrowed": {
		Case: "`protocheck drift`: the reader accepts fewer values of a member than the writer sends, and fails on the others.",
		Fix:  "Add the missing values to the reader's enum, or read the member as a plain string.",
	},
	"compat/enum-widened": {
		Case: "`protocheck drift`: the reader accepts values the writer never sends.",
		Fix:  "Usually nothing (info): often values of another CLI version.",
	},
	"compat/nullable-removed": {
		Case: "`protocheck drift`: the writer sends null for a member the reader does not allow to be null.",
		Fix:  "Make the reader's member nullable (`T | null`, `Option<T>`, a pointer).",
	},
	"compat/nullable-added": {
		Case: "`protocheck drift`: the reader allows null where the writer never sends it.",
		Fix:  "Usually nothing (info).",
	},
	"compat/write-refused": {
		Case: "`protocheck drift --from wire --to rust`: rusty_claw answers can_use_tool with `{\"allowed\": true}`; the CLI reads `behavior`, and a probe of CLI 2.1.330 saw it refuse the tool call. The change says whether a probe verified it or it is inferred from types.",
		Fix:  "Write the message as the CLI reads it (the change names the member); where a probe shows the CLI reads it anyway (an info), only the types disagree.",
	},
}

// catalogRule is one row of the catalogue.
type catalogRule struct {
	ID, Severity, Doc string
	Entry             ruleEntry
}

// writeRuleCatalogue writes the catalogue in markdown. Each example is run
// through 'protocheck validate' and what it prints is shown; an example
// that does not produce its rule, and a rule without an entry, are errors.
func writeRuleCatalogue(ctx context.Context, w io.Writer, rules []catalogRule) error {
	var b strings.Builder
	b.WriteString(`# Rule catalogue

<!-- Generated by 'protocheck rules --format markdown' (make docs) from the
rule tables and internal/cli/rulecat.go; do not edit. -->

Every finding carries a stable rule ID: baselines, ` + "`--ignore`" + ` and
CI annotations name rules by it. The severity is the default one:
` + "`--strict`" + ` makes unknown types, subtypes and kinds errors, and the
strict profile makes unknown members errors. The input/, internal/,
variant/ and schema/ rules are those of ` + "`protocheck validate`" + ` on
each line; session/, tools/, turns/, stream/, control/, hooks/ and tasks/
are its cross-line rules, which look at a whole transcript (` + "`--rules`" + `
selects them; control/ rules need a duplex transcript, docs/duplex.md);
drift/ rules come from ` + "`protocheck corpus regress`" + `, and compat/
rules from ` + "`protocheck drift`" + `, whose severity depends on which side
reads (` + "`protocheck drift --help`" + `).

| rule | severity | reports |
|---|---|---|
`)
	for _, r := range rules {
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s |\n", r.ID, anchor(r.ID), r.Severity, mdCell(r.Doc))
	}
	var missing []string
	for _, r := range rules {
		e := r.Entry
		if e.Fix == "" || (e.Example == "" && e.Case == "" && e.Abridged == "") {
			missing = append(missing, r.ID)
			continue
		}
		fmt.Fprintf(&b, "\n## %s\n\nSeverity **%s**. %s\n\n", r.ID, r.Severity, r.Doc)
		switch {
		case e.Case != "":
			fmt.Fprintf(&b, "**When:** %s\n\n", e.Case)
		case e.Abridged != "":
			fmt.Fprintf(&b, "**Example** (abridged: `...` stands for the members left out)%s\n\n```json\n%s\n```\n\n", escapesNote(e.Abridged), visible(e.Abridged))
		default:
			out, err := runExample(ctx, r.ID, e)
			if err != nil {
				return err
			}
			cmd := "protocheck validate " + strings.Join(append(e.Flags, "example.jsonl"), " ")
			fmt.Fprintf(&b, "**Example:** `example.jsonl`%s\n\n```json\n%s\n```\n\n`%s` prints\n\n```\n%s```\n\n",
				escapesNote(e.Example), visible(e.Example), cmd, out)
		}
		fmt.Fprintf(&b, "**Fix:** %s\n", e.Fix)
	}
	if len(missing) > 0 {
		return fmt.Errorf("the rule catalogue needs a Fix and an Example, Abridged example or Case (on the validate.Rule, or for a compat/ rule in internal/cli/rulecat.go) for: %s", strings.Join(missing, ", "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// runExample runs validate on an example, as the catalogue shows it, and
// returns the lines it printed of the rule's findings; there must be one.
func runExample(ctx context.Context, id string, e ruleEntry) (string, error) {
	var stdout, stderr bytes.Buffer
	args := append(append([]string{"validate", "--color", "never", "--quiet"}, e.Flags...), "-")
	run(ctx, args, strings.NewReader(e.Example+"\n"), &stdout, &stderr)
	var out strings.Builder
	found := false
	for line := range strings.Lines(stdout.String()) {
		rest, ok := strings.CutPrefix(line, "-:")
		if !ok {
			continue // the summary
		}
		if strings.Contains(rest, " "+id+": ") {
			out.WriteString("example.jsonl:" + rest)
			found = true
		}
	}
	if !found {
		return "", fmt.Errorf("the catalogue's example of %s does not produce it: validate printed\n%s%s", id, stdout.String(), stderr.String())
	}
	return out.String(), nil
}

// anchor is the GitHub heading anchor of a rule ID: "input/io-error" is
// "#inputio-error".
func anchor(id string) string { return strings.ReplaceAll(id, "/", "") }

func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// visible writes an example's bytes that a reader cannot see, or that are
// not UTF-8, as escapes: \xNN for a byte, \uNNNN for a format character.
func visible(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < 0x20 && r != '\n', r == 0xfeff:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func escapesNote(s string) string {
	if visible(s) != s {
		return " (bytes that cannot be shown are written as `\\xNN` or `\\uNNNN`)"
	}
	return ""
}
