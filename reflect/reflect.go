package reflect

import (
	"encoding/json"
	"fmt"
	"maps"
	stdreflect "reflect"
	"slices"
	"strings"

	"github.com/invopop/jsonschema"

	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/schemas"
)

// A Profile is one way of reading the same types.
type Profile string

const (
	// Tolerant allows members the types do not model, and kinds of content
	// blocks, events and control bodies they do not list: it is what a
	// consumer of the CLI's output must accept.
	Tolerant Profile = "tolerant"
	// Strict forbids both: it checks what an SDK itself writes against one
	// pinned version of the protocol.
	Strict Profile = "strict"
)

// Profiles lists the profiles in a stable order.
var Profiles = []Profile{Tolerant, Strict}

// SchemaVersion numbers the layout of the generated files (names, $id form,
// index shape). It changes only when a consumer would have to change too.
const SchemaVersion = 1

// BaseID is the prefix of every generated $id. It names the protocol version
// the schemas describe; the profile and file name follow.
const BaseID = "https://protocheck.dev/schemas/v1/cli-" + protocol.Version + "/"

// UnionFile is the name of the schema that dispatches on the discriminators
// to every variant.
const UnionFile = "protocol.schema.json"

// FileName returns the schema file name of a variant.
func FileName(v *protocol.Variant) string { return v.Name + ".schema.json" }

// ID returns the $id of a schema file of a profile.
func ID(p Profile, file string) string { return BaseID + string(p) + "/" + file }

// A Generator reflects the types of one model into schemas.
type Generator struct {
	model    *protocol.Model
	baseID   string
	members  membersByType // nil, or the member rules of one CLI version (AtVersion)
	covers   *schemas.Covers
	pkgPath  string            // the import path of the model's types; only they get descriptions
	comments map[string]string // "Type" or "Type.Field" -> doc text
}

// NewGenerator returns a generator of the wire's schemas (protocol.Wire),
// whose descriptions come from the doc comments of the Go files in
// protocolDir (the protocol package's source).
func NewGenerator(protocolDir string) (*Generator, error) {
	return NewModelGenerator(protocol.Wire, protocolDir, BaseID)
}

// NewModelGenerator returns a generator of the schemas of model m, whose Go
// types are declared in the folder dir, with $ids under baseID.
func NewModelGenerator(m *protocol.Model, dir, baseID string) (*Generator, error) {
	if len(m.Variants) == 0 {
		return nil, fmt.Errorf("reflect: model %s has no variants", m.Name)
	}
	comments, err := readComments(dir)
	if err != nil {
		return nil, err
	}
	return &Generator{model: m, baseID: baseID, pkgPath: m.Variants[0].GoType().PkgPath(), comments: comments}, nil
}

// Model returns the model the generator reflects.
func (g *Generator) Model() *protocol.Model { return g.model }

// id returns the $id of a schema file of a profile.
func (g *Generator) id(p Profile, file string) string { return g.baseID + string(p) + "/" + file }

// build holds the state of one schema under construction.
type build struct {
	g       *Generator
	profile Profile
	defs    jsonschema.Definitions
	pending []stdreflect.Type // named types referenced by the mapper, not yet defined
}

func (g *Generator) newBuild(p Profile) *build {
	return &build{g: g, profile: p, defs: jsonschema.Definitions{}}
}

func (b *build) reflector() *jsonschema.Reflector {
	return &jsonschema.Reflector{
		Anonymous:                  true,
		AllowAdditionalProperties:  b.profile == Tolerant,
		RequiredFromJSONSchemaTags: true,
		Mapper:                     b.mapType,
		LookupComment:              b.g.lookupComment,
	}
}

var (
	messageContentType = stdreflect.TypeFor[protocol.MessageContent]()
	enumType           = stdreflect.TypeFor[interface{ EnumValues() []string }]()
)

// unionFor returns the model's union whose interface is t, or nil.
func (b *build) unionFor(t stdreflect.Type) *protocol.Union {
	for _, u := range b.g.model.Unions {
		if u.Interface == t {
			return u
		}
	}
	return nil
}

// mapType gives the schemas the reflector cannot derive: unions and enums
// become references to definitions added later, and message content is a
// string or a list of blocks.
func (b *build) mapType(t stdreflect.Type) *jsonschema.Schema {
	switch {
	case t == messageContentType:
		return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{
			{Type: "string"},
			{Type: "array", Items: b.ref(b.unionFor(stdreflect.TypeFor[protocol.ContentBlock]()).Interface)},
		}}
	case t.Kind() == stdreflect.Interface && b.unionFor(t) != nil:
		return b.ref(t)
	case t.Kind() == stdreflect.String && t.Implements(enumType):
		return b.ref(t)
	}
	return nil
}

// ref returns a reference to the definition of t and schedules it.
func (b *build) ref(t stdreflect.Type) *jsonschema.Schema {
	name := b.defName(t)
	if _, ok := b.defs[name]; !ok && !slices.Contains(b.pending, t) {
		b.pending = append(b.pending, t)
	}
	return &jsonschema.Schema{Ref: "#/$defs/" + name}
}

func (b *build) defName(t stdreflect.Type) string {
	if u := b.unionFor(t); u != nil {
		return u.Name
	}
	return t.Name()
}

// reflectType returns a reference to the definition of the struct type t,
// adding the definitions it needs. A definition already there is kept: the
// protocol package's type names are unique, so a second definition of a name
// is a second reflection of the same type (whose discriminator a union may
// have pinned since).
func (b *build) reflectType(t stdreflect.Type) *jsonschema.Schema {
	s := b.reflector().ReflectFromType(t)
	for name, def := range s.Definitions {
		if _, ok := b.defs[name]; !ok {
			b.g.members.apply(name, def)
			b.defs[name] = def
		}
	}
	return &jsonschema.Schema{Ref: s.Ref}
}

// complete defines every type referenced so far, until none is pending.
func (b *build) complete() error {
	for len(b.pending) > 0 {
		t := b.pending[0]
		b.pending = b.pending[1:]
		name := b.defName(t)
		if _, ok := b.defs[name]; ok {
			continue
		}
		switch {
		case t.Kind() == stdreflect.Interface:
			if err := b.defineUnion(b.unionFor(t)); err != nil {
				return err
			}
		default:
			b.defs[name] = b.enumSchema(t)
		}
	}
	return nil
}

func (b *build) enumSchema(t stdreflect.Type) *jsonschema.Schema {
	values := stdreflect.Zero(t).Interface().(interface{ EnumValues() []string }).EnumValues()
	s := &jsonschema.Schema{Type: "string", Description: b.g.lookupComment(t, "")}
	for _, v := range values {
		s.Enum = append(s.Enum, v)
	}
	return s
}

// defineUnion adds the definition of u and the definitions of its members.
// Each member's definition pins its discriminator with a const, and the
// union is a oneOf of references to them, the shape code generators turn
// into a discriminated union. In the tolerant profile one more branch,
// Unknown<Name>, takes any discriminator value no member has; in the strict
// profile there is none, so such a value fails. (The validator reads this
// oneOf back as a dispatch on the discriminator: see schemas.Lower.)
func (b *build) defineUnion(u *protocol.Union) error {
	union := &jsonschema.Schema{Description: b.g.lookupComment(u.Interface, "")}
	b.defs[u.Name] = union
	var known []any
	for _, m := range u.Members {
		ref := b.reflectType(m.Type())
		def := b.defs[m.Type().Name()]
		if err := pinConst(def, u.Key, m.Value); err != nil {
			return fmt.Errorf("reflect: union %s member %s: %w", u.Name, m.Value, err)
		}
		union.OneOf = append(union.OneOf, ref)
		known = append(known, m.Value)
	}
	if b.profile == Tolerant {
		name := UnknownPrefix + u.Name
		if _, taken := b.defs[name]; taken {
			return fmt.Errorf("reflect: union %s: the name %s is taken", u.Name, name)
		}
		props := jsonschema.NewProperties()
		props.Set(u.Key, &jsonschema.Schema{Type: "string", Not: &jsonschema.Schema{Enum: known}})
		b.defs[name] = &jsonschema.Schema{
			Type:        "object",
			Description: fmt.Sprintf("A %s whose %s this version of the protocol does not list: a later version may add kinds, and a tolerant reader keeps them.", u.Name, u.Key),
			Required:    []string{u.Key},
			Properties:  props,
		}
		union.OneOf = append(union.OneOf, &jsonschema.Schema{Ref: "#/$defs/" + name})
	}
	return nil
}

// UnknownPrefix starts the names of the definitions that, in the tolerant
// profile, take the discriminator values a union does not list.
const UnknownPrefix = "Unknown"

// pinConst sets the discriminator property of a struct definition to a const.
func pinConst(def *jsonschema.Schema, key string, value any) error {
	if def == nil || def.Properties == nil {
		return fmt.Errorf("no definition with properties")
	}
	p, ok := def.Properties.Get(key)
	if !ok {
		return fmt.Errorf("no %q property", key)
	}
	p.Const = value
	// The discriminator tells the branch: whatever the version facts say
	// of the member, a line of the branch carries it.
	if !slices.Contains(def.Required, key) {
		def.Required = append([]string{key}, def.Required...)
	}
	return nil
}

// Variant returns the schema of one variant in a profile.
func (g *Generator) Variant(v *protocol.Variant, p Profile) (*jsonschema.Schema, error) {
	b := g.newBuild(p)
	root := b.variantRoot(v)
	if err := b.complete(); err != nil {
		return nil, err
	}
	root.Version = jsonschema.Version
	root.ID = jsonschema.ID(g.id(p, FileName(v)))
	root.Title = variantTitle(v)
	root.Definitions = b.defs
	finish(root)
	return root, nil
}

// variantRoot returns the schema of v: the schema of its Go type (or of
// its envelope) and, beside it in an allOf, the variant's discriminators as
// consts, so that a code generator gives the variant's type literal
// discriminators. A plain variant of a type whose other variant has a marker
// pins the marker to false, so that the variants of a type exclude each
// other.
func (b *build) variantRoot(v *protocol.Variant) *jsonschema.Schema {
	props := jsonschema.NewProperties()
	required := []string{"type"}
	props.Set("type", &jsonschema.Schema{Const: v.Type})
	var ref *jsonschema.Schema
	switch env := b.g.model.EnvelopeOf(v.Type); env {
	case nil:
		ref = b.reflectType(v.GoType())
		if v.Subtype != "" {
			props.Set("subtype", &jsonschema.Schema{Const: v.Subtype})
			required = append(required, "subtype")
		}
	default:
		ref = b.reflectType(stdreflect.TypeOf(env.New()).Elem())
		props.Set(env.Member, b.reflectType(v.GoType()))
		required = append(required, env.Member)
	}
	switch {
	case v.Marker != "":
		props.Set(v.Marker, &jsonschema.Schema{Const: true})
		required = append(required, v.Marker)
	default:
		for _, o := range b.g.model.Variants {
			if o.Type == v.Type && o.Marker != "" && v.Subtype == "" {
				props.Set(o.Marker, &jsonschema.Schema{Const: false})
			}
		}
	}
	return &jsonschema.Schema{
		Description: v.Doc,
		AllOf: []*jsonschema.Schema{
			{Ref: ref.Ref},
			{Type: "object", Properties: props, Required: required},
		},
	}
}

// Union returns protocol.schema.json for a profile: one schema whose oneOf
// refers to every variant, each defined under $defs by its name, and whose
// discriminators (type, then the subtype or marker) pin exactly one. In the
// tolerant profile further branches take a type the protocol does not list
// (UnknownMessage) and, per type with subtypes, a subtype it does not list
// (Unknown<Type>), as a reader of a later CLI's output must.
func (g *Generator) Union(p Profile) (*jsonschema.Schema, error) {
	b := g.newBuild(p)
	root := &jsonschema.Schema{
		Version:     jsonschema.Version,
		ID:          jsonschema.ID(g.id(p, UnionFile)),
		Title:       g.unionTitle(),
		Description: "One line of the protocol. The type member (and, where the type has one, the subtype) selects the variant schema under $defs.",
		Definitions: b.defs,
	}
	subtypes := map[string][]any{}
	var types []any
	for _, v := range g.model.Variants {
		def := b.variantRoot(v)
		def.Title = variantTitle(v)
		b.defs[v.Name] = def
		root.OneOf = append(root.OneOf, &jsonschema.Schema{Ref: "#/$defs/" + v.Name})
		if !slices.Contains(types, any(v.Type)) {
			types = append(types, v.Type)
		}
		if v.Subtype != "" {
			subtypes[v.Type] = append(subtypes[v.Type], v.Subtype)
		}
	}
	if err := b.complete(); err != nil {
		return nil, err
	}
	if p == Tolerant {
		for _, typ := range types {
			if subtypes[typ.(string)] == nil {
				continue
			}
			name := UnknownPrefix + goName(typ.(string))
			def, err := g.unknownSubtype(typ.(string), subtypes[typ.(string)])
			if err != nil {
				return nil, err
			}
			if err := b.addUnknown(root, name, def); err != nil {
				return nil, err
			}
		}
		props := jsonschema.NewProperties()
		props.Set("type", &jsonschema.Schema{Type: "string", Not: &jsonschema.Schema{Enum: types}})
		def := &jsonschema.Schema{
			Type:        "object",
			Description: "A line whose type this version of the protocol does not list.",
			Required:    []string{"type"},
			Properties:  props,
		}
		if err := b.addUnknown(root, UnknownPrefix+"Message", def); err != nil {
			return nil, err
		}
	}
	finish(root)
	return root, nil
}

// addUnknown defines a catch-all branch of the union root.
func (b *build) addUnknown(root *jsonschema.Schema, name string, def *jsonschema.Schema) error {
	if _, taken := b.defs[name]; taken {
		return fmt.Errorf("reflect: the name %s is taken", name)
	}
	b.defs[name] = def
	root.OneOf = append(root.OneOf, &jsonschema.Schema{Ref: "#/$defs/" + name})
	return nil
}

// unknownSubtype returns the schema of a line of type typ whose subtype is
// missing or not one of known: the subtype's member (at the model's subtype
// path, of one or two levels) is absent, or holds any other value.
func (g *Generator) unknownSubtype(typ string, known []any) (*jsonschema.Schema, error) {
	parts := strings.Split(strings.TrimPrefix(g.model.SubtypePath(typ), "/"), "/")
	props := jsonschema.NewProperties()
	props.Set("type", &jsonschema.Schema{Const: typ})
	switch len(parts) {
	case 1:
		props.Set(parts[0], &jsonschema.Schema{Extras: anyTypes(), Not: &jsonschema.Schema{Enum: known}})
	case 2:
		inner := jsonschema.NewProperties()
		inner.Set(parts[1], &jsonschema.Schema{Enum: known})
		props.Set(parts[0], &jsonschema.Schema{Extras: anyTypes(), Not: &jsonschema.Schema{
			Type: "object", Required: []string{parts[1]}, Properties: inner,
		}})
	default:
		return nil, fmt.Errorf("reflect: type %s: subtype path %s has more than two levels", typ, g.model.SubtypePath(typ))
	}
	return &jsonschema.Schema{
		Type:        "object",
		Description: fmt.Sprintf("A %s line whose subtype (at %s) this version of the protocol does not list, or that has none.", typ, g.model.SubtypePath(typ)),
		Required:    []string{"type"},
		Properties:  props,
	}, nil
}

// variantTitle returns the title of a variant's schema: its name and
// "line". Code generators name the variant's type after it
// (ResultSuccessLine), apart from the definition of its Go type
// (ResultSuccess).
func variantTitle(v *protocol.Variant) string { return v.Name + " line" }

// goName turns a snake_case wire name into a Go-style one: "control_request"
// becomes "ControlRequest".
func goName(s string) string {
	var b strings.Builder
	for _, part := range strings.Split(s, "_") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String()
}

// unionTitle returns the title of the union schema.
func (g *Generator) unionTitle() string {
	if g.model == protocol.Wire {
		return "Claude Code stream-json protocol " + protocol.Version
	}
	return "The stream-json protocol as the " + g.model.Name + " dialect reads it"
}

// AnyTypes lists every JSON type: the "type" of a member whose value may be
// anything. Code generators read it as "any value" (a bare {} reads as an
// object to some); the validator drops it (schemas.Lower).
var AnyTypes = []string{"null", "boolean", "number", "string", "array", "object"}

func anyTypes() map[string]any { return map[string]any{"type": slices.Clone(AnyTypes)} }

// finish rewrites what the reflector leaves in an awkward form, throughout
// the tree: a nullable member becomes "type": [T, "null"] (or an anyOf with
// null for a reference) instead of a oneOf that validators must try twice; a
// member that may be anything lists every type (AnyTypes); and a reference
// with a description beside it moves into an allOf of one, since code
// generators read a $ref with siblings as a new type (or drop the $ref).
func finish(s *jsonschema.Schema) {
	walk(s, func(s *jsonschema.Schema) {
		if s.Properties != nil {
			for pair := s.Properties.Oldest(); pair != nil; pair = pair.Next() {
				pair.Value = nullable(pair.Value)
				if isAny(pair.Value) {
					pair.Value.Extras = anyTypes()
				}
			}
		}
		if s.Items != nil && isAny(s.Items) {
			s.Items.Extras = anyTypes()
		}
		if s.Ref != "" && (s.Description != "" || s.Title != "") {
			s.AllOf = append([]*jsonschema.Schema{{Ref: s.Ref}}, s.AllOf...)
			s.Ref = ""
		}
	})
}

// isAny reports whether s puts no constraint on a value: it has nothing
// but a title or description.
func isAny(s *jsonschema.Schema) bool {
	bare := *s
	bare.Title, bare.Description = "", ""
	data, err := json.Marshal(&bare)
	return err == nil && (string(data) == "{}" || string(data) == "true")
}

// nullable turns invopop's {"oneOf": [X, {"type": "null"}]} into a form
// without oneOf.
func nullable(s *jsonschema.Schema) *jsonschema.Schema {
	if len(s.OneOf) != 2 || s.OneOf[1].Type != "null" {
		return s
	}
	x := s.OneOf[0]
	switch {
	case x.Ref != "":
		return &jsonschema.Schema{Description: x.Description, AnyOf: []*jsonschema.Schema{{Ref: x.Ref}, {Type: "null"}}}
	case x.Type == "" && x.AnyOf == nil && x.AllOf == nil && x.Enum == nil:
		return x // accepts null already
	case x.Type != "":
		y := *x
		y.Type = ""
		y.Extras = maps.Clone(x.Extras)
		if y.Extras == nil {
			y.Extras = map[string]any{}
		}
		y.Extras["type"] = []string{x.Type, "null"}
		if y.Enum != nil {
			y.Enum = append(slices.Clone(y.Enum), nil)
		}
		return &y
	}
	return &jsonschema.Schema{Description: x.Description, AnyOf: []*jsonschema.Schema{x, {Type: "null"}}}
}

// walk calls fn on s and every schema below it.
func walk(s *jsonschema.Schema, fn func(*jsonschema.Schema)) {
	if s == nil {
		return
	}
	fn(s)
	for _, name := range slices.Sorted(maps.Keys(s.Definitions)) {
		walk(s.Definitions[name], fn)
	}
	for _, list := range [][]*jsonschema.Schema{s.AllOf, s.AnyOf, s.OneOf, s.PrefixItems} {
		for _, c := range list {
			walk(c, fn)
		}
	}
	for _, c := range []*jsonschema.Schema{s.Not, s.If, s.Then, s.Else, s.Items, s.Contains, s.AdditionalProperties, s.PropertyNames} {
		walk(c, fn)
	}
	if s.Properties != nil {
		for pair := s.Properties.Oldest(); pair != nil; pair = pair.Next() {
			walk(pair.Value, fn)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(s.PatternProperties)) {
		walk(s.PatternProperties[k], fn)
	}
}
