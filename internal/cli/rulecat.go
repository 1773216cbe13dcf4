package cli

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/protocheck/protocheck/internal/report"
)

// The rule catalogue: docs/rules.md is the output of 'protocheck rules
// --format markdown' (make docs), and a test keeps the committed file in
// step. What it says of a rule (its Example or Case, and Fix) is on the
// rule's validate.Rule or drift.DriftRule value; report.WriteRuleCatalogue
// writes it, running each example through validate here.

// runExample runs validate on a rule's example, as the catalogue shows it,
// and returns the lines it printed of the rule's findings; there must be
// one (a report.ExampleRunner).
func runExample(ctx context.Context, e report.CatalogRule) (string, error) {
	id := e.ID
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
