package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	yaml "go.yaml.in/yaml/v4"
)

// FileName is the name Find looks for.
const FileName = ".protocheck.yaml"

// Config is the content of a config file. A key left out is nil or "",
// and leaves the flag's default alone.
type Config struct {
	// Path is the file read; relative paths in it (Baseline, the PATH of
	// a Format) are relative to its folder.
	Path string `yaml:"-"`

	Profile     string            `yaml:"profile"`
	Strict      *bool             `yaml:"strict"`
	Direction   string            `yaml:"direction"`
	FailOn      string            `yaml:"fail-on"`
	FailOnStale *bool             `yaml:"fail-on-stale"`
	Baseline    string            `yaml:"baseline"`
	Format      []string          `yaml:"format"`
	Ignore      []string          `yaml:"ignore"`
	Rules       map[string]string `yaml:"rules"`

	// Lines gives the line of each item, for errors found after parsing:
	// "rules.<ID>", "ignore.<i>" and "format.<i>" (i from 0).
	Lines map[string]int `yaml:"-"`
}

// Where returns "file:line" of an item (see Lines), or the file alone.
func (c *Config) Where(item string) string {
	if n := c.Lines[item]; n > 0 {
		return fmt.Sprintf("%s:%d", c.Path, n)
	}
	return c.Path
}

// Keys lists the keys a config file may have.
var Keys = []string{"profile", "strict", "direction", "fail-on", "fail-on-stale", "baseline", "format", "ignore", "rules"}

// Find returns the config file that applies in dir: dir's own, else the
// one at the root of the git work tree dir is in, else "".
func Find(dir string) (string, error) {
	p := filepath.Join(dir, FileName)
	if _, err := os.Stat(p); err == nil {
		return p, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			p := filepath.Join(d, FileName)
			if _, err := os.Stat(p); err == nil {
				return p, nil
			}
			return "", nil
		}
		if filepath.Dir(d) == d {
			return "", nil
		}
	}
}

// MaxBytes caps the size of a config file: a few keys and lists of globs
// take kilobytes, and the YAML library holds some 20 times a file's size
// while it reads it (a 55 MB file of globs: 1 GB).
const MaxBytes = 4 << 20

// Load reads a config file. Errors name the file and the line: a key the
// format does not have, a value of the wrong type, bad YAML. A file that
// is not a regular file (a named pipe, a device such as /dev/zero, or a
// link to one), or is larger than MaxBytes, is refused before it is read.
func Load(path string) (*Config, error) {
	if fi, err := os.Stat(path); err != nil {
		return nil, err
	} else if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxBytes+1))
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse parses a config file's bytes; name is for errors.
func Parse(name string, data []byte) (*Config, error) {
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("%s: larger than %d MiB: not a config file", name, MaxBytes>>20)
	}
	c := &Config{Path: name}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if err.Error() == "EOF" {
			return c, nil // an empty file sets nothing
		}
		return nil, syntaxError(name, err)
	}
	if len(doc.Content) == 0 {
		return c, nil
	}
	if err := noAliases(name, &doc); err != nil {
		return nil, err
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s:%d: want a mapping of keys (%s)", name, root.Line, strings.Join(Keys, ", "))
	}
	// Keys given twice are refused here, in one pass, before the YAML
	// library decodes the mapping: its own check compares every key with
	// every other, and a file of many repeated keys (416 KB) ran it out of
	// memory.
	if err := uniqueKeys(name, root); err != nil {
		return nil, err
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k := root.Content[i]
		if !slices.Contains(Keys, k.Value) {
			return nil, fmt.Errorf("%s:%d: unknown key %q (known: %s)", name, k.Line, k.Value, strings.Join(Keys, ", "))
		}
		if v := root.Content[i+1]; k.Value == "rules" && v.Kind != yaml.MappingNode && v.Tag != "!!null" {
			return nil, fmt.Errorf("%s:%d: rules: want a mapping of rule IDs to off, info, warning or error", name, v.Line)
		}
	}
	if err := root.Decode(c); err != nil {
		var te *yaml.TypeError
		if errors.As(err, &te) && len(te.Errors) > 0 {
			e := te.Errors[0]
			return nil, fmt.Errorf("%s:%d: %v", name, e.Line, e.Err)
		}
		return nil, fmt.Errorf("%s: %v", name, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	c.Path = name
	c.Lines = map[string]int{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch {
		case k.Value == "rules" && v.Kind == yaml.MappingNode:
			for j := 0; j+1 < len(v.Content); j += 2 {
				c.Lines["rules."+v.Content[j].Value] = v.Content[j].Line
			}
		case (k.Value == "ignore" || k.Value == "format") && v.Kind == yaml.SequenceNode:
			for j, item := range v.Content {
				c.Lines[fmt.Sprintf("%s.%d", k.Value, j)] = item.Line
			}
		}
	}
	return c, nil
}

// maxRules bounds the entries of the rules mapping: far more than the
// rules there are, and few enough for the YAML library's check of it.
const maxRules = 1000

// uniqueKeys is an error naming the file and both lines when a key of the
// top mapping, or of its rules mapping, is given twice.
func uniqueKeys(name string, root *yaml.Node) error {
	check := func(m *yaml.Node, what string) error {
		seen := make(map[string]int, len(m.Content)/2)
		for i := 0; i+1 < len(m.Content); i += 2 {
			k := m.Content[i]
			if first, ok := seen[k.Value]; ok {
				return fmt.Errorf("%s:%d: %skey %q given again (first at line %d)", name, k.Line, what, k.Value, first)
			}
			seen[k.Value] = k.Line
		}
		return nil
	}
	if err := check(root, ""); err != nil {
		return err
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		if v := root.Content[i+1]; root.Content[i].Value == "rules" && v.Kind == yaml.MappingNode {
			if len(v.Content)/2 > maxRules {
				return fmt.Errorf("%s:%d: rules: %d entries, more than the %d allowed", name, v.Line, len(v.Content)/2, maxRules)
			}
			if err := check(v, "rules: "); err != nil {
				return err
			}
		}
	}
	return nil
}

// noAliases is an error naming the file and line of the first alias
// (*name) in a config, or of a merge key (<<). A config has no use for
// them, and an alias repeats a value as often as it is named: 20,000
// aliases of a 50 KB string, 1 MB of config, decoded to 1 GB of ignore
// globs (and aliases of aliases grow exponentially). Refused before any
// value is decoded, in one pass over the nodes the parser built.
func noAliases(name string, doc *yaml.Node) error {
	stack := []*yaml.Node{doc}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch {
		case n.Kind == yaml.AliasNode:
			return fmt.Errorf("%s:%d: a YAML alias (*%s): not allowed in a config; write the value out", name, n.Line, n.Value)
		case n.Kind == yaml.ScalarNode && n.Tag == "!!merge":
			return fmt.Errorf("%s:%d: a YAML merge key (<<): not allowed in a config; write the keys out", name, n.Line)
		}
		for i := len(n.Content) - 1; i >= 0; i-- { // the first in the file first
			stack = append(stack, n.Content[i])
		}
	}
	return nil
}

// syntaxError renders a YAML parse error as "file:line: message".
func syntaxError(name string, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	var line int
	var rest string
	if n, _ := fmt.Sscanf(msg, "line %d:", &line); n == 1 {
		_, rest, _ = strings.Cut(msg, ":")
		return fmt.Errorf("%s:%d:%s", name, line, rest)
	}
	return fmt.Errorf("%s: %s", name, msg)
}

// Rel resolves a path the config file names against the file's folder.
func (c *Config) Rel(p string) string {
	if p == "" || filepath.IsAbs(p) || c.Path == "" {
		return p
	}
	return filepath.Join(filepath.Dir(c.Path), p)
}

// Starter is the commented file protocheck config init writes.
const Starter = `# protocheck's settings for this repository (protocheck validate reads
# them from the current folder or the root of the git work tree; --config
# names another file). Flags given on the command line win over them.
# Every key is optional; a key protocheck does not know is an error.

# The schema profile: tolerant (members the protocol does not define are
# allowed and counted) or strict (they are errors).
profile: tolerant

# Unknown types, subtypes and kinds are errors rather than warnings.
strict: false

# Who wrote the transcripts: cli (the CLI's stdout), sdk (an SDK's writes
# to the CLI's stdin) or auto.
# direction: auto

# The lowest severity that fails the run: error or warning.
fail-on: error

# Findings already known: only findings not in the baseline fail the run.
# Write it with: protocheck validate --baseline FILE --update-baseline ...
# The path is relative to this file.
# baseline: .protocheck-baseline.json

# Make the run fail (exit 1) when baseline entries are no longer found, so
# that the baseline shrinks as findings are fixed.
# fail-on-stale: false

# Output formats, each to standard output or to a file (FORMAT=PATH):
# text, json, github, sarif, junit, gitlab, markdown.
# format:
#   - text
#   - sarif=protocheck.sarif

# Findings to drop: RULE or RULE:GLOB, where RULE is a rule ID or a
# pattern ("schema/*") and GLOB matches the file's path as given on the
# command line (** matches any number of folders).
# ignore:
#   - input/duplicate-key
#   - schema/unknown-property:legacy/**

# Severity of a rule: off, info, warning or error ('protocheck rules'
# lists the rule IDs and their default severities).
# rules:
#   variant/unknown-type: error
#   input/duplicate-key: off
`
