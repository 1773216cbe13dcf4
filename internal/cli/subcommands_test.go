package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestUnknownSubcommand: a mistyped subcommand of a group (corpus rn) is a
// usage error with a suggestion, exit 2, as a mistyped command is at the
// top; the group alone still prints its help and exits 0.
func TestUnknownSubcommand(t *testing.T) {
	for _, tt := range []struct {
		args    []string
		code    int
		stderr  string
		stdoutH bool // stdout holds the help
	}{
		{[]string{"valdate"}, ExitUsage, `Did you mean this?` + "\n\tvalidate", false},
		{[]string{"corpus", "rn"}, ExitUsage, `unknown command "rn" for "protocheck corpus"` + "\n\nDid you mean this?\n\trun", false},
		{[]string{"schemas", "lst"}, ExitUsage, "\tlist", false},
		{[]string{"config", "nit"}, ExitUsage, "\tinit", false},
		{[]string{"corpus", "zzzz"}, ExitUsage, `unknown command "zzzz"`, false},
		{[]string{"corpus"}, ExitOK, "", true},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), tt.args, strings.NewReader(""), &stdout, &stderr)
		if code != tt.code || !strings.Contains(stderr.String(), tt.stderr) {
			t.Errorf("protocheck %s: exit %d, stderr %q; want exit %d and %q", strings.Join(tt.args, " "), code, stderr.String(), tt.code, tt.stderr)
		}
		if got := strings.Contains(stdout.String(), "Available Commands"); got != tt.stdoutH {
			t.Errorf("protocheck %s: help on stdout = %v, want %v", strings.Join(tt.args, " "), got, tt.stdoutH)
		}
	}
}
