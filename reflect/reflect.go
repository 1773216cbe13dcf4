package reflect

import (
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

// defineUnion adds the dispatch definition of u and the definitions of its
// members. Each member's definition pins its discriminator; the dispatch
// applies the member whose value matches. A value no member has passes in
// the tolerant profile and fails in the strict one.
func (b *build) defineUnion(u *protocol.Union) error {
	dispatch := &jsonschema.Schema{
		Type:        "object",
		Description: b.g.lookupComment(u.Interface, ""),
		Required:    []string{u.Key},
		Properties:  jsonschema.NewProperties(),
	}
	key := &jsonschema.Schema{Type: "string"}
	dispatch.Properties.Set(u.Key, key)
	b.defs[u.Name] = dispatch
	for _, m := range u.Members {
		ref := b.reflectType(m.Type())
		def := b.defs[m.Type().Name()]
		if err := pinConst(def, u.Key, m.Value); err != nil {
			return fmt.Errorf("reflect: union %s member %s: %w", u.Name, m.Value, err)
		}
		dispatch.AllOf = append(dispatch.AllOf, ifThen(constProps(u.Key, m.Value), ref))
		if b.profile == Strict {
			key.Enum = append(key.Enum, m.Value)
		}
	}
	return nil
}

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
	return nil
}

// constProps returns {"properties": {key: {"const": value}}, "required": [key]}.
func constProps(key string, value any) *jsonschema.Schema {
	props := jsonschema.NewProperties()
	props.Set(key, &jsonschema.Schema{Const: value})
	return &jsonschema.Schema{Properties: props, Required: []string{key}}
}

func ifThen(cond, then *jsonschema.Schema) *jsonschema.Schema {
	return &jsonschema.Schema{If: cond, Then: then}
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
	root.Title = v.Name
	root.Definitions = b.defs
	finish(root)
	return root, nil
}

// variantRoot returns the schema of v that references the definitions of
// its Go type: the Go type's schema plus the variant's discriminators.
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
	if v.Marker != "" {
		props.Set(v.Marker, &jsonschema.Schema{Const: true})
		required = append(required, v.Marker)
	}
	return &jsonschema.Schema{
		Ref:         ref.Ref,
		Description: v.Doc,
		Properties:  props,
		Required:    required,
	}
}

// Union returns protocol.schema.json for a profile: one schema that applies
// the variant schema a line's discriminators select, through if/then on
// "type" and then on the subtype, so that validators and code generators name
// the right branch. It embeds every variant under $defs by variant name.
func (g *Generator) Union(p Profile) (*jsonschema.Schema, error) {
	b := g.newBuild(p)
	byType := map[string][]*protocol.Variant{}
	var types []string
	for _, v := range g.model.Variants {
		root := b.variantRoot(v)
		root.Title = v.Name
		b.defs[v.Name] = root
		if _, seen := byType[v.Type]; !seen {
			types = append(types, v.Type)
		}
		byType[v.Type] = append(byType[v.Type], v)
	}
	if err := b.complete(); err != nil {
		return nil, err
	}
	typeProp := &jsonschema.Schema{Type: "string"}
	root := &jsonschema.Schema{
		Version:     jsonschema.Version,
		ID:          jsonschema.ID(g.id(p, UnionFile)),
		Title:       g.unionTitle(),
		Description: "One line of the protocol. The type member (and, where the type has one, the subtype) selects the variant schema under $defs.",
		Type:        "object",
		Required:    []string{"type"},
		Properties:  jsonschema.NewProperties(),
		Definitions: b.defs,
	}
	root.Properties.Set("type", typeProp)
	for _, typ := range types {
		vs := byType[typ]
		if p == Strict {
			typeProp.Enum = append(typeProp.Enum, typ)
		}
		root.AllOf = append(root.AllOf, ifThen(constProps("type", typ), dispatchType(g.model.SubtypePath(typ), vs, p)))
	}
	finish(root)
	return root, nil
}

// unionTitle returns the title of the union schema.
func (g *Generator) unionTitle() string {
	if g.model == protocol.Wire {
		return "Claude Code stream-json protocol " + protocol.Version
	}
	return "The stream-json protocol as the " + g.model.Name + " dialect reads it"
}

// dispatchType returns the schema applied to lines of one type, whose
// subtype is at the JSON Pointer path: the variant itself, or a dispatch on
// the subtype or marker.
func dispatchType(path string, vs []*protocol.Variant, p Profile) *jsonschema.Schema {
	refTo := func(v *protocol.Variant) *jsonschema.Schema {
		return &jsonschema.Schema{Ref: "#/$defs/" + v.Name}
	}
	if len(vs) == 1 && vs[0].Subtype == "" && vs[0].Marker == "" {
		return refTo(vs[0])
	}
	s := &jsonschema.Schema{}
	var known []any
	for _, v := range vs {
		switch {
		case v.Marker != "":
			s.AllOf = append(s.AllOf, ifThen(constProps(v.Marker, true), refTo(v)))
		case v.Subtype == "":
			// The plain variant applies when the marker of the others is not true.
			var not []*jsonschema.Schema
			for _, o := range vs {
				if o.Marker != "" {
					not = append(not, constProps(o.Marker, true))
				}
			}
			s.AllOf = append(s.AllOf, &jsonschema.Schema{If: &jsonschema.Schema{Not: anyOf(not)}, Then: refTo(v)})
		default:
			known = append(known, v.Subtype)
			s.AllOf = append(s.AllOf, ifThen(atPath(path, &jsonschema.Schema{Const: v.Subtype}), refTo(v)))
		}
	}
	if p == Strict && len(known) > 0 {
		s.AllOf = append(s.AllOf, atPath(path, &jsonschema.Schema{Enum: known}))
	}
	return s
}

func anyOf(ss []*jsonschema.Schema) *jsonschema.Schema {
	if len(ss) == 1 {
		return ss[0]
	}
	return &jsonschema.Schema{AnyOf: ss}
}

// atPath returns a schema that applies leaf to the member at a JSON Pointer
// of one or two levels and requires the members on the way.
func atPath(pointer string, leaf *jsonschema.Schema) *jsonschema.Schema {
	parts := strings.Split(strings.TrimPrefix(pointer, "/"), "/")
	s := leaf
	for i := len(parts) - 1; i >= 0; i-- {
		props := jsonschema.NewProperties()
		props.Set(parts[i], s)
		s = &jsonschema.Schema{Properties: props, Required: []string{parts[i]}}
	}
	return s
}

// finish rewrites what the reflector leaves in an awkward form, throughout
// the tree: a nullable member becomes "type": [T, "null"] (or an anyOf with
// null for a reference) instead of a oneOf that validators must try twice.
func finish(s *jsonschema.Schema) {
	walk(s, func(s *jsonschema.Schema) {
		if s.Properties == nil {
			return
		}
		for pair := s.Properties.Oldest(); pair != nil; pair = pair.Next() {
			pair.Value = nullable(pair.Value)
		}
	})
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
