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
			ans["protocol"], ans["sdk"], ans["sdk_version"], ans["language"], ans["capabilities"] = 1, "github.com/severity1/claude-agent-sdk-go", "v0.6.12", "go", []string{"read", "spawn"}
		case "read":
			if err := os.WriteFile(lines, []byte(req.Line+"\n"), 0o644); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			for k, v := range read() {
				ans[k] = v
			}
		case "spawn":
			ans["cases"] = spawn(req.CLI, req.Label)
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

// spawn has the SDK's own client spawn the stand-in CLI (Connect),
// once with the defaults and once per option that takes a plain value.
func spawn(cli, label string) []map[string]any {
	cases := []struct {
		option, value string
		opt           claudecode.Option
	}{
		{"", "", nil},
		{"WithAllowedTools", `"Read"`, claudecode.WithAllowedTools("Read")},
		{"WithDisallowedTools", `"Bash"`, claudecode.WithDisallowedTools("Bash")},
		{"WithTools", `"Read"`, claudecode.WithTools("Read")},
		{"WithSystemPrompt", `"x"`, claudecode.WithSystemPrompt("x")},
		{"WithAppendSystemPrompt", `"x"`, claudecode.WithAppendSystemPrompt("x")},
		{"WithModel", `"x"`, claudecode.WithModel("x")},
		{"WithFallbackModel", `"x"`, claudecode.WithFallbackModel("x")},
		{"WithMaxBudgetUSD", "1.5", claudecode.WithMaxBudgetUSD(1.5)},
		{"WithUser", `"x"`, claudecode.WithUser("x")},
		{"WithMaxThinkingTokens", "1000", claudecode.WithMaxThinkingTokens(1000)},
		{"WithPermissionMode", "PermissionModeAcceptEdits", claudecode.WithPermissionMode(claudecode.PermissionModeAcceptEdits)},
		{"WithPermissionPromptToolName", `"x"`, claudecode.WithPermissionPromptToolName("x")},
		{"WithContinueConversation", "true", claudecode.WithContinueConversation(true)},
		{"WithResume", `"x"`, claudecode.WithResume("x")},
		{"WithAddDirs", `"/tmp"`, claudecode.WithAddDirs("/tmp")},
		{"WithMaxTurns", "3", claudecode.WithMaxTurns(3)},
		{"WithSettings", `"x"`, claudecode.WithSettings("x")},
		{"WithForkSession", "true", claudecode.WithForkSession(true)},
		{"WithSettingSources", "SettingSourceUser", claudecode.WithSettingSources(claudecode.SettingSourceUser)},
		{"WithBetas", `"x"`, claudecode.WithBetas("x")},
		{"WithSandboxEnabled", "true", claudecode.WithSandboxEnabled(true)},
		{"WithLocalPlugin", `"/tmp"`, claudecode.WithLocalPlugin("/tmp")},
		{"WithJSONSchema", `{"type":"object"}`, claudecode.WithJSONSchema(map[string]any{"type": "object"})},
		{"WithIncludePartialMessages", "true", claudecode.WithIncludePartialMessages(true)},
		{"WithEnableFileCheckpointing", "true", claudecode.WithEnableFileCheckpointing(true)},
		{"WithExtraArgs", `{"x-flag":nil}`, claudecode.WithExtraArgs(map[string]*string{"x-flag": nil})},
	}
	// Client.Connect finds the CLI on PATH (cli.FindCLI) whatever
	// WithCLIPath says: the stand-in goes first on PATH too.
	path := os.Getenv("PATH")
	os.Setenv("PATH", filepath.Dir(cli)+string(os.PathListSeparator)+path)
	defer os.Setenv("PATH", path)
	var out []map[string]any
	for i, c := range cases {
		os.WriteFile(label, []byte(fmt.Sprint(i)), 0o644) //nolint:errcheck
		opts := []claudecode.Option{claudecode.WithCLIPath(cli)}
		if c.opt != nil {
			opts = append(opts, c.opt)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		client := claudecode.NewClient(opts...)
		msg := ""
		if err := client.Connect(ctx); err != nil {
			msg = err.Error()
		}
		client.Disconnect() //nolint:errcheck
		cancel()
		out = append(out, map[string]any{"label": fmt.Sprint(i), "option": c.option, "value": c.value, "error": msg})
	}
	return out
}
