package codegen

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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
// every real capture line (see doc.go). The ecosystems' own generators
// need make codegen-deps (PROTOCHECK_DCG, PROTOCHECK_TYPIFY): without them
// their rows are skipped, and under CI=true they fail. Its steps run in
// two processes side by side (--jobs 2), and the release folder its models
// step writes with publish.mjs is then checked as TestPublish checks one
// (TestCodegen/Publish), rather than written a second time.
func TestCodegen(t *testing.T) {
	node := tools(t)
	out := t.TempDir()
	cmd := exec.Command(node, "check.mjs", "--root", "../..", "--out", out, "--jobs", "2")
	data, err := cmd.CombinedOutput()
	t.Logf("%s", data)
	if err != nil {
		t.Fatalf("check.mjs: %v", err)
	}
	var table struct {
		Lines     int `json:"lines"`
		RootLines int `json:"root_lines"`
		Rows      []struct {
			Tool, Language, Profile string
			OK                      bool   `json:"ok"`
			LossKey                 string `json:"lossKey"`
			Exact                   int    `json:"exact"`
			Landed                  string `json:"landed"`
			Synthetic               string `json:"synthetic"`
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
		// The ready models: every line of every rung exact and on its own
		// variant, and every synthetic line (new kinds, new members) kept.
		if strings.HasSuffix(r.LossKey, "/models/tolerant") {
			all := fmt.Sprint(table.RootLines, "/", table.RootLines)
			var kept, synthetic int
			if _, err := fmt.Sscanf(r.Synthetic, "%d/%d", &kept, &synthetic); err != nil || r.Exact != table.RootLines || r.Landed != all || kept != synthetic || synthetic == 0 {
				t.Errorf("%s: %d/%d lines exact, %s on their variant, synthetic lines %s; want every one", r.Tool, r.Exact, table.RootLines, r.Landed, r.Synthetic)
			}
		}
	}
	want := []string{
		"ajv - tolerant", "ajv - strict",
		"json-schema-to-typescript TypeScript tolerant", "json-schema-to-typescript TypeScript strict",
		"quicktype TypeScript tolerant", "quicktype Go tolerant", "quicktype Python tolerant", "quicktype Rust tolerant",
		"datamodel-code-generator Python tolerant", "datamodel-code-generator Python strict", "datamodel-code-generator Python all",
		"go-jsonschema Go tolerant", "go-jsonschema Go strict",
		"typify Rust tolerant", "typify Rust strict",
		"zod TypeScript tolerant", "zod TypeScript strict", "zod TypeScript all",
		"@protocheck/schemas/models TypeScript tolerant", "protocheck-protocol Python tolerant", "protocheck-protocol Rust tolerant", "protocheck's Go tolerant",
		"quicktype Java tolerant", "jsonschema2pojo Java tolerant", "jsonschema2pojo Java strict",
	}
	if !slices.Equal(got, want) {
		t.Errorf("table rows:\n got %q\nwant %q", got, want)
	}
	if table.Lines < minLines {
		t.Errorf("%d real lines; the captures of the versions the published schemas cover hold at least %d", table.Lines, minLines)
	}
	pkgs, _ := filepath.Glob(filepath.Join(out, "*", "models", "pkg", "package.json"))
	if more, _ := filepath.Glob(filepath.Join(out, "models", "pkg", "package.json")); len(more) > 0 {
		pkgs = append(pkgs, more...)
	}
	if len(pkgs) == 0 {
		return // no models step (its tools are missing): TestPublish runs publish.mjs
	}
	if len(pkgs) != 1 {
		t.Fatalf("the release folder of check.mjs's models step: found %q, want one", pkgs)
	}
	t.Run("Publish", func(t *testing.T) { checkPublished(t, node, filepath.Dir(pkgs[0])) })
	publishChecked = true
}

// publishChecked is set once TestCodegen has checked the release folder
// its models step wrote.
var publishChecked bool

// TestPublish writes the release folder and packs it with npm (run alone:
// after TestCodegen, which checks its own, it has nothing to add).
func TestPublish(t *testing.T) {
	node := tools(t)
	if publishChecked {
		t.Skip("TestCodegen/Publish checked the release folder of check.mjs's models step")
	}
	out := filepath.Join(t.TempDir(), "pkg")
	if data, err := exec.Command(node, "publish.mjs", "--root", "../..", "--out", out).CombinedOutput(); err != nil {
		t.Fatalf("publish.mjs: %v\n%s", err, data)
	}
	checkPublished(t, node, out)
}

// checkPublished checks the release folder publish.mjs wrote at out, and
// packs it with npm.
func checkPublished(t *testing.T, node, out string) {
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
	for _, want := range []string{"package.json", "README.md", "CHANGELOG.md", "LICENSE", "index.json", "windows.json", "types/index.d.ts", "types/tolerant.d.ts", "types/strict.d.ts",
		"tolerant/protocol.schema.json", "strict/protocol.schema.json", "tolerant/result.success.schema.json", "strict/user.replay.schema.json",
		"tolerant/unknown.schema.json", "validate.js", "validate.d.ts", "models/index.js", "models/index.d.ts", "models/strict.d.ts", "python/protocheck_schemas/strict.py", "python/protocheck_schemas/tolerant.py"} {
		if !slices.Contains(files, want) {
			t.Errorf("the package lacks %s", want)
		}
	}
	var release struct {
		Version    string `json:"version"`
		CLIVersion string `json:"cli_version"`
	}
	if data, err := os.ReadFile("release.json"); err != nil || json.Unmarshal(data, &release) != nil {
		t.Fatalf("release.json: %v", err)
	}
	if packed[0].Name != "@protocheck/schemas" || packed[0].Version != release.Version {
		t.Errorf("packed %s@%s, want @protocheck/schemas@%s (release.json)", packed[0].Name, packed[0].Version, release.Version)
	}
	// Every pointer of index.json, and of the indexes of the version sets
	// it lists, names a file the package ships.
	for _, p := range indexPointers(t, out, "index.json") {
		if !slices.Contains(files, p) {
			t.Errorf("index.json points at %s, which the package does not ship", p)
		}
	}
	// Content under a $id of the previous package version is the same
	// here (the $ids name content); every schema's $id names its content.
	checkIDs(t, out, files)
	// The changelog has this version's entry.
	if log, err := os.ReadFile(filepath.Join(out, "CHANGELOG.md")); err != nil || !strings.Contains(string(log), "\n## "+release.Version) {
		t.Errorf("CHANGELOG.md has no entry for %s (%v)", release.Version, err)
	}
	// The package's own dependency (zod) from this folder's node_modules,
	// for the examples' types and the runtime check below.
	nm, _ := filepath.Abs("node_modules")
	if err := os.Symlink(nm, filepath.Join(out, "node_modules")); err != nil {
		t.Fatal(err)
	}
	// The README's example compiles against the packed types.
	readme, err := os.ReadFile(filepath.Join(out, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	tsc, _ := filepath.Abs(filepath.Join("node_modules", "typescript", "bin", "tsc"))
	blocks := strings.Split(string(readme), "```ts\n")[1:]
	if len(blocks) < 2 {
		t.Errorf("the README has %d TypeScript examples, want 2 (the types, and a line decoded)", len(blocks))
	}
	for i, b := range blocks {
		example, _, _ := strings.Cut(b, "```")
		example = strings.NewReplacer(`"@protocheck/schemas/strict"`, `"./types/strict.js"`, `"@protocheck/schemas/validate"`, `"./validate.js"`, `"@protocheck/schemas/models"`, `"./models/index.js"`).Replace(example)
		name := fmt.Sprintf("example%d.ts", i)
		if err := os.WriteFile(filepath.Join(out, name), []byte(example), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd = exec.Command(node, tsc, "--strict", "--noEmit", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", name)
		cmd.Dir = out
		if data, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("the README's example %d does not compile: %v\n%s", i+1, err, data)
		}
	}
	// The runtime check narrows: a parsed line's type picks its variant's
	// type, and a wrong member type does not compile.
	if err := os.WriteFile(filepath.Join(out, "narrow.ts"), []byte(narrowTS), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd = exec.Command(node, tsc, "--strict", "--noEmit", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "narrow.ts")
	cmd.Dir = out
	if data, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("validate.d.ts does not narrow: %v\n%s", err, data)
	}
	// It runs: every capture line of the covered versions parses.
	cmd = exec.Command(node, "--input-type=module", "-e", runValidate, "../../corpus/captures")
	cmd.Dir, _ = filepath.Abs(".")
	cmd.Env = append(os.Environ(), "PKG="+out, fmt.Sprint("MIN_LINES=", minLines))
	if data, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("validate.js: %v\n%s", err, data)
	} else {
		t.Logf("validate.js: %s", data)
	}
	// The Python models import, narrow a line to its variant's model through
	// the discriminated unions, and keep a can_use_tool request's tool input.
	py := filepath.Join(os.Getenv("PROTOCHECK_DCG"), "python")
	var canUseTool string
	captures, _ := filepath.Glob("../../corpus/captures/2.1.330/*.jsonl")
	for _, f := range captures {
		data, _ := os.ReadFile(f)
		for _, l := range strings.Split(string(data), "\n") {
			if canUseTool == "" && strings.Contains(l, `"type":"control_request"`) && strings.Contains(l, `"subtype":"can_use_tool"`) && strings.Contains(l, `"input":{"`) {
				canUseTool = l
			}
		}
	}
	if canUseTool == "" {
		t.Fatal("no can_use_tool request with an input in the captures of 2.1.330")
	}
	cmd = exec.Command(py, "-c", pythonCheck, canUseTool)
	cmd.Dir = filepath.Join(out, "python")
	if data, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("the Python models: %v\n%s", err, data)
	}
}

// checkIDs fails when a schema file of the package at root puts other
// content under a $id that testdata/published.ids (the previous package
// version's $ids and the hashes of their content) lists, or has a $id
// that does not end in the hash of its content as generated.
func checkIDs(t *testing.T, root string, files []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "published.ids"))
	if err != nil {
		t.Fatal(err)
	}
	previous := map[string]string{}
	for _, l := range strings.Split(string(data), "\n") {
		if h, id, ok := strings.Cut(l, "\t"); ok && !strings.HasPrefix(l, "#") {
			previous[id] = h
		}
	}
	idRE := regexp.MustCompile(`"\$id":\s*"([^"]*)"`)
	seen, kept := map[string]string{}, 0
	for _, f := range files {
		if !strings.HasSuffix(f, ".schema.json") {
			continue
		}
		text, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		m := idRE.FindSubmatchIndex(text)
		if m == nil {
			t.Errorf("%s has no $id", f)
			continue
		}
		id := string(text[m[2]:m[3]])
		base, hash, ok := strings.Cut(id, "?sha256=")
		generated := slices.Concat(text[:m[2]], []byte(base), text[m[3]:])
		if !ok || hash != hexSum(generated)[:16] {
			t.Errorf("%s: $id %s does not end in ?sha256= and the hash of its content as generated (%s)", f, id, hexSum(generated)[:16])
		}
		if other, dup := seen[id]; dup {
			t.Errorf("%s and %s have one $id %s", other, f, id)
		}
		seen[id] = f
		if h, ok := previous[id]; ok {
			kept++
			if h != hexSum(text)[:16] {
				t.Errorf("%s: the $id %s names other content than in the previous package version (testdata/published.ids)", f, id)
			}
		}
	}
	t.Logf("$ids: %d schema files, %d of them as in the previous package version", len(seen), kept)
}

func hexSum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// indexPointers returns the files an index names, relative to the
// package's root, and those of the indexes it names.
func indexPointers(t *testing.T, root, index string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, index))
	if err != nil {
		t.Fatal(err)
	}
	var idx struct {
		Union       map[string]string                   `json:"union"`
		Unknown     map[string]string                   `json:"unknown"`
		AllVersions string                              `json:"all_versions"`
		Windows     string                              `json:"windows"`
		VersionSets []struct{ Index string }            `json:"version_sets"`
		Variants    []struct{ Files map[string]string } `json:"variants"`
	}
	if err := json.Unmarshal(data, &idx); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(index)
	var out []string
	add := func(p string) { out = append(out, filepath.ToSlash(filepath.Join(dir, p))) }
	for _, p := range idx.Union {
		add(p)
	}
	for _, p := range idx.Unknown {
		add(p)
	}
	if idx.Windows != "" {
		add(idx.Windows)
	}
	for _, v := range idx.Variants {
		for _, p := range v.Files {
			add(p)
		}
	}
	nested := []string{}
	if idx.AllVersions != "" {
		nested = append(nested, idx.AllVersions)
	}
	for _, s := range idx.VersionSets {
		if s.Index != "index.json" {
			nested = append(nested, s.Index)
		}
	}
	for _, p := range nested {
		add(p)
		out = append(out, indexPointers(t, root, filepath.Join(dir, p))...)
	}
	return out
}

const narrowTS = `import { parseLine, isKnown } from "./validate.js";

// The tolerant line narrows once isKnown has set the Unknown* lines aside.
const t = parseLine(JSON.parse('{}'));
if (isKnown(t) && t.type === "control_request" && t.request.subtype === "can_use_tool") {
  const name: string = t.request.tool_name;
  // @ts-expect-error tool_name is a string
  const wrong: number = t.request.tool_name;
  void name, wrong;
}

const line = parseLine(JSON.parse('{"type":"result","subtype":"success"}'), "strict");
if (line.type === "result" && line.subtype === "success") {
  const n: number = line.num_turns;
  // @ts-expect-error result is a string
  const wrong: number = line.result;
  void n, wrong;
}
if (line.type === "control_request" && line.request.subtype === "can_use_tool") {
  const name: string = line.request.tool_name;
  const input: unknown = line.request.input;
  void name, input;
}
`

// minLines is a floor on the capture lines of the versions the package's
// default set covers (456 when the newest set began at 2.1.331): fewer
// means the lines were not found.
const minLines = 400

const runValidate = `
import fs from "node:fs";
import { isDeepStrictEqual } from "node:util";
import path from "node:path";
const { parseLine, isKnown } = await import(process.env.PKG + "/validate.js");
// A kind no version lists is not known, and parses (tolerant).
for (const raw of ['{"type":"new_kind","x":1}', '{"type":"result","subtype":"new_subtype"}', '{"type":"control_request","request_id":"r","request":{"subtype":"new_request"}}']) {
  const line = parseLine(JSON.parse(raw));
  if (isKnown(line)) throw new Error("isKnown: " + raw);
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(line)), JSON.parse(raw))) throw new Error("parseLine changed " + raw + " into " + JSON.stringify(line));
}
// The versions the package's default set covers (as check.mjs reads them):
// older versions have sets of their own.
const index = JSON.parse(fs.readFileSync(process.env.PKG + "/index.json", "utf8"));
const set = index.version_sets.find((s) => s.index === "index.json");
const cmp = (a, b) => {
  const x = a.split(".").map(Number), y = b.split(".").map(Number);
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
};
let n = 0;
for (const ver of fs.readdirSync(process.argv[1])) {
  if (cmp(ver, set.from) < 0 || (set.to && cmp(ver, set.to) >= 0)) continue;
  const dir = path.join(process.argv[1], ver);
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".jsonl"))) {
    for (const raw of fs.readFileSync(path.join(dir, f), "utf8").split("\n")) {
      if (!raw.trim()) continue;
      for (const p of ["tolerant", "strict"]) parseLine(JSON.parse(raw), p);
      if (!isKnown(JSON.parse(raw))) throw new Error("isKnown refuses " + raw.slice(0, 100));
      // a member no version lists is kept (tolerant)
      const more = { ...JSON.parse(raw), new_member: { a: [1, null] } };
      if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parseLine(more))), more)) throw new Error("parseLine drops a new member of " + raw.slice(0, 100));
      n++;
    }
  }
}
if (n < Number(process.env.MIN_LINES)) throw new Error(n + " lines");
console.log(n + " capture lines parse in both profiles");
`

const pythonCheck = `
import json, sys
from protocheck_schemas import strict, tolerant
line = sys.argv[1]
for m in (strict, tolerant):
    v = m.Line.model_validate_json(line).root
    assert type(v).__name__ == "ControlRequestCanUseToolLine", type(v).__name__
    assert type(v.request).__name__ == "CanUseToolRequest", type(v.request).__name__
    again = v.model_dump(mode="json", by_alias=True, exclude_unset=True)
    assert again["request"]["input"] == json.loads(line)["request"]["input"], again
# Tolerant: a kind no version lists lands on an Unknown model, and a member
# the model does not list is kept; both come back exactly.
new_member = json.loads(line)
new_member["new_member"] = {"a": [1, None]}
new_member["request"]["new_inner"] = True
for raw, model in (('{"type":"new_kind","x":{"y":1}}', "UnknownMessage"),
                   ('{"type":"result","subtype":"new_subtype","z":2}', "UnknownResult"),
                   (json.dumps(new_member), "ControlRequestCanUseToolLine")):
    v = tolerant.Line.model_validate_json(raw)
    assert type(v.root).__name__ == model, (raw, type(v.root).__name__)
    again = json.loads(v.model_dump_json(by_alias=True, exclude_unset=True))
    assert again == json.loads(raw), (raw, again)
`
