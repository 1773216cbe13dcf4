package argv

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/protocheck/protocheck/protocol"
)

// File is the path of the facts, relative to the repository's root.
const File = "corpus/argv/options.json"

//go:embed options.json
var optionsJSON []byte

// Value says whether a value follows an option.
type Value string

const (
	// NoValue: a switch (--verbose).
	NoValue Value = "none"
	// Required: a value must follow (--model <model>); a missing one is an
	// error.
	Required Value = "required"
	// Optional: a value may follow (--resume [value]); the next argument
	// is taken only when it does not start with "-".
	Optional Value = "optional"
)

// Hidden says whether --help lists an option.
type Hidden string

const (
	// Shown: --help lists it.
	Shown Hidden = ""
	// HiddenAlways: the release hides it from --help; it is accepted all
	// the same.
	HiddenAlways Hidden = "yes"
	// HiddenSometimes: whether --help lists it depends on a condition the
	// release checks at run time.
	HiddenSometimes Hidden = "conditional"
)

// An Option is one option of the CLI's root command in one release.
type Option struct {
	// Flags is the option as the release declares it and as its --help
	// and its errors print it: "-p, --print", "--model <model>".
	Flags string `json:"flags"`
	// Names lists its spellings as the release declares them: a short
	// name first when it has one ("-p", "--print"), then the long ones
	// (an alias such as "--allowedTools", "--allowed-tools").
	Names []string `json:"names"`
	// Value says whether a value follows; Variadic that every following
	// argument up to the next option is one more value.
	Value    Value `json:"value"`
	Variadic bool  `json:"variadic,omitempty"`
	// Hidden says whether --help lists it.
	Hidden Hidden `json:"hidden,omitempty"`
	// Choices lists the values it accepts ("" : any).
	Choices []string `json:"choices,omitempty"`
	// Mandatory: the release refuses to run without it.
	Mandatory bool `json:"mandatory,omitempty"`
	// Deprecated: the release's own help calls it deprecated;
	// Replacement names the option it points to instead, if any.
	Deprecated  bool   `json:"deprecated,omitempty"`
	Replacement string `json:"replacement,omitempty"`
	// Conditional: the release declares it only when a condition holds
	// at run time (a feature gate): it may be refused.
	Conditional bool `json:"conditional,omitempty"`
}

// Name is the option's longest-lived name: its first long name, else its
// first name.
func (o *Option) Name() string {
	for _, n := range o.Names {
		if strings.HasPrefix(n, "--") {
			return n
		}
	}
	return o.Names[0]
}

// A Release is the options of one CLI release.
type Release struct {
	// CLI is the version.
	CLI string `json:"cli"`
	// Source names the package and file read: "pkg@version (cli.js)" or
	// "pkg@version (native binary)".
	Source string `json:"source"`
	// Modules is how many JavaScript modules were read; ParseErrors how
	// many of those that declare the root command could not be parsed.
	Modules     int `json:"modules"`
	ParseErrors int `json:"parse_errors"`
	// AllowUnknown: the release lets unknown options through.
	AllowUnknown bool `json:"allow_unknown,omitempty"`
	// Help says how the release's own --help agreed with the options read
	// from its code: "agrees: N shown", or why it was not run.
	Help string `json:"help"`
	// Options lists the root command's options, sorted by Name.
	Options []Option `json:"options"`
}

// Lookup finds the option a name spells in the release, or nil.
func (r *Release) Lookup(name string) *Option {
	for i := range r.Options {
		if slices.Contains(r.Options[i].Names, name) {
			return &r.Options[i]
		}
	}
	return nil
}

// Counts returns how many options --help shows and how many it hides
// (always or sometimes).
func (r *Release) Counts() (shown, hidden int) {
	for _, o := range r.Options {
		if o.Hidden == Shown {
			shown++
		} else {
			hidden++
		}
	}
	return shown, hidden
}

// FactsFile is options.json.
type FactsFile struct {
	Releases []Release `json:"releases"`
}

// A Ladder is the options of known releases, oldest first.
type Ladder []Release

// NewLadder orders releases into a Ladder.
func NewLadder(rs []Release) Ladder {
	l := slices.Clone(rs)
	slices.SortFunc(l, func(a, b Release) int { return protocol.CompareVersions(a.CLI, b.CLI) })
	return l
}

var (
	loadOnce sync.Once
	releases Ladder
	loadErr  error
)

// Releases lists the releases whose options are known (the embedded
// options.json), oldest first.
func Releases() (Ladder, error) {
	loadOnce.Do(func() {
		var f FactsFile
		if err := json.Unmarshal(optionsJSON, &f); err != nil {
			loadErr = fmt.Errorf("%s: %w", File, err)
			return
		}
		releases = NewLadder(f.Releases)
	})
	return releases, loadErr
}

// For returns the options of the release version, or of the nearest
// release known when it is not known itself (the newest known release
// before it, else the oldest): exact says which.
func For(version string) (r *Release, exact bool, err error) {
	l, err := Releases()
	if err != nil {
		return nil, false, err
	}
	return l.For(version)
}

// For is For on the ladder l.
func (l Ladder) For(version string) (r *Release, exact bool, err error) {
	if len(l) == 0 {
		return nil, false, fmt.Errorf("%s knows no release", File)
	}
	if _, ok := protocol.ParseVersion(version); !ok {
		return nil, false, fmt.Errorf("%q is not a CLI version such as 2.1.330", version)
	}
	best := &l[0]
	for i := range l {
		c := protocol.CompareVersions(l[i].CLI, version)
		if c == 0 {
			return &l[i], true, nil
		}
		if c < 0 {
			best = &l[i]
		}
	}
	return best, false, nil
}

// A Span is the releases known to declare one option name: from First to
// Last, and Gone, the first known release after Last (none: still there).
type Span struct {
	First, Last, Gone string
}

// SpanOf says which known releases declare the name.
func SpanOf(name string) (Span, bool) {
	l, err := Releases()
	if err != nil {
		return Span{}, false
	}
	return l.SpanOf(name)
}

// SpanOf is SpanOf on the ladder l.
func (l Ladder) SpanOf(name string) (Span, bool) {
	var s Span
	for i := range l {
		if l[i].Lookup(name) == nil {
			if s.Last != "" && s.Gone == "" {
				s.Gone = l[i].CLI
			}
			continue
		}
		if s.First == "" {
			s.First = l[i].CLI
		}
		s.Last, s.Gone = l[i].CLI, ""
	}
	return s, s.First != ""
}

// ReplacementOf names the option the evidence shows in place of a name
// the release r does not know: the replacement the last release declaring
// it pointed to, when r knows that one.
func (l Ladder) ReplacementOf(name string, r *Release) string {
	span, ok := l.SpanOf(name)
	if !ok {
		return ""
	}
	last, _, err := l.For(span.Last)
	if err != nil {
		return ""
	}
	if o := last.Lookup(name); o != nil && o.Replacement != "" && r.Lookup(o.Replacement) != nil {
		return o.Replacement
	}
	return ""
}

// Changes lists the option names new in r since prev, and those of prev
// that r no longer declares (each by every spelling that changed).
func Changes(prev, r *Release) (added, dropped []string) {
	names := func(x *Release) map[string]bool {
		m := map[string]bool{}
		for _, o := range x.Options {
			for _, n := range o.Names {
				m[n] = true
			}
		}
		return m
	}
	a, b := names(prev), names(r)
	for n := range b {
		if !a[n] {
			added = append(added, n)
		}
	}
	for n := range a {
		if !b[n] {
			dropped = append(dropped, n)
		}
	}
	slices.Sort(added)
	slices.Sort(dropped)
	return added, dropped
}
