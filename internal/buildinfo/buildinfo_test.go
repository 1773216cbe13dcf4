package buildinfo

import (
	"runtime/debug"
	"testing"
)

func TestOf(t *testing.T) {
	rev := []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"}}
	dirty := append(rev, debug.BuildSetting{Key: "vcs.modified", Value: "true"})
	tests := []struct {
		name     string
		version  string
		settings []debug.BuildSetting
		want     string
	}{
		{"a module version wins", "v1.2.3", dirty, "v1.2.3"},
		{"a source build names its commit", "(devel)", rev, "(devel) 0123456789ab"},
		{"and says when the tree had changes", "(devel)", dirty, "(devel) 0123456789ab+dirty"},
		{"no commit recorded", "(devel)", nil, "(devel)"},
		{"no version at all", "", nil, "(devel)"},
	}
	for _, tt := range tests {
		bi := &debug.BuildInfo{Main: debug.Module{Version: tt.version}, Settings: tt.settings}
		if got := Of(bi); got != tt.want {
			t.Errorf("%s: Of = %q, want %q", tt.name, got, tt.want)
		}
	}
}
