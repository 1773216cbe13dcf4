package validate

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sync"
	"unicode/utf8"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/protocheck/protocheck/schemas"
	"github.com/protocheck/protocheck/validate/internal/fastpath"
)

// This file picks the schema set of an input whose version no init names
// (no init at all, or an init of the 1.0.x line, which prints no
// claude_code_version): the set that fits the input best. A line fits a
// set when the set's scan accepts it with no member it does not declare
// and no kind it does not know; a set that ends before any release is
// seen to print the line's variant (the evidence windows) does not fit
// it either, for nothing is known of the variant there. The best set has
// the fewest lines that do not fit, then the fewest undeclared members,
// then the fewest lines rejected, then is the newest. (Lines rejected
// alone would favour an old set, which accepts a newer release's members
// by not knowing them: a wrong type on such a member would go unseen.)
// That set then checks every line, and its findings are the input's.
//
// The decision reads the lines held while the input's init is looked for
// (fitLines and fitBytes of them at most): the whole of a short input. A
// line that fails alike in every set (not JSON, of a kind the newest set
// does not know) tells none apart and is left out. Every set is scored,
// for the range of releases that accept every line (RuleVersionRange),
// but cheaply: each line is scanned once per group of sets that hold the
// same definitions of its variant, byte for byte, with a scan program
// made of those definitions alone (a set's document is split, not
// decoded). No full schema is compiled for a set that is not chosen, so
// that an input with no init costs little more than one whose version is
// known (TestNoInitCost).

// fitLines and fitBytes bound the lines the best fit is decided on.
const (
	fitLines = 1024
	fitBytes = 4 << 20
)

// A fitResult is the set best fit chose, and the range of releases that
// accept every line it read.
type fitResult struct {
	set    string
	accept []bool   // by candidate: the set rejects no line
	names  []string // the candidates, oldest first
}

// fitVerdict is what scanning one line against one set found.
type fitVerdict struct {
	misfit bool // the line does not fit the set
	// reject says the set rejects the line, or does not know its variant
	// (lacks it, or has no evidence of it): the release did not print it
	// so. narrow says the set's schema rejects it, which takes the set
	// out of the range of releases the input is consistent with; blind
	// says nothing is known of the variant there: such a set neither
	// narrows the range nor, alone, puts the line in it (a schema left
	// open for want of evidence excuses nothing).
	reject, narrow, blind bool
	unk                   int // members the set does not declare
}

// fitScore sums a set's verdicts over the lines.
type fitScore struct{ misfit, unk, reject int }

func (a fitScore) compare(b fitScore) int {
	return cmp.Or(cmp.Compare(a.misfit, b.misfit), cmp.Compare(a.unk, b.unk), cmp.Compare(a.reject, b.reject))
}

// bestFit returns the set among cands (oldest first) that fits lines
// best, and which of them accept every line.
func (vs *versionSets) bestFit(cands []schemas.VersionSet, lines [][]byte) fitResult {
	res := fitResult{names: make([]string, len(cands))}
	for i, c := range cands {
		res.names[i] = c.Set
	}
	ft := &fitter{vs: vs, cands: cands, lim: fastpath.Limits{MaxDepth: vs.opts.MaxDepth}, first: vs.firstSeen()}
	broken := ft.read(lines)
	scores := make([]fitScore, len(cands))
	res.accept = make([]bool, len(cands))
	best := len(cands) - 1
	for i := best; i >= 0; i-- { // newest first: ties go to the newer
		scores[i], res.accept[i] = ft.score(i)
		if scores[i].compare(scores[best]) < 0 {
			best = i
		}
	}
	if broken || slices.ContainsFunc(ft.todo, func(l fitLine) bool { return !l.some }) {
		clear(res.accept) // some line no set accepts: no range
	}
	res.set = cands[best].Set
	return res
}

// A fitter scans the lines of an input against the candidate sets of
// bestFit.
type fitter struct {
	vs    *versionSets
	cands []schemas.VersionSet
	s     scanner
	lim   fastpath.Limits
	first map[string]string // firstSeen
	// todo are the lines a set can tell apart: of a variant the newest set
	// knows, and that scan as JSON. The others fail alike in every set.
	todo []fitLine
}

// A fitLine is a line bestFit scans against each set.
type fitLine struct {
	text []byte
	vs   *variantSchema
	memo map[string]fitVerdict // by the key of the definitions that judge it
	some bool                  // some set with evidence of its variant accepts it
}

// read keeps the lines a set can tell apart, and reports whether some
// line no set accepts (not a message at all).
func (ft *fitter) read(lines [][]byte) (broken bool) {
	root := ft.vs.root
	for _, l := range lines {
		if bytes.IndexByte(l, 0) >= 0 || !utf8.Valid(l) || bytes.HasPrefix(l, utf8BOM) {
			broken = true
			continue
		}
		top, ok := fastpath.Peek(l)
		if !ok || !top.Object || !top.HasType {
			broken = true
			continue
		}
		v := root.pick(root.byType[string(top.Type)], top)
		if v == nil || root.ready(v) != nil {
			continue // a kind the newest set does not know: a warning
		}
		if r := ft.s.Check(l, v.fast, ft.lim); r.SyntaxErr != "" || r.TooDeep {
			broken = true
			continue
		}
		ft.todo = append(ft.todo, fitLine{text: l, vs: v})
	}
	return broken
}

// score sums the verdicts of the ith set on the lines, and reports
// whether it accepts every one.
func (ft *fitter) score(i int) (fitScore, bool) {
	var sc fitScore
	accept := true
	for j := range ft.todo {
		l := &ft.todo[j]
		v := ft.verdict(i, l)
		sc.misfit += b2i(v.misfit)
		sc.reject += b2i(v.reject)
		sc.unk += v.unk
		accept = accept && !v.narrow
		l.some = l.some || !v.narrow && !v.blind
	}
	return sc, accept
}

// verdict scans a line against the ith set.
func (ft *fitter) verdict(i int, l *fitLine) fitVerdict {
	c := ft.cands[i]
	if f, ok := ft.first[l.vs.name]; ok && c.To != "" && compareVersions(c.To, f) <= 0 {
		return fitVerdict{misfit: true, reject: true, blind: true} // no evidence of the variant there
	}
	var node *fastpath.Node
	key := ""
	if c.Index == schemas.IndexFile {
		node = l.vs.fast
	} else {
		k, n, err := ft.vs.fitProgram(c, l.vs.entry.Definition())
		switch {
		case err != nil:
			// A set whose document does not read (an exported folder may
			// lack one) fits nothing.
			return fitVerdict{misfit: true, reject: true, narrow: true}
		case n == nil:
			return fitVerdict{misfit: true, reject: true} // the set lacks the variant
		}
		node, key = n, k
	}
	if key != "" {
		if v, ok := l.memo[key]; ok {
			return v
		}
	}
	r := ft.s.Check(l.text, node, ft.lim)
	v := fitVerdict{reject: r.Bad, narrow: r.Bad, unk: r.UnknownCount}
	v.misfit = r.Bad || r.UnknownCount > 0 || len(r.Kinds) > 0
	if key != "" {
		if l.memo == nil {
			l.memo = map[string]fitVerdict{}
		}
		l.memo[key] = v
	}
	return v
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// firstSeen returns, by variant, the first release seen to print it (the
// evidence windows), read once.
func (vs *versionSets) firstSeen() map[string]string {
	vs.firstOnce.Do(func() {
		vs.first = map[string]string{}
		for _, w := range vs.windows() {
			if f, ok := vs.first[w.Variant]; !ok || compareVersions(w.Since, f) < 0 {
				vs.first[w.Variant] = w.Since
			}
		}
	})
	return vs.first
}

// A setDoc is one version set's union document of one profile, split
// into its definitions, as bytes.
type setDoc struct {
	defs     map[string][]byte
	mu       sync.Mutex
	closures map[string]closure // by definition
}

// A closure is a definition and those it refers to, sorted by name, and
// its key: two closures of the same key are the same bytes.
type closure struct {
	names []string
	key   string
}

// fitDocs holds the split documents and the scan programs made of them:
// for every run of the process when the schemas are the embedded ones
// (sharedFit), for the run otherwise.
type fitDocs struct {
	mu    sync.Mutex
	docs  map[string]*made[*setDoc]        // by profile and set
	progs map[string]*made[*fastpath.Node] // by closure key
	ids   map[string]uint64                // the numbers of definitions' bytes (intern)
}

func newFitDocs() *fitDocs {
	return &fitDocs{docs: map[string]*made[*setDoc]{}, progs: map[string]*made[*fastpath.Node]{}, ids: map[string]uint64{}}
}

var sharedFit = newFitDocs()

// fitProgram returns the scan program of the definition def in set c's
// union document, and the key of the definitions it is made of (equal
// keys: the same program); a nil program when the set lacks def.
func (vs *versionSets) fitProgram(c schemas.VersionSet, def string) (string, *fastpath.Node, error) {
	fd := vs.fitDocs
	doc, err := entryOf(&fd.mu, fd.docs, string(vs.opts.Profile)+" "+c.Set).get(func() (*setDoc, error) {
		union := vs.idx.Union[string(vs.opts.Profile)]
		data, err := fs.ReadFile(vs.fsys, path.Join(path.Dir(c.Index), union))
		if err != nil {
			return nil, err
		}
		defs, ok := rawDefs(data)
		if !ok {
			return nil, fmt.Errorf("schema set %s: %s is not a schema document this reader can split", c.Set, union)
		}
		return &setDoc{defs: defs, closures: map[string]closure{}}, nil
	})
	if err != nil {
		return "", nil, err
	}
	if doc.defs[def] == nil {
		return "", nil, nil
	}
	cl := doc.closure(def, fd)
	names, key := cl.names, cl.key
	node, err := entryOf(&fd.mu, fd.progs, key).get(func() (*fastpath.Node, error) {
		defs := make(map[string]any, len(names))
		var variants []any
		for _, n := range names {
			x, err := sjs.UnmarshalJSON(bytes.NewReader(doc.defs[n]))
			if err != nil {
				return nil, err
			}
			defs[n] = x
			if vs.root.variantDefs[n] {
				variants = append(variants, map[string]any{"$ref": "#/$defs/" + n})
			}
		}
		// The root's union lists the variants: Lower treats them so.
		d := map[string]any{"$defs": defs, "oneOf": variants}
		schemas.Lower(d)
		return fastpath.Compile(d).Def(def), nil
	})
	return key, node, err
}

// closure returns the closure of def, made once.
func (d *setDoc) closure(def string, fd *fitDocs) closure {
	d.mu.Lock()
	defer d.mu.Unlock()
	if c, ok := d.closures[def]; ok {
		return c
	}
	seen := map[string]bool{def: true}
	todo := []string{def}
	for len(todo) > 0 {
		n := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, r := range rawRefs(d.defs[n]) {
			if !seen[r] && d.defs[r] != nil {
				seen[r] = true
				todo = append(todo, r)
			}
		}
	}
	c := closure{names: make([]string, 0, len(seen))}
	for n := range seen {
		c.names = append(c.names, n)
	}
	slices.Sort(c.names)
	// The key names each definition by the number its bytes got in the
	// run's (or process's) table of the bytes met: equal keys, equal bytes.
	var k []byte
	for _, n := range c.names {
		k = append(k, n...)
		k = binary.AppendUvarint(append(k, 0), fd.intern(d.defs[n]))
	}
	c.key = string(k)
	d.closures[def] = c
	return c
}

// intern returns the number of a definition's bytes: the same for the
// same bytes, whatever the set.
func (fd *fitDocs) intern(b []byte) uint64 {
	fd.mu.Lock()
	defer fd.mu.Unlock()
	if n, ok := fd.ids[string(b)]; ok {
		return n
	}
	n := uint64(len(fd.ids))
	fd.ids[string(b)] = n
	return n
}

// rawRefs returns the names of the definitions a definition's bytes
// refer to ("#/$defs/Name"); a name may come twice.
func rawRefs(b []byte) []string {
	var out []string
	pre := []byte(`"#/$defs/`)
	for {
		i := bytes.Index(b, pre)
		if i < 0 {
			return out
		}
		b = b[i+len(pre):]
		j := bytes.IndexByte(b, '"')
		if j < 0 {
			return out
		}
		out = append(out, string(b[:j]))
		b = b[j:]
	}
}

// rawDefs splits a schema document into the bytes of the members of its
// top-level "$defs", without decoding them; false when the document is
// not an object of that shape (or names with escapes, which the
// generated documents never have).
func rawDefs(doc []byte) (map[string][]byte, bool) {
	var defs map[string][]byte
	end := eachMember(doc, skipSpace(doc, 0), func(key []byte, at int) int {
		if string(key) != "$defs" {
			return skipValue(doc, at)
		}
		defs = map[string][]byte{}
		return eachMember(doc, at, func(name []byte, at int) int {
			end := skipValue(doc, at)
			if end >= 0 {
				defs[string(name)] = doc[at:end]
			}
			return end
		})
	})
	return defs, end >= 0 && defs != nil
}

// eachMember calls value with the key of each member of the object that
// starts at b[i] and where its value starts; value returns where the
// value ends (-1: it does not scan). eachMember returns where the object
// ends, or -1.
func eachMember(b []byte, i int, value func(key []byte, at int) int) int {
	if i >= len(b) || b[i] != '{' {
		return -1
	}
	i++
	for first := true; ; first = false {
		i = skipSpace(b, i)
		if i >= len(b) {
			return -1
		}
		if b[i] == '}' {
			return i + 1
		}
		if !first {
			if b[i] != ',' {
				return -1
			}
			i = skipSpace(b, i+1)
		}
		if i >= len(b) || b[i] != '"' {
			return -1
		}
		end := skipString(b, i)
		if end < 0 {
			return -1
		}
		key := b[i+1 : end-1]
		if bytes.IndexByte(key, '\\') >= 0 {
			return -1
		}
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return -1
		}
		if i = value(key, skipSpace(b, i+1)); i < 0 {
			return -1
		}
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t') {
		i++
	}
	return i
}

// skipString returns the end of the string that starts at b[i] (past
// its closing quote), or -1.
func skipString(b []byte, i int) int {
	for i++; ; {
		j := bytes.IndexByte(b[i:], '"')
		if j < 0 {
			return -1
		}
		i += j
		// The quote closes the string unless an odd run of backslashes
		// escapes it.
		k := i
		for k > 0 && b[k-1] == '\\' {
			k--
		}
		i++
		if (i-1-k)%2 == 0 {
			return i
		}
	}
}

// skipValue returns the end of the JSON value that starts at b[i], or -1.
// It checks only enough to find the end: the documents it splits are
// decoded in full when used.
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				e := skipString(b, i)
				if e < 0 {
					return -1
				}
				i = e - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
		}
		return -1
	}
	for ; i < len(b); i++ {
		switch b[i] {
		case ',', '}', ']', ' ', '\n', '\r', '\t':
			return i
		}
	}
	return i
}

// ranged returns the sets an input is searched among: every set from
// the one of the oldest rung of the release ladder on. (A set older than
// every rung requires nothing, for want of evidence: every line would
// fit it, which says nothing.)
func (vs *versionSets) ranged() []schemas.VersionSet {
	sets := vs.idx.VersionSets
	if oldest, _ := vs.ladder(); oldest != "" {
		first, _ := vs.choose(oldest)
		sets = sets[slices.IndexFunc(sets, func(s schemas.VersionSet) bool { return s.Set == first }):]
	}
	return sets
}
