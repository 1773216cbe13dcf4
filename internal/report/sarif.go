package report

import (
	"bytes"
	"encoding/json"
	"net/url"
	"path/filepath"

	"github.com/protocheck/protocheck/validate"
)

// SARIFSchema is the $schema a SARIF log names.
const SARIFSchema = "https://json.schemastore.org/sarif-2.1.0.json"

// The SARIF 2.1.0 objects this form writes (a small part of the spec).
type (
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version,omitempty"`
		InformationURI string      `json:"informationUri,omitempty"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string       `json:"id"`
		ShortDescription     sarifMessage `json:"shortDescription"`
		Help                 sarifMessage `json:"help"`
		DefaultConfiguration *sarifConfig `json:"defaultConfiguration,omitempty"`
	}
	sarifConfig struct {
		Level string `json:"level"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifInvocation struct {
		ExecutionSuccessful bool `json:"executionSuccessful"`
	}
	sarifResult struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           *int              `json:"ruleIndex,omitempty"`
		Level               string            `json:"level"`
		Message             sarifMessage      `json:"message"`
		Locations           []sarifLocation   `json:"locations,omitempty"`
		PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
		Properties          *sarifResultProps `json:"properties,omitempty"`
	}
	sarifLocation struct {
		PhysicalLocation *sarifPhysical `json:"physicalLocation,omitempty"`
		LogicalLocations []sarifLogical `json:"logicalLocations,omitempty"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"`
	}
	sarifArtifact struct {
		URI string `json:"uri"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
	}
	sarifLogical struct {
		FullyQualifiedName string `json:"fullyQualifiedName"`
		Kind               string `json:"kind,omitempty"`
	}
	sarifResultProps struct {
		Variant string `json:"variant,omitempty"`
		Pointer string `json:"pointer,omitempty"`
		Keyword string `json:"keyword,omitempty"`
	}
	sarifRunProps struct {
		Baselined     int             `json:"baselined,omitempty"`
		Ignored       int             `json:"ignored,omitempty"`
		Omitted       int             `json:"omittedFindings,omitempty"`
		StaleBaseline []BaselineEntry `json:"staleBaseline,omitempty"`
		StaleEntries  int             `json:"staleEntries,omitempty"`
		StaleFindings int             `json:"staleFindings,omitempty"`
	}
)

// sarifWriter writes the log as it goes: one run, whose tool.driver.rules
// describes every rule, then one result a finding, located by file URI,
// line and column, with the variant and pointer as a logical location,
// one result a line; the invocation and the run's properties come last.
// Columns are byte columns; they count code points, as columnKind says,
// wherever the line is ASCII before them.
type sarifWriter struct {
	*out
	meta *Meta
	fp   fingerprinter
	n    int
	head bool
}

func (s *sarifWriter) header() {
	if s.head {
		return
	}
	s.head = true
	driver := sarifDriver{Name: "protocheck", Rules: []sarifRule{}}
	if s.meta != nil {
		driver.Version = s.meta.Version
		for _, r := range s.meta.Rules {
			sr := sarifRule{ID: r.ID, ShortDescription: sarifMessage{Text: r.Doc},
				Help: sarifMessage{Text: r.Doc + " See 'protocheck rules' for every rule ID."}}
			if sev, err := validate.ParseSeverity(r.Severity); err == nil {
				sr.DefaultConfiguration = &sarifConfig{Level: sarifLevel(sev)}
			}
			driver.Rules = append(driver.Rules, sr)
		}
	}
	s.write("{\n  \"$schema\": \"" + SARIFSchema + "\",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n      \"tool\": ")
	s.write(s.indented(sarifTool{Driver: driver}, "      "))
	s.write(",\n      \"columnKind\": \"unicodeCodePoints\",\n      \"results\": [")
}

// indented encodes v safely (see validate.SafeJSON), then indents it.
func (s *sarifWriter) indented(v any, prefix string) string {
	b, err := json.Marshal(v)
	if err != nil {
		if s.err == nil {
			s.err = err
		}
		return "null"
	}
	var ind bytes.Buffer
	if err := json.Indent(&ind, validate.SafeJSON(b), prefix, "  "); err != nil {
		if s.err == nil {
			s.err = err
		}
		return "null"
	}
	return ind.String()
}

func (s *sarifWriter) Finding(f Finding) {
	s.header()
	r := sarifResult{
		RuleID:              f.Rule,
		Level:               sarifLevel(f.Severity),
		Message:             sarifMessage{Text: message(f.Finding)},
		PartialFingerprints: map[string]string{"protocheck/v1": s.fp.of(f)},
	}
	if s.meta != nil {
		for i, rule := range s.meta.Rules {
			if rule.ID == f.Rule {
				r.RuleIndex = &i
				break
			}
		}
	}
	var loc sarifLocation
	if f.File != "" {
		loc.PhysicalLocation = &sarifPhysical{ArtifactLocation: sarifArtifact{URI: fileURI(f.File)}}
		if f.Line > 0 {
			loc.PhysicalLocation.Region = &sarifRegion{StartLine: f.Line, StartColumn: f.Column}
		}
	}
	if f.Variant != "" {
		loc.LogicalLocations = []sarifLogical{{FullyQualifiedName: f.Variant + f.Pointer, Kind: "member"}}
	}
	if loc.PhysicalLocation != nil || loc.LogicalLocations != nil {
		r.Locations = []sarifLocation{loc}
	}
	if f.Variant != "" || f.Pointer != "" || f.Keyword != "" {
		r.Properties = &sarifResultProps{Variant: f.Variant, Pointer: f.Pointer, Keyword: f.Keyword}
	}
	b, err := json.Marshal(r)
	if err != nil && s.err == nil {
		s.err = err
	}
	if s.n > 0 {
		s.write(",")
	}
	s.n++
	s.write("\n        ")
	s.write(string(validate.SafeJSON(b)))
}

func (s *sarifWriter) End(sum Summary) error {
	s.header()
	if s.n > 0 {
		s.write("\n      ")
	}
	s.write("],\n      \"invocations\": ")
	s.write(s.indented([]sarifInvocation{{ExecutionSuccessful: sum.IOErrors == 0 && sum.InternalErrors == 0}}, "      "))
	if sum.Baselined > 0 || sum.Ignored > 0 || sum.Omitted > 0 || len(sum.Stale) > 0 {
		s.write(",\n      \"properties\": ")
		s.write(s.indented(sarifRunProps{Baselined: sum.Baselined, Ignored: sum.Ignored, Omitted: sum.Omitted, StaleBaseline: sum.Stale,
			StaleEntries: sum.StaleEntries, StaleFindings: sum.StaleFindings}, "      "))
	}
	s.write("\n    }\n  ]\n}\n")
	return s.Flush()
}

func sarifLevel(s validate.Severity) string {
	switch s {
	case validate.Error:
		return "error"
	case validate.Warning:
		return "warning"
	}
	return "note"
}

// fileURI is a file's path as a relative (or absolute-path) URI reference.
func fileURI(file string) string {
	return (&url.URL{Path: filepath.ToSlash(file)}).String()
}
