package validate

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"strings"
	"testing"
)

// maxFuncLines bounds the length of every function of the package, from
// its signature to its closing brace: a step of the validator too long to
// read at once is split into parts with names (as fullPass, lineCheck,
// inputReader and fitter are).
const maxFuncLines = 80

// TestFunctionLength: no function or method of the package (its test
// files aside) is longer than maxFuncLines lines.
func TestFunctionLength(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok {
					continue
				}
				n++
				from, to := fset.Position(fd.Pos()), fset.Position(fd.End())
				if lines := to.Line - from.Line + 1; lines > maxFuncLines {
					t.Errorf("%s: %s is %d lines long, more than %d: split it into parts with names", from, fd.Name.Name, lines, maxFuncLines)
				}
			}
		}
	}
	if n < 100 {
		t.Fatalf("read only %d functions: is the test in the package's folder?", n)
	}
}
