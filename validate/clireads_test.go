package validate

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
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
	docs := readProbeDocs(t)
	var list []cliRead
	for _, doc := range docs {
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
	fresh(t, "clireads.json", cliReadsJSON, list)
	fresh(t, "clirefuses.json", cliRefusesJSON, refusalsOf(t, docs))
}

// A probeDoc is a results file of corpus/probe/results, as far as the
// probe-derived files need it.
type probeDoc struct {
	File       string
	CLIVersion string `json:"cli_version"`
	Results    []struct {
		ID, Variant, Member, Edge, Kind, Answers, Read, Types, Answer string
		Message                                                       json.RawMessage
	} `json:"results"`
}

// readProbeDocs reads every committed results file.
func readProbeDocs(t *testing.T) []probeDoc {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "corpus", "probe", "results", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no probe results: %v", err)
	}
	var docs []probeDoc
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc := probeDoc{File: f}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		docs = append(docs, doc)
	}
	return docs
}

// fresh compares the embedded file name (content embedded) with list
// written one element a line; -update rewrites it.
func fresh[T any](t *testing.T, name string, embedded []byte, list []T) {
	t.Helper()
	var buf bytes.Buffer
	buf.WriteString("[\n")
	for i, r := range list {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(b)
		if i < len(list)-1 {
			buf.WriteString(",")
		}
		buf.WriteString("\n")
	}
	buf.WriteString("]\n")
	if *update {
		if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(buf.Bytes(), embedded) {
		t.Errorf("%s is stale against corpus/probe/results: go test ./validate -run CLIReadsFresh -update, and review the diff", name)
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

// refusalsOf lists the probes of the results files whose message the CLI
// refused while it read the baseline of the same variant (and, for an
// answer, of the same request): the member at its edge is what it
// refused. A probe whose message the schemas of its CLI version already
// reject at that member is left out: the schema error says it, and the
// rule is for what the schemas accept.
func refusalsOf(t *testing.T, docs []probeDoc) []cliRefusal {
	t.Helper()
	var out []cliRefusal
	for _, doc := range docs {
		v, err := New(Options{Direction: DirectionSDK, CLIVersion: doc.CLIVersion, NoCrossLine: true})
		if err != nil {
			t.Fatal(err)
		}
		baseRead := map[string]bool{}
		for _, r := range doc.Results {
			if r.Edge == "baseline" && r.Read == "yes" {
				baseRead[r.Variant+"\x00"+r.Answers] = true
			}
		}
		for _, r := range doc.Results {
			switch r.Edge {
			case "absent", "null", "empty", "wrong-type":
			default:
				continue
			}
			if r.Read != "no" || !baseRead[r.Variant+"\x00"+r.Answers] || r.Member == "" {
				continue
			}
			if named(v.Check(doc.File, 1, r.Message).Findings, r.Member) {
				continue
			}
			var msg any
			if err := json.Unmarshal(r.Message, &msg); err != nil {
				t.Fatalf("%s: probe %q: %v", doc.File, r.ID, err)
			}
			c := cliRefusal{Version: doc.CLIVersion, Variant: r.Variant, Answers: r.Answers, Member: r.Member, Edge: r.Edge, Probe: r.ID, Said: cut(r.Answer, 160)}
			if r.Answers == "can_use_tool" {
				c.Behavior = behaviorOf(msg, r.Member)
			}
			if r.Edge == "empty" || r.Edge == "wrong-type" {
				parent, name, ok := resolveParent(msg, r.Member)
				m, isObj := parent.(map[string]any)
				if !ok || !isObj {
					t.Fatalf("%s: probe %q: no member %s in its message", doc.File, r.ID, r.Member)
				}
				c.Value, _ = json.Marshal(m[name])
			}
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(a, b cliRefusal) int {
		return strings.Compare(a.Version+"\x00"+a.Probe, b.Version+"\x00"+b.Probe)
	})
	return out
}

// TestSDKSideRefusals: on the SDK's side, a member at an edge the schema
// accepts but a probe showed the CLI refuses is a types/cli-refuses
// error on the probed version, a warning on a version not probed, and
// nothing on the CLI's side or where no probe tells. An answer to one of
// the CLI's requests is matched only when the request is known (duplex).
func TestSDKSideRefusals(t *testing.T) {
	emptyTitle := `{"type":"control_request","request_id":"r1","request":{"subtype":"rename_session","title":""}}`
	run := func(opts Options, text string) []Finding {
		t.Helper()
		opts.NoCrossLine = opts.NoCrossLine || opts.Direction == DirectionSDK
		fs, _ := runOn(t, opts, []Input{{Name: "x.jsonl", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(text + "\n")), nil }}})
		return fs
	}
	fs := run(Options{Direction: DirectionSDK, CLIVersion: "2.1.330"}, emptyTitle)
	if len(fs) != 1 || fs[0].Rule != RuleCLIRefuses.ID || fs[0].Severity != Error || fs[0].Line != 1 || fs[0].Pointer != "/request/title" ||
		!strings.Contains(fs[0].Message, `"control_request.rename_session /request/title empty"`) {
		t.Errorf("SDK side, empty title on 2.1.330: %v; want one types/cli-refuses error naming the probe", fs)
	}
	if fs := run(Options{Direction: DirectionSDK, CLIVersion: "2.1.331"}, emptyTitle); len(fs) != 1 || fs[0].Rule != RuleCLIRefuses.ID || fs[0].Severity != Warning {
		t.Errorf("SDK side, empty title on 2.1.331 (not probed): %v; want one types/cli-refuses warning", fs)
	}
	if fs := run(Options{Direction: DirectionSDK, CLIVersion: "2.1.200"}, emptyTitle); len(fs) != 0 {
		t.Errorf("SDK side, empty title on 2.1.200 (judged by 2.1.112's probes, which did not send it): %v; want nothing", fs)
	}
	if fs := run(Options{Direction: DirectionSDK, CLIVersion: "2.1.330"}, strings.Replace(emptyTitle, `""`, `"a title"`, 1)); len(fs) != 0 {
		t.Errorf("SDK side, a title: %v; want nothing", fs)
	}

	duplex, err := os.ReadFile(filepath.Join("..", "corpus", "duplex", "2.1.330", "can_use_tool_allow.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	const id = `"toolUseID":"toolu_0001"`
	if !bytes.Contains(duplex, []byte(id)) {
		t.Fatalf("can_use_tool_allow.jsonl no longer holds %s", id)
	}
	line := 1 + bytes.Count(duplex[:bytes.Index(duplex, []byte(id))], []byte("\n"))
	if fs := run(Options{}, strings.TrimSuffix(string(duplex), "\n")); len(fs) != 0 {
		t.Fatalf("the capture as it is: %v; want nothing", fs)
	}
	nullID := strings.Replace(strings.TrimSuffix(string(duplex), "\n"), id, `"toolUseID":null`, 1)
	fs = run(Options{}, nullID)
	var got []string
	for _, f := range fs {
		got = append(got, fmt.Sprintf("%d %s %s %s", f.Line, f.Severity, f.Rule, f.Pointer))
	}
	want := []string{fmt.Sprintf("%d error types/cli-refuses /response/response/toolUseID", line)}
	if !slices.Equal(got, want) {
		t.Errorf("duplex, toolUseID null in the answer to can_use_tool: %q; want %q", got, want)
	}
	if fs := run(Options{NoCrossLine: true}, nullID); len(fs) != 0 {
		t.Errorf("duplex without the cross-line rules (the request answered is not known): %v; want nothing", fs)
	}

	// A deny without its message (the Go SDK's Deny("")) is refused (the
	// allowing answer above has none, and is read).
	deny, err := os.ReadFile(filepath.Join("..", "corpus", "duplex", "2.1.330", "can_use_tool_deny.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	const msg = `"message":"The user said no.",`
	if !bytes.Contains(deny, []byte(msg)) {
		t.Fatalf("can_use_tool_deny.jsonl no longer holds %s", msg)
	}
	line = 1 + bytes.Count(deny[:bytes.Index(deny, []byte(msg))], []byte("\n"))
	fs = run(Options{}, strings.Replace(strings.TrimSuffix(string(deny), "\n"), msg, "", 1))
	got = got[:0]
	for _, f := range fs {
		got = append(got, fmt.Sprintf("%d %s %s %s", f.Line, f.Severity, f.Rule, f.Pointer))
	}
	if want := []string{fmt.Sprintf("%d error types/cli-refuses /response/response/message", line)}; !slices.Equal(got, want) {
		t.Errorf("duplex, a deny without message: %q; want %q", got, want)
	}
}
