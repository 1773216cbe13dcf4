package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/protocheck/protocheck/corpus/dialects/goat"
	"github.com/protocheck/protocheck/corpus/dialects/python"
	"github.com/protocheck/protocheck/corpus/dialects/rust"
	"github.com/protocheck/protocheck/corpus/dialects/spec02"
	"github.com/protocheck/protocheck/corpus/dialects/tsdocs"
	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/reflect"
)

func main() {
	root := flag.String("root", ".", "the repository's root folder")
	check := flag.Bool("check", false, "only report stale files")
	flag.Parse()
	changed, err := generate(*root, !*check)
	if err != nil {
		fmt.Fprintln(os.Stderr, "schemagen:", err)
		os.Exit(2)
	}
	for _, c := range changed {
		fmt.Println(c)
	}
	if *check && len(changed) > 0 {
		fmt.Fprintln(os.Stderr, "schemagen: schemas are stale; run: make schemas")
		os.Exit(1)
	}
}

// goDialects lists the Go-modelled dialects and their folders under
// corpus/dialects.
var goDialects = []struct {
	dir   string // the dialect's folder
	src   string // the folder of its Go types, when not dir
	model *protocol.Model
}{
	{"spec02", "", spec02.Model},
	{"goat", "", goat.Model},
	{"tsdocs", "", tsdocs.Model},
	{"python", "", python.Model},
	{"python0139", "python", python.ModelBefore0140},
	{"rust", "", rust.Model},
}

// DialectBaseID prefixes the $ids of a dialect's schemas; its name follows.
const DialectBaseID = "https://protocheck.dev/schemas/v1/dialects/"

// generate regenerates the schemas of the repository at root and reports the
// files that changed (or, without write, that would change), relative to
// root.
func generate(root string, write bool) (changed []string, err error) {
	g, err := reflect.NewGenerator(filepath.Join(root, "protocol"))
	if err != nil {
		return nil, err
	}
	files, err := g.VersionedFiles()
	if err != nil {
		return nil, err
	}
	c, err := reflect.Sync(filepath.Join(root, "schemas"), files, write)
	if err != nil {
		return nil, err
	}
	for _, f := range c {
		changed = append(changed, filepath.Join("schemas", f))
	}
	for _, d := range goDialects {
		dir := filepath.Join(root, "corpus", "dialects", d.dir)
		src := dir
		if d.src != "" {
			src = filepath.Join(root, "corpus", "dialects", d.src)
		}
		g, err := reflect.NewModelGenerator(d.model, src, DialectBaseID+d.model.Name+"/")
		if err != nil {
			return nil, err
		}
		files, err := g.SetFiles(reflect.Tolerant)
		if err != nil {
			return nil, fmt.Errorf("dialect %s: %w", d.model.Name, err)
		}
		c, err := reflect.Sync(filepath.Join(dir, "schemas"), files, write)
		if err != nil {
			return nil, err
		}
		for _, f := range c {
			changed = append(changed, filepath.Join("corpus", "dialects", d.dir, "schemas", f))
		}
		if d.src != "" {
			continue // its writes are those of the dialect in src
		}
		writes, err := encodeWrites(d.model.Examples)
		if err != nil {
			return nil, fmt.Errorf("dialect %s: %w", d.model.Name, err)
		}
		if stale, err := syncFile(filepath.Join(dir, "writes.json"), writes, write); err != nil {
			return nil, err
		} else if stale {
			changed = append(changed, filepath.Join("corpus", "dialects", d.dir, "writes.json"))
		}
	}
	return changed, nil
}

// syncFile reports whether the file at path differs from data and, with
// write, writes data there.
func syncFile(path string, data []byte, write bool) (stale bool, err error) {
	old, err := os.ReadFile(path)
	if err == nil && bytes.Equal(old, data) {
		return false, nil
	}
	if write {
		return true, os.WriteFile(path, data, 0o644)
	}
	return true, nil
}

// write is one entry of writes.json.
type write struct {
	Name    string          `json:"name"`
	Source  string          `json:"source"`
	Answers string          `json:"answers,omitempty"`
	Message json.RawMessage `json:"message"`
}

// encodeWrites marshals a dialect's examples, each with its own types'
// json.Marshal, into writes.json.
func encodeWrites(examples []protocol.Example) ([]byte, error) {
	out := []write{}
	for _, e := range examples {
		msg, err := json.Marshal(e.Value)
		if err != nil {
			return nil, fmt.Errorf("example %q: %w", e.Name, err)
		}
		out = append(out, write{Name: e.Name, Source: e.Source, Answers: e.Answers, Message: msg})
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
