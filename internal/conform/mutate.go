package conform

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/protocheck/protocheck/protocol"
)

// A Class is a kind of change a next CLI release may make.
type Class string

// The classes of mutation, each derived from the wire model (Derive).
const (
	// ClassType injects a message of a top-level type no release has.
	ClassType Class = "type"
	// ClassSubtype injects a message of a known family (system, ...) with
	// a subtype no release has; for result, the turn's own result gets
	// one.
	ClassSubtype Class = "subtype"
	// ClassUnion adds a member of unknown kind to each of the model's
	// unions where a CLI message carries it: a content block in a
	// message's content, a stream event, a delta, a control request (which
	// the SDK must answer, with an error).
	ClassUnion Class = "union"
	// ClassMember adds an unknown member to a message of each variant.
	ClassMember Class = "member"
	// ClassEnum puts an unknown value in each of a variant's enums.
	ClassEnum Class = "enum"
	// ClassNull turns a required member of a variant to null.
	ClassNull Class = "null"
)

// Classes lists every class, in the order of the tables.
var Classes = []Class{ClassType, ClassSubtype, ClassUnion, ClassMember, ClassEnum, ClassNull}

// Next is the name a mutation gives what no release has: the unknown type,
// subtype, kind, member and enum value.
const Next = "protocheck_next"

// nextRequestPrefix starts the request_id of each injected control
// request; the SDK's answers to them are absorbed (the CLI never asked).
const nextRequestPrefix = "protocheck-next-"

// A Mutation is one thing a next release may send that this one does not.
type Mutation struct {
	// ID names the mutation in tables, expected-failure files and
	// --mutate: "type", "subtype:system", "union:ContentBlock@assistant/message/content/*",
	// "member:assistant", "enum:result.success/stop_reason",
	// "null:result.success/usage".
	ID string `json:"id"`
	// Class is its class.
	Class Class `json:"class"`
	// Type is the message type it touches (or "" for ClassType).
	Type string `json:"type,omitempty"`
	// Variant names the variant it touches (ClassMember, ClassEnum,
	// ClassNull, and ClassUnion on a variant's member).
	Variant string `json:"variant,omitempty"`
	// Pointer locates, in the message, the union, enum or member (with *
	// for every array index).
	Pointer string `json:"pointer,omitempty"`
	// Key is a union's discriminating member ("type" or "subtype").
	Key string `json:"key,omitempty"`
	// Array says the union is an array's elements (a member is added to
	// it); else the line is injected again, after itself, with the
	// union's discriminator changed.
	Array bool `json:"array,omitempty"`
	// Answer says the SDK must answer the injected frame (a control
	// request): with an error control_response.
	Answer bool `json:"answer,omitempty"`
	// At, when not 0, applies the mutation at its At-th place only (the
	// places are counted from 1 in the session): one injected frame.
	At int `json:"at,omitempty"`
}

// Name is the ID with its place, when it has one: "type@3".
func (m Mutation) Name() string {
	if m.At != 0 {
		return fmt.Sprintf("%s@%d", m.ID, m.At)
	}
	return m.ID
}

// Derive lists the mutations the wire model gives: one of each class for
// every place of the CLI's messages it applies to, in a stable order.
func Derive() []Mutation {
	out := []Mutation{{ID: string(ClassType), Class: ClassType}}
	seenType := map[string]bool{}
	for _, v := range protocol.Variants {
		if !v.Direction.WrittenBy(protocol.CLIToSDK) || seenType[v.Type] || protocol.SubtypePath(v.Type) == "" {
			continue
		}
		seenType[v.Type] = true
		out = append(out, Mutation{ID: string(ClassSubtype) + ":" + v.Type, Class: ClassSubtype, Type: v.Type, Pointer: protocol.SubtypePath(v.Type),
			Answer: v.Type == "control_request"})
	}
	unions := map[reflect.Type]*protocol.Union{}
	for _, u := range protocol.Unions {
		unions[u.Interface] = u
	}
	seenUnion := map[string]bool{}
	for _, v := range protocol.Variants {
		if !v.Direction.WrittenBy(protocol.CLIToSDK) {
			continue
		}
		// An enveloped type (control_request, control_response) is walked
		// once, whole, by its type; its variants' bodies by the variant.
		where, t := v.Name, v.GoType()
		if e := protocol.Wire.EnvelopeOf(v.Type); e != nil {
			where, t = v.Type, reflect.TypeOf(e.New()).Elem()
		}
		walkType(t, "", unions, func(u *protocol.Union, p string, array bool) {
			id := fmt.Sprintf("%s:%s@%s%s", ClassUnion, u.Name, where, p)
			if seenUnion[id] {
				return
			}
			seenUnion[id] = true
			m := Mutation{ID: id, Class: ClassUnion, Type: v.Type, Pointer: p, Key: u.Key, Array: array, Answer: v.Type == "control_request" && p == "/request"}
			if where == v.Name {
				m.Variant = v.Name
			}
			out = append(out, m)
		})
	}
	for _, v := range protocol.Variants {
		if !v.Direction.WrittenBy(protocol.CLIToSDK) {
			continue
		}
		prefix := ""
		if e := v.Envelope(); e != "" {
			prefix = "/" + e
		}
		out = append(out, Mutation{ID: string(ClassMember) + ":" + v.Name, Class: ClassMember, Type: v.Type, Variant: v.Name, Pointer: prefix + "/" + Next + "_member"})
		var enums []string
		walkEnums(v.GoType(), prefix, map[reflect.Type]bool{}, func(p string) { enums = append(enums, p) })
		for _, p := range enums {
			out = append(out, Mutation{ID: fmt.Sprintf("%s:%s%s", ClassEnum, v.Name, p), Class: ClassEnum, Type: v.Type, Variant: v.Name, Pointer: p})
		}
		for _, name := range requiredMembers(v.GoType()) {
			if name == "type" || name == "subtype" {
				continue
			}
			out = append(out, Mutation{ID: fmt.Sprintf("%s:%s%s/%s", ClassNull, v.Name, prefix, name), Class: ClassNull, Type: v.Type, Variant: v.Name, Pointer: prefix + "/" + name})
		}
	}
	return out
}

// jsonName returns a struct field's JSON name, or "" when it has none.
func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if name == "-" {
		return ""
	}
	return name
}

// walkType calls found for each place under t (at pointer at) that holds a
// member of one of the unions: a member of the union's interface type, or
// the elements of an array of them. The union members' own types are
// walked too (a delta inside a stream event).
func walkType(t reflect.Type, at string, unions map[reflect.Type]*protocol.Union, found func(*protocol.Union, string, bool)) {
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type, at string)
	walk = func(t reflect.Type, at string) {
		array := false
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
			if t.Kind() == reflect.Slice {
				at += "/*"
				array = true
			}
			t = t.Elem()
		}
		if u := unions[t]; u != nil {
			if array {
				found(u, strings.TrimSuffix(at, "/*"), true)
			} else {
				found(u, at, false)
			}
			if seen[t] {
				return
			}
			seen[t] = true
			defer delete(seen, t)
			for _, m := range u.Members {
				walk(m.Type(), at)
			}
			return
		}
		if t.Kind() != reflect.Struct || seen[t] {
			return
		}
		seen[t] = true
		defer delete(seen, t)
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Anonymous {
				walk(f.Type, at)
				continue
			}
			if name := jsonName(f); name != "" && f.IsExported() {
				walk(f.Type, at+"/"+name)
			}
		}
	}
	walk(t, at)
}

// enumType is a type with a closed list of values.
var enumType = reflect.TypeFor[interface{ EnumValues() []string }]()

// walkEnums calls found with the pointer of each enum member under t.
func walkEnums(t reflect.Type, at string, seen map[reflect.Type]bool, found func(string)) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		if t.Kind() == reflect.Slice {
			at += "/*"
		}
		t = t.Elem()
	}
	if t.Implements(enumType) || reflect.PointerTo(t).Implements(enumType) {
		if t.Kind() == reflect.String {
			found(at)
		}
		return
	}
	if t.Kind() != reflect.Struct || seen[t] {
		return
	}
	seen[t] = true
	defer delete(seen, t)
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			walkEnums(f.Type, at, seen, found)
			continue
		}
		if name := jsonName(f); name != "" && f.IsExported() {
			walkEnums(f.Type, at+"/"+name, seen, found)
		}
	}
}

// requiredMembers lists the top-level members of t the model marks
// required and not nullable: what every reader may count on.
func requiredMembers(t reflect.Type) []string {
	var out []string
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			out = append(out, requiredMembers(f.Type)...)
			continue
		}
		tag := f.Tag.Get("jsonschema")
		name := jsonName(f)
		if name == "" || !f.IsExported() || !slices.Contains(strings.Split(tag, ","), "required") || slices.Contains(strings.Split(tag, ","), "nullable") {
			continue
		}
		out = append(out, name)
	}
	return out
}

// Select returns the mutations of all whose class or ID is named in names
// ("all" names every one). An ID may end in @N: only its N-th frame is
// injected (a shrunk failure's reproducer). A name that matches nothing is
// an error.
func Select(all []Mutation, names []string) ([]Mutation, error) {
	var out []Mutation
	have := map[string]bool{}
	add := func(m Mutation) {
		if !have[m.ID] {
			have[m.ID] = true
			out = append(out, m)
		}
	}
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		id, at, hasAt := strings.Cut(n, "@")
		if hasAt {
			// union IDs hold an @ of their own: the occurrence is the
			// part after the last @, when it is a number.
			i := strings.LastIndex(n, "@")
			if k, err := strconv.Atoi(n[i+1:]); err == nil && k > 0 {
				id, at = n[:i], n[i+1:]
			} else {
				id, at, hasAt = n, "", false
			}
		}
		matched := false
		for _, m := range all {
			if n == "all" || string(m.Class) == n || m.ID == id {
				if hasAt {
					m.At, _ = strconv.Atoi(at)
					m.ID = id
				}
				add(m)
				matched = true
			}
		}
		if !matched {
			return nil, fmt.Errorf("--mutate %q: no such class or mutation (classes: %s; see --list-mutations)", n, classList())
		}
	}
	return out, nil
}

func classList() string {
	var s []string
	for _, c := range Classes {
		s = append(s, string(c))
	}
	return strings.Join(s, ", ")
}

// A Mutator applies one mutation to a live session: Rewrite and Absorb are
// the tap's hooks (tap.Options). It also notes what the session's CLI
// printed, for the mutations a run applies to.
type Mutator struct {
	m *Mutation // nil: the unmutated run, only watched

	mu        sync.Mutex
	sessionID string
	// Kinds counts the CLI's lines by variant name (or type).
	kinds map[string]int
	// occurrences counts the places the mutation could apply; injected
	// those it did (all, or the At-th).
	occurrences, injected int
	// frames are the injected lines, in order.
	frames []string
	// asked are the injected control requests' ids, and answers what the
	// SDK answered each ("success", "error", or the subtype it gave).
	asked   []string
	answers map[string]string
	results int
	// log, when not nil, gets the events (SetLog).
	log io.Writer
	// closed says the SDK's stdin has ended: a control request injected
	// now could not be answered, so none is.
	closed bool
}

// StdinClosed is the tap's hook for the end of the SDK's stdin.
func (x *Mutator) StdinClosed() {
	x.mu.Lock()
	x.closed = true
	x.mu.Unlock()
}

// NewMutator returns a mutator of m (nil: watch only).
func NewMutator(m *Mutation) *Mutator {
	return &Mutator{m: m, kinds: map[string]int{}, answers: map[string]string{}}
}

// An event is one line of a mutator's log: what it saw and did, written
// as it happens, so that a session killed outright (an SDK that SIGKILLs
// its CLI once it has the result) still tells what it saw.
type event struct {
	// E is the event: "line" (a CLI line, of Kind; the baseline's keep
	// Line), "occur" (a place the mutation applies), "frame" (an injected
	// or changed line, Frame), "ask" (an injected control request, ID),
	// "answer" (the SDK's answer to ID, Subtype).
	E       string          `json:"e"`
	Args    []string        `json:"args,omitempty"`
	Kind    string          `json:"kind,omitempty"`
	Line    json.RawMessage `json:"line,omitempty"`
	Frame   string          `json:"frame,omitempty"`
	ID      string          `json:"id,omitempty"`
	Subtype string          `json:"subtype,omitempty"`
}

// SetLog makes the mutator write its events to w, a line each, one write
// per event (an O_APPEND file).
func (x *Mutator) SetLog(w io.Writer) { x.log = w }

// note writes an event to the log; x.mu is held.
func (x *Mutator) note(e event) {
	if x.log == nil {
		return
	}
	b, err := json.Marshal(e)
	if err != nil {
		return
	}
	x.log.Write(append(b, '\n')) //nolint:errcheck // the session goes on without its log
}

// replay rebuilds what a mutator saw from its log, and the CLI's lines a
// baseline kept.
func replay(r io.Reader) (Seen, [][]byte) {
	s := Seen{Kinds: map[string]int{}}
	var lines [][]byte
	var asked []string
	answers := map[string]string{}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var e event
		if json.Unmarshal(sc.Bytes(), &e) != nil {
			continue // a last line cut by a kill
		}
		switch e.E {
		case "line":
			s.Kinds[e.Kind]++
			if e.Kind == "result" || strings.HasPrefix(e.Kind, "result.") || strings.HasPrefix(e.Kind, "result/") {
				s.Results++
			}
			if len(e.Line) > 0 {
				lines = append(lines, e.Line)
			}
		case "start":
			s.args = e.Args
		case "occur":
			s.Occurrences++
		case "frame":
			s.Injected++
			s.Frames = append(s.Frames, e.Frame)
		case "ask":
			asked = append(asked, e.ID)
		case "answer":
			answers[e.ID] = e.Subtype
		}
	}
	for _, id := range asked {
		if a := answers[id]; a != "error" {
			if s.Unanswered == nil {
				s.Unanswered = map[string]string{}
			}
			s.Unanswered[id] = a
		}
	}
	return s, lines
}

// kindName names a line's variant, or its type when no variant matches.
func kindName(k protocol.Kind, replay bool) string {
	if v := protocol.Lookup(k.Type, k.Subtype, replay); v != nil {
		return v.Name
	}
	return k.String()
}

// Rewrite is the tap's stdout hook: the lines the SDK gets for line.
func (x *Mutator) Rewrite(line []byte) [][]byte {
	k, replay, err := protocol.Peek(line)
	if err != nil {
		return [][]byte{line}
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	name := kindName(k, replay)
	x.kinds[name]++
	ev := event{E: "line", Kind: name}
	if x.m == nil { // the baseline keeps the CLI's lines: the places of the mutations
		ev.Line = json.RawMessage(bytes.Clone(line))
	}
	x.note(ev)
	if k.Type == "result" {
		x.results++
	}
	if x.sessionID == "" {
		var s struct {
			SessionID string `json:"session_id"`
		}
		json.Unmarshal(line, &s) //nolint:errcheck // no session id yet
		x.sessionID = s.SessionID
	}
	if x.m == nil {
		return [][]byte{line}
	}
	m := x.m
	switch m.Class {
	case ClassType, ClassSubtype:
		if m.Class == ClassSubtype && m.Type == "result" {
			if k.Type != "result" {
				return [][]byte{line}
			}
			return x.transform(line, func(v any) bool { return setAt(v, m.Pointer, Next) })
		}
		// Injected between the CLI's lines: after each line of a turn
		// (not after the result, which ends it, nor after a reply).
		if k.Type == "result" || k.Type == "control_response" || k.Type == "keep_alive" {
			return [][]byte{line}
		}
		if !x.take() {
			return [][]byte{line}
		}
		return [][]byte{line, x.frame()}
	case ClassUnion:
		if k.Type != m.Type || (m.Variant != "" && m.Variant != name) {
			return [][]byte{line}
		}
		if m.Array {
			return x.transform(line, func(v any) bool {
				return appendAt(v, m.Pointer, map[string]any{m.Key: Next})
			})
		}
		v, ok := decode(line)
		if !ok || !setAt(v, m.Pointer+"/"+m.Key, Next) {
			return [][]byte{line}
		}
		if !x.take() {
			return [][]byte{line}
		}
		if m.Answer {
			x.ask(v)
		} else if m.Type == "control_response" {
			// An answer to no request of the SDK's: a request_id of its own.
			setAt(v, "/response/request_id", fmt.Sprintf("%s%d", nextRequestPrefix, x.injected))
		}
		b, _ := json.Marshal(v)
		x.frames = append(x.frames, string(b))
		x.note(event{E: "frame", Frame: string(b)})
		return [][]byte{line, b}
	case ClassMember, ClassEnum, ClassNull:
		if name != m.Variant {
			return [][]byte{line}
		}
		return x.transform(line, func(v any) bool {
			switch m.Class {
			case ClassMember:
				return addMember(v, m.Pointer, map[string]any{"protocheck": true})
			case ClassEnum:
				return setAt(v, m.Pointer, Next)
			default:
				return setAt(v, m.Pointer, nil)
			}
		})
	}
	return [][]byte{line}
}

// take counts one place the mutation applies and says whether it is
// applied there (every place, or the At-th).
func (x *Mutator) take() bool {
	if x.m.Answer && x.closed {
		return false // the SDK can no longer answer: no place
	}
	x.occurrences++
	x.note(event{E: "occur"})
	if x.m.At != 0 && x.m.At != x.occurrences {
		return false
	}
	x.injected++
	return true
}

// transform applies change to line's value; the line is replaced when
// change applies and this is a place the mutation is applied.
func (x *Mutator) transform(line []byte, change func(any) bool) [][]byte {
	v, ok := decode(line)
	if !ok || !change(v) {
		return [][]byte{line}
	}
	if !x.take() {
		return [][]byte{line}
	}
	b, err := json.Marshal(v)
	if err != nil {
		return [][]byte{line}
	}
	x.frames = append(x.frames, string(b))
	x.note(event{E: "frame", Frame: string(b)})
	return [][]byte{b}
}

// frame returns the frame ClassType or ClassSubtype injects.
func (x *Mutator) frame() []byte {
	m := x.m
	v := map[string]any{"type": Next, "uuid": fmt.Sprintf("00000000-0000-4000-8000-%012d", x.injected), "session_id": x.sessionID}
	if m.Class == ClassSubtype {
		v["type"] = m.Type
		if env := protocol.Wire.EnvelopeOf(m.Type); env != nil {
			v = map[string]any{"type": m.Type, env.Member: map[string]any{"subtype": Next}}
		} else {
			v["subtype"] = Next
		}
		if m.Answer {
			x.ask(v)
		} else if m.Type == "control_response" {
			v["response"].(map[string]any)["request_id"] = fmt.Sprintf("%s%d", nextRequestPrefix, x.injected)
		}
	}
	b, _ := json.Marshal(v)
	x.frames = append(x.frames, string(b))
	x.note(event{E: "frame", Frame: string(b)})
	return b
}

// ask gives an injected control request a request_id of its own, whose
// answer the SDK owes.
func (x *Mutator) ask(v any) {
	id := fmt.Sprintf("%s%d", nextRequestPrefix, x.injected)
	if o, ok := v.(map[string]any); ok {
		o["request_id"] = id
	}
	x.asked = append(x.asked, id)
	x.note(event{E: "ask", ID: id})
}

// Absorb is the tap's stdin hook: the SDK's answer to an injected control
// request is kept from the CLI (which never asked) and noted.
func (x *Mutator) Absorb(line []byte) bool {
	if !bytes.Contains(line, []byte(nextRequestPrefix)) {
		return false
	}
	var r struct {
		Type     string `json:"type"`
		Response struct {
			Subtype   string `json:"subtype"`
			RequestID string `json:"request_id"`
		} `json:"response"`
	}
	if json.Unmarshal(line, &r) != nil || r.Type != "control_response" || !strings.HasPrefix(r.Response.RequestID, nextRequestPrefix) {
		return false
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	x.answers[r.Response.RequestID] = r.Response.Subtype
	x.note(event{E: "answer", ID: r.Response.RequestID, Subtype: r.Response.Subtype})
	return true
}

// Seen is what a Mutator saw of a session.
type Seen struct {
	// Kinds counts the CLI's lines by variant name (or type/subtype).
	Kinds map[string]int `json:"kinds"`
	// Results counts the CLI's result lines.
	Results int `json:"results"`
	// Occurrences counts the places the mutation could apply, Injected
	// those where it was.
	Occurrences int `json:"occurrences"`
	Injected    int `json:"injected"`
	// Frames are the injected (or changed) lines, as the SDK got them.
	Frames []string `json:"frames,omitempty"`
	// Unanswered lists the injected control requests the SDK did not
	// answer with an error, each with what it answered ("" for nothing).
	Unanswered map[string]string `json:"unanswered,omitempty"`
	// args are the CLI's arguments, from the log's start.
	args []string
}

// Seen returns what the mutator saw so far.
func (x *Mutator) Seen() Seen {
	x.mu.Lock()
	defer x.mu.Unlock()
	s := Seen{Kinds: map[string]int{}, Results: x.results, Occurrences: x.occurrences, Injected: x.injected, Frames: slices.Clone(x.frames)}
	for k, n := range x.kinds {
		s.Kinds[k] = n
	}
	for _, id := range x.asked {
		if a := x.answers[id]; a != "error" {
			if s.Unanswered == nil {
				s.Unanswered = map[string]string{}
			}
			s.Unanswered[id] = a
		}
	}
	return s
}

// decode reads a line as a JSON value, numbers kept as written.
func decode(line []byte) (any, bool) {
	d := json.NewDecoder(bytes.NewReader(line))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return nil, false
	}
	_, ok := v.(map[string]any)
	return v, ok
}

// visit calls f with the parent object and the last key of every place
// pointer p (with * for every array index) reaches in v.
func visit(v any, p string, f func(parent map[string]any, key string) bool) bool {
	parts := strings.Split(strings.TrimPrefix(p, "/"), "/")
	var walk func(v any, parts []string) bool
	walk = func(v any, parts []string) bool {
		if len(parts) == 1 {
			o, ok := v.(map[string]any)
			if !ok {
				return false
			}
			return f(o, parts[0])
		}
		switch x := v.(type) {
		case map[string]any:
			c, ok := x[parts[0]]
			return ok && walk(c, parts[1:])
		case []any:
			if parts[0] != "*" {
				return false
			}
			hit := false
			for _, e := range x {
				hit = walk(e, parts[1:]) || hit
			}
			return hit
		}
		return false
	}
	return walk(v, parts)
}

// setAt sets the existing member at p to val (a string member for an enum).
func setAt(v any, p string, val any) bool {
	return visit(v, p, func(o map[string]any, k string) bool {
		old, ok := o[k]
		if !ok || old == nil {
			return false
		}
		if s, isString := val.(string); isString {
			if _, was := old.(string); !was {
				return false
			}
			o[k] = s
			return true
		}
		o[k] = val
		return true
	})
}

// addMember adds member name (p's last part) to the object p's parent is.
func addMember(v any, p string, val any) bool {
	return visit(v, p, func(o map[string]any, k string) bool {
		o[k] = val
		return true
	})
}

// appendAt appends val to the array at p.
func appendAt(v any, p string, val any) bool {
	return visit(v, p, func(o map[string]any, k string) bool {
		a, ok := o[k].([]any)
		if !ok {
			return false
		}
		o[k] = append(a, val)
		return true
	})
}
