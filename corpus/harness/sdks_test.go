package harness

import (
	"os"
	"strings"
	"testing"
)

// TestSDKsFile: the pinned SDKs are well formed, each row's name carries
// its version, and under CI=true (after make harnesses) each is installed.
func TestSDKsFile(t *testing.T) {
	sdks, err := LoadSDKs("../..")
	if err != nil {
		t.Fatal(err)
	}
	langs := map[string]bool{}
	seen := map[string]bool{}
	for _, s := range sdks {
		if seen[s.Name] {
			t.Errorf("%s twice", s.Name)
		}
		seen[s.Name] = true
		if !strings.HasSuffix(s.Name, "-"+s.Version) {
			t.Errorf("%s: the row's name does not end with its version %s", s.Name, s.Version)
		}
		langs[s.Language] = true
		if os.Getenv("CI") == "true" && !s.Installed("../..") {
			t.Errorf("%s is not installed (make harnesses)", s.Name)
		}
	}
	for _, l := range []string{"python", "typescript", "go", "rust"} {
		if !langs[l] {
			t.Errorf("no pinned SDK in %s", l)
		}
	}
}
