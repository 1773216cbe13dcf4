package reflect

import (
	"encoding/json"
	"fmt"
	"maps"
	stdreflect "reflect"
	"regexp"
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
	enums    enumsByType   // nil, or the enum values of one CLI version (AtVersion)
	covers   *schemas.Covers
	pkgPath  string            // the import path of the model's types; only they get descriptions
	comments map[string]string // "Type" or "Type.Field" -> doc text
	// variantDefs maps identifier(VariantDef(v)) to the definition names
	// of the model's variants that have it (DefName asks for every
	// definition of every schema).
	variantDefs map[string][]string
	// readers holds what forSchemaReaders made of each comment (shared by
	// the copies AtVersion makes: the comments are the same).
	readers *readerComments
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
	variantDefs := map[string][]string{}
	for _, v := range m.Variants {
		id := identifier(VariantDef(v))
		variantDefs[id] = append(variantDefs[id], VariantDef(v))
	}
	return &Generator{model: m, baseID: baseID, pkgPath: m.Variants[0].GoType().PkgPath(), comments: comments, variantDefs: variantDefs, readers: &readerComments{m: map[commentKey]string{}}}, nil
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
		// One schema of two types rather than an anyOf of two schemas:
		// go-jsonschema reads the anyOf as its first branch (a string) and
		// the type list as any value; every other generator reads both as
		// the union. schemas.Lower restores the anyOf.
		return &jsonschema.Schema{
			Extras: map[string]any{"type": []string{"string", "array"}},
			Items:  b.ref(b.unionFor(stdreflect.TypeFor[protocol.ContentBlock]()).Interface),
		}
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
	var types map[string]stdreflect.Type // the struct types under t, once
	if b.profile == Tolerant {
		types = structsUnder(t, nil)
	}
	for name, def := range s.Definitions {
		if _, ok := b.defs[name]; !ok {
			b.g.members.apply(name, def)
			b.g.enums.apply(name, def)
			if b.profile == Tolerant {
				openEnums(types[name], def)
			}
			b.defs[name] = def
		}
	}
	return &jsonschema.Schema{Ref: s.Ref}
}

// openEnums drops, from the definition def of struct type t, the enums of
// the members tagged enum:"open": value sets the generated layer took from
// the releases seen so far, which a later release extends. The tolerant
// profile must give no false error on a release it never saw, so it takes
// any string there; the strict profile keeps the set.
func openEnums(t stdreflect.Type, def *jsonschema.Schema) {
	if t == nil || def.Properties == nil {
		return
	}
	for _, f := range fieldsOf(t) {
		if f.Tag.Get("enum") != "open" {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if prop, ok := def.Properties.Get(name); ok && prop != nil {
			dropEnum(prop)
		}
	}
}

// dropEnum removes the enum of s and of the branches of its anyOf.
func dropEnum(s *jsonschema.Schema) {
	s.Enum = nil
	for _, b := range s.AnyOf {
		dropEnum(b)
	}
}

// fieldsOf lists the fields of struct type t with those of its embedded
// structs in line, as the reflector lays them out.
func fieldsOf(t stdreflect.Type) []stdreflect.StructField {
	var out []stdreflect.StructField
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == stdreflect.Struct && f.Tag.Get("json") == "" {
			out = append(out, fieldsOf(f.Type)...)
			continue
		}
		out = append(out, f)
	}
	return out
}

// structsUnder maps the names of the struct types t holds (itself, its
// members' types, through pointers, slices and maps) to the types.
func structsUnder(t stdreflect.Type, into map[string]stdreflect.Type) map[string]stdreflect.Type {
	if into == nil {
		into = map[string]stdreflect.Type{}
	}
	for t.Kind() == stdreflect.Pointer || t.Kind() == stdreflect.Slice || t.Kind() == stdreflect.Array || t.Kind() == stdreflect.Map {
		t = t.Elem()
	}
	if t.Kind() != stdreflect.Struct || t.Name() == "" {
		return into
	}
	if _, seen := into[t.Name()]; seen {
		return into
	}
	into[t.Name()] = t
	for _, f := range fieldsOf(t) {
		structsUnder(f.Type, into)
	}
	return into
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
// union is an object that is anyOf the references to them: the members'
// consts exclude each other, so anyOf means what oneOf would, and it is the
// form more code generators read (go-jsonschema merges an anyOf of objects,
// and gives interface{} for a oneOf). In the strict profile the union also
// names its discriminator and maps each value to its member in the
// annotation OpenAPI defines (DiscriminatorKeyword), which
// datamodel-code-generator and others turn into a tagged union. In the
// tolerant profile one more branch, Unknown<Name>, takes a kind the
// protocol does not list: its discriminator is any string, so that a
// generator reads it as one more object type. That union carries no
// discriminator annotation: OpenAPI maps every branch to a value, and the
// catch-all has none. (The validator reads the union back as a dispatch on
// the discriminator, a known value to its member and any other to the
// catch-all: see schemas.Lower.)
func (b *build) defineUnion(u *protocol.Union) error {
	desc := strings.TrimSpace(b.g.lookupComment(u.Interface, "") + " Its `" + u.Key + "` picks the branch.")
	if b.profile == Tolerant {
		desc += " A value no branch lists goes to " + UnknownPrefix + u.Name + "."
	}
	union := &jsonschema.Schema{Type: "object", Description: desc}
	b.defs[u.Name] = union
	mapping := map[string]string{}
	for _, m := range u.Members {
		ref := b.reflectType(m.Type())
		def := b.defs[m.Type().Name()]
		if err := pinConst(def, u.Key, m.Value); err != nil {
			return fmt.Errorf("reflect: union %s member %s: %w", u.Name, m.Value, err)
		}
		union.AnyOf = append(union.AnyOf, ref)
		mapping[m.Value] = ref.Ref
	}
	switch b.profile {
	case Strict:
		union.Extras = map[string]any{DiscriminatorKeyword: discriminatorAnnotation{PropertyName: u.Key, Mapping: mapping}}
	case Tolerant:
		name := UnknownPrefix + u.Name
		if _, taken := b.defs[name]; taken {
			return fmt.Errorf("reflect: union %s: the name %s is taken", u.Name, name)
		}
		props := jsonschema.NewProperties()
		props.Set(u.Key, &jsonschema.Schema{Type: "string", Description: fmt.Sprintf("A kind of %s not listed here.", u.Name)})
		b.defs[name] = &jsonschema.Schema{
			Type:        "object",
			Description: fmt.Sprintf("A %s whose %s is none of the values the other branches pin: a later version of the protocol may add kinds, and a tolerant reader keeps them. A reader that dispatches on %s sends only the unlisted values here.", u.Name, u.Key, u.Key),
			Required:    []string{u.Key},
			Properties:  props,
		}
		union.AnyOf = append(union.AnyOf, &jsonschema.Schema{Ref: "#/$defs/" + name})
	}
	return nil
}

// DiscriminatorKeyword is the annotation that names a union's
// discriminator and maps each of its values to a member: OpenAPI's
// discriminator object, as JSON Schema validators treat an unknown keyword,
// an annotation. ajv in strict mode must be told of it
// (ajv.addKeyword("discriminator")).
const DiscriminatorKeyword = "discriminator"

// discriminatorAnnotation is the value of DiscriminatorKeyword.
type discriminatorAnnotation struct {
	PropertyName string            `json:"propertyName"`
	Mapping      map[string]string `json:"mapping"`
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
	def.Properties.Set(key, constSchema(p, value))
	// The discriminator tells the branch: whatever the version facts say
	// of the member, a line of the branch carries it.
	if !slices.Contains(def.Required, key) {
		def.Required = append([]string{key}, def.Required...)
	}
	return nil
}

// constSchema returns a property that pins the member p describes to
// value: a string (or boolean) const with p's description, whatever p's
// type was (an enum's reference becomes the one value).
func constSchema(p *jsonschema.Schema, value any) *jsonschema.Schema {
	typ := "string"
	if _, ok := value.(bool); ok {
		typ = "boolean"
	}
	return &jsonschema.Schema{Type: typ, Const: value, Description: p.Description}
}

// Variant returns the schema of one variant in a profile: the variant's
// object at the root, and under $defs only the definitions it reaches.
func (g *Generator) Variant(v *protocol.Variant, p Profile) (*jsonschema.Schema, error) {
	b := g.newBuild(p)
	root := b.variantRoot(v)
	if err := b.complete(); err != nil {
		return nil, err
	}
	root.Version = jsonschema.Version
	root.ID = jsonschema.ID(g.id(p, FileName(v)))
	root.Definitions = b.defs
	finish(root)
	if p == Tolerant {
		openObjects(root)
	}
	prune(root)
	g.rename(root)
	return root, nil
}

// variantRoot returns the schema of v, one self-contained object: the
// members of its Go type (or of its envelope, whose body member then refers
// to the variant's body type), with its discriminators pinned by consts, so
// that a code generator gives the variant's type literal discriminators and
// needs no allOf. A plain variant of a type whose other variant has a
// marker pins the marker to false, so that the variants of a type exclude
// each other. The definition of the Go type it copies stays only where
// something else refers to it (prune).
func (b *build) variantRoot(v *protocol.Variant) *jsonschema.Schema {
	env := b.g.model.EnvelopeOf(v.Type)
	var base, body *jsonschema.Schema
	if env == nil {
		base = b.reflectType(v.GoType())
	} else {
		base = b.reflectType(stdreflect.TypeOf(env.New()).Elem())
		body = b.reflectType(v.GoType())
	}
	def := b.defs[strings.TrimPrefix(base.Ref, "#/$defs/")]
	root := *def
	root.Properties = jsonschema.NewProperties()
	for pair := def.Properties.Oldest(); pair != nil; pair = pair.Next() {
		root.Properties.Set(pair.Key, pair.Value)
	}
	root.Required = slices.Clone(def.Required)
	pin := func(name string, s *jsonschema.Schema, required bool) {
		if old, ok := root.Properties.Get(name); ok && s.Description == "" {
			s.Description = old.Description
		}
		root.Properties.Set(name, s)
		if required && !slices.Contains(root.Required, name) {
			root.Required = append(root.Required, name)
		}
	}
	pin("type", &jsonschema.Schema{Type: "string", Const: v.Type}, true)
	switch {
	case env != nil:
		pin(env.Member, &jsonschema.Schema{Ref: body.Ref}, true)
	case v.Subtype != "":
		pin("subtype", &jsonschema.Schema{Type: "string", Const: v.Subtype}, true)
	}
	switch {
	case v.Marker != "":
		pin(v.Marker, &jsonschema.Schema{Type: "boolean", Const: true}, true)
	default:
		for _, o := range b.g.model.Variants {
			if o.Type == v.Type && o.Marker != "" && v.Subtype == "" {
				pin(o.Marker, &jsonschema.Schema{Type: "boolean", Const: false}, false)
			}
		}
	}
	// required in the order of the properties, as the reflector writes it
	var req []string
	for pair := root.Properties.Oldest(); pair != nil; pair = pair.Next() {
		if slices.Contains(root.Required, pair.Key) {
			req = append(req, pair.Key)
		}
	}
	root.Required = req
	root.Title = variantTitle(v)
	root.Description = v.Doc
	return &root
}

// Union returns protocol.schema.json for a profile: one schema that is
// anyOf every variant, each defined under $defs by its name, and whose
// discriminators (type, then the subtype or marker) let exactly one match.
// The root is the union alone: a "type" beside it hides the union from
// code generators that read the root's own keywords first (typify makes a
// struct of it, zod's converter an object that takes lines no branch
// takes); every branch is an object. In the strict profile, whose
// branches exclude each other, the union is a oneOf, which typify makes an
// enum (of an anyOf it makes a struct of optional flattened branches); the
// tolerant profile's catch-all branches overlap the others, so it stays an
// anyOf.
// In the tolerant profile further branches take a type the protocol does
// not list (UnknownMessage) and, per type with subtypes, a subtype it does
// not list (Unknown<Type>), as a reader of a later CLI's output must.
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
		name := VariantDef(v)
		if _, taken := b.defs[name]; taken {
			return nil, fmt.Errorf("reflect: variant %s: a type definition has its name %s", v.Name, name)
		}
		b.defs[name] = b.variantRoot(v)
		branches := &root.AnyOf
		if p == Strict {
			branches = &root.OneOf
		}
		*branches = append(*branches, &jsonschema.Schema{Ref: "#/$defs/" + name})
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
			def, err := g.unknownSubtype(typ.(string))
			if err != nil {
				return nil, err
			}
			if err := b.addUnknown(root, name, def); err != nil {
				return nil, err
			}
		}
		props := jsonschema.NewProperties()
		props.Set("type", &jsonschema.Schema{Type: "string", Description: "A type not listed here."})
		def := &jsonschema.Schema{
			Type:        "object",
			Description: "A line whose type this version of the protocol does not list. A reader that dispatches on type sends only the unlisted types here.",
			Required:    []string{"type"},
			Properties:  props,
		}
		if err := b.addUnknown(root, UnknownPrefix+"Message", def); err != nil {
			return nil, err
		}
	}
	finish(root)
	if p == Tolerant {
		openObjects(root)
	}
	prune(root)
	g.rename(root)
	return root, nil
}

// openObjects says of every object schema below root that sets no
// additionalProperties that it takes members it does not list
// (additionalProperties: true): what the tolerant profile means, written
// out, since a generator that reads the keyword's absence as "closed" or
// "ignore the others" (pydantic's default) would drop them.
func openObjects(root *jsonschema.Schema) {
	walk(root, func(s *jsonschema.Schema) {
		if s.Type == "object" && s.AdditionalProperties == nil && s.Ref == "" {
			s.AdditionalProperties = jsonschema.TrueSchema
		}
	})
}

// addUnknown defines a catch-all branch of the union root.
func (b *build) addUnknown(root *jsonschema.Schema, name string, def *jsonschema.Schema) error {
	if _, taken := b.defs[name]; taken {
		return fmt.Errorf("reflect: the name %s is taken", name)
	}
	b.defs[name] = def
	root.AnyOf = append(root.AnyOf, &jsonschema.Schema{Ref: "#/$defs/" + name})
	return nil
}

// unknownSubtype returns the schema of a line of type typ whose subtype
// (at the model's subtype path, of one or two levels) is not one the
// variants list, or is missing: an object of that type, its subtype any
// string. A reader that dispatches on the subtype sends only the unlisted
// values here.
func (g *Generator) unknownSubtype(typ string) (*jsonschema.Schema, error) {
	parts := strings.Split(strings.TrimPrefix(g.model.SubtypePath(typ), "/"), "/")
	props := jsonschema.NewProperties()
	props.Set("type", &jsonschema.Schema{Type: "string", Const: typ})
	subtype := &jsonschema.Schema{Type: "string", Description: "A subtype not listed here."}
	switch len(parts) {
	case 1:
		props.Set(parts[0], subtype)
	case 2:
		inner := jsonschema.NewProperties()
		inner.Set(parts[1], subtype)
		props.Set(parts[0], &jsonschema.Schema{Type: "object", Properties: inner})
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

// VariantDef returns the name of a variant's definition in the union
// schema: its name in PascalCase and "Line" ("result.success" gives
// ResultSuccessLine), a name every code generator takes as it is (a dot
// makes datamodel-code-generator look for a module) and the one
// json-schema-to-typescript derives from the variant's title.
func VariantDef(v *protocol.Variant) string {
	return goName(strings.ReplaceAll(v.Name, ".", "_")) + "Line"
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

// finish rewrites what the reflector leaves in an awkward form, throughout
// the tree: a nullable member becomes "type": [T, "null"] (or an anyOf with
// null for a reference) instead of a oneOf that validators must try twice,
// and a member that may be anything is true. A reference keeps its description
// beside it: JSON Schema 2020-12 allows siblings of $ref, and generators
// read the description as the member's.
//
// A nullable reference to an enum's definition becomes the enum itself
// with null among its values: go-jsonschema gives an anyOf of an enum's
// reference and null a second UnmarshalJSON method, which does not
// compile.
//
// Of members whose names give a code generator one identifier (see
// caseTwins), one stays a property and the others are declared by an
// exact patternProperties entry.
func finish(s *jsonschema.Schema) {
	defs := s.Definitions
	walk(s, func(s *jsonschema.Schema) {
		if s.Properties != nil {
			for pair := s.Properties.Oldest(); pair != nil; pair = pair.Next() {
				pair.Value = anything(nullEnum(nullable(pair.Value), defs))
			}
			caseTwins(s)
		}
		if s.Items != nil {
			s.Items = anything(s.Items)
		}
	})
}

// caseTwins moves, of the properties of s whose names give one identifier
// once case and separators are set aside (tool_use_result and
// toolUseResult would be such twins; no message of the model has one
// today), all but one from properties to patternProperties, each under an anchored
// pattern that matches its name alone: a validator reads that as the same
// schema, while a generator that recases member names into fields (typify
// makes both tool_use_result, a duplicate field that rustc refuses;
// jsonschema2pojo makes both toolUseResult) sees one property. The one that
// stays is the first whose name has no upper-case letter (the wire's
// snake_case), or else the first. A required twin, or one whose name a
// pattern would have to escape, cannot move: reflect panics, as on any
// other schema it cannot write.
func caseTwins(s *jsonschema.Schema) {
	groups := map[string][]string{}
	var order []string
	for pair := s.Properties.Oldest(); pair != nil; pair = pair.Next() {
		id := identifier(pair.Key)
		if groups[id] == nil {
			order = append(order, id)
		}
		groups[id] = append(groups[id], pair.Key)
	}
	for _, id := range order {
		names := groups[id]
		if len(names) < 2 {
			continue
		}
		keep := names[0]
		for _, n := range names {
			if strings.ToLower(n) == n {
				keep = n
				break
			}
		}
		for _, n := range names {
			if n == keep {
				continue
			}
			if slices.Contains(s.Required, n) || !plainName.MatchString(n) {
				panic("reflect: member " + n + " has a case twin " + keep + " and cannot move to patternProperties")
			}
			p, _ := s.Properties.Get(n)
			s.Properties.Delete(n)
			if s.PatternProperties == nil {
				s.PatternProperties = map[string]*jsonschema.Schema{}
			}
			s.PatternProperties[ExactPattern(n)] = p
		}
	}
}

// plainName matches the member names an exact pattern needs no escape for.
var plainName = regexp.MustCompile(`^[A-Za-z0-9_]+$`)

// ExactPattern is the patternProperties key that matches the member name
// alone (name of letters, digits and underscores).
func ExactPattern(name string) string { return "^" + name + "$" }

// anything returns s, or true when s puts no constraint on a value. A
// description it had goes: a boolean schema has no room for one, and a
// description alone (an object schema without a type) reads as "an
// object" to json-schema-to-typescript.
func anything(s *jsonschema.Schema) *jsonschema.Schema {
	if !isAny(s) {
		return s
	}
	return jsonschema.TrueSchema
}

// identifier is the name a code generator derives from a definition's
// name: its letters and digits, case aside ("stream_event" and
// "StreamEvent" give the same).
func identifier(name string) string {
	return strings.ToLower(strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, name))
}

// ValueSuffix ends the name of a type's definition whose own name would
// give a code generator the identifier of a variant's definition (a type
// named ActiveGoalLine would become ActiveGoalLineValue).
const ValueSuffix = "Value"

// DefName returns the name of the definition of the type or union called
// name in the model's schemas.
func (g *Generator) DefName(name string) string {
	for _, def := range g.variantDefs[identifier(name)] {
		if def != name {
			return name + ValueSuffix
		}
	}
	return name
}

// rename gives the definitions whose names clash with a variant's their
// DefName, and rewrites the references to them.
func (g *Generator) rename(root *jsonschema.Schema) {
	moved := map[string]string{}
	for name, def := range root.Definitions {
		if to := g.DefName(name); to != name {
			if _, taken := root.Definitions[to]; taken {
				panic("reflect: " + to + " is taken")
			}
			moved["#/$defs/"+name] = "#/$defs/" + to
			delete(root.Definitions, name)
			root.Definitions[to] = def
		}
	}
	if len(moved) == 0 {
		return
	}
	walk(root, func(s *jsonschema.Schema) {
		if to, ok := moved[s.Ref]; ok {
			s.Ref = to
		}
		if d, ok := s.Extras[DiscriminatorKeyword].(discriminatorAnnotation); ok {
			for k, ref := range d.Mapping {
				if to, ok := moved[ref]; ok {
					d.Mapping[k] = to
				}
			}
		}
	})
}

// prune drops the definitions the root does not reach.
func prune(root *jsonschema.Schema) {
	defs := root.Definitions
	reached := map[string]bool{}
	var visit func(s *jsonschema.Schema)
	visit = func(s *jsonschema.Schema) {
		walk(s, func(s *jsonschema.Schema) {
			name, ok := strings.CutPrefix(s.Ref, "#/$defs/")
			if !ok || reached[name] {
				return
			}
			reached[name] = true
			if def := defs[name]; def != nil {
				visit(def)
			}
		})
	}
	root.Definitions = nil
	visit(root)
	root.Definitions = defs
	for name := range defs {
		if !reached[name] {
			delete(defs, name)
		}
	}
}

// nullEnum returns s, or when s is an anyOf of a reference to an enum's
// definition and null, an anyOf of that enum inline, titled with its name,
// and null.
func nullEnum(s *jsonschema.Schema, defs jsonschema.Definitions) *jsonschema.Schema {
	if len(s.AnyOf) != 2 || s.AnyOf[1].Type != "null" || s.AnyOf[0].Ref == "" {
		return s
	}
	def := defs[strings.TrimPrefix(s.AnyOf[0].Ref, "#/$defs/")]
	if def == nil || def.Enum == nil || def.Type != "string" {
		return s
	}
	return nullableEnum(s.Description, strings.TrimPrefix(s.AnyOf[0].Ref, "#/$defs/"), def.Enum)
}

// nullableEnum returns the schema of a member that holds one of the
// strings values, or null: an anyOf of the enum and null. A title names
// the enum when it has a definition of its own (the reference it
// replaces).
func nullableEnum(description, title string, values []any) *jsonschema.Schema {
	return &jsonschema.Schema{
		Description: description,
		AnyOf:       []*jsonschema.Schema{{Type: "string", Title: title, Enum: slices.Clone(values)}, {Type: "null"}},
	}
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
	case x.Type == "string" && x.Enum != nil && len(x.Extras) == 0:
		// an enum or null: an anyOf, which generators read as an optional
		// enum (go-jsonschema wraps an enum of a type list in a struct
		// that only its own decoder fills); schemas.Lower restores the
		// type list.
		return nullableEnum(x.Description, "", x.Enum)
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
