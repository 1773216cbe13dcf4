package conform

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/internal/tap"
	"github.com/protocheck/protocheck/validate"
)

// A Spec tells the shim what session to run: conform writes one for each
// run of the command, and the shim ('protocheck conform session') reads it.
type Spec struct {
	// CLI is the real CLI's executable and Version its release.
	CLI     string `json:"cli"`
	Version string `json:"version"`
	// Scenario is the fake API's scenario file.
	Scenario string `json:"scenario"`
	// Mutation is the mutation applied, or nil for the baseline.
	Mutation *Mutation `json:"mutation,omitempty"`
	// Reports is the folder each session writes its SessionReport (and,
	// for the baseline, its record) into.
	Reports string `json:"reports"`
}

// A SessionReport is what one session of a run came to, as the shim saw it.
type SessionReport struct {
	// Args are the CLI's arguments as the SDK gave them.
	Args []string `json:"args"`
	// Checked says the session spoke stream-json and was checked.
	Checked bool `json:"checked"`
	// ExitCode is the CLI's exit code; Signal the signal that killed it.
	ExitCode int `json:"exit_code"`
	Signal   int `json:"signal,omitempty"`
	// SDKGone says the SDK stopped reading the CLI's stdout before the
	// CLI was done.
	SDKGone bool `json:"sdk_gone,omitempty"`
	// Errors and Warnings count the checker's findings (baseline only);
	// Findings quotes the first ones.
	Errors   int      `json:"errors"`
	Warnings int      `json:"warnings"`
	Findings []string `json:"findings,omitempty"`
	// Seen is what the mutator saw.
	Seen Seen `json:"seen"`
	// Record is the session's duplex record (baseline only).
	Record string `json:"record,omitempty"`
	// Duration is the session's wall time.
	Duration time.Duration `json:"duration_ns"`
	// Error is why the session could not start.
	Error string `json:"error,omitempty"`
	// Killed says the shim was killed before it could write its report
	// (an SDK that kills its CLI once it has the result): only what its
	// log says is known, and ExitCode is -1.
	Killed bool `json:"killed,omitempty"`
	// lines are the CLI's lines a baseline session logged.
	lines [][]byte
}

// maxQuoted bounds the findings a SessionReport quotes.
const maxQuoted = 20

// Session runs one session of the shim: the CLI of spec, with the SDK's
// args, between the SDK (stdin, stdout, stderr) and the CLI; it writes its
// SessionReport into spec.Reports and returns the exit code the shim
// exits with (the CLI's own, or 128+signal; 127 when the CLI cannot be
// started).
func Session(spec Spec, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	start := time.Now()
	base := filepath.Join(spec.Reports, fmt.Sprintf("session-%d-%d", os.Getpid(), start.UnixNano()))
	rep := SessionReport{Args: args}
	x := NewMutator(spec.Mutation)
	// The log is written as the session goes: what it saw survives a
	// shim killed outright.
	if log, err := os.OpenFile(base+".events", os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644); err == nil {
		defer log.Close()
		x.SetLog(log)
		x.note(event{E: "start", Args: args})
	}
	var mu sync.Mutex
	o := tap.Options{
		Argv:    append([]string{spec.CLI}, args...),
		Env:     os.Environ(),
		Stdin:   stdin,
		Stdout:  stdout,
		Stderr:  stderr,
		FakeAPI: spec.Scenario,
		Rewrite: x.Rewrite,
		Absorb:  x.Absorb,
		// An injected control request needs the SDK's stdin open.
		StdinClosed: x.StdinClosed,
		Done: func() {
			if f, ok := stdout.(*os.File); ok {
				f.Close() // the SDK sees the end now
			}
		},
	}
	if spec.Mutation == nil { // the baseline: checked both ways, and recorded
		o.Check = true
		o.Record = base + ".jsonl"
		o.Name = o.Record
		o.Validate = validate.Options{Profile: validate.DefaultProfile, MaxLineBytes: validate.DefaultMaxLineBytes, CLIVersion: spec.Version,
			RulesBudget: validate.DefaultRulesBudget, MaxFindingsPerLine: 10}
		o.Emit = func(f validate.Finding) {
			mu.Lock()
			defer mu.Unlock()
			switch f.Severity {
			case validate.Error:
				rep.Errors++
			case validate.Warning:
				rep.Warnings++
			default:
				return
			}
			if len(rep.Findings) < maxQuoted {
				rep.Findings = append(rep.Findings, fmt.Sprintf("%s:%d: %s %s: %s", filepath.Base(f.File), f.Line, f.Severity, f.Rule, f.Message))
			}
		}
	}
	code := 0
	sr, err := tap.Session(o)
	if err != nil {
		rep.Error = err.Error()
		fmt.Fprintf(stderr, "protocheck conform: %v\n", err)
		code = 127
	} else {
		rep.Checked = sr.Checked
		rep.ExitCode, rep.SDKGone = sr.ExitCode, sr.SDKGone
		code = sr.ExitCode
		if sr.Signal != 0 {
			rep.Signal = int(sr.Signal)
			code = 128 + int(sr.Signal)
		}
		if o.Record != "" {
			rep.Record = o.Record
		}
		mu.Lock()
		rep.Errors += sr.ArgvErrors
		rep.Warnings += sr.ArgvWarnings
		mu.Unlock()
		if sr.Checked && rep.Errors+rep.Warnings == 0 {
			// Emit saw none: the summary's counts hold what was found.
			rep.Errors, rep.Warnings = sr.Summary.Errors, sr.Summary.Warnings
		}
		for _, n := range sr.Notes {
			rep.Findings = append(rep.Findings, "note: "+n)
		}
	}
	rep.Seen = x.Seen()
	rep.Duration = time.Since(start)
	b, _ := json.MarshalIndent(rep, "", "  ")
	if err := atomicfile.WriteFile(base+".report.json", append(b, '\n'), 0o644); err != nil {
		fmt.Fprintf(stderr, "protocheck conform: %v\n", err)
	}
	return code
}

// ReadSpec reads the Spec at path.
func ReadSpec(path string) (Spec, error) {
	var s Spec
	b, err := os.ReadFile(path)
	if err != nil {
		return s, err
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return s, fmt.Errorf("%s: %w", path, err)
	}
	if s.CLI == "" || s.Reports == "" {
		return s, fmt.Errorf("%s: no cli or reports", path)
	}
	return s, nil
}

// readReports reads the sessions in dir, oldest first: each one's log,
// and its report when the shim lived to write it.
func readReports(dir string) ([]SessionReport, error) {
	names, err := filepath.Glob(filepath.Join(dir, "session-*.events"))
	if err != nil {
		return nil, err
	}
	var out []SessionReport
	for _, n := range names {
		f, err := os.Open(n)
		if err != nil {
			return nil, err
		}
		seen, lines := replay(f)
		f.Close()
		r := SessionReport{Args: seen.args, ExitCode: -1, Killed: true}
		if b, err := os.ReadFile(strings.TrimSuffix(n, ".events") + ".report.json"); err == nil {
			if err := json.Unmarshal(b, &r); err != nil {
				return nil, fmt.Errorf("%s: %w", n, err)
			}
		}
		r.Seen, r.lines = seen, lines
		out = append(out, r)
	}
	return out, nil
}

// shimScript is the executable the SDK runs as its CLI.
func shimScript(self, spec string) string {
	return "#!/bin/sh\n# Written by 'protocheck conform': runs the real CLI through a tap session.\n" +
		"exec " + shellQuote(self) + " conform session --spec " + shellQuote(spec) + " -- \"$@\"\n"
}

// shellQuote quotes s for sh.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,@+") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
