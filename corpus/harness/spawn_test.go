package harness

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/protocheck/protocheck/internal/testutil/optional"
)

func TestParseRecord(t *testing.T) {
	data := []byte("0\x013\x01--output-format\x01stream-json\x01\x01\n1\x011\x01a b\x01" + "1\x010\x01")
	got, err := parseRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{"0": {"--output-format", "stream-json", ""}, "1": {}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("parseRecord mismatch (-want +got):\n%s", diff)
	}
	if _, err := parseRecord([]byte("0\x012\x01a\x01")); err == nil {
		t.Error("parseRecord of a cut record: no error")
	}
}

// TestSpawnRealSDKs has every installed harness that can spawn drive its
// SDK against the stand-in: the defaults' argv holds --output-format
// stream-json, and rusty_claw's permission_prompt_tool_allowlist puts
// --permission-prompt-tool-name in argv.
func TestSpawnRealSDKs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real SDKs")
	}
	root, _ := filepath.Abs("../..")
	sdks, err := LoadSDKs(root)
	if err != nil {
		t.Fatal(err)
	}
	// PROTOCHECK_HARNESS_CACHE names another install folder to try
	// first (a harness rebuilt from this checkout's sources).
	caches := []string{filepath.Join(root, CacheDir)}
	if c := os.Getenv("PROTOCHECK_HARNESS_CACHE"); c != "" {
		caches = append([]string{c}, caches...)
	}
	for _, s := range sdks {
		i := slices.IndexFunc(caches, s.InstalledIn)
		if i < 0 {
			continue
		}
		t.Run(s.Name, func(t *testing.T) {
			r := NewRunner(s.SpecIn(root, caches[i]))
			defer r.Close()
			got, err := r.Spawn(context.Background())
			if err == ErrNoSpawn {
				optional.Skip(t, "%s: %v (make harnesses installs it from these sources)", s.Name, err)
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) == 0 || got[0].Option != "" || !slices.Contains(got[0].Argv, "stream-json") {
				t.Fatalf("Spawn: the defaults' argv has no stream-json: %+v", got)
			}
			if s.SDK == "rusty_claw" && !slices.ContainsFunc(got, func(x Spawn) bool {
				return x.Option == "permission_prompt_tool_allowlist" && slices.Contains(x.Argv, "--permission-prompt-tool-name")
			}) {
				t.Errorf("rusty_claw: no permission_prompt_tool_allowlist case with --permission-prompt-tool-name: %+v", got)
			}
		})
	}
	if len(sdks) > 0 && !slices.ContainsFunc(sdks, func(s SDK) bool { return slices.ContainsFunc(caches, s.InstalledIn) }) {
		optional.Skip(t, "no harness installed (make harnesses)")
	}
}
