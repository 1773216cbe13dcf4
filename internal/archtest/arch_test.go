package archtest

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/protocheck/protocheck"

// allowed lists, for each package, the project packages it may import
// directly. A package not listed may import none.
var allowed = map[string][]string{
	"cmd/protocheck": {"internal/cli"},
	// The faulty-path benchmark's file maker checks each line it keeps
	// with the validator, and writes the schema document it compiles.
	"bench/faults": {"schemas", "validate"},
	"internal/cli": {"internal/check", "corpus/capture", "corpus/matrix", "corpus/drift", "corpus/audit", "internal/checkout", "validate", "schemas", "protocol", "internal/atomicfile", "internal/report", "internal/config", "internal/tap", "internal/conform", "corpus/ladder", "corpus/probe", "corpus/fixlist", "corpus/argv", "internal/buildinfo", "internal/usage"},
	// The corpus pipeline, one package per job: capture (and regress) →
	// the dialect matrix → drift; the ladder, probes and fix lists read
	// what capture and the matrix make. Shared helpers live in
	// corpus/internal; the root package corpus is documentation only.
	"corpus/capture":             {"validate", "protocol", "corpus/internal/fakeapi", "corpus/internal/jsonfile", "corpus/internal/jsonptr", "internal/atomicfile", "internal/usage"},
	"corpus/matrix":              {"corpus/dialects", "corpus/harness", "corpus/internal/jsonptr", "validate", "schemas", "protocol", "internal/atomicfile", "internal/report", "internal/usage"},
	"corpus/drift":               {"corpus/capture", "corpus/matrix", "corpus/harness", "corpus/internal/jsonptr", "validate", "schemas", "internal/report", "internal/usage"},
	"corpus/ladder":              {"corpus/capture", "protocol", "validate", "internal/atomicfile", "internal/usage"},
	"corpus/probe":               {"corpus/capture", "corpus/matrix", "corpus/drift", "validate", "protocol", "internal/atomicfile", "internal/usage"},
	"corpus/fixlist":             {"corpus/matrix", "corpus/probe", "corpus/drift", "corpus/harness", "corpus/internal/jsonptr", "validate", "protocol", "corpus/argv", "internal/report"},
	"corpus/argv":                {"protocol"},
	"corpus/audit":               {"corpus/matrix", "corpus/probe", "corpus/fixlist", "corpus/drift", "validate", "internal/atomicfile", "internal/report", "internal/usage"},
	"corpus/internal/corpustest": {"validate"},
	"internal/conform":           {"internal/tap", "corpus/capture", "corpus/ladder", "protocol", "validate", "internal/atomicfile", "internal/usage"},
	"internal/tap":               {"validate", "protocol", "corpus/argv", "corpus/capture", "internal/atomicfile", "internal/report", "internal/usage"},
	"internal/report":            {"validate", "internal/atomicfile"},
	"schemas":                    {"internal/atomicfile"},
	"internal/buildinfo":         {"schemas"},
	"internal/check":             {"validate", "internal/report", "internal/config", "internal/atomicfile", "internal/usage"},
	"validate":                   {"schemas", "validate/internal/conform", "validate/internal/fastpath"},
	"validate/internal/conform":  {"validate/internal/fastpath"},
	"reflect":                    {"protocol", "schemas", "internal/atomicfile"},
	"internal/gen/versionfacts":  {"protocol", "internal/gen/captures"},
	"internal/gen/bundlefacts":   {"protocol", "internal/gen/captures", "internal/gen/cliinstall"},
	"internal/gen/zodfacts":      {"protocol", "internal/gen/captures", "internal/gen/cliinstall"},
	"internal/gen/cliinstall":    {"protocol"},
	"internal/gen/captures":      {"protocol"},
	"internal/gen/optionfacts":   {"internal/gen/cliinstall", "protocol", "corpus/argv", "corpus/harness"},
	"internal/gen/schemagen":     {"reflect", "protocol", "corpus/dialects/spec02", "corpus/dialects/goat", "corpus/dialects/tsdocs", "corpus/dialects/python", "corpus/dialects/rust"},

	// The Go-modelled dialects: types and a protocol.Model each, nothing else.
	"corpus/dialects/spec02":             {"protocol"},
	"corpus/dialects/goat":               {"protocol"},
	"corpus/dialects/tsdocs":             {"protocol"},
	"corpus/dialects/python":             {"protocol"},
	"corpus/dialects/rust":               {"protocol"},
	"corpus/dialects/internal/modeltest": {"protocol"},

	// Test helpers: the shared corpus skips through optional (fails under CI).
	"internal/testutil/sharedcorpus": {"internal/testutil/optional"},
	// The test ledgers hold what a test finds with corpus/matrix's ledger policy.
	"internal/testutil/ledger": {"corpus/matrix"},
}

// TestAllowedEdgesExist keeps the list above to the edges the code has: an
// allowance nothing uses is a door left open.
func TestAllowedEdgesExist(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	used := map[string]bool{}
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(strings.TrimPrefix(fields[0], module), "/")
		for _, imp := range fields[1:] {
			if rel, ok := strings.CutPrefix(imp, module+"/"); ok {
				used[pkg+" "+rel] = true
			}
		}
	}
	for pkg, list := range allowed {
		for _, imp := range list {
			if !used[pkg+" "+imp] {
				t.Errorf("%s may import %s, but does not: drop the allowance", pkg, imp)
			}
		}
	}
}

// cliOnly lists the packages allowed to import cobra and pflag.
var cliOnly = map[string]bool{"internal/cli": true, "cmd/protocheck": true}

func TestImportDirection(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(strings.TrimPrefix(fields[0], module), "/")
		for _, imp := range fields[1:] {
			if strings.HasPrefix(imp, "github.com/spf13/") && !cliOnly[pkg] {
				t.Errorf("%s imports %s; only the CLI may", pkg, imp)
			}
			rel, ok := strings.CutPrefix(imp, module+"/")
			if !ok {
				continue
			}
			if !contains(allowed[pkg], rel) {
				t.Errorf("%s imports %s, against the direction in doc.go", pkg, rel)
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
