package validate

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite clireads.json from the probe results")

// TestCLIReadsFresh holds clireads.json to the committed probe results
// (corpus/probe/results): every probe whose message the CLI read while
// protocheck's types rejected it, by CLI version. -update rewrites it.
func TestCLIReadsFresh(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "corpus", "probe", "results", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no probe results: %v", err)
	}
	var list []cliRead
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			CLIVersion string `json:"cli_version"`
			Results    []struct {
				ID, Variant, Edge, Read, Types string
			} `json:"results"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, r := range doc.Results {
			rule, pointer, ok := strings.Cut(strings.TrimPrefix(r.Types, "rejected: "), " ")
			if r.Read != "yes" || r.Edge == "dialect" || !strings.HasPrefix(r.Types, "rejected: ") || !ok || !strings.HasPrefix(rule, "schema/") {
				continue
			}
			list = append(list, cliRead{Version: doc.CLIVersion, Variant: r.Variant, Rule: rule, Pointer: pointer, Probe: r.ID})
		}
	}
	slices.SortFunc(list, func(a, b cliRead) int {
		return strings.Compare(a.Version+"\x00"+a.Probe, b.Version+"\x00"+b.Probe)
	})
	var buf bytes.Buffer
	buf.WriteString("[\n")
	for i, r := range list {
		b, _ := json.Marshal(r)
		buf.Write(b)
		if i < len(list)-1 {
			buf.WriteString(",")
		}
		buf.WriteString("\n")
	}
	buf.WriteString("]\n")
	if *update {
		if err := os.WriteFile("clireads.json", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(buf.Bytes(), cliReadsJSON) {
		t.Errorf("clireads.json is stale against corpus/probe/results: go test ./validate -run CLIReadsFresh -update, and review the diff")
	}
}

// TestSDKSideFollowsTheCLI: on the SDK's side, a fault a probe showed the
// CLI reads is a types/cli-reads warning naming the probe; the same line
// from the CLI's side, and a fault the CLI refused, stay errors.
func TestSDKSideFollowsTheCLI(t *testing.T) {
	noParent := `{"type":"user","message":{"role":"user","content":"hi"},"session_id":""}`
	noMessage := `{"type":"user","parent_tool_use_id":null,"session_id":""}`
	run := func(dir Direction, text string) []Finding {
		fs, _ := runOn(t, Options{Direction: dir, NoCrossLine: true, CLIVersion: "2.1.330"},
			[]Input{{Name: "x.jsonl", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(text + "\n")), nil }}})
		return fs
	}
	fs := run(DirectionSDK, noParent)
	if len(fs) != 1 || fs[0].Rule != RuleCLIReads.ID || fs[0].Severity != Warning || fs[0].Line != 1 || fs[0].Pointer != "/parent_tool_use_id" ||
		!strings.Contains(fs[0].Message, `"user /parent_tool_use_id absent"`) {
		t.Errorf("SDK side, no parent_tool_use_id: %v; want one types/cli-reads warning naming the probe", fs)
	}
	if fs := run(DirectionCLI, noParent); len(fs) != 1 || fs[0].Rule != RuleRequired.ID || fs[0].Pointer != "/parent_tool_use_id" {
		t.Errorf("CLI side, no parent_tool_use_id: %v; want schema/required", fs)
	}
	if fs := run(DirectionSDK, noMessage); len(fs) == 0 || fs[0].Rule != RuleRequired.ID || fs[0].Severity != Error || fs[0].Pointer != "/message" {
		t.Errorf("SDK side, no message (the CLI exits): %v; want a schema/required error", fs)
	}
}
