package archtest

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the package table of README.md")

// The README's package table sits between these lines.
const (
	tableStart = "<!-- packages: written by go test ./internal/archtest -update from each doc.go and the import rules; do not edit -->"
	tableEnd   = "<!-- end of packages -->"
)

// pkgInfo is what go list says of one package of the module.
type pkgInfo struct {
	rel, name, doc, dir string
}

func listPackages(t *testing.T) []pkgInfo {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}\t{{.Name}}\t{{.Dir}}\t{{.Doc}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []pkgInfo
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(line, "\t", 4)
		if len(f) < 4 {
			t.Fatalf("go list: %q", line)
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(f[0], module), "/")
		if rel == "" {
			rel = "."
		}
		pkgs = append(pkgs, pkgInfo{rel: rel, name: f[1], dir: f[2], doc: f[3]})
	}
	return pkgs
}

// TestEveryPackageHasDocGo: each package says what it is in a doc.go, so a
// newcomer finds it in the same place everywhere (and the README's table
// below is made of those sentences).
func TestEveryPackageHasDocGo(t *testing.T) {
	for _, p := range listPackages(t) {
		data, err := os.ReadFile(filepath.Join(p.dir, "doc.go"))
		if err != nil {
			t.Errorf("%s has no doc.go: move its package comment there", p.rel)
			continue
		}
		want := "// Package " + p.name + " "
		if p.name == "main" {
			want = "// Command " + filepath.Base(p.rel) + " "
		}
		if !bytes.HasPrefix(data, []byte(want)) {
			t.Errorf("%s/doc.go does not start with %q", p.rel, want)
		}
	}
}

// packageTable is the README's table of packages: each with the first
// sentence of its doc comment and the project packages it may import (the
// rules of allowed).
func packageTable(pkgs []pkgInfo) string {
	var b strings.Builder
	b.WriteString("| package | what it is | may import |\n|---|---|---|\n")
	for _, p := range pkgs {
		what := p.doc
		kind := "Package " + p.name + " "
		if p.name == "main" {
			kind = "Command " + filepath.Base(p.rel) + " "
		}
		what = strings.TrimPrefix(what, kind)
		if p.name == "main" {
			what = "(command) " + what
		}
		what = strings.TrimSuffix(strings.TrimSuffix(what, ":"), ".")
		imports := slices.Clone(allowed[p.rel])
		slices.Sort(imports)
		for i, imp := range imports {
			imports[i] = "`" + imp + "`"
		}
		list := strings.Join(imports, ", ")
		if list == "" {
			list = "none"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", p.rel, strings.ReplaceAll(what, "|", `\|`), list)
	}
	return b.String()
}

// TestReadmePackageTable: the README's table of packages is the one the
// doc comments and the import rules make.
func TestReadmePackageTable(t *testing.T) {
	const readme = "../../README.md"
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok := bytes.Cut(data, []byte(tableStart+"\n"))
	old, after, ok2 := bytes.Cut(rest, []byte(tableEnd))
	if !ok || !ok2 {
		t.Fatalf("README.md has no package table between %q and %q", tableStart, tableEnd)
	}
	table := packageTable(listPackages(t))
	if string(old) == table {
		return
	}
	if *update {
		out := slices.Concat(before, []byte(tableStart+"\n"+table), []byte(tableEnd), after)
		if err := os.WriteFile(readme, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have := strings.Split(string(old), "\n")
	var diff []string
	for _, l := range strings.Split(table, "\n") {
		if !slices.Contains(have, l) {
			diff = append(diff, "+ "+l)
		}
	}
	for _, l := range have {
		if !strings.Contains(table, l+"\n") {
			diff = append(diff, "- "+l)
		}
	}
	t.Errorf("README.md's package table is stale; run: go test ./internal/archtest -update\n%s", strings.Join(diff, "\n"))
}
