package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// maxRunLines is the longest a command's runXxx may be: it parses its
// options, calls the library, prints the result through the reporting
// layer and maps errors to exit codes; what is longer is domain logic,
// which belongs in a library package (or a named helper).
const maxRunLines = 60

// runExempt lists the runXxx allowed past maxRunLines, each with why.
var runExempt = map[string]string{}

// TestCommandLayerThin holds internal/cli's runXxx functions to the shape
// of a thin command layer: at most maxRunLines lines each, and each takes
// a context, writers and an options struct, never the *cobra.Command.
func TestCommandLayerThin(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join("..", "cli", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	runs := 0
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || !isRun(fd.Name.Name) {
				continue
			}
			runs++
			name := fd.Name.Name
			if _, ok := runExempt[name]; ok {
				continue
			}
			if n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1; n > maxRunLines {
				t.Errorf("%s: %s is %d lines, more than %d: move what it computes to a library package or a named helper", fset.Position(fd.Pos()), name, n, maxRunLines)
			}
			for _, p := range fd.Type.Params.List {
				if se, ok := stripStar(p.Type).(*ast.SelectorExpr); ok && se.Sel.Name == "Command" {
					t.Errorf("%s: %s takes a *cobra.Command: pass it a context, the streams and an options struct", fset.Position(p.Pos()), name)
				}
			}
		}
	}
	if runs < 10 {
		t.Errorf("found %d runXxx functions in internal/cli; the test no longer looks where the commands are", runs)
	}
}

// isRun reports whether name is a command's run function: run followed by
// an upper-case letter.
func isRun(name string) bool {
	rest, ok := strings.CutPrefix(name, "run")
	return ok && rest != "" && unicode.IsUpper(rune(rest[0]))
}

func stripStar(e ast.Expr) ast.Expr {
	if s, ok := e.(*ast.StarExpr); ok {
		return s.X
	}
	return e
}
