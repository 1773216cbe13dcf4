// Command lancekrogers is protocheck's harness (protocol 1) of the Go SDK
// github.com/lancekrogers/claude-code-go: each line goes through the SDK's
// own StreamPrompt, whose CLI is a fake one that prints the line
// (docs/harness.md).
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"time"

	"github.com/lancekrogers/claude-code-go/pkg/claude"
)

// spawn has the SDK's client spawn the stand-in CLI with StreamPrompt,
// once with a zero RunOptions and once per field of RunOptions (read by
// reflection) set to a sample of its kind.
func spawn(cli, label string) []map[string]any {
	client := claude.NewClient(cli)
	type tryCase struct {
		option, value string
		opts          claude.RunOptions
	}
	cases := []tryCase{{}}
	t := reflect.TypeOf(claude.RunOptions{})
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		var o claude.RunOptions
		v := reflect.ValueOf(&o).Elem().Field(i)
		switch {
		case f.Type.Kind() == reflect.String && f.Type.Name() == "OutputFormat":
			v.SetString("stream-json")
		case f.Type.Kind() == reflect.String:
			v.SetString("x")
		case f.Type.Kind() == reflect.Bool:
			v.SetBool(true)
		case f.Type.Kind() == reflect.Int:
			v.SetInt(3)
		case f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.String:
			v.Set(reflect.ValueOf([]string{"x"}))
		default:
			continue
		}
		val, _ := json.Marshal(v.Interface())
		cases = append(cases, tryCase{f.Name, string(val), o})
	}
	var out []map[string]any
	for i, c := range cases {
		os.WriteFile(label, []byte(fmt.Sprint(i)), 0o644) //nolint:errcheck
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		msg := ""
		msgs, errs := client.StreamPrompt(ctx, "protocheck", &c.opts)
		for range msgs {
		}
		if err := <-errs; err != nil {
			msg = err.Error()
		}
		cancel()
		out = append(out, map[string]any{"label": fmt.Sprint(i), "option": c.option, "value": c.value, "error": msg})
	}
	return out
}

func main() {
	dir, err := os.MkdirTemp("", "protocheck-go-harness-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer os.RemoveAll(dir)
	lines, cli := filepath.Join(dir, "lines"), filepath.Join(dir, "claude")
	// The fake CLI prints the line, whatever the SDK's arguments.
	if err := os.WriteFile(cli, []byte("#!/bin/sh\nexec cat \""+lines+"\"\n"), 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	client := claude.NewClient(cli)
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 64<<20)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var req struct {
			Type  string `json:"type"`
			ID    int    `json:"id"`
			Line  string `json:"line"`
			CLI   string `json:"cli"`
			Label string `json:"label"`
		}
		if json.Unmarshal(in.Bytes(), &req) != nil {
			continue
		}
		ans := map[string]any{"type": req.Type, "id": req.ID}
		switch req.Type {
		case "hello":
			ans["protocol"], ans["sdk"], ans["sdk_version"], ans["language"], ans["capabilities"] = 1, "github.com/lancekrogers/claude-code-go", "v0.1.0", "go", []string{"read", "spawn"}
		case "read":
			if err := os.WriteFile(lines, []byte(req.Line+"\n"), 0o644); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			msgs, errs := client.StreamPrompt(context.Background(), "protocheck", &claude.RunOptions{})
			var got []claude.Message
			for m := range msgs {
				got = append(got, m)
			}
			err := <-errs
			switch {
			case err != nil:
				ans["verdict"], ans["error"] = "rejected", err.Error()
			case len(got) > 0:
				ans["verdict"], ans["as"] = "accepted", "claude.Message"
			default:
				ans["verdict"], ans["as"] = "dropped", "not sent on the channel"
			}
		case "spawn":
			ans["cases"] = spawn(req.CLI, req.Label)
		default:
			ans["unsupported"] = true
		}
		out.Encode(ans) //nolint:errcheck
	}
}
