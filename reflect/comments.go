package reflect

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	stdreflect "reflect"
	"regexp"
	"strings"
	"sync"
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

// lookupComment gives the reflector the description of a type or field,
// written for readers of the schemas (forSchemaReaders).
func (g *Generator) lookupComment(t stdreflect.Type, field string) string {
	if t.PkgPath() != g.pkgPath {
		return ""
	}
	key := commentKey{t, field}
	g.readers.mu.Lock()
	defer g.readers.mu.Unlock()
	if text, ok := g.readers.m[key]; ok {
		return text
	}
	name := t.Name()
	if field != "" {
		name += "." + field
	}
	text := forSchemaReaders(g.comments[name], t, field)
	g.readers.m[key] = text
	return text
}

// readerComments remembers forSchemaReaders' text of each type's and
// field's comment: the reflector asks for them again for every schema of
// every version set.
type readerComments struct {
	mu sync.Mutex
	m  map[commentKey]string
}

type commentKey struct {
	t     stdreflect.Type
	field string
}

// forSchemaReaders rewrites a Go doc comment for readers of the schemas,
// who see member names, not Go names: a field's comment starts with the
// member's JSON name instead of the Go field's ("ToolName names the tool"
// becomes "`tool_name` names the tool"), and the other fields of the type
// it names by their Go names (ToolUseID, any name of two capitals or more)
// become their members (`tool_use_id`); a Go pointer (*UnknownBlock) loses
// its star, and a struct is an object. A union's comment ends before the Go
// detail of its kinds, which the union's own description then gives.
func forSchemaReaders(text string, t stdreflect.Type, field string) string {
	if text == "" {
		return ""
	}
	if t.Kind() == stdreflect.Interface {
		if i := strings.Index(text, ": one of the types listed"); i >= 0 {
			text = text[:i] + "."
		}
	}
	text = goPointer.ReplaceAllString(text, "$1")
	text = goStruct.ReplaceAllString(text, "object")
	if t.Kind() != stdreflect.Struct {
		return text
	}
	members := map[string]string{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.IsExported() && name != "" && name != "-" {
			members[f.Name] = name
		}
	}
	if name, ok := members[field]; ok {
		if rest, ok := strings.CutPrefix(text, field+" "); ok {
			text = "`" + name + "` " + rest
		}
	}
	return goIdent.ReplaceAllStringFunc(text, func(w string) string {
		if name, ok := members[w]; ok {
			return "`" + name + "`"
		}
		return w
	})
}

var (
	goPointer = regexp.MustCompile(`\*([A-Z]\w*)`)
	goStruct  = regexp.MustCompile(`\bstruct\b`)
	goIdent   = regexp.MustCompile(`\b[A-Z][a-z0-9]*[A-Z]\w*\b`)
)
