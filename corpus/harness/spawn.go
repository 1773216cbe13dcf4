package harness

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// StandInVersion is what the stand-in CLI answers to --version: an SDK
// that checks the CLI's version before it spawns a session finds a recent
// one.
const StandInVersion = "2.1.331 (Claude Code)"

// A Spawn is the argv one SDK's own spawn code gave the CLI for one set of
// options.
type Spawn struct {
	// Option names the SDK option set ("" : defaults) as the SDK's
	// options type spells it; Value shows the value set.
	Option string `json:"option"`
	Value  string `json:"value,omitempty"`
	// Argv is the CLI's arguments (without the program) at the session's
	// spawn, as the stand-in recorded them; nil when the SDK spawned
	// nothing (Error says what it raised).
	Argv  []string `json:"argv"`
	Error string   `json:"error,omitempty"`
}

// ErrNoSpawn: the harness's hello does not list the "spawn" capability.
var ErrNoSpawn = errors.New("the harness cannot spawn (its hello lists no \"spawn\" capability)")

// standIn is the stand-in CLI: it answers --version, records its argv
// (after the label the harness wrote) and exits 1, as a CLI that refuses.
const standIn = `#!/bin/sh
if [ $# -eq 1 ] && { [ "$1" = "-v" ] || [ "$1" = "--version" ]; }; then echo '%s'; exit 0; fi
{ cat '%s' 2>/dev/null; printf '\001%%s\001' "$#"; for a in "$@"; do printf '%%s\001' "$a"; done; } >> '%s'
exit 1
`

// Spawn has the harness drive its SDK's own spawn code once with default
// options and once per option it tries, against a stand-in CLI that
// records its argv; it returns the argv of each case, the defaults first.
// A case that changes nothing in argv against the defaults is left out.
func (r *Runner) Spawn(ctx context.Context) ([]Spawn, error) {
	if !r.Ready(ctx) {
		return nil, fmt.Errorf("%s: %v", r.spec.Name, r.problems)
	}
	if !slices.Contains(r.hello.Capabilities, "spawn") {
		return nil, ErrNoSpawn
	}
	dir, err := os.MkdirTemp("", "protocheck-spawn-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	cli, label, record := filepath.Join(dir, "claude"), filepath.Join(dir, "label"), filepath.Join(dir, "record")
	if strings.ContainsRune(dir, '\'') {
		return nil, fmt.Errorf("temporary folder %q has a quote", dir)
	}
	if err := os.WriteFile(cli, fmt.Appendf(nil, standIn, StandInVersion, label, record), 0o755); err != nil {
		return nil, err
	}
	r.nextID++
	a, ok := r.exchange(ctx, &Request{Type: "spawn", ID: r.nextID, CLI: cli, Label: label}, "spawn", 5*time.Minute)
	if !ok {
		return nil, fmt.Errorf("%s: spawn: %v", r.spec.Name, r.problems[len(r.problems)-1])
	}
	data, err := os.ReadFile(record)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	argvs, err := parseRecord(data)
	if err != nil {
		return nil, fmt.Errorf("%s: the stand-in's record: %w", r.spec.Name, err)
	}
	var out []Spawn
	var base []string
	for i, c := range a.Cases {
		s := Spawn{Option: c.Option, Value: c.Value, Argv: argvs[c.Label], Error: c.Error}
		if s.Argv != nil {
			s.Error = "" // the stand-in refused it: that error is ours
		}
		if i == 0 {
			base = s.Argv
		} else if s.Argv != nil && slices.Equal(s.Argv, base) {
			continue
		}
		out = append(out, s)
	}
	return out, nil
}

// parseRecord reads the stand-in's record: per spawn, the label, then
// \x01 count \x01, then each argument followed by \x01. It keeps, per
// label, the last spawn.
func parseRecord(data []byte) (map[string][]string, error) {
	out := map[string][]string{}
	for len(data) > 0 {
		i := bytes.IndexByte(data, 1)
		if i < 0 {
			return nil, errors.New("a spawn without its count")
		}
		label := string(bytes.TrimSpace(data[:i]))
		data = data[i+1:]
		j := bytes.IndexByte(data, 1)
		if j < 0 {
			return nil, errors.New("a count without its end")
		}
		n, err := strconv.Atoi(string(data[:j]))
		if err != nil || n < 0 {
			return nil, fmt.Errorf("count %q", data[:j])
		}
		data = data[j+1:]
		args := make([]string, 0, n)
		for range n {
			k := bytes.IndexByte(data, 1)
			if k < 0 {
				return nil, errors.New("an argument without its end")
			}
			args = append(args, string(data[:k]))
			data = data[k+1:]
		}
		out[label] = args
	}
	return out, nil
}
