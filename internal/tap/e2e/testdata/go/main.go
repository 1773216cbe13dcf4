// Command session is one session of the Go SDK
// github.com/severity1/claude-agent-sdk-go through protocheck tap, run by
// the tap's end-to-end test: a tool use with a permission prompt
// (WithCanUseTool), a PreToolUse hook (WithHook), a control request round
// trip (SetPermissionMode), and an interrupt. Prints one JSON line of what
// the session saw.
//
//	session [-wrong] [-deny-empty] SHIM
//
// SHIM goes to WithCLIPath; v0.6.12 does not read that option and runs the
// first "claude" on PATH, so the test puts the shim there under that name.
// -wrong also writes, through the SDK's own QueryStream, a control_response
// to a request_id the CLI never sent, as the first permission prompt is
// answered. -deny-empty answers the first prompt with
// NewPermissionResultDeny(""), as a caller with no reason to give would.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	claudecode "github.com/severity1/claude-agent-sdk-go"
)

// seen is what the session's callbacks and calls saw (the fields of the
// TypeScript and Python session scripts).
type seen struct {
	Permissions int      `json:"permissions"`
	Hooks       int      `json:"hooks"`
	Results     []string `json:"results"`
	Interrupted bool     `json:"interrupted"`
	SetMode     bool     `json:"setMode"`
	Errors      []string `json:"errors"`
}

func main() {
	wrong := flag.Bool("wrong", false, "inject a control_response to a request the CLI never sent")
	denyEmpty := flag.Bool("deny-empty", false, "deny the first permission prompt with an empty message")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: session [-wrong] [-deny-empty] SHIM")
		os.Exit(2)
	}
	var (
		s           = seen{Results: []string{}, Errors: []string{}}
		mu          sync.Mutex
		permissions atomic.Int32
		hooks       atomic.Int32
	)
	fail := func(what string, err error) {
		mu.Lock()
		s.Errors = append(s.Errors, what+": "+err.Error())
		mu.Unlock()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var client claudecode.Client
	client = claudecode.NewClient(
		claudecode.WithCLIPath(flag.Arg(0)),
		claudecode.WithPermissionMode(claudecode.PermissionModeDefault),
		claudecode.WithCanUseTool(func(_ context.Context, _ string, input map[string]any, _ claudecode.ToolPermissionContext) (claudecode.PermissionResult, error) {
			if permissions.Add(1) == 1 {
				if *wrong {
					inject(ctx, client, fail)
				}
				if *denyEmpty {
					return claudecode.NewPermissionResultDeny(""), nil
				}
			}
			return claudecode.PermissionResultAllow{Behavior: "allow", UpdatedInput: input}, nil
		}),
		claudecode.WithHook(claudecode.HookEventPreToolUse, "Bash", func(context.Context, any, *string, claudecode.HookContext) (claudecode.HookJSONOutput, error) {
			hooks.Add(1)
			yes := true
			return claudecode.HookJSONOutput{Continue: &yes}, nil
		}),
		claudecode.WithStderrCallback(func(string) {}),
	)
	err := session(ctx, client, &s, &mu, fail)
	if err != nil {
		fail("session", err)
	}
	mu.Lock()
	defer mu.Unlock()
	s.Permissions, s.Hooks = int(permissions.Load()), int(hooks.Load())
	out, _ := json.Marshal(s)
	fmt.Println(string(out))
}

// inject writes, through the SDK's QueryStream, an answer to a
// control_request the CLI never sent.
func inject(ctx context.Context, client claudecode.Client, fail func(string, error)) {
	ch := make(chan claudecode.StreamMessage, 1)
	ch <- claudecode.StreamMessage{Type: "control_response", Response: map[string]any{
		"subtype": "success", "request_id": "not-a-request", "response": map[string]any{"behavior": "allow"},
	}}
	close(ch)
	if err := client.QueryStream(ctx, ch); err != nil {
		fail("inject", err)
	}
}

// session runs the two turns: the permitted tool use, then the slow one
// that is interrupted.
func session(ctx context.Context, client claudecode.Client, s *seen, mu *sync.Mutex, fail func(string, error)) error {
	if err := client.Connect(ctx); err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer func() {
		if err := client.Disconnect(); err != nil {
			fail("disconnect", err)
		}
	}()
	result := func(r *claudecode.ResultMessage) {
		mu.Lock()
		s.Results = append(s.Results, r.Subtype)
		mu.Unlock()
	}
	if err := client.Query(ctx, "Create tapped.txt"); err != nil {
		return fmt.Errorf("query: %w", err)
	}
	if err := drain(ctx, client, result, nil); err != nil {
		return err
	}
	if err := client.SetPermissionMode(ctx, claudecode.PermissionModeDefault); err != nil {
		return fmt.Errorf("set_permission_mode: %w", err)
	}
	mu.Lock()
	s.SetMode = true
	mu.Unlock()
	if err := client.Query(ctx, "Run a slow command"); err != nil {
		return fmt.Errorf("query: %w", err)
	}
	var once sync.Once
	var wg sync.WaitGroup
	defer wg.Wait()
	return drain(ctx, client, result, func(a *claudecode.AssistantMessage) {
		for _, b := range a.Content {
			if _, ok := b.(*claudecode.ToolUseBlock); !ok {
				continue
			}
			// The slow command runs once it is allowed: interrupt it.
			once.Do(func() {
				wg.Add(1)
				time.AfterFunc(1500*time.Millisecond, func() {
					defer wg.Done()
					if err := client.Interrupt(ctx); err != nil {
						fail("interrupt", err)
						return
					}
					mu.Lock()
					s.Interrupted = true
					mu.Unlock()
				})
			})
		}
	})
}

// drain reads one response, up to its result (the SDK's ReceiveResponse
// iterator does not stop there by itself).
func drain(ctx context.Context, client claudecode.Client, result func(*claudecode.ResultMessage), assistant func(*claudecode.AssistantMessage)) error {
	it := client.ReceiveResponse(ctx)
	for {
		m, err := it.Next(ctx)
		if errors.Is(err, claudecode.ErrNoMoreMessages) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("receive: %w", err)
		}
		switch m := m.(type) {
		case *claudecode.ResultMessage:
			result(m)
			return nil
		case *claudecode.AssistantMessage:
			if assistant != nil {
				assistant(m)
			}
		}
	}
}
