package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/protocheck/protocheck/internal/testutil/buildbin"
)

// bin is the protocheck binary the tests run, built once by TestMain.
var bin string

// root is the repository's root.
var root string

func TestMain(m *testing.M) {
	if mode := os.Getenv("FAKE_SDK"); mode != "" {
		os.Exit(fakeSDK(mode))
	}
	wd, _ := os.Getwd()
	root = filepath.Join(wd, "..", "..", "..")
	var cleanup func()
	var err error
	bin, cleanup, err = buildbin.Build(root, "protocheck-conform-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// fakeSDK is a small SDK: it runs the CLI at $PROTOCHECK_CLI in
// stream-json, sends initialize and one prompt, and reads until the
// result. Each mode meets what it does not know its own way:
//
//	tolerant  skips an unknown message type, answers an unknown control
//	          request with an error
//	strict    exits 3 on an unknown message type
//	hang      stops reading, for good, on an unknown message type (and
//	          writes $FAKE_SDK_MARK first, when set)
//	noanswer  never answers an unknown control request
func fakeSDK(mode string) int {
	cli := exec.Command(os.Getenv("PROTOCHECK_CLI"), "--output-format", "stream-json", "--input-format", "stream-json", "--verbose")
	cli.Stderr = os.Stderr
	in, _ := cli.StdinPipe()
	out, _ := cli.StdoutPipe()
	if err := cli.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "fake SDK:", err)
		return 2
	}
	io.WriteString(in, `{"type":"control_request","request_id":"init-1","request":{"subtype":"initialize"}}`+"\n")
	io.WriteString(in, `{"type":"user","message":{"role":"user","content":"hello"},"parent_tool_use_id":null,"session_id":""}`+"\n")
	sc := bufio.NewScanner(out)
	sc.Buffer(nil, 16<<20)
	known := map[string]bool{"system": true, "assistant": true, "user": true, "result": true, "stream_event": true,
		"control_request": true, "control_response": true, "keep_alive": true}
	for sc.Scan() {
		var m struct {
			Type      string `json:"type"`
			RequestID string `json:"request_id"`
			Request   struct {
				Subtype string `json:"subtype"`
			} `json:"request"`
		}
		if json.Unmarshal(sc.Bytes(), &m) != nil {
			continue
		}
		switch {
		case !known[m.Type] && mode == "strict":
			fmt.Fprintln(os.Stderr, "fake SDK: unknown message type", m.Type)
			return 3
		case !known[m.Type] && mode == "hang":
			if p := os.Getenv("FAKE_SDK_MARK"); p != "" {
				os.WriteFile(p, nil, 0o644)
			}
			for {
				time.Sleep(time.Hour) // (select{} alone is a deadlock Go reports)
			}
		case m.Type == "control_request" && mode != "noanswer":
			fmt.Fprintf(in, `{"type":"control_response","response":{"subtype":"error","request_id":%q,"error":"unknown request %s"}}`+"\n", m.RequestID, m.Request.Subtype)
		case m.Type == "result":
			in.Close()
			cli.Wait()
			fmt.Println("result")
			return 0
		}
	}
	cli.Wait()
	return 1 // no result
}

// fakeCLIDir writes a fake CLI release 2.1.330 (a sh script that answers
// initialize and prints the hello_text capture of CLI 2.1.330 for the
// prompt) in a folder laid out as make cli does, and returns the folder.
func fakeCLIDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	p := filepath.Join(dir, "2.1.330", "node_modules", "@anthropic-ai", "claude-code", "cli.js")
	os.MkdirAll(filepath.Dir(p), 0o755)
	capture := filepath.Join(root, "corpus", "captures", "2.1.330", "hello_text.jsonl")
	script := `#!/bin/sh
while IFS= read -r line; do
  case "$line" in
  *'"initialize"'*) echo '{"type":"control_response","response":{"subtype":"success","request_id":"init-1","response":{}}}' ;;
  *'"type":"user"'*) cat '` + capture + `' ;;
  esac
done
`
	if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// conform runs protocheck conform with the fake SDK in mode and returns
// its report (--format json), its stderr and its exit code.
func conform(t *testing.T, mode string, flags ...string) (report, string, int) {
	t.Helper()
	self, _ := os.Executable()
	args := append([]string{"conform", "--cli", "2.1.330", "--cli-dir", fakeCLIDir(t), "--offline", "--format", "json"}, flags...)
	args = append(args, "--", "env", "FAKE_SDK="+mode, self)
	cmd := exec.Command(bin, args...)
	cmd.Dir = root
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	var r report
	if code != 2 {
		if err := json.Unmarshal(out, &r); err != nil {
			t.Fatalf("conform printed %q: %v\nstderr:\n%s", out, err, stderr.String())
		}
	}
	return r, stderr.String(), code
}

// report is what the tests read of conform's JSON.
type report struct {
	Releases []struct {
		Version   string `json:"version"`
		Outcome   string `json:"outcome"`
		Reason    string `json:"reason"`
		Errors    int    `json:"errors"`
		Mutations []struct {
			Mutation struct {
				ID string `json:"id"`
				At int    `json:"at"`
			} `json:"mutation"`
			Outcome   string `json:"outcome"`
			Reason    string `json:"reason"`
			Frame     string `json:"frame"`
			Reproduce string `json:"reproduce"`
			Expected  bool   `json:"expected"`
		} `json:"mutations"`
	} `json:"releases"`
	Stale []struct {
		Mutation string `json:"mutation"`
	} `json:"stale"`
}

// outcomes maps each mutation to its outcome.
func (r report) outcomes() map[string]string {
	out := map[string]string{}
	for _, rel := range r.Releases {
		out["baseline"] = rel.Outcome
		for _, m := range rel.Mutations {
			out[m.Mutation.ID] = m.Outcome
		}
	}
	return out
}
