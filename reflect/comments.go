package reflect

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	stdreflect "reflect"
	"strings"
)

// readComments returns the doc comments of the exported types and struct
// fields declared in the Go files of dir, keyed "Type" and "Type.Field".
// Directive lines (//protocheck:...) are dropped and paragraphs are kept.
func readComments(dir string) (map[string]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	out := make(map[string]string)
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				if !ts.Name.IsExported() {
					continue
				}
				doc := ts.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				if text := cleanDoc(doc); text != "" {
					out[ts.Name.Name] = text
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for _, fl := range st.Fields.List {
					text := cleanDoc(fl.Doc)
					if text == "" {
						text = cleanDoc(fl.Comment)
					}
					for _, n := range fl.Names {
						if n.IsExported() && text != "" {
							out[ts.Name.Name+"."+n.Name] = text
						}
					}
				}
			}
		}
	}
	return out, nil
}

// cleanDoc returns a comment's text with lines joined into paragraphs.
func cleanDoc(cg *ast.CommentGroup) string {
	if cg == nil {
		return ""
	}
	paras := strings.Split(strings.TrimSpace(cg.Text()), "\n\n")
	for i, p := range paras {
		paras[i] = strings.Join(strings.Fields(p), " ")
	}
	return strings.TrimSpace(strings.Join(paras, "\n\n"))
}

// lookupComment gives the reflector the description of a type or field.
func (g *Generator) lookupComment(t stdreflect.Type, field string) string {
	if t.PkgPath() != g.pkgPath {
		return ""
	}
	if field == "" {
		return g.comments[t.Name()]
	}
	return g.comments[t.Name()+"."+field]
}
