package fake

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"
)

// Env is the environment variable that makes a test binary a fake harness;
// its value is the SDK version the harness says in its hello ("nohello"
// makes it say nothing and exit).
const Env = "FAKE_HARNESS"

// MainIfAsked runs the fake harness and exits when Env is set.
func MainIfAsked() {
	v := os.Getenv(Env)
	if v == "" {
		return
	}
	os.Exit(run(v))
}

func run(version string) int {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 64<<20)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var req struct {
			Type    string  `json:"type"`
			ID      int     `json:"id"`
			Line    *string `json:"line"`
			Message string  `json:"message"`
		}
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			fmt.Fprintln(os.Stderr, "fake: bad request:", err)
			return 3
		}
		switch req.Type {
		case "hello":
			if version == "nohello" {
				fmt.Fprintln(os.Stderr, "fake: no hello today")
				return 4
			}
			out.Encode(map[string]any{"type": "hello", "id": 0, "protocol": 1, "sdk": "fake-sdk", "sdk_version": version, "language": "go", "capabilities": []string{"read", "write"}}) //nolint:errcheck
		case "read":
			line := *req.Line
			switch {
			case strings.Contains(line, "CRASH"):
				fmt.Fprintln(os.Stderr, "fake: crashing on purpose")
				return 2
			case strings.Contains(line, "HANG"):
				time.Sleep(time.Hour)
			case strings.Contains(line, "NONSENSE"):
				fmt.Println("this is not json")
				continue
			case strings.Contains(line, "TURN"):
				out.Encode(map[string]any{"type": "read", "id": req.ID + 7, "verdict": "accepted"}) //nolint:errcheck
				continue
			case strings.Contains(line, "BADVERDICT"):
				out.Encode(map[string]any{"type": "read", "id": req.ID, "verdict": "maybe"}) //nolint:errcheck
				continue
			}
			var obj struct {
				Type string `json:"type"`
			}
			json.Unmarshal([]byte(line), &obj) //nolint:errcheck
			a := map[string]any{"type": "read", "id": req.ID, "verdict": "accepted", "as": "Obj:" + obj.Type, "kept": []string{"type"}}
			if strings.Contains(line, "reject") {
				a = map[string]any{"type": "read", "id": req.ID, "verdict": "rejected", "error": "fake: rejected"}
			}
			out.Encode(a) //nolint:errcheck
		case "write":
			out.Encode(map[string]any{"type": "write", "id": req.ID, "lines": []any{map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": "hi"}, "parent_tool_use_id": nil}}}) //nolint:errcheck
		}
	}
	return 0
}
