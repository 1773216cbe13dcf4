package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/protocheck/protocheck/corpus/argv"
	"github.com/protocheck/protocheck/corpus/harness"
)

// recordSpawns has every installed harness that can spawn (its hello
// lists "spawn") drive its SDK's spawn code against the stand-in CLI, and
// updates spawns.json: the entries of the harnesses run are replaced, the
// others kept.
func recordSpawns(root, cache, out string) error {
	sdks, err := harness.LoadSDKs(root)
	if err != nil {
		return err
	}
	var f argv.SpawnsFacts
	if data, err := os.ReadFile(out); err == nil {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&f); err != nil {
			return fmt.Errorf("%s: %w", out, err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	ran := 0
	for _, s := range sdks {
		if !s.InstalledIn(cache) {
			fmt.Fprintf(os.Stderr, "optionfacts: %s: not installed under %s (make harnesses): its entry is kept\n", s.Name, cache)
			continue
		}
		r := harness.NewRunner(s.SpecIn(root, cache))
		spawns, err := r.Spawn(context.Background())
		r.Close()
		if errors.Is(err, harness.ErrNoSpawn) {
			fmt.Fprintf(os.Stderr, "optionfacts: %s: %v: its entry is kept\n", s.Name, err)
			continue
		}
		if err != nil {
			return err
		}
		e := argv.SDK{Harness: s.Name, SDK: s.SDK, Version: s.Version, Language: s.Language, Dialect: dialectOf(s)}
		for _, sp := range spawns {
			e.Spawns = append(e.Spawns, argv.Spawn{Option: sp.Option, Value: sp.Value, Argv: sp.Argv, Error: sp.Error})
		}
		fmt.Fprintf(os.Stderr, "optionfacts: %s: %d argv recorded\n", s.Name, len(e.Spawns))
		f.SDKs = slices.DeleteFunc(f.SDKs, func(x argv.SDK) bool { return x.Harness == s.Name })
		f.SDKs = append(f.SDKs, e)
		ran++
	}
	// In the order of sdks.json.
	order := func(name string) int {
		return slices.IndexFunc(sdks, func(s harness.SDK) bool { return s.Name == name })
	}
	slices.SortStableFunc(f.SDKs, func(a, b argv.SDK) int { return order(a.Harness) - order(b.Harness) })
	data, err := json.MarshalIndent(f, "", " ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, append(data, '\n'), 0o644); err != nil {
		return err
	}
	if ran == 0 {
		return fmt.Errorf("no harness under %s could spawn", cache)
	}
	return writeTable(root, filepath.Join(root, filepath.FromSlash(argv.File)))
}

// dialectOf names the dialect that models an SDK: its model in sdks.json;
// the ts-sdk dialect, generated from the TypeScript SDK's own sdk.d.ts,
// models that SDK without naming it there.
func dialectOf(s harness.SDK) string {
	if s.Model == "" && s.SDK == "@anthropic-ai/claude-agent-sdk" {
		return "ts-sdk"
	}
	return s.Model
}

// writeTable writes docs/argv.md under root from the facts on disk (not
// those compiled into this program: a run that just wrote them needs the
// table to follow).
func writeTable(root, options string) error {
	f, err := readFacts(options)
	if err != nil {
		return err
	}
	var sp argv.SpawnsFacts
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(argv.SpawnsFile)))
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, &sp); err != nil {
		return fmt.Errorf("%s: %w", argv.SpawnsFile, err)
	}
	var b bytes.Buffer
	if err := argv.NewLadder(f.Releases).WriteTable(&b, sp.SDKs); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(root, filepath.FromSlash(argv.TableFile)), b.Bytes(), 0o644)
}
