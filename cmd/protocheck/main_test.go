package main

import (
	"errors"
	"flag"
	"os"
	"os/exec"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/protocheck/protocheck/internal/cli"
)

var update = flag.Bool("update", false, "rewrite the scripts' expected output")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"protocheck": func() { os.Exit(cli.Main()) },
	})
}

// TestScript runs the end-to-end scripts in testdata/script: one per
// subcommand and case, covering every exit code and --format.
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		UpdateScripts:       *update,
		Cmds:                map[string]func(*testscript.TestScript, bool, []string){"exits": cmdExits},
	})
}

// cmdExits is the scripts' "exits N prog args...": it runs prog like exec
// and fails unless prog exits with code N exactly ("! exec" only tells zero
// from non-zero, so it cannot tell findings, 1, from a failure, 2).
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits N prog [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: %v", err)
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exits: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with code %d, want %d", args[1], got, want)
	}
}
