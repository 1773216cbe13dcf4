package main

import (
	"flag"
	"os"
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
	})
}
