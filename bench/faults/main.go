package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/google/uuid"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/protocheck/protocheck/schemas"
	"github.com/protocheck/protocheck/validate"
)

// A kind of fault: each candidate mutation of a line (every match of re,
// in order, rewritten to with) is tried until one gives the finding wanted.
type kind struct {
	name    string
	profile string
	rule    string
	deep    bool // the finding's pointer has at least three tokens; else one
	re      *regexp.Regexp
	with    string
}

// member matches a member with a scalar value, after a comma (so that
// removing it leaves valid JSON).
const scalar = `("(?:[^"\\]|\\.)*"|-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?|true|false|null)`

var kinds = []kind{
	{"missing-top", "tolerant", "schema/required", false, regexp.MustCompile(`,"[A-Za-z_]+":` + scalar), ``},
	{"missing-deep", "tolerant", "schema/required", true, regexp.MustCompile(`,"[A-Za-z_]+":` + scalar), ``},
	{"type-top", "tolerant", "schema/type", false, regexp.MustCompile(`("[A-Za-z_]+":)"(?:[^"\\]|\\.)*"`), `${1}7`},
	{"type-deep", "tolerant", "schema/type", true, regexp.MustCompile(`("[A-Za-z_]+":)"(?:[^"\\]|\\.)*"`), `${1}7`},
	{"enum", "tolerant", "schema/enum", false, regexp.MustCompile(`("[A-Za-z_]+":)"[a-z_]+"`), `${1}"zz_not_allowed"`},
	{"enum-deep", "tolerant", "schema/enum", true, regexp.MustCompile(`("[A-Za-z_]+":)"[a-z_]+"`), `${1}"zz_not_allowed"`},
	{"unknown-strict", "strict", "schema/unknown-property", false, regexp.MustCompile(`^\{`), `{"zz_unknown":1,`},
	{"unknown-strict-deep", "strict", "schema/unknown-property", true, regexp.MustCompile(`:\{`), `:{"zz_unknown":1,`},
	{"invalid-json", "tolerant", "input/invalid-json", false, regexp.MustCompile(`\}$`), ``},
}

var uuidRE = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)

func main() {
	cli := flag.String("cli", "2.1.330", "the CLI version whose schema set checks the lines")
	size := flag.String("size", "20MB", "size of each file (KB, MB or GB suffix)")
	out := flag.String("o", "", "output folder")
	only := flag.String("kinds", "", "comma-separated kinds (default: all)")
	flag.Parse()
	limit, err := parseSize(*size)
	if err != nil || *out == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: faults -cli 2.1.330 -size 20MB -o DIR capture.jsonl...")
		os.Exit(2)
	}
	var lines [][]byte
	for _, f := range flag.Args() {
		data, err := os.ReadFile(f)
		check(err)
		for l := range bytes.SplitSeq(data, []byte("\n")) {
			if len(bytes.TrimSpace(l)) > 0 {
				lines = append(lines, bytes.Clone(l))
			}
		}
	}
	check(os.MkdirAll(*out, 0o755))
	for _, p := range []string{"tolerant", "strict"} {
		check(writeLowered(*cli, p, filepath.Join(*out, "schema-"+p+".json")))
	}
	vals := map[string]*validate.Validator{}
	for _, k := range kinds {
		if *only != "" && !strings.Contains(","+*only+",", ","+k.name+",") {
			continue
		}
		v := vals[k.profile]
		if v == nil {
			v, err = validate.New(validate.Options{CLIVersion: *cli, Profile: validate.Profile(k.profile), NoCrossLine: true, Jobs: 1})
			check(err)
			vals[k.profile] = v
		}
		var kept [][]byte
		for _, l := range lines {
			if m := mutate(v, k, l); m != nil {
				kept = append(kept, m)
			}
		}
		if len(kept) == 0 {
			fmt.Fprintf(os.Stderr, "faults: no line takes a fault of kind %s\n", k.name)
			os.Exit(1)
		}
		name := filepath.Join(*out, k.name+".jsonl")
		check(repeat(name, kept, limit))
		fmt.Printf("%s %s %d\n", k.name, k.profile, len(kept))
	}
}

// mutate returns the line with the first mutation of kind k that gives
// exactly the finding wanted (and no other error), or nil.
func mutate(v *validate.Validator, k kind, l []byte) []byte {
	for _, loc := range k.re.FindAllSubmatchIndex(l, -1) {
		var m []byte
		m = append(m, l[:loc[0]]...)
		m = k.re.Expand(m, []byte(k.with), l, loc)
		m = append(m, l[loc[1]:]...)
		if wanted(v, k, m) {
			return m
		}
	}
	return nil
}

func wanted(v *validate.Validator, k kind, line []byte) bool {
	var errs []validate.Finding
	_, err := v.Stream(context.Background(), "x", bytes.NewReader(line), func(f validate.Finding) {
		if f.Severity == validate.Error {
			errs = append(errs, f)
		}
	})
	if err != nil || len(errs) != 1 || errs[0].Rule != k.rule {
		return false
	}
	if k.rule == "input/invalid-json" {
		return true
	}
	depth := strings.Count(errs[0].Pointer, "/")
	if k.deep {
		return depth >= 3
	}
	return depth == 1
}

// repeat writes the lines in turn, each uuid made fresh on each
// repetition, until the file reaches limit bytes.
func repeat(name string, lines [][]byte, limit int64) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	rng := rand.New(rand.NewPCG(1, 1))
	written := int64(0)
	for written < limit {
		for _, l := range lines {
			l = uuidRE.ReplaceAllFunc(l, func([]byte) []byte {
				var b [16]byte
				for i := range b {
					b[i] = byte(rng.UintN(256))
				}
				u, _ := uuid.FromBytes(b[:])
				return []byte(u.String())
			})
			w.Write(l)
			w.WriteByte('\n')
			written += int64(len(l)) + 1
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

// writeLowered writes the schema document the validator compiles for a
// CLI version and profile: the set's union, lowered.
func writeLowered(cli, profile, out string) error {
	idx, err := schemas.LoadIndex()
	if err != nil {
		return err
	}
	dir := "."
	for _, s := range idx.VersionSets {
		if s.From != "" && cmpVersion(cli, s.From) >= 0 && (s.To == "" || cmpVersion(cli, s.To) < 0) {
			dir = filepath.Dir(s.Index)
		}
	}
	sub := schemas.FS
	var ix schemas.Index
	data, err := fs.ReadFile(sub, filepath.Join(dir, "index.json"))
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, &ix); err != nil {
		return err
	}
	doc, err := fs.ReadFile(sub, filepath.Join(dir, ix.Union[profile]))
	if err != nil {
		return err
	}
	d, err := sjs.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return err
	}
	schemas.Lower(d)
	// ajv reads the document with the index's dispatch beside it; each
	// variant is checked against its definition (Variant.Definition).
	type variant struct {
		Name, Type      string
		Subtype, Marker *string
	}
	variants := make([]variant, len(ix.Variants))
	for i := range ix.Variants {
		v := &ix.Variants[i]
		variants[i] = variant{Name: v.Definition(), Type: v.Type, Subtype: v.Subtype, Marker: v.Marker}
	}
	bundle := map[string]any{"schema": d, "variants": variants, "subtype_paths": ix.SubtypePaths}
	b, err := json.Marshal(bundle)
	if err != nil {
		return err
	}
	return os.WriteFile(out, b, 0o644)
}

func cmpVersion(a, b string) int {
	x, y := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < 3; i++ {
		var p, q int
		if i < len(x) {
			p, _ = strconv.Atoi(x[i])
		}
		if i < len(y) {
			q, _ = strconv.Atoi(y[i])
		}
		if p != q {
			return p - q
		}
	}
	return 0
}

func parseSize(s string) (int64, error) {
	mult := int64(1)
	for suffix, m := range map[string]int64{"KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30} {
		if strings.HasSuffix(s, suffix) {
			s, mult = strings.TrimSuffix(s, suffix), m
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n * mult, err
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "faults:", err)
		os.Exit(1)
	}
}
