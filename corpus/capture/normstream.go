package capture

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// The normaliser reads a line as a stream of tokens and writes each value
// as it ends, instead of building the line's tree (parseValue): a tree
// node per value took some 45 times a line's size, and a line of 60 MiB
// ran out of memory. Its visits are the tree's, in the same order, so
// placeholders are numbered as before; a line is first read through once
// to find a syntax error before any placeholder is taken.

// tokenSink gets the leaves of a line, with the name of the member that
// holds each (for array items, the array's), and its structure.
type tokenSink interface {
	open(delim byte)
	close(delim byte)
	key(key, raw string, first bool)
	item(first bool)
	str(s, raw, key string)
	num(v json.Number, key string)
	literal(s string)
}

// walkLine reads one JSON value from line, as parseValue does (the same
// calls of the decoder, so the same errors), and tells sink of each part;
// sink may be nil to check the syntax only.
func walkLine(line []byte, sink tokenSink) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	if err := walkValue(dec, line, "", sink); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("unexpected data after the JSON value")
	}
	return nil
}

func walkValue(dec *json.Decoder, data []byte, key string, sink tokenSink) error {
	off := dec.InputOffset()
	tok, err := dec.Token()
	if err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return err
	}
	switch t := tok.(type) {
	case nil:
		if sink != nil {
			sink.literal("null")
		}
		return nil
	case bool:
		if sink != nil {
			sink.literal(map[bool]string{true: "true", false: "false"}[t])
		}
		return nil
	case json.Number:
		if sink != nil {
			sink.num(t, key)
		}
		return nil
	case string:
		if sink != nil {
			sink.str(t, rawString(data, off, dec.InputOffset(), t), key)
		}
		return nil
	case json.Delim:
		switch t {
		case '{':
			if sink != nil {
				sink.open('{')
			}
			for first := true; dec.More(); first = false {
				koff := dec.InputOffset()
				kt, err := dec.Token()
				if err != nil {
					return err
				}
				k, _ := kt.(string)
				if sink != nil {
					sink.key(k, rawString(data, koff, dec.InputOffset(), k), first)
				}
				if err := walkValue(dec, data, k, sink); err != nil {
					return err
				}
			}
			if _, err := dec.Token(); err != nil { // '}'
				return err
			}
			if sink != nil {
				sink.close('}')
			}
			return nil
		case '[':
			if sink != nil {
				sink.open('[')
			}
			for first := true; dec.More(); first = false {
				if sink != nil {
					sink.item(first)
				}
				if err := walkValue(dec, data, key, sink); err != nil {
					return err
				}
			}
			if _, err := dec.Token(); err != nil { // ']'
				return err
			}
			if sink != nil {
				sink.close(']')
			}
			return nil
		}
	}
	return fmt.Errorf("unexpected token %v", tok)
}

// lineWriter writes a normalised line as walkLine reads it: what
// Normalizer.value and appendJSON do to the tree, value by value.
type lineWriter struct {
	n   *Normalizer
	out bytes.Buffer
}

func (w *lineWriter) open(d byte)  { w.out.WriteByte(d) }
func (w *lineWriter) close(d byte) { w.out.WriteByte(d) }
func (w *lineWriter) key(k, raw string, first bool) {
	if !first {
		w.out.WriteByte(',')
	}
	if raw != "" {
		w.out.WriteString(raw)
	} else {
		writeString(&w.out, k)
	}
	w.out.WriteByte(':')
}
func (w *lineWriter) item(first bool) {
	if !first {
		w.out.WriteByte(',')
	}
}
func (w *lineWriter) literal(s string) { w.out.WriteString(s) }
func (w *lineWriter) num(v json.Number, key string) {
	if c := numberClass(key); c != "" {
		v = w.n.number(c, v)
	}
	w.out.WriteString(v.String())
}
func (w *lineWriter) str(s, raw, key string) {
	if raw != "" {
		w.out.WriteString(raw) // written back as it was (see readValue)
		return
	}
	if idKeyRe.MatchString(key) && w.n.vals[w.n.key("id", s)]&idFlag != 0 {
		s = w.n.placeholder("id", s)
	} else {
		s = w.n.str(s)
	}
	writeString(&w.out, s)
}

// idCollector notes the values of id members as walkLine reads a line:
// what Normalizer.collectIDs does on the tree.
type idCollector struct{ ids []string }

func (c *idCollector) open(byte)                {}
func (c *idCollector) close(byte)               {}
func (c *idCollector) key(string, string, bool) {}
func (c *idCollector) item(bool)                {}
func (c *idCollector) literal(string)           {}
func (c *idCollector) num(json.Number, string)  {}
func (c *idCollector) str(s, raw, key string) {
	if raw == "" && idKeyRe.MatchString(key) && len(s) >= 4 {
		c.ids = append(c.ids, s)
	}
}
