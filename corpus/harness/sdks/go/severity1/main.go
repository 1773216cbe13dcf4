// Command severity1 is protocheck's harness (protocol 1) of the Go SDK
// github.com/severity1/claude-agent-sdk-go: each line goes through the
// SDK's own Query iterator, whose CLI (found as "claude" on PATH) is a fake
// one that prints the line (docs/harness.md).
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	claudecode "github.com/severity1/claude-agent-sdk-go"
)

func main() {
	dir, err := os.MkdirTemp("", "protocheck-go-harness-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer os.RemoveAll(dir)
	lines := filepath.Join(dir, "lines")
	// The fake CLI says a version when asked, else prints the line.
	fake := "#!/bin/sh\nfor a; do [ \"$a\" = -v ] || [ \"$a\" = --version ] && { echo '2.1.330 (Claude Code)'; exit 0; }; done\nexec cat \"" + lines + "\"\n"
	if err := os.WriteFile(filepath.Join(dir, "claude"), []byte(fake), 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
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
			ans["protocol"], ans["sdk"], ans["sdk_version"], ans["language"], ans["capabilities"] = 1, "github.com/severity1/claude-agent-sdk-go", "v0.6.12", "go", []string{"read"}
		case "read":
			if err := os.WriteFile(lines, []byte(req.Line+"\n"), 0o644); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			for k, v := range read() {
				ans[k] = v
			}
		default:
			ans["unsupported"] = true
		}
		out.Encode(ans) //nolint:errcheck
	}
}

// read runs one Query over the fake CLI and says what it gave.
func read() map[string]any {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	it, err := claudecode.Query(ctx, "protocheck")
	if err != nil {
		return map[string]any{"verdict": "rejected", "error": err.Error()}
	}
	defer it.Close()
	var got []claudecode.Message
	for {
		m, err := it.Next(ctx)
		if errors.Is(err, claudecode.ErrNoMoreMessages) {
			break
		}
		if err != nil {
			return map[string]any{"verdict": "rejected", "error": err.Error()}
		}
		if m != nil {
			got = append(got, m)
		}
	}
	if len(got) == 0 {
		return map[string]any{"verdict": "dropped", "as": "no message"}
	}
	return map[string]any{"verdict": "accepted", "as": fmt.Sprintf("%T", got[0])}
}
