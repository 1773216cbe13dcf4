package check

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/internal/usage"
	"github.com/protocheck/protocheck/validate"
)

func liveDefaults() LiveOptions {
	o := LiveDefaults()
	o.QueueLines, o.Drain = 8, time.Second
	return o
}

// TestPlanLiveRefuses: each option of a live session that cannot be used
// is a *usage.Error with the message tap has always printed for it
// (never is a FailOn here, and the message says so), the first wrong one
// in tap's order.
func TestPlanLiveRefuses(t *testing.T) {
	tests := []struct {
		name  string
		edit  func(o *LiveOptions, dir string)
		given string
		want  string
	}{
		{name: "format", edit: func(o *LiveOptions, _ string) { o.Formats = []string{"bogus"} }, want: `--format: unknown format "bogus"`},
		{name: "fail-on info", edit: func(o *LiveOptions, _ string) { o.FailOn = "info" }, want: `--fail-on "info": want never, error or warning`},
		{name: "queue", edit: func(o *LiveOptions, _ string) { o.QueueLines = 0 }, want: "--max-line-bytes, --queue and --drain must be positive"},
		{name: "drain", edit: func(o *LiveOptions, _ string) { o.Drain = 0 }, want: "--max-line-bytes, --queue and --drain must be positive"},
		{name: "rules and no-rules", given: "rules", edit: func(o *LiveOptions, _ string) { o.NoRules = true }, want: "--rules and --no-rules contradict each other"},
		{name: "version", edit: func(o *LiveOptions, _ string) { o.CLIVersion = "latest" }, want: `--cli-version "latest": want a version such as 2.1.330`},
		{name: "profile", edit: func(o *LiveOptions, _ string) { o.Profile = "lax" }, want: `--profile "lax": want tolerant or strict`},
		{name: "ignore", edit: func(o *LiveOptions, _ string) { o.Ignores = []string{"nosuch/rule"} }, want: `--ignore: "nosuch/rule": no rule is nosuch/rule`},
		{name: "missing baseline", edit: func(o *LiveOptions, dir string) { o.Baseline = filepath.Join(dir, "none.json") },
			want: "--baseline " + filepath.Join("DIR", "none.json") + ": no such file; write it with --update-baseline"},
		{name: "order: fail-on before profile", edit: func(o *LiveOptions, _ string) { o.Profile, o.FailOn = "lax", "info" }, want: `--fail-on "info": want never, error or warning`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts, dir := liveDefaults(), t.TempDir()
			tt.edit(&opts, dir)
			_, err := PlanLive(opts, func(flag string) bool { return flag == tt.given })
			want := strings.ReplaceAll(tt.want, "DIR", dir)
			if !usage.Is(err) || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("PlanLive: err = %v (usage %v), want a *usage.Error starting %q", err, usage.Is(err), want)
			}
		})
	}
}

// TestPlanLive: the defaults fail nothing; a right set of options makes
// the validator's options of the session, the targets, the severity that
// fails it and a filter with the cap on findings.
func TestPlanLive(t *testing.T) {
	live, err := PlanLive(liveDefaults(), nil)
	if err != nil || live.FailOn != 0 || len(live.Targets) != 1 || live.Targets[0].Format != report.Text {
		t.Fatalf("PlanLive(defaults) = %+v, %v; want FailOn 0 and one text target", live, err)
	}
	o := liveDefaults()
	o.FailOn, o.Profile, o.Strict, o.MaxLineBytes = "warning", "strict", true, 4096
	o.CLIVersion, o.Rules, o.RulesBudget = "2.1.330", []string{"tools"}, 1<<20
	o.Ignores = []string{"schema/*"}
	live, err = PlanLive(o, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := validate.Options{Profile: validate.ProfileStrict, UnknownKindsAreErrors: true, MaxLineBytes: 4096,
		MaxFindingsPerLine: DefaultMaxPerLine, CLIVersion: "2.1.330", CrossLine: []string{"tools"}, RulesBudget: 1 << 20}
	got := live.Validate
	if got.Profile != want.Profile || got.UnknownKindsAreErrors != want.UnknownKindsAreErrors || got.MaxLineBytes != want.MaxLineBytes ||
		got.MaxFindingsPerLine != want.MaxFindingsPerLine || got.CLIVersion != want.CLIVersion || !slices.Equal(got.CrossLine, want.CrossLine) ||
		got.NoCrossLine || got.RulesBudget != want.RulesBudget {
		t.Errorf("PlanLive: validator options %+v, want %+v", got, want)
	}
	if live.FailOn != validate.Warning || live.Filter == nil || live.Filter.MaxFindings != DefaultMaxFindings || len(live.Filter.Ignores) != 1 {
		t.Errorf("PlanLive: FailOn %v, filter %+v; want warning, the default cap and one ignore", live.FailOn, live.Filter)
	}
}
