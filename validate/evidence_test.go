package validate

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// relabel returns the captures of one rung as inputs, with each line
// passed through edit (the init's claude_code_version changed, the init
// dropped).
func relabel(t *testing.T, version string, edit func(line string) string) []Input {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "corpus", "captures", version, "*.jsonl"))
	if len(files) == 0 {
		t.Fatalf("no captures of %s", version)
	}
	var out []Input
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for line := range strings.Lines(string(data)) {
			if l := edit(strings.TrimSuffix(line, "\n")); l != "" {
				b.WriteString(l + "\n")
			}
		}
		text := b.String()
		out = append(out, Input{Name: filepath.Base(f), Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(text)), nil }})
	}
	return out
}

// runOn checks inputs and returns the findings and summary.
func runOn(t *testing.T, opts Options, inputs []Input) ([]Finding, Summary) {
	t.Helper()
	v, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	var fs []Finding
	sum, err := v.Run(context.Background(), inputs, func(f Finding) { fs = append(fs, f) })
	if err != nil {
		t.Fatal(err)
	}
	return fs, sum
}

// setVersion replaces the claude_code_version of an init line.
func setVersion(from, to string) func(string) string {
	return func(l string) string {
		return strings.Replace(l, `"claude_code_version":"`+from+`"`, `"claude_code_version":"`+to+`"`, 1)
	}
}

// TestBetweenRungs: the real captures of a rung, relabelled as a release
// between two rungs, give no error and no warning in either profile: a
// member in its evidence window is neither required nor rejected. In the
// strict profile, a release in the window of members the rung shows
// (2.1.112's captures as 2.1.100: after the last rung that proves them
// absent, 2.1.81) gets version/unproven info findings, once per member and
// file, and none in the tolerant profile.
func TestBetweenRungs(t *testing.T) {
	for _, c := range []struct {
		from, to string
		unproven bool
	}{
		{"2.1.112", "2.1.200", false},
		{"2.1.112", "2.1.100", true},
	} {
		for _, profile := range []Profile{ProfileTolerant, ProfileStrict} {
			fs, sum := runOn(t, Options{Profile: profile, NoCrossLine: true}, relabel(t, c.from, setVersion(c.from, c.to)))
			unproven := map[string]int{}
			for _, f := range fs {
				switch {
				case f.Rule == RuleVersionUnproven.ID:
					unproven[f.File+" "+f.Message]++
				case f.Severity >= Warning && f.Rule != RuleEmpty.ID:
					t.Errorf("%s as %s, %s: %s", c.from, c.to, profile, f)
				}
			}
			if sum.Errors != 0 {
				t.Errorf("%s as %s, %s: %d errors", c.from, c.to, profile, sum.Errors)
			}
			want := c.unproven && profile == ProfileStrict
			if (len(unproven) > 0) != want {
				t.Errorf("%s as %s, %s: %d unproven findings, want some: %v", c.from, c.to, profile, len(unproven), want)
			}
			for k, n := range unproven {
				if n > 1 {
					t.Errorf("%s as %s: %q %d times in one file, want once", c.from, c.to, k, n)
				}
				if !strings.Contains(k, "seen from ") || strings.Contains(k, "`subtype`") || strings.Contains(k, "`type`") {
					t.Errorf("%s as %s: %q does not name the window", c.from, c.to, k)
				}
			}
		}
	}
}

// TestNewerThanLadder: the newest rung's captures relabelled as a release
// after it, with a member no release has shown added to each init, give no
// error and no warning in either profile (so --fail-on warning passes),
// one note for the whole run saying how to add the release, and in the
// strict profile version/unproven info findings for the new member only.
func TestNewerThanLadder(t *testing.T) {
	v, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	newest := v.index.Rungs[len(v.index.Rungs)-1]
	edit := func(l string) string {
		l = setVersion(newest, "2.1.999")(l)
		if strings.Contains(l, `"subtype":"init"`) {
			l = strings.Replace(l, `{"type":"system"`, `{"type":"system","brand_new_member":1`, 1)
		}
		return l
	}
	for _, profile := range []Profile{ProfileTolerant, ProfileStrict} {
		inputs := relabel(t, newest, edit)
		fs, sum := runOn(t, Options{Profile: profile, NoCrossLine: true}, inputs)
		unproven := 0
		for _, f := range fs {
			switch {
			case f.Rule == RuleVersionUnproven.ID:
				unproven++
				if !strings.Contains(f.Message, "brand_new_member") || f.Pointer != "/brand_new_member" {
					t.Errorf("%s: unproven finding on another member: %s", profile, f)
				}
			case f.Severity >= Warning && f.Rule != RuleEmpty.ID:
				t.Errorf("%s: %s", profile, f)
			}
		}
		if sum.Failed(Warning) && sum.Warnings != 1 { // the one empty capture (non_json_stdin)
			t.Errorf("%s: %d errors, %d warnings", profile, sum.Errors, sum.Warnings)
		}
		if want := profile == ProfileStrict; (unproven > 0) != want {
			t.Errorf("%s: %d unproven findings, want some: %v", profile, unproven, want)
		}
		if len(sum.Notes) != 1 || !strings.Contains(sum.Notes[0], "protocheck corpus add-release 2.1.999") {
			t.Errorf("%s: notes %q, want one naming how to add 2.1.999", profile, sum.Notes)
		}
	}
}

// TestNoInit: a rung's captures with their init dropped give no error,
// each file a version/range finding whose range holds the rung; a line no
// release's set accepts is an error, with version/no-init; --cli-version
// still pins the newest set.
func TestNoInit(t *testing.T) {
	dropInit := func(l string) string {
		if strings.Contains(l, `"subtype":"init"`) {
			return ""
		}
		return l
	}
	fs, sum := runOn(t, Options{NoCrossLine: true}, relabel(t, "1.0.128", dropInit))
	if sum.Errors != 0 {
		t.Errorf("1.0.128 without init: %d errors", sum.Errors)
	}
	ranges := 0
	for _, f := range fs {
		if f.Rule == RuleVersionRange.ID {
			ranges++
		}
	}
	for _, s := range sum.FileSets {
		if s.By != "range" || s.Range == nil || compareVersions(s.Range.From, "1.0.128") > 0 || (s.Range.To != "" && compareVersions(s.Range.To, "1.0.128") <= 0) {
			t.Errorf("%s: %+v, want a range holding 1.0.128", s.File, s)
		}
	}
	if ranges == 0 || ranges != len(sum.FileSets) {
		t.Errorf("%d version/range findings for %d files", ranges, len(sum.FileSets))
	}
	_, forced := runOn(t, Options{NoCrossLine: true, CLIVersion: "2.1.330"}, relabel(t, "1.0.128", dropInit))
	if forced.Errors == 0 {
		t.Error("--cli-version 2.1.330 on 1.0.128's lines: no error, want the members 1.0.x never sent")
	}

	bad := `{"type":"result","subtype":"success","is_error":false,"num_turns":"three","duration_ms":1,"duration_api_ms":1,"result":"x","session_id":"s","total_cost_usd":0,"usage":{"input_tokens":1,"output_tokens":1}}`
	fs, sum = runOn(t, Options{NoCrossLine: true}, []Input{{Name: "bad.jsonl", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(bad + "\n")), nil }}})
	rules := map[string]bool{}
	for _, f := range fs {
		rules[f.Rule] = true
	}
	if sum.Errors == 0 || !rules[RuleType.ID] || !rules[RuleVersionNoInit.ID] || rules[RuleVersionRange.ID] {
		t.Errorf("a line no release accepts: findings %v, want schema/type and version/no-init", rules)
	}
}
