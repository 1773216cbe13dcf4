package codegen

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// tools returns the node binary. The tests here run only with
// PROTOCHECK_CODEGEN set (make codegen sets it, as CI does): they keep both
// cores busy for a minute, which would disturb the timing tests of other
// packages that go test ./... runs beside them. Set, they fail when the
// pinned tools are not installed (make codegen-deps).
func tools(t *testing.T) string {
	t.Helper()
	if os.Getenv("PROTOCHECK_CODEGEN") == "" {
		t.Skip("the codegen check runs with make codegen (PROTOCHECK_CODEGEN=1)")
	}
	node, err := exec.LookPath("node")
	if err == nil {
		_, err = os.Stat(filepath.Join("node_modules", ".package-lock.json"))
	}
	if err != nil {
		t.Fatalf("the code generators are not installed (%v); run: make codegen-deps", err)
	}
	return node
}

// TestCodegen runs check.mjs: every generator's output compiles and takes
// every real capture line (see doc.go).
func TestCodegen(t *testing.T) {
	node := tools(t)
	out := t.TempDir()
	cmd := exec.Command(node, "check.mjs", "--root", "../..", "--out", out)
	data, err := cmd.CombinedOutput()
	t.Logf("%s", data)
	if err != nil {
		t.Fatalf("check.mjs: %v", err)
	}
	var table struct {
		Lines int `json:"lines"`
		Rows  []struct {
			Tool, Language, Profile string
			OK                      bool `json:"ok"`
		} `json:"rows"`
	}
	raw, err := os.ReadFile(filepath.Join(out, "table.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &table); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range table.Rows {
		if !r.OK {
			t.Errorf("%s %s %s failed", r.Tool, r.Language, r.Profile)
		}
		got = append(got, strings.Fields(r.Tool)[0]+" "+r.Language+" "+r.Profile)
	}
	want := []string{
		"ajv - tolerant", "ajv - strict",
		"json-schema-to-typescript TypeScript tolerant", "json-schema-to-typescript TypeScript strict",
		"quicktype TypeScript tolerant", "quicktype Go tolerant", "quicktype Python tolerant", "quicktype Rust tolerant",
	}
	if !slices.Equal(got, want) {
		t.Errorf("table rows:\n got %q\nwant %q", got, want)
	}
	if table.Lines < 600 {
		t.Errorf("%d real lines; the captures of the versions the published schemas cover hold more than 600", table.Lines)
	}
}

// TestPublish writes the release folder and packs it with npm.
func TestPublish(t *testing.T) {
	node := tools(t)
	out := filepath.Join(t.TempDir(), "pkg")
	if data, err := exec.Command(node, "publish.mjs", "--root", "../..", "--out", out).CombinedOutput(); err != nil {
		t.Fatalf("publish.mjs: %v\n%s", err, data)
	}
	cmd := exec.Command("npm", "pack", "--dry-run", "--json", "--loglevel=error")
	cmd.Dir = out
	data, err := cmd.Output()
	if err != nil {
		t.Fatalf("npm pack: %v\n%s", err, data)
	}
	var packed []struct {
		Name, Version string
		Files         []struct{ Path string }
	}
	if err := json.Unmarshal(data, &packed); err != nil || len(packed) != 1 {
		t.Fatalf("npm pack --json: %v\n%s", err, data)
	}
	var files []string
	for _, f := range packed[0].Files {
		files = append(files, f.Path)
	}
	for _, want := range []string{"package.json", "README.md", "index.json", "types/index.d.ts", "types/tolerant.d.ts", "types/strict.d.ts",
		"tolerant/protocol.schema.json", "strict/protocol.schema.json", "tolerant/result.success.schema.json", "strict/user.replay.schema.json"} {
		if !slices.Contains(files, want) {
			t.Errorf("the package lacks %s", want)
		}
	}
	if packed[0].Name != "@protocheck/schemas" || packed[0].Version == "" {
		t.Errorf("packed %s@%s, want @protocheck/schemas at the CLI version", packed[0].Name, packed[0].Version)
	}
	// The README's example compiles against the packed types.
	readme, err := os.ReadFile(filepath.Join(out, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(readme), "```ts\n")
	example, _, _ := strings.Cut(rest, "```")
	example = strings.Replace(example, `"@protocheck/schemas/strict"`, `"./types/strict"`, 1)
	if err := os.WriteFile(filepath.Join(out, "example.ts"), []byte(example), 0o644); err != nil {
		t.Fatal(err)
	}
	tsc, _ := filepath.Abs(filepath.Join("node_modules", "typescript", "bin", "tsc"))
	cmd = exec.Command(node, tsc, "--strict", "--noEmit", "example.ts")
	cmd.Dir = out
	if data, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("the README's example does not compile: %v\n%s", err, data)
	}
}
