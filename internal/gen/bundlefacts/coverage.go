package main

import (
	"encoding/json"
	"reflect"
	"strings"

	"github.com/protocheck/protocheck/protocol"
)

// kind says how the wire model holds a member.
type kind uint8

const (
	// typed: the model describes the member's value.
	typed kind = iota + 1
	// freeForm: the model takes any JSON there (json.RawMessage, an
	// interface that is no union): whatever lies below is modelled as such.
	freeForm
)

// walkModel calls fn with every member the wire model has below the Go
// type t at pointer at: like protocol.WalkMembers, and also into the
// members of unions (content blocks, stream events) and the blocks of a
// MessageContent, whose members the schemas check too.
func walkModel(t reflect.Type, at string, fn func(ptr string, k kind)) {
	walkFields(t, at, func(ptr string, f reflect.StructField, k kind) { fn(ptr, k) })
}

// walkFields is walkModel that also hands fn each member's struct field.
func walkFields(t reflect.Type, at string, fn func(ptr string, f reflect.StructField, k kind)) {
	seen := map[reflect.Type]bool{}
	raw := reflect.TypeFor[json.RawMessage]()
	content := reflect.TypeFor[protocol.MessageContent]()
	unions := map[reflect.Type]*protocol.Union{}
	for _, u := range protocol.Unions {
		unions[u.Interface] = u
	}
	var walk func(t reflect.Type, at string)
	walk = func(t reflect.Type, at string) {
		for {
			switch {
			case t == raw:
				return
			case t.Kind() == reflect.Pointer:
				t = t.Elem()
				continue
			case t.Kind() == reflect.Slice || t.Kind() == reflect.Map:
				at += "/*"
				t = t.Elem()
				continue
			}
			break
		}
		if u := unions[t]; u != nil {
			for _, m := range u.Members {
				walk(reflect.TypeOf(m.New()), at)
			}
			return
		}
		if t == content {
			if f, ok := t.FieldByName("Blocks"); ok {
				walk(f.Type, at)
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
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case f.Anonymous && name == "":
				walk(f.Type, at)
				continue
			case name == "" || name == "-":
				continue
			}
			p := at + "/" + strings.ReplaceAll(strings.ReplaceAll(name, "~", "~0"), "/", "~1")
			fn(p, f, kindOf(f.Type, unions))
			walk(f.Type, p)
		}
	}
	walk(t, at)
}

func kindOf(t reflect.Type, unions map[reflect.Type]*protocol.Union) kind {
	if t == reflect.TypeFor[json.RawMessage]() {
		return freeForm
	}
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
		t = t.Elem()
		if t == reflect.TypeFor[json.RawMessage]() {
			return freeForm
		}
	}
	if t.Kind() == reflect.Interface && unions[t] == nil {
		return freeForm
	}
	return typed
}

// modelOf returns the members the wire model has for variant v, by
// pointer: the envelope's own members for a control message, and the
// variant's Go type below it.
func modelOf(v *protocol.Variant) map[string]kind {
	m := map[string]kind{}
	prefix := ""
	if e := protocol.Wire.EnvelopeOf(v.Type); e != nil {
		prefix = "/" + e.Member
		et := reflect.TypeOf(e.New()).Elem()
		for i := range et.NumField() {
			if name, _, _ := strings.Cut(et.Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
				m["/"+name] = typed
			}
		}
	}
	walkModel(v.GoType(), prefix, func(ptr string, k kind) {
		if m[ptr] != freeForm {
			m[ptr] = k
		}
		// The items of an array or map, as pointers of their own.
		for i := strings.Index(ptr, "/*"); i >= 0; {
			if m[ptr[:i+2]] == 0 {
				m[ptr[:i+2]] = typed
			}
			j := strings.Index(ptr[i+2:], "/*")
			if j < 0 {
				break
			}
			i += 2 + j
		}
	})
	return m
}

// modelled says how the model holds ptr: typed, freeForm (ptr or one of
// its parents takes any JSON), or 0 (not at all).
func modelled(model map[string]kind, ptr string) kind {
	if k := model[ptr]; k != 0 {
		return k
	}
	for p := ptr; ; {
		i := strings.LastIndexByte(p, '/')
		if i <= 0 {
			return 0
		}
		p = p[:i]
		if model[p] == freeForm {
			return freeForm
		}
	}
}
