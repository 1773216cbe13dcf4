package capture

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/protocheck/protocheck/corpus/internal/jsonptr"
)

// A Survey is what a set of transcripts shows of the protocol's structure:
// the variants their lines are of and, for each member of each variant,
// how many objects could carry it and how many did. Members are JSON
// Pointers with array items and the keys of MapMembers written as "*", as
// the diff writes them; the envelope (stream_event's event, a control
// request's request) is part of the pointer.
type Survey struct {
	Variants map[string]*VariantSurvey `json:"variants"`
}

// A VariantSurvey is what a Survey saw of one variant.
type VariantSurvey struct {
	// Lines counts the lines of the variant.
	Lines int `json:"lines"`
	// Members maps each member's pointer to what was seen of it.
	Members map[string]*MemberSurvey `json:"members"`
	// objects counts the objects seen at each pointer ("" is the line).
	objects map[string]int
}

// A MemberSurvey counts one member: Parents is how many objects at its
// parent's pointer were seen, Seen how many of them carried it. Seen ==
// Parents means the member was always sent.
type MemberSurvey struct {
	Parents int `json:"parents"`
	Seen    int `json:"seen"`
}

// Always says every object that could carry the member did.
func (m *MemberSurvey) Always() bool { return m != nil && m.Seen > 0 && m.Seen == m.Parents }

// NewSurvey returns an empty Survey.
func NewSurvey() *Survey { return &Survey{Variants: map[string]*VariantSurvey{}} }

// Add surveys the lines of one transcript; file names it in errors.
func (s *Survey) Add(data []byte, file string) error {
	lines, err := diffLines(data, file)
	if err != nil {
		return err
	}
	for _, l := range lines {
		vs := s.Variants[l.variant]
		if vs == nil {
			vs = &VariantSurvey{Members: map[string]*MemberSurvey{}, objects: map[string]int{}}
			s.Variants[l.variant] = vs
		}
		vs.Lines++
		vs.walk(l.val, "")
	}
	// A member's parents are every object seen at its parent's pointer,
	// also those of the transcripts surveyed before the member first
	// appeared.
	for _, vs := range s.Variants {
		for p, m := range vs.Members {
			m.Parents = vs.objects[ParentPointer(p)]
		}
	}
	return nil
}

// Objects returns how many objects were seen at pointer p ("" is the
// line itself): how many could carry a member of p.
func (vs *VariantSurvey) Objects(p string) int { return vs.objects[p] }

// ParentPointer returns the pointer of the objects that hold member p: p
// without its last token (array items and MapMembers are "*" tokens).
func ParentPointer(p string) string {
	return p[:strings.LastIndexByte(p, '/')]
}

// AddFile surveys one transcript file.
func (s *Survey) AddFile(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return s.Add(b, path)
}

// SurveyCaptures surveys the goldens of CLI version's captures of the
// named scenarios under dir (the corpus folder); a scenario with no
// golden is skipped.
func SurveyCaptures(dir, version string, scenarios []string) (*Survey, error) {
	s := NewSurvey()
	for _, n := range scenarios {
		p := GoldenPath(dir, version, n)
		if _, err := os.Stat(p); err != nil {
			continue
		}
		if err := s.AddFile(p); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// CapturedScenarios returns the names of the scenarios with a golden of
// CLI version under dir, sorted.
func CapturedScenarios(dir, version string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "captures", version, "*.jsonl"))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range files {
		b := filepath.Base(f)
		out = append(out, b[:len(b)-len(".jsonl")])
	}
	sort.Strings(out)
	return out, nil
}

func (vs *VariantSurvey) walk(v *value, pattern string) {
	switch v.kind {
	case kindObject:
		if isMapMember(pattern) {
			for _, m := range v.members {
				vs.walk(m.val, pattern+"/*")
			}
			return
		}
		vs.objects[pattern]++
		seen := map[string]bool{}
		for _, m := range v.members {
			p := pattern + "/" + jsonptr.Escape(m.key)
			if seen[p] {
				continue
			}
			seen[p] = true
			ms := vs.Members[p]
			if ms == nil {
				ms = &MemberSurvey{}
				vs.Members[p] = ms
			}
			ms.Seen++
			vs.walk(m.val, p)
		}
	case kindArray:
		for _, it := range v.items {
			vs.walk(it, pattern+"/*")
		}
	}
}
