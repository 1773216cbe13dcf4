// Command session is a small program of a Go SDK
// (github.com/severity1/claude-agent-sdk-go) for protocheck conform: one
// prompt through the SDK's client, the CLI found as claude on PATH (this
// SDK does not use its CLI-path option for the client; conform puts its
// shim first on PATH). It prints the kind of each message the SDK gives and
// exits 0 once a result came, 1 when none did or the SDK failed.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	claudecode "github.com/severity1/claude-agent-sdk-go"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	client := claudecode.NewClient(claudecode.WithCLIPath(os.Getenv("PROTOCHECK_CLI")), claudecode.WithMaxTurns(1),
		claudecode.WithStderrCallback(func(string) {}))
	if err := run(ctx, client); err != nil {
		fmt.Fprintln(os.Stderr, "the SDK failed:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, client claudecode.Client) error {
	if err := client.Connect(ctx); err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer client.Disconnect() //nolint:errcheck // the result is what counts
	if err := client.Query(ctx, "hello"); err != nil {
		return fmt.Errorf("query: %w", err)
	}
	it := client.ReceiveResponse(ctx)
	for {
		m, err := it.Next(ctx)
		if errors.Is(err, claudecode.ErrNoMoreMessages) {
			return fmt.Errorf("the messages ended before a result")
		}
		if err != nil {
			return fmt.Errorf("receive: %w", err)
		}
		fmt.Printf("%T\n", m)
		if r, isResult := m.(*claudecode.ResultMessage); isResult {
			fmt.Println("result", r.Subtype)
			return nil
		}
	}
}
