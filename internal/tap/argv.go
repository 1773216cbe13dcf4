package tap

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/protocheck/protocheck/corpus/argv"
	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/validate"
)

// Argv is what a session started with: the CLI's arguments as the SDK
// gave them (without the program), and what the CLI release's options say
// of them (argv.Check). tap writes it beside the record (ArgvPath).
type Argv struct {
	// Args are the CLI's arguments.
	Args []string `json:"args"`
	// Version is the CLI release checked against and VersionFrom where it
	// was found: "--cli-version", the package.json beside the CLI, or
	// "none" (the newest known release is then checked).
	Version     string `json:"version"`
	VersionFrom string `json:"version_from"`
	// Result is what the release's options say.
	Result argv.Result `json:"result"`
}

// ArgvPath is where the argv of the session recorded at record goes.
func ArgvPath(record string) string { return record + ".argv.json" }

// CheckArgv checks the arguments a session started with (cliArgv: the
// executable first) against the options of the CLI's release: version
// when given, else the version of the package.json beside the executable
// (an npm install), else the newest known release. Each finding is one at
// the session's start (line 0) of the input name; an unknown option is an
// error: the CLI answers "error: unknown option" and exits 1.
func CheckArgv(name, version string, cliArgv []string) (Argv, []validate.Finding) {
	a := Argv{Version: version, VersionFrom: "--cli-version"}
	if len(cliArgv) > 0 {
		a.Args = cliArgv[1:]
	}
	if a.Version == "" {
		a.Version, a.VersionFrom = packageVersion(cliArgv), "package.json"
	}
	if a.Version == "" {
		a.VersionFrom = "none"
		if rs, err := argv.Releases(); err == nil && len(rs) > 0 {
			a.Version = rs[len(rs)-1].CLI
		}
	}
	res, err := argv.Check(a.Version, a.Args)
	if err != nil {
		return a, nil
	}
	a.Result = res
	var out []validate.Finding
	for _, f := range res.Findings {
		sev := validate.Warning
		if f.Severity == argv.Error {
			sev = validate.Error
		}
		msg := fmt.Sprintf("argv[%d] %q: %s", f.Index+1, f.Arg, f.Message)
		if !f.Exact {
			msg += fmt.Sprintf(" (CLI %s is not known: the options of %s were checked)", a.Version, f.CLI)
		}
		out = append(out, validate.Finding{File: name, Line: 0, Pointer: "", Rule: f.Rule, Severity: sev, Message: msg})
	}
	return a, out
}

// WriteArgv writes a as JSON to path.
func WriteArgv(path string, a Argv) error {
	data, err := json.MarshalIndent(a, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// packageVersion reads the version of the npm package that holds the
// CLI's executable (cli.js, or the native binary of a platform package);
// "" when there is none.
func packageVersion(cliArgv []string) string {
	for _, p := range cliArgv {
		if p, err := filepath.EvalSymlinks(p); err == nil {
			// Beside it (cli.js, a platform package's binary) or one up
			// (claude-code/bin/claude).
			for _, dir := range []string{filepath.Dir(p), filepath.Dir(filepath.Dir(p))} {
				if v := cliPackageVersion(filepath.Join(dir, "package.json")); v != "" {
					return v
				}
			}
		}
		if filepath.Base(p) != "node" && filepath.Base(p) != "bun" {
			break // the executable itself, not a runtime before a script
		}
	}
	return ""
}

// cliPackageVersion reads the CLI version of a package.json: the version
// of @anthropic-ai/claude-code or of one of its platform packages, or the
// claudeCodeVersion an Agent SDK package names (its own version, and its
// platform package's, are the SDK's, not the CLI's); "" for any other
// package.
func cliPackageVersion(path string) string {
	var pkg struct {
		Name              string `json:"name"`
		Version           string `json:"version"`
		ClaudeCodeVersion string `json:"claudeCodeVersion"`
	}
	data, err := os.ReadFile(path)
	if err != nil || json.Unmarshal(data, &pkg) != nil {
		return ""
	}
	v := pkg.ClaudeCodeVersion
	switch {
	case pkg.Name == "@anthropic-ai/claude-code" || strings.HasPrefix(pkg.Name, "@anthropic-ai/claude-code-"):
		v = pkg.Version
	case strings.HasPrefix(pkg.Name, "@anthropic-ai/claude-agent-sdk-") && v == "":
		// The Agent SDK's platform package: the SDK beside it names the CLI.
		return cliPackageVersion(filepath.Join(filepath.Dir(path), "..", "claude-agent-sdk", "package.json"))
	}
	if _, ok := protocol.ParseVersion(v); !ok {
		return ""
	}
	return v
}
