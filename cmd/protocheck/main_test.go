package main

import (
	"flag"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/protocheck/protocheck/internal/cli"
)

var update = flag.Bool("update", false, "rewrite the testscript files' expected output")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"protocheck": func() { os.Exit(cli.Main()) },
	})
}

func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		UpdateScripts:       *update,
	})
}
