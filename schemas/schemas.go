package schemas

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sync"
)

// FS holds index.json and the tolerant/ and strict/ folders.
//
//go:embed index.json windows.json tolerant strict versions
var FS embed.FS

// VersionsDir is the folder of FS that holds the older version sets, one
// folder per set, each with an index.json and the union schema of each
// profile.
const VersionsDir = "versions"

// IndexFile is the name of the index in FS.
const IndexFile = "index.json"

// Index is the content of index.json: what the schemas describe and where
// each variant's schema is. Its shape is stable within a SchemaVersion.
type Index struct {
	// SchemaVersion numbers the layout of the generated files.
	SchemaVersion int `json:"schema_version"`
	// Protocol says which protocol the schemas describe.
	Protocol Protocol `json:"protocol"`
	// Dialect names the dialect the schemas describe; it is empty for the
	// wire's own schemas.
	Dialect string `json:"dialect,omitempty"`
	// BaseID is the prefix of every $id.
	BaseID string `json:"base_id"`
	// Profiles lists the profiles, each a folder of FS.
	Profiles []string `json:"profiles"`
	// Union gives, per profile, the file of the union schema.
	Union map[string]string `json:"union"`
	// SubtypePaths gives, per type that has subtypes, the JSON Pointer of
	// the member that holds the subtype.
	SubtypePaths map[string]string `json:"subtype_paths"`
	// Variants lists the variants in the order of protocol.Variants.
	Variants []Variant `json:"variants"`
	// Unions lists the discriminated unions nested in messages.
	Unions []Union `json:"unions"`
	// Covers, in the index of a version set, says which CLI versions the
	// set describes; the default set's index has it too.
	Covers *Covers `json:"covers,omitempty"`
	// VersionSets, in the root index only, lists every version set, oldest
	// first; the last is the default set, whose files are the root's own.
	VersionSets []VersionSet `json:"version_sets,omitempty"`
	// NoVersionSet, in the root index only, names the set for a transcript
	// whose system/init has no claude_code_version (the 1.0.x line's shape).
	NoVersionSet string `json:"no_version_set,omitempty"`
	// AllVersions, in the root index only, is the path of the index of the
	// set that accepts what any known version sends: a member any version
	// has is defined, one every version sends is required.
	AllVersions string `json:"all_versions,omitempty"`
	// Rungs, in the root index only, lists the CLI versions whose captures
	// are evidence of the version facts (the release ladder), oldest
	// first. A version newer than the last is not on the ladder yet.
	Rungs []string `json:"rungs,omitempty"`
	// Windows, in the root index only, is the path of the windows file
	// (WindowsFile): what the evidence shows of each member across
	// versions.
	Windows string `json:"windows,omitempty"`
}

// WindowsFile is the name of the file, beside the root index, that lists
// the members' evidence windows (see Windows).
const WindowsFile = "windows.json"

// Windows is the content of the windows file: per member whose evidence
// dates it, the window of versions in which nothing is known of it.
type Windows struct {
	// Members lists the members, in the order of the variants.
	Members []Window `json:"members"`
}

// A Window is what the evidence shows of one member across CLI versions
// (protocol.Fact): seen from Since; proven absent up to AbsentThrough
// ("": at no version); gone from Until ("": not gone). A version after
// AbsentThrough and before Since may or may not have it.
type Window struct {
	Variant       string `json:"variant"`
	Member        string `json:"member"`
	Since         string `json:"since"`
	AbsentThrough string `json:"absent_through,omitempty"`
	Until         string `json:"until,omitempty"`
	Evidence      string `json:"evidence,omitempty"`
}

// AllVersionsFS returns the folder of the set of every version at once
// (Index.AllVersions), in the layout of FS.
func AllVersionsFS() (fs.FS, error) {
	idx, err := LoadIndex()
	if err != nil {
		return nil, err
	}
	if idx.AllVersions == "" {
		return nil, fmt.Errorf("schemas: %s lists no all_versions set", IndexFile)
	}
	return fs.Sub(FS, path.Dir(idx.AllVersions))
}

// Covers is the range of CLI versions a schema set describes.
type Covers struct {
	// Set names the set: its first version.
	Set string `json:"set"`
	// From is the first version covered, To the first one not covered ("":
	// no end).
	From string `json:"from"`
	To   string `json:"to,omitempty"`
}

// VersionSet is one entry of Index.VersionSets.
type VersionSet struct {
	Covers
	// Index is the path of the set's index.json in FS ("index.json" for
	// the default set); its union files are relative to the index's folder.
	Index string `json:"index"`
}

// Protocol names the protocol version the schemas describe.
type Protocol struct {
	// CLIVersion is the Claude Code CLI version.
	CLIVersion string `json:"cli_version"`
	// SDKVersion is the @anthropic-ai/claude-agent-sdk version that ships it.
	SDKVersion string `json:"sdk_version"`
}

// Definition returns the name of the variant's definition under the union
// schema's $defs.
func (v *Variant) Definition() string {
	if v.Def != "" {
		return v.Def
	}
	return v.Name
}

// Variant is one entry of the index.
type Variant struct {
	// Name identifies the variant: "type", "type.subtype" or "user.replay".
	Name string `json:"name"`
	// Def names the variant's definition under the union schema's $defs
	// ("ResultSuccessLine"), a name code generators take as it is; empty
	// in sets written before it existed, whose definitions are named Name.
	Def string `json:"def,omitempty"`
	// Type is the value of the top-level "type" member.
	Type string `json:"type"`
	// Subtype is the value at SubtypePaths[Type], or nil.
	Subtype *string `json:"subtype"`
	// Marker names a member that must be true for the variant, or is nil.
	Marker *string `json:"marker"`
	// MarkerValue, beside a Marker, is the value the marker must have:
	// true. (A line of the type's plain variant may hold the marker false.)
	MarkerValue *bool `json:"marker_value,omitempty"`
	// Direction is "cli" (CLI stdout), "sdk" (CLI stdin) or "both".
	Direction string `json:"direction"`
	// Checked is the CLI version the variant was checked against.
	Checked string `json:"checked"`
	// GoType is the name of the Go type in package protocol.
	GoType string `json:"go_type"`
	// Doc describes the variant in one line.
	Doc string `json:"doc"`
	// Files gives, per profile, the variant's schema file in FS.
	Files map[string]string `json:"files"`
}

// Union is one discriminated union nested in messages.
type Union struct {
	// Name names the union.
	Name string `json:"name"`
	// Def names its definition in the schemas (under $defs): Name, unless
	// a code generator would give Name the identifier of a variant.
	Def string `json:"def,omitempty"`
	// Key is the discriminating member.
	Key string `json:"key"`
	// Members lists the known discriminator values.
	Members []string `json:"members"`
}

var loadIndex = sync.OnceValues(func() (*Index, error) {
	data, err := fs.ReadFile(FS, IndexFile)
	if err != nil {
		return nil, err
	}
	var idx Index
	if err := json.Unmarshal(data, &idx); err != nil {
		return nil, fmt.Errorf("schemas: %s: %w", IndexFile, err)
	}
	return &idx, nil
})

// LoadIndex returns the embedded index, parsed once.
func LoadIndex() (*Index, error) { return loadIndex() }

// Lookup returns the entry of the variant named name, or nil.
func (idx *Index) Lookup(name string) *Variant {
	for i := range idx.Variants {
		if idx.Variants[i].Name == name {
			return &idx.Variants[i]
		}
	}
	return nil
}
