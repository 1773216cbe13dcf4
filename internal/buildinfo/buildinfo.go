package buildinfo

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/protocheck/protocheck/schemas"
)

// Version is protocheck's version: linked when it is not "" (the value
// the build linked in), else what the build recorded (see Of).
func Version(linked string) string {
	if linked != "" {
		return linked
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	return Of(bi)
}

// Of returns the module version of a build, or for a build from a source
// tree ("(devel)") the commit it was built from, when the build recorded
// it: "(devel) 0123456789ab", with "+dirty" for uncommitted changes.
func Of(bi *debug.BuildInfo) string {
	v := bi.Main.Version
	if v != "" && v != "(devel)" {
		return v
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch {
		case s.Key == "vcs.revision":
			rev = s.Value[:min(12, len(s.Value))]
		case s.Key == "vcs.modified" && s.Value == "true":
			dirty = "+dirty"
		}
	}
	if rev == "" {
		return "(devel)"
	}
	return "(devel) " + rev + dirty
}

// Info is what 'protocheck version' says, and its JSON form.
type Info struct {
	// Protocheck is Version's.
	Protocheck string `json:"protocheck"`
	// CLIVersion and SDKVersion are the Claude Code CLI version and the
	// @anthropic-ai/claude-agent-sdk release the schemas were checked
	// against.
	CLIVersion string `json:"cli_version"`
	SDKVersion string `json:"sdk_version"`
	// SchemaVersion numbers the schemas' layout; Variants counts them;
	// BaseID is the prefix of their $id.
	SchemaVersion int    `json:"schema_version"`
	Variants      int    `json:"variants"`
	BaseID        string `json:"base_id"`
	// Go is the Go release the program was built with.
	Go string `json:"go"`
}

// Read returns the Info of this program, with linked as Version's.
func Read(linked string) (Info, error) {
	idx, err := schemas.LoadIndex()
	if err != nil {
		return Info{}, err
	}
	return Info{
		Protocheck:    Version(linked),
		CLIVersion:    idx.Protocol.CLIVersion,
		SDKVersion:    idx.Protocol.SDKVersion,
		SchemaVersion: idx.SchemaVersion,
		Variants:      len(idx.Variants),
		BaseID:        idx.BaseID,
		Go:            runtime.Version(),
	}, nil
}

// Print writes the Info as text, a line per fact.
func (info Info) Print(w io.Writer) {
	fmt.Fprintf(w, "protocheck %s\n", info.Protocheck)
	fmt.Fprintf(w, "protocol   Claude Code CLI %s (@anthropic-ai/claude-agent-sdk %s)\n", info.CLIVersion, info.SDKVersion)
	fmt.Fprintf(w, "schemas    layout v%d, %d variants, %s\n", info.SchemaVersion, info.Variants, info.BaseID)
	fmt.Fprintf(w, "go         %s\n", info.Go)
}
