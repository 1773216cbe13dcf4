package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/internal/gen/cliinstall"
	"github.com/protocheck/protocheck/protocol"
)

func main() {
	root := flag.String("root", ".", "the repository's root folder")
	cliDir := flag.String("cli-dir", ".cache/cli", "folder of installed CLIs, one per version (as make cli installs them); \"\" reads none")
	out := flag.String("out", "", "zod.json to update (default: internal/gen/versionfacts/zod.json under -root)")
	model := flag.Bool("model", false, "regenerate protocol/zz_evidence.go (and protocol/testdata/samples/zz_generated.jsonl) instead: the variants and members evidence shows that the hand-written model lacks")
	check := flag.Bool("check", false, "with -model: write nothing, exit 1 when protocol/zz_evidence.go or the generated samples are stale")
	docs := flag.Bool("docs", false, "print docs/zod.md instead: per release, the schemas read and how they compare with the model and the captures")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), `usage: zodfacts [flags] [FOLDER...]

Reads the schemas (zod) that each installed Claude Code CLI release's own
JavaScript validates its stream-json messages with, and updates zod.json:
the entries of the releases read are replaced, the others kept. Each FOLDER
is an npm install of one release; every folder under -cli-dir is read too.
Needs node (and npm, to install the pinned acorn).

With -docs it reads nothing and prints docs/zod.md. With -model it reads
nothing and regenerates protocol/zz_evidence.go and the generated variants'
sample lines from zod.json, bundle.json, sdk.json, the captures and the
probes (with -check it only says whether they are stale).

Exit codes: 0 done, 1 a release could not be read (or, with -check, the
file is stale), 2 bad usage.

Flags:
`)
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" {
		*out = filepath.Join(*root, "internal", "gen", "versionfacts", "zod.json")
	}
	if *model {
		stale, err := writeEvidence(*root, *out, *check)
		switch {
		case err != nil:
			fmt.Fprintln(os.Stderr, "zodfacts:", err)
			os.Exit(1)
		case stale && *check:
			fmt.Fprintln(os.Stderr, "zodfacts: protocol/zz_evidence.go or protocol/testdata/samples/zz_generated.jsonl is stale: run make evidence")
			os.Exit(1)
		}
		return
	}
	if *docs {
		md, err := buildDocs(*root, *out)
		if err != nil {
			fmt.Fprintln(os.Stderr, "zodfacts:", err)
			os.Exit(1)
		}
		os.Stdout.Write(md)
		return
	}
	folders, err := cliinstall.Folders(*root, *cliDir, flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "zodfacts:", err)
		os.Exit(1)
	}
	if len(folders) == 0 {
		fmt.Fprintln(os.Stderr, "zodfacts: no CLI installed: run make cli, or name install folders")
		os.Exit(2)
	}
	if err := run(*root, *out, folders); err != nil {
		fmt.Fprintln(os.Stderr, "zodfacts:", err)
		os.Exit(1)
	}
}

// A Fact is what a schema says of one member.
type Fact struct {
	// Kind is the schema's kind: string, number, boolean, null, literal,
	// enum, object, array, record, union, unknown, any, ... ("unresolved":
	// the extractor could not read it).
	Kind string `json:"kind"`
	// Kinds are a union's kinds (null left out: it makes Nullable).
	Kinds []string `json:"kinds,omitempty"`
	// Values are a literal's or an enum's values.
	Values   []any `json:"values,omitempty"`
	Optional bool  `json:"optional,omitempty"`
	Nullable bool  `json:"nullable,omitempty"`
	// Default: the schema fills the member in when it is absent (the
	// parsed value has it; the wire may lack it).
	Default bool `json:"default,omitempty"`
}

// A Release is one entry of zod.json: the schemas of one release.
type Release struct {
	CLI    string `json:"cli"`
	Source string `json:"source"`
	// Modules is how many JavaScript modules the file holds, Parsed how
	// many were parsed (those that define message schemas and those their
	// helpers are followed into), ParseErrors how many could not be.
	Modules     int `json:"modules"`
	Parsed      int `json:"parsed"`
	ParseErrors int `json:"parse_errors"`
	// Schemas counts the object and union schemas bound to a name;
	// Unresolved the member values and spreads that could not be read.
	Schemas    int `json:"schemas"`
	Unresolved int `json:"unresolved"`
	// Helpers counts the schema helpers recognised by what they build
	// (none where the schemas are built through a namespace, NS.object).
	Helpers map[string]int `json:"helpers,omitempty"`
	// Variants: per variant name ("system.init", "control_request.
	// can_use_tool"; a name the model lacks is kept), its members by JSON
	// Pointer ("/*" for array items and record values; a control body's
	// under /request or /response).
	Variants map[string]map[string]Fact `json:"variants"`
	// Payloads: objects read on stdin that are no message, by their
	// literal discriminator ("behavior.allow": the permission reply).
	Payloads map[string]map[string]Fact `json:"payloads,omitempty"`
}

// File is zod.json.
type File struct {
	Releases []Release `json:"releases"`
}

func readFile(path string) (*File, error) {
	rs, err := cliinstall.ReadReleases(path, func(r Release) string { return r.CLI })
	if err != nil {
		return nil, err
	}
	return &File{Releases: rs}, nil
}

// encode writes f with one member per line, so that a new release or a
// changed member is a readable diff.
func encode(f *File) ([]byte, error) {
	slices.SortFunc(f.Releases, func(a, b Release) int { return protocol.CompareVersions(a.CLI, b.CLI) })
	var b bytes.Buffer
	b.WriteString("{\"releases\": [\n")
	for i, r := range f.Releases {
		head := r
		head.Variants, head.Payloads = nil, nil
		hb, err := json.Marshal(head)
		if err != nil {
			return nil, err
		}
		hb = bytes.TrimSuffix(hb, []byte(`,"variants":null}`))
		b.Write(hb)
		for _, sec := range []struct {
			name string
			m    map[string]map[string]Fact
		}{{"variants", r.Variants}, {"payloads", r.Payloads}} {
			if sec.m == nil && sec.name == "payloads" {
				continue
			}
			fmt.Fprintf(&b, ",\n \"%s\": {", sec.name)
			for j, name := range slices.Sorted(mapsKeys(sec.m)) {
				if j > 0 {
					b.WriteString(",")
				}
				nb, _ := json.Marshal(name)
				fmt.Fprintf(&b, "\n  %s: {", nb)
				for k, ptr := range slices.Sorted(mapsKeys(sec.m[name])) {
					if k > 0 {
						b.WriteString(",")
					}
					pb, _ := json.Marshal(ptr)
					fb, err := json.Marshal(sec.m[name][ptr])
					if err != nil {
						return nil, err
					}
					fmt.Fprintf(&b, "\n   %s: %s", pb, fb)
				}
				b.WriteString("\n  }")
			}
			b.WriteString("\n }")
		}
		b.WriteString("}")
		if i < len(f.Releases)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("]}\n")
	return b.Bytes(), nil
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func writeFile(path string, f *File) error {
	data, err := encode(f)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// types lists the message types of the wire model: the extractor takes an
// object schema with one of them as its literal type for a message.
func types() string {
	var out []string
	for _, v := range protocol.Variants {
		if !slices.Contains(out, v.Type) {
			out = append(out, v.Type)
		}
	}
	return strings.Join(out, ",")
}

func run(root, out string, folders []string) error {
	f, err := readFile(out)
	if err != nil {
		return err
	}
	dir := filepath.Join(root, "internal", "gen", "bundlefacts", "extract")
	if err := cliinstall.NpmCI(dir); err != nil {
		return err
	}
	failed := 0
	for _, folder := range folders {
		cli, file, source, err := cliinstall.Find(folder)
		if err != nil {
			fmt.Fprintln(os.Stderr, "zodfacts:", err)
			failed++
			continue
		}
		r, err := extract(dir, file)
		if err != nil {
			fmt.Fprintf(os.Stderr, "zodfacts: %s: %v\n", file, err)
			failed++
			continue
		}
		r.CLI, r.Source = cli, source
		members := 0
		for _, m := range r.Variants {
			members += len(m)
		}
		fmt.Fprintf(os.Stderr, "zodfacts: CLI %s, %s: %d schemas, %d variants, %d members, %d unresolved\n",
			cli, source, r.Schemas, len(r.Variants), members, r.Unresolved)
		f.Releases = slices.DeleteFunc(f.Releases, func(x Release) bool { return x.CLI == cli })
		f.Releases = append(f.Releases, r)
	}
	if err := writeFile(out, f); err != nil {
		return err
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d releases not read", failed, len(folders))
	}
	return nil
}

func extract(dir, file string) (Release, error) {
	var r Release
	abs, err := filepath.Abs(file)
	if err != nil {
		return r, err
	}
	cmd := exec.Command("node", "--max-old-space-size=8192", "zod.mjs", abs, types())
	cmd.Dir = dir
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return r, fmt.Errorf("node zod.mjs: %w", err)
	}
	var raw struct {
		Release
		Candidates int `json:"candidates"`
	}
	dec := json.NewDecoder(&stdout)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil && err != io.EOF {
		return r, fmt.Errorf("node zod.mjs: output: %w", err)
	}
	r = raw.Release
	if len(r.Payloads) == 0 {
		r.Payloads = nil
	}
	return r, nil
}
