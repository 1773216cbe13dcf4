package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/internal/gen/cliinstall"
	"github.com/protocheck/protocheck/protocol"
)

func main() {
	root := flag.String("root", ".", "the repository's root folder")
	cliDir := flag.String("cli-dir", ".cache/cli", "folder of installed CLIs, one per version (as make cli installs them); \"\" reads none")
	out := flag.String("out", "", "bundle.json to update (default: internal/gen/versionfacts/bundle.json under -root)")
	coverage := flag.Bool("coverage", false, "print the coverage report (markdown) instead: bundle, captures and model side by side")
	missing := flag.Bool("missing", false, "with -coverage, also print on standard error each member a bundle writes that the wire model lacks and exceptions.txt does not list (\"missing: VARIANT POINTER (bundle of VERSION)\", as TestCoverage fails on it), and exit 1 when there is one (corpus add-release)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), `usage: bundlefacts [flags] [FOLDER...]

Reads the member names that each installed Claude Code CLI release's own
JavaScript writes on the stream-json output variants, and updates
bundle.json: the entries of the releases read are replaced, the others kept.
Each FOLDER is an npm install of one release; every folder under -cli-dir is
read too. Needs node (and npm, to install the pinned acorn).

With -coverage it reads nothing and prints docs/coverage.md.

Exit codes: 0 done, 1 a release could not be read, 2 bad usage.

Flags:
`)
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" {
		*out = filepath.Join(*root, "internal", "gen", "versionfacts", "bundle.json")
	}
	if *coverage {
		rep, err := buildCoverage(*root, *out)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bundlefacts:", err)
			os.Exit(1)
		}
		os.Stdout.Write(rep.markdown())
		if *missing && len(rep.missing) > 0 {
			for _, m := range rep.missing {
				fmt.Fprintln(os.Stderr, "missing:", m)
			}
			os.Exit(1)
		}
		return
	}
	folders, err := cliinstall.Folders(*root, *cliDir, flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "bundlefacts:", err)
		os.Exit(1)
	}
	if len(folders) == 0 {
		fmt.Fprintln(os.Stderr, "bundlefacts: no CLI installed: run make cli, or name install folders")
		os.Exit(2)
	}
	if err := run(*root, *out, folders); err != nil {
		fmt.Fprintln(os.Stderr, "bundlefacts:", err)
		os.Exit(1)
	}
}

// A Release is one entry of bundle.json: what one release's bundle writes.
type Release struct {
	// CLI is the CLI version.
	CLI string `json:"cli"`
	// Source names the package and file read: "pkg@version (cli.js)" or
	// "pkg@version (native binary)".
	Source string `json:"source"`
	// Modules is how many JavaScript modules were parsed (1 for cli.js);
	// ParseErrors how many could not be (their members are unknown).
	Modules     int `json:"modules"`
	ParseErrors int `json:"parse_errors"`
	// Variants lists, per variant name ("system.init"), the JSON Pointers
	// of the members written (as protocol.Fact.Member: "/*" for array
	// items, a control body's under /request or /response).
	Variants map[string][]string `json:"variants"`
	// Internal lists, per system variant, the members of the literals read
	// as the CLI's internal messages (rejected: no session_id, camelCase
	// keys): some reach stdout as they are (plan mode's informational
	// message), so they are evidence too, weaker than Variants.
	Internal map[string][]string `json:"internal,omitempty"`
	// Matches counts the object literals read per variant; Rejected those
	// of the variant's type that lack session_id (internal messages).
	Matches  map[string]int `json:"matches"`
	Rejected map[string]int `json:"rejected,omitempty"`
	// Unresolved says, per variant, what could not be read: a spread or a
	// computed key at a pointer, with how often.
	Unresolved map[string][]string `json:"unresolved,omitempty"`
	// Unknown counts object literals of a variant name the wire model does
	// not have.
	Unknown map[string]int `json:"unknown,omitempty"`
}

// File is bundle.json.
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

func writeFile(path string, f *File) error {
	slices.SortFunc(f.Releases, func(a, b Release) int { return protocol.CompareVersions(a.CLI, b.CLI) })
	data, err := json.MarshalIndent(f, "", " ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// specVariant is one output variant as extract.mjs reads it.
type specVariant struct {
	Name     string `json:"name"`
	Type     string `json:"type"`
	Subtype  string `json:"subtype"`
	Marker   string `json:"marker"`
	Envelope string `json:"envelope"`
	Session  bool   `json:"session"`
	// BundleOnly: the model knows the variant from the bundle alone
	// (every member but type and subtype tagged undeclared); its literals
	// are read as those of a subtype the model lacks.
	BundleOnly bool `json:"bundle_only"`
}

// The spec handed to extract.mjs is made from the wire model, and the
// model itself takes members from bundle.json (tagged undeclared, see
// protocol/system_bundle.go and the undeclared members of
// protocol/messages.go). A member known only from the bundle must not
// steer the reading of the bundle, or each run reads differently from the
// last: a session_id the bundle found on control_cancel_request made every
// cancel literal without one an internal message, and isMeta and
// toolUseResult, found on user in 2.1.168, made the CLI's internal user
// messages (which carry them) pass as output in every release. So the
// spec sees only the members declared by other evidence.

// bundleOnly says whether a model member is known from the bundle alone.
func bundleOnly(f reflect.StructField) bool {
	return f.Tag.Get("undeclared") != ""
}

// outputVariants lists the variants the CLI writes.
func outputVariants() []specVariant {
	var out []specVariant
	for _, v := range protocol.Variants {
		// a variant only the CLI's schemas show does not steer the
		// reading of its bundle either
		if !v.Direction.WrittenBy(protocol.CLIToSDK) || v.Generated {
			continue
		}
		s := specVariant{Name: v.Name, Type: v.Type, Subtype: v.Subtype, Marker: v.Marker, Envelope: v.Envelope()}
		declared := 0
		protocol.WalkMembers(v.GoType(), "", func(_ reflect.Type, f reflect.StructField, _, ptr string) {
			if bundleOnly(f) {
				return
			}
			if ptr != "/type" && ptr != "/subtype" {
				declared++
			}
			if ptr == "/session_id" && s.Envelope == "" {
				s.Session = true
			}
		})
		s.BundleOnly = declared == 0 && s.Subtype != ""
		out = append(out, s)
	}
	return out
}

// wireNames lists the member names of the wire model that are not all
// lower case (apiKeySource, isReplay) and not known from the bundle alone:
// extract.mjs tells output messages from the CLI's internal ones by them.
func wireNames() []string {
	set := map[string]bool{}
	for _, v := range protocol.Variants {
		if v.Generated {
			continue
		}
		walkFields(v.GoType(), "", func(ptr string, f reflect.StructField, _ kind) {
			name := ptr[strings.LastIndexByte(ptr, '/')+1:]
			if strings.ToLower(name) != name && !bundleOnly(f) {
				set[name] = true
			}
		})
	}
	return slices.Sorted(maps.Keys(set))
}

func run(root, out string, folders []string) error {
	f, err := readFile(out)
	if err != nil {
		return err
	}
	specFile, err := os.CreateTemp("", "bundlefacts-spec-*.json")
	if err != nil {
		return err
	}
	specFile.Close()
	defer os.Remove(specFile.Name())
	dir, err := prepare(root, specFile.Name())
	if err != nil {
		return err
	}
	failed := 0
	for _, folder := range folders {
		cli, file, source, err := cliinstall.Find(folder)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bundlefacts:", err)
			failed++
			continue
		}
		r, err := extract(dir, specFile.Name(), file)
		if err != nil {
			fmt.Fprintf(os.Stderr, "bundlefacts: %s: %v\n", file, err)
			failed++
			continue
		}
		r.CLI, r.Source = cli, source
		members := 0
		for _, m := range r.Variants {
			members += len(m)
		}
		fmt.Fprintf(os.Stderr, "bundlefacts: CLI %s, %s: %d modules (%d not parsed), %d variants, %d members\n",
			cli, source, r.Modules, r.ParseErrors, len(r.Variants), members)
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

// prepare readies the extractor under root: it installs its acorn (npmCI)
// and writes to spec the wire model's output variants and wire names the
// extractor looks for. It returns the extractor's folder.
func prepare(root, spec string) (string, error) {
	dir := filepath.Join(root, "internal", "gen", "bundlefacts", "extract")
	if err := cliinstall.NpmCI(dir); err != nil {
		return "", err
	}
	data, err := json.Marshal(map[string]any{"variants": outputVariants(), "wire_names": wireNames()})
	if err != nil {
		return "", err
	}
	return dir, os.WriteFile(spec, data, 0o644)
}

func extract(dir, spec, file string) (Release, error) {
	var r Release
	abs, err := filepath.Abs(file)
	if err != nil {
		return r, err
	}
	cmd := exec.Command("node", "--max-old-space-size=8192", "extract.mjs", spec, abs)
	cmd.Dir = dir
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return r, fmt.Errorf("node extract.mjs: %w", err)
	}
	dec := json.NewDecoder(&stdout)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil && err != io.EOF {
		return r, fmt.Errorf("node extract.mjs: output: %w", err)
	}
	for name, ms := range r.Variants {
		r.Variants[name] = slices.DeleteFunc(ms, func(s string) bool { return strings.TrimSpace(s) == "" })
	}
	for name, ms := range r.Internal {
		r.Internal[name] = slices.DeleteFunc(ms, func(s string) bool { return strings.TrimSpace(s) == "" })
	}
	if len(r.Internal) == 0 {
		r.Internal = nil
	}
	return r, nil
}
