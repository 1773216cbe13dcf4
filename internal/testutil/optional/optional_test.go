package optional

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// recorder stands in for a test and records whether Skip skipped or failed it.
type recorder struct {
	testing.TB
	fatal, skip string
}

func (r *recorder) Helper()                           {}
func (r *recorder) Fatalf(format string, args ...any) { r.fatal = fmt.Sprintf(format, args...) }
func (r *recorder) Skip(args ...any)                  { r.skip = fmt.Sprint(args...) }

// TestSkipFailsUnderCI: under CI=true a missing optional thing fails the
// test; outside CI it skips it, with the optional: prefix.
func TestSkipFailsUnderCI(t *testing.T) {
	for _, tt := range []struct {
		ci   string
		fail bool
	}{{"true", true}, {"1", true}, {"yes", true}, {"", false}, {"false", false}, {"0", false}} {
		t.Setenv("CI", tt.ci)
		r := &recorder{TB: t}
		Skip(r, "no %s on PATH", "chromium")
		if tt.fail && (r.fatal == "" || r.skip != "") {
			t.Errorf("CI=%q: want a failure, got fatal %q skip %q", tt.ci, r.fatal, r.skip)
		}
		if !tt.fail && (r.skip != Prefix+"no chromium on PATH" || r.fatal != "") {
			t.Errorf("CI=%q: want a skip, got fatal %q skip %q", tt.ci, r.fatal, r.skip)
		}
	}
}

// otherSkips lists every t.Skip of the project that does not go through
// Skip, by file and message, with why it is not of the optional kind: it
// skips on request (testing.Short, an opt-in variable that .ci/run sets)
// or on a platform where the test cannot mean anything, never for want of
// something CI installs.
var otherSkips = map[string]string{
	"internal/report/linehash_test.go: no thread CPU clock here":                                                            "a platform without a per-thread CPU clock, where the cost ratio cannot be measured",
	"internal/atomicfile/killed_test.go: O_TMPFILE is Linux's; elsewhere a killed write leaves its temporary file":          "not Linux",
	"internal/atomicfile/killed_test.go: this file system has no O_TMPFILE: %v":                                             "a file system without O_TMPFILE (the named fallback is what runs there)",
	"corpus/capture/normalize_hostile_test.go: no thread CPU clock here":                                                    "a platform without a thread CPU clock (not Linux)",
	"corpus/capture/normalize_hostile_test.go: -short":                                                                      "testing.Short",
	"internal/atomicfile/atomicfile_test.go: no /proc/self/fd here":                                                         "a platform without /proc/self/fd (not Linux)",
	"internal/cli/tap_hostile_test.go: no /proc/self/fd here":                                                               "a platform without /proc/self/fd (not Linux)",
	"internal/config/config_test.go: no thread CPU clock here":                                                              "a platform without a thread CPU clock (not Linux)",
	"internal/gen/zodfacts/fresh_test.go: reads the bundles of installed CLIs":                                              "testing.Short",
	"internal/report/ignore_test.go: no thread CPU clock here":                                                              "a platform without a thread CPU clock (not Linux)",
	"internal/tap/bench_test.go: a latency target is meaningless under the race detector":                                   "the race detector",
	"internal/tap/hostile_test.go: the parent-death signal is Linux's":                                                      "not Linux",
	"internal/conform/e2e/conform_test.go: the parent-death signal and the reaper are Linux's":                              "not Linux",
	"internal/conform/releases_test.go: the fake npm is a shell script":                                                     "Windows",
	"internal/testutil/cputime/cputime_test.go: the thread's CPU clock is read on Linux only":                               "not Linux",
	"validate/fit_test.go: runs some ten thousand files":                                                                    "testing.Short",
	"validate/fitcost_test.go: timing":                                                                                      "testing.Short",
	"validate/fitcost_test.go: no resource usage of a child process here":                                                   "a platform without a child's rusage (not Linux)",
	"validate/fitcost_test.go: run by TestNoInitCost":                                                                       "the child half of TestNoInitCost, run only as its subprocess",
	"corpus/capture/regress_test.go: shell script stand-in":                                                                 "Windows only",
	"corpus/capture/version_test.go: shell script stand-in":                                                                 "Windows only",
	"corpus/ladder/ladder_test.go: the fake npm is a shell script":                                                          "Windows only",
	"corpus/ladder/chain_test.go: the fake go is a shell script":                                                            "Windows only",
	"internal/integrations/sentinel_test.go: the driver is a bash script":                                                   "Windows only",
	"corpus/capture/duplex_test.go: mutates every duplex transcript":                                                        "testing.Short",
	"validate/linear_test.go: timing":                                                                                       "testing.Short",
	"internal/dist/main_test.go: builds protocheck":                                                                         "testing.Short",
	"internal/integrations/action_test.go: builds protocheck":                                                               "testing.Short",
	"internal/integrations/conform_action_test.go: builds protocheck":                                                       "testing.Short",
	"internal/cli/validate_test.go: reads 100 MB":                                                                           "testing.Short",
	"internal/cli/memory_test.go: builds protocheck and runs it on large inputs":                                            "testing.Short",
	"internal/gen/bundlefacts/fresh_test.go: reads the bundles of installed CLIs":                                           "testing.Short",
	"internal/gen/optionfacts/fresh_test.go: reads the options of installed CLIs":                                           "testing.Short",
	"corpus/harness/spawn_test.go: runs the real SDKs":                                                                      "testing.Short",
	"internal/cli/memory_faults_test.go: builds protocheck and runs it on large inputs":                                     "testing.Short",
	"internal/codegen/codegen_test.go: the codegen check runs with make codegen (PROTOCHECK_CODEGEN=1)":                     "opt-in; make codegen, which .ci/run runs, sets it and then the missing tools fail",
	"internal/codegen/codegen_test.go: TestCodegen/Publish checked the release folder of check.mjs's models step":           "TestCodegen checked the same folder (TestCodegen/Publish); TestPublish run alone writes its own",
	"validate/bench_test.go: no transcripts: set PROTOCHECK_BENCH_FILE":                                                     "a benchmark: runs only with -bench",
	"validate/bench_test.go: set PROTOCHECK_BENCH_FAULTS to a folder of bench/faults.sh":                                    "a benchmark: runs only with -bench",
	"validate/internal/conform/bench_test.go: no transcripts: set PROTOCHECK_BENCH_FILE":                                    "a benchmark: runs only with -bench",
	"internal/cli/walk_unix_test.go: this user reads folders without permission (root); TestWalkUnreadableFolder covers it": "root reads every folder; the other test covers the case",
}

// TestEverySkipIsListed: every call of Skip, Skipf or SkipNow in the
// project's Go files outside this package is listed in otherSkips; a skip
// for want of something optional must call optional.Skip, which fails
// under CI. A listed skip that is gone must leave the list too.
func TestEverySkipIsListed(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	seen := map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".cache", "node_modules", ".git", "testdata", "out":
				return filepath.SkipDir
			}
			if path == "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if strings.HasPrefix(rel, "internal/testutil/optional/") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || !slices.Contains([]string{"Skip", "Skipf", "SkipNow"}, sel.Sel.Name) {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "optional" {
				return true
			}
			msg := "<no literal message>"
			if len(call.Args) > 0 {
				if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					msg, _ = strconv.Unquote(lit.Value)
				}
			}
			key := rel + ": " + msg
			seen[key] = true
			if _, ok := otherSkips[key]; !ok {
				t.Errorf("%s: %s skips without optional.Skip (a skip for want of something must fail under CI; list it in otherSkips only when it is of another kind)", fset.Position(call.Pos()), key)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for key := range otherSkips {
		if !seen[key] {
			t.Errorf("otherSkips lists %q, which is no longer in the code", key)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("the walk did not start at the repository root: %v", err)
	}
}
