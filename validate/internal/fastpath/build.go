package fastpath

import (
	"encoding/json"
	"fmt"
)

// Build returns the value of the line from start to end as
// santhosh-tekuri/jsonschema reads JSON (what its UnmarshalJSON gives:
// map[string]any, []any, string, json.Number, bool and nil; the last of
// a repeated member counts), with each number that subs names (sorted by
// Start) replaced by its stand-in. The range must hold one value the scan
// has read without a syntax error.
func Build(line []byte, start, end int, subs []NumSub) (any, error) {
	b := builder{d: line[:end], subs: subs}
	for len(b.subs) > 0 && b.subs[0].Start < start {
		b.subs = b.subs[1:]
	}
	i := skipWS(b.d, start)
	v, i, err := b.value(i)
	if err != nil {
		return nil, err
	}
	if i = skipWS(b.d, i); i != len(b.d) {
		return nil, fmt.Errorf("byte %d: more after the value", i+1)
	}
	return v, nil
}

type builder struct {
	d    []byte
	subs []NumSub
}

func (b *builder) value(i int) (any, int, error) {
	switch kindOf(b.d, i) {
	case tObject:
		obj := map[string]any{}
		i = skipWS(b.d, i+1)
		if i < len(b.d) && b.d[i] == '}' {
			return obj, i + 1, nil
		}
		for {
			key, next, err := b.str(i)
			if err != nil {
				return nil, i, err
			}
			i = skipWS(b.d, next)
			if i >= len(b.d) || b.d[i] != ':' {
				return nil, i, b.errAt(i, "':'")
			}
			v, next, err := b.value(skipWS(b.d, i+1))
			if err != nil {
				return nil, i, err
			}
			obj[key] = v
			if i = skipWS(b.d, next); i < len(b.d) && b.d[i] == ',' {
				i = skipWS(b.d, i+1)
				continue
			}
			if i < len(b.d) && b.d[i] == '}' {
				return obj, i + 1, nil
			}
			return nil, i, b.errAt(i, "',' or '}'")
		}
	case tArray:
		arr := make([]any, 0, 4)
		i = skipWS(b.d, i+1)
		if i < len(b.d) && b.d[i] == ']' {
			return arr, i + 1, nil
		}
		for {
			v, next, err := b.value(i)
			if err != nil {
				return nil, i, err
			}
			arr = append(arr, v)
			if i = skipWS(b.d, next); i < len(b.d) && b.d[i] == ',' {
				i = skipWS(b.d, i+1)
				continue
			}
			if i < len(b.d) && b.d[i] == ']' {
				return arr, i + 1, nil
			}
			return nil, i, b.errAt(i, "',' or ']'")
		}
	case tString:
		s, next, err := b.str(i)
		return s, next, err
	case tNumber:
		end := skipValue(b.d, i)
		for len(b.subs) > 0 && b.subs[0].Start < i {
			b.subs = b.subs[1:]
		}
		if len(b.subs) > 0 && b.subs[0].Start == i {
			sub := b.subs[0]
			b.subs = b.subs[1:]
			return json.Number(sub.With), sub.End, nil
		}
		return json.Number(b.d[i:end]), end, nil
	case tBool, tNull:
		for _, lit := range [...]string{"true", "false", "null"} {
			if len(b.d)-i >= len(lit) && string(b.d[i:i+len(lit)]) == lit {
				var v any
				if lit != "null" {
					v = lit == "true"
				}
				return v, i + len(lit), nil
			}
		}
	}
	return nil, i, b.errAt(i, "a value")
}

func (b *builder) str(i int) (string, int, error) {
	if i >= len(b.d) || b.d[i] != '"' {
		return "", i, b.errAt(i, "a string")
	}
	end, esc, msg := scanString(b.d, i)
	if msg != "" {
		return "", i, fmt.Errorf("byte %d: %s", end+1, msg)
	}
	if !esc {
		return string(b.d[i+1 : end-1]), end, nil
	}
	s, ok := unquote(b.d[i:end])
	if !ok {
		return "", i, fmt.Errorf("byte %d: invalid string", i+1)
	}
	return s, end, nil
}

func (b *builder) errAt(i int, want string) error {
	return fmt.Errorf("byte %d: expected %s", i+1, want)
}
