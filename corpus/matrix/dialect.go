package matrix

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/protocheck/protocheck/corpus/dialects"
	"github.com/protocheck/protocheck/schemas"
)

// A Dialect is one implementation's idea of the protocol: a schema set that
// says what its types accept when reading the CLI's output, the messages it
// writes to the CLI's stdin, and what its reader does with what it does not
// know. Dialects are data: a folder holding dialect.json, a schema set in
// the layout of package schemas (index.json and <profile>/protocol.schema.json)
// and, optionally, writes.json. The built-in ones are embedded (package
// corpus/dialects); LoadDialectDir reads one from disk, so a user adds a
// dialect without touching the runner.
type Dialect struct {
	// Name names the dialect in reports and on the command line.
	Name string `json:"name"`
	// Title is a short human name, such as "rusty_claw (Rust)".
	Title string `json:"title"`
	// Doc says in a few sentences what the dialect is and how it fails.
	Doc string `json:"doc"`
	// Sources lists where the dialect's model comes from.
	Sources []string `json:"sources"`
	// Policy says what the dialect's reader does with each kind of unknown.
	Policy Policy `json:"policy"`
	// PolicyNotes justifies the policy, per kind, from the dialect's code.
	PolicyNotes map[string]string `json:"policy_notes,omitempty"`
	// KeptRaw lists where the reader keeps members its types do not
	// declare as raw data rather than dropping them (Python's
	// SystemMessage.data, rusty_claw's #[serde(flatten)] extra): each
	// entry is a variant, or a pattern such as "system.*", optionally
	// followed by a space and the JSON Pointer of the object that keeps
	// them ("rate_limit_event /rate_limit_info"). drift says "kept raw"
	// there instead of "its reader drops it".
	KeptRaw []string `json:"kept_raw,omitempty"`
	// EndsOnError says the SDK's message stream ends at the first line its
	// reader fails on (the error ends the user's loop): every rejected line
	// also hides the end of the turn.
	EndsOnError bool `json:"ends_on_error,omitempty"`
	// AssertFormats says the dialect's reader parses the schemas' formats
	// strictly (spec02's uuid.UUID fails on "uuid1"), so "format" is checked.
	AssertFormats bool `json:"assert_formats,omitempty"`

	// Schemas holds the dialect's schema set; nil for the wire, which uses
	// the embedded schemas.FS.
	Schemas fs.FS `json:"-"`
	// Writes lists the messages the dialect writes, as its source shows them.
	Writes []Write `json:"-"`
	// Harness is set when the dialect is a real SDK judging lines behind a
	// harness (AddHarness), not a schema set.
	Harness *HarnessInfo `json:"harness,omitempty"`
}

// A Write is one message a dialect writes to the CLI's stdin.
type Write struct {
	// Name says what the message is.
	Name string `json:"name"`
	// Source says where the dialect's source shows it.
	Source string `json:"source"`
	// Answers is, for a control_response, the subtype of the control
	// request it answers, so that its payload can be checked.
	Answers string `json:"answers,omitempty"`
	// Message is the line as the dialect's types write it.
	Message json.RawMessage `json:"message"`
}

// Policy says, per kind of unknown input, what a dialect's reader does.
type Policy struct {
	// Type is for a line whose top-level type the dialect does not know.
	Type Action `json:"type"`
	// Subtype is for a known type with a subtype the dialect does not know.
	Subtype Action `json:"subtype"`
	// Block is for a nested kind it does not know: a content block, a
	// stream event, a delta, a control body.
	Block Action `json:"block"`
	// Member is for an object member its types do not declare.
	Member Action `json:"member"`
	// DropInvalid lists the types (or variants, "type.subtype") whose
	// lines the reader drops, rather than fails on, when they do not
	// decode: a router that logs a control body it cannot read and goes on
	// (rusty_claw's client). An unknown subtype of such a type is dropped
	// too.
	DropInvalid []string `json:"drop_invalid,omitempty"`
}

// dropsInvalid reports whether the reader drops an undecodable line of
// this row: a variant ("control_request.can_use_tool") or an unknown kind
// ("control_request/foo").
func (p *Policy) dropsInvalid(variant, unknownKind string) bool {
	if len(p.DropInvalid) == 0 {
		return false
	}
	typ, _, _ := strings.Cut(variant, ".")
	if variant == "" {
		typ, _, _ = strings.Cut(unknownKind, "/")
	}
	return typ != "" && (slices.Contains(p.DropInvalid, typ) || slices.Contains(p.DropInvalid, variant))
}

// An Action is what a reader does with an unknown.
type Action string

const (
	// Fail: the reader errors on the line; the line is rejected.
	Fail Action = "fail"
	// Skip: the reader ignores it silently; the line, block or member is
	// dropped.
	Skip Action = "skip"
	// Raw: the reader keeps it as untyped raw data; the user gets it, but
	// never typed, so it counts as dropped too.
	Raw Action = "raw"
)

func (a Action) valid() bool { return a == Fail || a == Skip || a == Raw }

// Wire is the reference dialect: what the real CLI prints and reads, as the
// protocol package models it (members the CLI prints that its TypeScript
// types do not declare included). Anything it does not know is a gap in the
// model, so every kind of unknown fails.
var Wire = &Dialect{
	Name:    "wire",
	Title:   "the real CLI (protocheck's wire model)",
	Doc:     "What the Claude Code CLI really prints and reads, modelled in package protocol from sdk.d.ts and the captures of every pinned CLI. It is the reference: an unknown here is a gap in protocheck's model.",
	Sources: []string{"package protocol", "corpus/captures"},
	Policy:  Policy{Type: Fail, Subtype: Fail, Block: Fail, Member: Fail},
}

// BuiltinDialects returns the wire and the dialects embedded in package
// corpus/dialects, in dialects.Names order.
func BuiltinDialects() ([]*Dialect, error) {
	out := []*Dialect{Wire}
	for _, name := range dialects.Names {
		sub, err := fs.Sub(dialects.FS, dialects.Dir(name))
		if err != nil {
			return nil, err
		}
		d, err := LoadDialect(sub)
		if err != nil {
			return nil, fmt.Errorf("dialect %s: %w", name, err)
		}
		if d.Name != name {
			return nil, fmt.Errorf("dialect %s: dialect.json names it %q", name, d.Name)
		}
		out = append(out, d)
	}
	return out, nil
}

// AddDialectDir reads the dialect in dir and appends it to all; its name
// must be new.
func AddDialectDir(all []*Dialect, dir string) ([]*Dialect, error) {
	d, err := LoadDialectDir(dir)
	if err != nil {
		return nil, err
	}
	if slices.ContainsFunc(all, func(o *Dialect) bool { return o.Name == d.Name }) {
		return nil, fmt.Errorf("%s: a dialect named %q exists already", dir, d.Name)
	}
	return append(all, d), nil
}

// LoadDialectDir reads a dialect from a folder on disk.
func LoadDialectDir(dir string) (*Dialect, error) {
	d, err := LoadDialect(os.DirFS(dir))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return d, nil
}

// LoadDialect reads a dialect from fsys: dialect.json, the schema set under
// schemas/, and writes.json when there is one.
func LoadDialect(fsys fs.FS) (*Dialect, error) {
	data, err := fs.ReadFile(fsys, "dialect.json")
	if err != nil {
		return nil, err
	}
	d := new(Dialect)
	if err := json.Unmarshal(data, d); err != nil {
		return nil, fmt.Errorf("dialect.json: %w", err)
	}
	if d.Name == "" || strings.ContainsAny(d.Name, " \t/") {
		return nil, fmt.Errorf("dialect.json: name %q is empty or has spaces or slashes", d.Name)
	}
	for kind, a := range map[string]Action{"type": d.Policy.Type, "subtype": d.Policy.Subtype, "block": d.Policy.Block, "member": d.Policy.Member} {
		if !a.valid() {
			return nil, fmt.Errorf("dialect.json: policy.%s is %q, want fail, skip or raw", kind, a)
		}
	}
	if d.Schemas, err = fs.Sub(fsys, "schemas"); err != nil {
		return nil, err
	}
	if _, err := fs.Stat(d.Schemas, schemas.IndexFile); err != nil {
		return nil, fmt.Errorf("schema set: %w", err)
	}
	writes, err := fs.ReadFile(fsys, "writes.json")
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, err
	default:
		if err := json.Unmarshal(writes, &d.Writes); err != nil {
			return nil, fmt.Errorf("writes.json: %w", err)
		}
	}
	return d, nil
}

// SelectDialects returns the dialects named in names (all when names is
// empty), always with the wire first, which the report needs as reference.
func SelectDialects(all []*Dialect, names []string) ([]*Dialect, error) {
	if len(names) == 0 {
		return all, nil
	}
	out := []*Dialect{Wire}
	for _, n := range names {
		d, err := DialectByName(all, n)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	return out, nil
}

// DialectByName returns the dialect of all named name, or an error that
// lists the names there are.
func DialectByName(all []*Dialect, name string) (*Dialect, error) {
	i := slices.IndexFunc(all, func(d *Dialect) bool { return d.Name == name })
	if i < 0 {
		var known []string
		for _, d := range all {
			known = append(known, d.Name)
		}
		return nil, fmt.Errorf("unknown dialect %q (known: %s)", name, strings.Join(known, ", "))
	}
	return all[i], nil
}

// SchemaIndex reads the schema index of a dialect.
func (d *Dialect) SchemaIndex() (*schemas.Index, error) {
	if d.Schemas == nil {
		return schemas.LoadIndex()
	}
	data, err := fs.ReadFile(d.Schemas, schemas.IndexFile)
	if err != nil {
		return nil, err
	}
	idx := new(schemas.Index)
	if err := json.Unmarshal(data, idx); err != nil {
		return nil, fmt.Errorf("%s: %w", path.Join(d.Name, schemas.IndexFile), err)
	}
	return idx, nil
}

// KeepsRaw reports whether the dialect keeps an undeclared member at
// pointer p of variant v as raw data (see KeptRaw).
func (d *Dialect) KeepsRaw(v, p string) bool {
	for _, e := range d.KeptRaw {
		pat, at, _ := strings.Cut(e, " ")
		if ok, _ := path.Match(pat, v); !ok {
			continue
		}
		if at == "" || p == at || strings.HasPrefix(p, at+"/") {
			return true
		}
	}
	return false
}

// BuiltinDialectNames are the names of BuiltinDialects, in its order: the
// values a --dialect flag may name without a dialect folder.
func BuiltinDialectNames() ([]string, error) {
	all, err := BuiltinDialects()
	if err != nil {
		return nil, err
	}
	names := make([]string, len(all))
	for i, d := range all {
		names[i] = d.Name
	}
	return names, nil
}
