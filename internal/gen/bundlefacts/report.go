package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/internal/gen/captures"
	"github.com/protocheck/protocheck/protocol"
)

// An exception is a member the bundle seems to write that the model need
// not have: a false positive of the extraction, with the reason.
type exception struct {
	variant, ptr, reason string
	line                 int
}

// exceptionsPath is the committed list of exceptions.
func exceptionsPath(root string) string {
	return filepath.Join(root, "internal", "gen", "bundlefacts", "exceptions.txt")
}

// readNotes reads a file of lines "VARIANT POINTER: reason" (# comments,
// blank lines skipped).
func readNotes(path string) ([]exception, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []exception
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		head, reason, ok := strings.Cut(line, ": ")
		v, ptr, ok2 := strings.Cut(head, " ")
		if !ok || !ok2 || !strings.HasPrefix(ptr, "/") || strings.TrimSpace(reason) == "" {
			return nil, fmt.Errorf("%s:%d: want \"VARIANT /POINTER: reason\", got %q", path, n, line)
		}
		if protocol.ByName(v) == nil {
			return nil, fmt.Errorf("%s:%d: no variant %q in the wire model", path, n, v)
		}
		out = append(out, exception{v, ptr, strings.TrimSpace(reason), n})
	}
	return out, sc.Err()
}

// A row is one member of one variant in the coverage report.
type row struct {
	ptr string
	// bundle is the first release whose bundle writes it ("" none);
	// captured the first capture version that shows it.
	bundle, captured string
	model            kind
	exception        string // why the model need not have it
	reach            string // why no capture shows it
}

// A variantCoverage is the report's part for one variant.
type variantCoverage struct {
	name  string
	known bool // the wire model has the variant
	rows  []row
	// modelOnly counts the members only the model has.
	modelOnly int
}

// A releaseCount sums one release's bundle members of known variants.
type releaseCount struct {
	cli, source                              string
	members, modelled, freeForm, notModelled int
	excepted, captured, unknownVariants      int
}

type coverageReport struct {
	variants []*variantCoverage
	releases []releaseCount
	// missing lists the bundle members of known variants neither
	// modelled nor excepted: the test fails on each.
	missing []string
	// stale lists exceptions that no longer apply.
	stale []string
}

func buildCoverage(root, bundlePath string) (*coverageReport, error) {
	bf, err := readFile(bundlePath)
	if err != nil {
		return nil, err
	}
	if len(bf.Releases) == 0 {
		return nil, fmt.Errorf("%s: no release", bundlePath)
	}
	exc, err := readNotes(exceptionsPath(root))
	if err != nil {
		return nil, err
	}
	reach, err := readNotes(filepath.Join(root, "internal", "gen", "bundlefacts", "reach.txt"))
	if err != nil {
		return nil, err
	}
	captured, err := readCaptures(root)
	if err != nil {
		return nil, err
	}
	rep := &coverageReport{}
	byName := map[string]*variantCoverage{}
	models := map[string]map[string]kind{}
	get := func(name string) *variantCoverage {
		if vc := byName[name]; vc != nil {
			return vc
		}
		vc := &variantCoverage{name: name, known: protocol.ByName(name) != nil}
		byName[name] = vc
		return vc
	}
	// The order of the report: the model's variants, then those only the
	// bundle shows.
	for _, v := range protocol.Variants {
		models[v.Name] = modelOf(v)
	}
	type key struct{ v, p string }
	rows := map[key]*row{}
	at := func(v, p string) *row {
		k := key{v, p}
		if r := rows[k]; r != nil {
			return r
		}
		r := &row{ptr: p}
		if m := models[v]; m != nil {
			r.model = modelled(m, p)
		}
		rows[k] = r
		return r
	}
	for _, rel := range bf.Releases {
		rc := releaseCount{cli: rel.CLI, source: rel.Source}
		for name, ms := range rel.Variants {
			known := models[name] != nil
			if !known {
				rc.unknownVariants++
			}
			for _, p := range ms {
				r := at(name, p)
				if r.bundle == "" || protocol.CompareVersions(rel.CLI, r.bundle) < 0 {
					r.bundle = rel.CLI
				}
				if !known {
					continue
				}
				rc.members++
				switch r.model {
				case typed:
					rc.modelled++
				case freeForm:
					rc.freeForm++
				default:
					rc.notModelled++
				}
				if captured[name+" "+p] != "" {
					rc.captured++
				}
			}
		}
		rep.releases = append(rep.releases, rc)
	}
	for vp, first := range captured {
		v, p, _ := strings.Cut(vp, " ")
		at(v, p).captured = first
	}
	for _, e := range exc {
		r := rows[key{e.variant, e.ptr}]
		switch {
		case r == nil || r.bundle == "":
			rep.stale = append(rep.stale, fmt.Sprintf("exceptions.txt:%d: %s %s: no bundle writes it any more: drop the line", e.line, e.variant, e.ptr))
		case r.model != 0:
			rep.stale = append(rep.stale, fmt.Sprintf("exceptions.txt:%d: %s %s is modelled now: drop the line", e.line, e.variant, e.ptr))
		default:
			r.exception = e.reason
		}
	}
	for _, e := range reach {
		if r := rows[key{e.variant, e.ptr}]; r != nil && r.bundle != "" && r.captured == "" {
			r.reach = e.reason
		} else {
			rep.stale = append(rep.stale, fmt.Sprintf("reach.txt:%d: %s %s: not a bundle member missing from the captures: drop the line", e.line, e.variant, e.ptr))
		}
	}
	for k, r := range rows {
		vc := get(k.v)
		if r.bundle == "" && r.captured == "" {
			vc.modelOnly++
			continue
		}
		vc.rows = append(vc.rows, *r)
		if vc.known && r.bundle != "" && r.model == 0 && r.exception == "" {
			rep.missing = append(rep.missing, fmt.Sprintf("%s %s (bundle of %s)", k.v, r.ptr, r.bundle))
		}
	}
	for _, v := range protocol.Variants {
		if vc := byName[v.Name]; vc != nil {
			rep.variants = append(rep.variants, vc)
		}
	}
	var extra []string
	for name, vc := range byName {
		if !vc.known {
			extra = append(extra, name)
		}
	}
	slices.Sort(extra)
	for _, name := range extra {
		rep.variants = append(rep.variants, byName[name])
	}
	for _, vc := range rep.variants {
		slices.SortFunc(vc.rows, func(a, b row) int { return strings.Compare(a.ptr, b.ptr) })
		// Count the model-only members against the whole model.
		if m := models[vc.name]; m != nil {
			vc.modelOnly = 0
			for p := range m {
				if r := rows[key{vc.name, p}]; r == nil || (r.bundle == "" && r.captured == "") {
					vc.modelOnly++
				}
			}
		}
	}
	slices.Sort(rep.missing)
	slices.Sort(rep.stale)
	return rep, nil
}

// readCaptures returns, for "variant pointer", the oldest capture version
// that shows the member.
func readCaptures(root string) (map[string]string, error) {
	out := map[string]string{}
	_, err := captures.Walk(root, func(version, f string, n int, line []byte) error {
		k, replay, err := protocol.Peek(line)
		if err != nil {
			return fmt.Errorf("%s:%d: %w", f, n, err)
		}
		v := protocol.Lookup(k.Type, k.Subtype, replay)
		if v == nil {
			return nil
		}
		var doc any
		if err := json.Unmarshal(line, &doc); err != nil {
			return fmt.Errorf("%s:%d: %w", f, n, err)
		}
		for _, p := range pointers(doc, "", modelOf(v)) {
			vp := v.Name + " " + p
			if old := out[vp]; old == "" || protocol.CompareVersions(version, old) < 0 {
				out[vp] = version
			}
		}
		return nil
	})
	return out, err
}

// pointers lists the members in doc, array items as *, and the keys of
// an object the model holds as a map (modelUsage) as * too.
func pointers(doc any, at string, model map[string]kind) []string {
	var out []string
	switch d := doc.(type) {
	case map[string]any:
		for k, v := range d {
			p := at + "/" + strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
			if model[p] == 0 && model[at+"/*"] != 0 {
				p = at + "/*"
			}
			out = append(out, p)
			out = append(out, pointers(v, p, model)...)
		}
	case []any:
		for _, v := range d {
			out = append(out, pointers(v, at+"/*", model)...)
		}
	}
	return out
}

// markdown renders the report as docs/coverage.md.
func (c *coverageReport) markdown() []byte {
	var b bytes.Buffer
	b.WriteString(`# Coverage: what the CLI writes, what the corpus captures, what the model holds

Generated by ` + "`make coverage`" + ` (go run ./internal/gen/bundlefacts -coverage); do not edit.
` + "`make check`" + ` fails when it is stale or when a member the bundle writes is not modelled.

Three sources, side by side, for every stream-json variant the CLI writes:

- **bundle**: the member names the CLI's own JavaScript writes on the variant
  (cli.js, or the modules inside the native executable), read per release by
  ` + "`make bundlefacts`" + ` into internal/gen/versionfacts/bundle.json. The column
  names the first release read whose bundle writes it.
- **captured**: the first pinned CLI whose captures (corpus/captures) show it.
- **model**: whether the wire model (protocol/) has it: ` + "`yes`" + `, ` + "`free-form`" + `
  (it lies under a member the model takes as any JSON), or ` + "`no`" + `. A member the
  model lacks is either an extraction false positive, listed with its reason in
  internal/gen/bundlefacts/exceptions.txt, or a failure of the coverage test.

Where the bundle writes a member that no capture shows, the last column says
why, when known (internal/gen/bundlefacts/reach.txt), else "no scenario reaches
it yet". The extraction reads object literals: a member the CLI adds through
code it cannot follow (a spread of a value built elsewhere, a computed key) is
not listed; bundle.json says where per variant ("unresolved").

## Per release

| release | source | bundle members | modelled | free-form | not modelled (excepted) | captured | variants the model lacks |
|---|---|---:|---:|---:|---:|---:|---:|
`)
	for _, r := range c.releases {
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %d | %d | %d |\n", r.cli, r.source, r.members, r.modelled, r.freeForm, r.notModelled, r.captured, r.unknownVariants)
	}
	b.WriteString("\nbundle members: of the variants the model has; \"not modelled\" are all exceptions (else the test fails).\n")
	b.WriteString("\n## Per variant\n")
	for _, vc := range c.variants {
		fmt.Fprintf(&b, "\n### %s\n\n", vc.name)
		if !vc.known {
			b.WriteString("The wire model has no such variant (the bundle writes it; whether the stream-json output carries it is not known offline).\n\n")
		}
		b.WriteString("| member | bundle | captured | model | note |\n|---|---|---|---|---|\n")
		for _, r := range vc.rows {
			model := "no"
			switch r.model {
			case typed:
				model = "yes"
			case freeForm:
				model = "free-form"
			}
			if !vc.known {
				model = "—"
			}
			note := r.exception
			if note != "" {
				note = "exception: " + note
			}
			if r.bundle != "" && r.captured == "" {
				reach := r.reach
				if reach == "" {
					reach = "no scenario reaches it yet"
				} else {
					reach = "not reached offline: " + reach
				}
				note = strings.TrimPrefix(note+"; "+reach, "; ")
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", r.ptr, dash(r.bundle), dash(r.captured), model, note)
		}
		if vc.known {
			fmt.Fprintf(&b, "\n%d more members the model has, neither bundle nor captures show.\n", vc.modelOnly)
		}
	}
	return b.Bytes()
}

func dash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
