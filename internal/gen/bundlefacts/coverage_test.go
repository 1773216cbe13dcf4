package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCoverage holds the wire model to the committed bundle.json: every
// member a release's bundle writes on a variant the model has is modelled,
// or listed in exceptions.txt with the reason; no exception or reach note
// is stale; docs/coverage.md is up to date (make coverage).
func TestCoverage(t *testing.T) {
	rep, err := buildCoverage(root, filepath.Join(root, "internal", "gen", "versionfacts", "bundle.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range rep.missing {
		t.Errorf("the bundle writes %s, which the wire model lacks: model it in protocol/ (optional, tagged undeclared:\"<first version>\"), or list it in internal/gen/bundlefacts/exceptions.txt with the reason it is a false positive", m)
	}
	for _, s := range rep.stale {
		t.Error(s)
	}
	doc, err := os.ReadFile(filepath.Join(root, "docs", "coverage.md"))
	if err != nil {
		t.Fatal(err)
	}
	if string(doc) != string(rep.markdown()) {
		t.Error("docs/coverage.md is stale: run make coverage")
	}
}
