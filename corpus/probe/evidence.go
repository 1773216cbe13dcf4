package probe

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/protocheck/protocheck/corpus/drift"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/validate"
)

// The results are the evidence of every write-side claim: the functions
// here look a dialect's write up in them, by the one ID the suite gives
// its probe (WriteID), and say what the newest CLI that read it did.

// WriteID is the ID of the probe that sends a dialect's write as it is.
func WriteID(dialect, write string) string {
	return fmt.Sprintf("dialect %s: %s", dialect, write)
}

// ReadDir reads the results files of dir, oldest CLI first; a missing
// folder has none.
func ReadDir(dir string) ([]*File, error) {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []*File
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		f, err := Read(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return protocol.CompareVersions(out[i].CLIVersion, out[j].CLIVersion) < 0 })
	return out, nil
}

// Newest returns the result of the probe id on the newest CLI of files
// (oldest first) that ran it, and that CLI's version; nil when none did.
func Newest(files []*File, id string) (*Result, string) {
	for i := len(files) - 1; i >= 0; i-- {
		for j := range files[i].Results {
			if r := &files[i].Results[j]; r.ID == id {
				return r, files[i].CLIVersion
			}
		}
	}
	return nil, ""
}

// Words says what the CLI did with a probe, in words.
func (r *Result) Words() string {
	var s string
	switch r.Read {
	case ReadYes:
		s = "the CLI reads it"
	case ReadNo:
		s = "the CLI does not read it"
	default:
		s = "the CLI's answer does not tell"
	}
	s += " (" + string(r.Outcome)
	if r.Answer != "" {
		s += ": " + r.Answer
	}
	return s + ")"
}

// verified is the evidence of a write the CLI of version was sent.
func verified(version string, r *Result) string {
	return fmt.Sprintf("verified on CLI %s: %s", version, r.Words())
}

// MarkWrites sets the Evidence of each write a matrix checked: what the
// newest CLI sent it did, or matrix.InferredFromTypes when no probe sent it.
func MarkWrites(ws []*matrix.WriteResult, files []*File) {
	for _, w := range ws {
		w.Evidence = matrix.InferredFromTypes
		if r, version := Newest(files, WriteID(w.Dialect, w.Name)); r != nil {
			w.Evidence = verified(version, r)
		}
	}
}

// MarkDrift replaces "inferred from types" in the compat/write-refused
// changes of a drift report with what a probe of the real CLI saw, where a
// probe sent that very message, and counts the changes again: one the CLI
// reads is only Info (only the types disagree).
func MarkDrift(rep *drift.DriftReport, files []*File) {
	for i := range rep.Changes {
		c := &rep.Changes[i]
		if c.Write == "" {
			continue
		}
		r, version := Newest(files, WriteID(rep.To, c.Write))
		if r == nil {
			continue
		}
		c.Message = strings.TrimSuffix(c.Message, matrix.InferredFromTypes) + verified(version, r)
		if r.Read == ReadYes {
			c.Severity = validate.Info
		}
	}
	rep.Counts = map[string]int{}
	for _, c := range rep.Changes {
		rep.Counts[c.Severity.String()]++
	}
}
