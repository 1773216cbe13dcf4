package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/protocheck/protocheck/internal/testutil/optional"
)

var root = filepath.Join("..", "..", "..")

// needNode skips without node or npm outside CI, and fails under CI=true.
func needNode(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			optional.Skip(t, "%s is missing", tool)
		}
	}
}

// TestExtract runs extract.mjs on a synthetic fixture: object literals,
// spreads that resolve and those that do not, nested objects and arrays,
// members assigned later, internal messages and control bodies.
func TestExtract(t *testing.T) {
	needNode(t)
	spec := filepath.Join(t.TempDir(), "spec.json")
	dir, err := prepare(root, spec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := extract(dir, spec, filepath.Join("testdata", "fixture.js"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"system.init": {"/cwd", "/late_member", "/list", "/list/*/a", "/list/*/b", "/mcp_servers", "/mcp_servers/*/name",
			"/mcp_servers/*/status", "/session_id", "/subtype", "/tools", "/type", "/usage", "/usage/input_tokens",
			"/usage/nested", "/usage/nested/deep"},
		"assistant":                     {"/message", "/parent_tool_use_id", "/session_id", "/type"},
		"result.success":                {"/is_error", "/session_id", "/subtype", "/type"},
		"result.error_during_execution": {"/is_error", "/session_id", "/subtype", "/type"},
		"system.hook_started":           {"/hook_id", "/hook_name", "/subtype", "/type"},
		"control_request.can_use_tool":  {"/request/input", "/request/subtype", "/request/tool_name", "/request/tool_use_id"},
		"control_response.error":        {"/response", "/response/error", "/response/request_id", "/response/subtype", "/type"},
		"system.brand_new":              {"/fresh", "/session_id", "/subtype", "/type"},
		"control_cancel_request":        {"/request_id", "/type"},
		"system.bridge_state":           {"/detail", "/session_id", "/subtype", "/type"},
	}
	for name, w := range want {
		if got := r.Variants[name]; !slices.Equal(got, w) {
			t.Errorf("%s: members\n got %q\nwant %q", name, got, w)
		}
	}
	for name := range r.Variants {
		if want[name] == nil {
			t.Errorf("variant %s found; the fixture has none", name)
		}
	}
	if r.Rejected["assistant"] != 1 {
		t.Errorf("rejected assistant literals = %d, want 1 (the internal message)", r.Rejected["assistant"])
	}
	if r.Rejected["user"] != 1 {
		t.Errorf("rejected user literals = %d, want 1 (the internal message with isMeta)", r.Rejected["user"])
	}
	if got, want := r.Internal["system.informational"], []string{"/content", "/isMeta", "/level", "/subtype", "/toolUseID", "/type"}; !slices.Equal(got, want) {
		t.Errorf("internal members of system.informational\n got %q\nwant %q", got, want)
	}
	if len(r.Internal["user"]) != 0 || len(r.Internal["assistant"]) != 0 {
		t.Errorf("internal members kept of user or assistant literals: %v", r.Internal)
	}
	if r.Matches["system.bridge_state"] != 1 {
		t.Errorf("bridge_state literals read = %d, want 1 (the one with a session_id)", r.Matches["system.bridge_state"])
	}
	if len(r.Unknown) != 1 || r.Unknown["system.brand_new"] != 1 {
		t.Errorf("unknown = %v, want system.brand_new once", r.Unknown)
	}
	un := strings.Join(r.Unresolved["system.init"], "\n")
	for _, w := range []string{"/: spread of a value not resolved (1)", "/: computed key not resolved (1)"} {
		if !strings.Contains(un, w) {
			t.Errorf("unresolved of system.init %q lacks %q", un, w)
		}
	}
	if r.Modules != 1 || r.ParseErrors != 0 {
		t.Errorf("modules %d, parse errors %d; want 1, 0", r.Modules, r.ParseErrors)
	}
}

// TestExtractBareBodyModule: in a compiled binary a module may build a
// control request's body with no `type` key anywhere in it (2.1.332 builds
// the elicitation request so, and the module that sends it is another).
// Its members are still read.
func TestExtractBareBodyModule(t *testing.T) {
	needNode(t)
	spec := filepath.Join(t.TempDir(), "spec.json")
	dir, err := prepare(root, spec)
	if err != nil {
		t.Fatal(err)
	}
	bin := []byte("\x7fELF\x02\x01\x01\x00")
	bin = append(bin, "// @bun\nfunction send(r){return this.sendRequest(r)}\x00"...)
	bin = append(bin, "// @bun\nfunction body({serverName:e,message:t}){return{subtype:\"elicitation\",mcp_server_name:e,message:t}}\x00"...)
	file := filepath.Join(t.TempDir(), "claude")
	if err := os.WriteFile(file, bin, 0o755); err != nil {
		t.Fatal(err)
	}
	r, err := extract(dir, spec, file)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"/request/mcp_server_name", "/request/message", "/request/subtype"}
	if got := r.Variants["control_request.elicitation"]; !slices.Equal(got, want) {
		t.Errorf("control_request.elicitation: members\n got %q\nwant %q", got, want)
	}
}
