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

	"github.com/lancekrogers/claude-code-go/pkg/claude"
)

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
			Type string `json:"type"`
			ID   int    `json:"id"`
			Line string `json:"line"`
		}
		if json.Unmarshal(in.Bytes(), &req) != nil {
			continue
		}
		ans := map[string]any{"type": req.Type, "id": req.ID}
		switch req.Type {
		case "hello":
			ans["protocol"], ans["sdk"], ans["sdk_version"], ans["language"], ans["capabilities"] = 1, "github.com/lancekrogers/claude-code-go", "v0.1.0", "go", []string{"read"}
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
		default:
			ans["unsupported"] = true
		}
		out.Encode(ans) //nolint:errcheck
	}
}
