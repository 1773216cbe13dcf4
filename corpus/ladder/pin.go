package ladder

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/protocheck/protocheck/protocol"
)

// Package is the npm package a rung pins: every release of the CLI is
// published as @anthropic-ai/claude-code, a cli.js up to 2.1.112 and, from
// 2.1.113, a launcher whose platform package
// (@anthropic-ai/claude-code-<os>-<arch>) holds the native executable.
const Package = "@anthropic-ai/claude-code"

// npmFlags are the flags of every npm command here: no install scripts
// (the platform package is chosen by npm's os and cpu fields, not by a
// postinstall), no audit, no funding notices.
var npmFlags = []string{"--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"}

// pinManifest is a pin's package.json.
type pinManifest struct {
	Name         string            `json:"name"`
	Private      bool              `json:"private"`
	Description  string            `json:"description"`
	Dependencies map[string]string `json:"dependencies"`
}

// PinDir returns the folder of version's pin under dir, the corpus folder.
func PinDir(dir, version string) string { return filepath.Join(dir, "cli", version) }

// Pin writes the pin of CLI version under dir (the corpus folder):
// cli/<version>/package.json with the exact version, and the
// package-lock.json npm makes for it (npm install --package-lock-only: the
// registry is asked, nothing is installed). A pin that exists is kept as
// it is, whatever package it pins (2.1.330 pins the Agent SDK's binary);
// created says a new one was written.
func Pin(ctx context.Context, npm, dir, version string) (created bool, err error) {
	if _, ok := protocol.ParseVersion(version); !ok {
		return false, fmt.Errorf("%q is not a CLI version such as 2.1.331", version)
	}
	pin := PinDir(dir, version)
	if _, err := os.Stat(filepath.Join(pin, "package-lock.json")); err == nil {
		if _, err := os.Stat(filepath.Join(pin, "package.json")); err != nil {
			return false, fmt.Errorf("%s has a package-lock.json but no package.json", pin)
		}
		return false, nil
	}
	m := pinManifest{
		Name:         "protocheck-cli-" + version,
		Private:      true,
		Description:  "Pinned Claude Code CLI " + version + " for protocheck captures (installed by make cli).",
		Dependencies: map[string]string{Package: version},
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return false, err
	}
	if err := os.MkdirAll(pin, 0o755); err != nil {
		return false, err
	}
	if err := os.WriteFile(filepath.Join(pin, "package.json"), buf.Bytes(), 0o644); err != nil {
		return false, err
	}
	if err := runNpm(ctx, npm, pin, append([]string{"install", "--package-lock-only"}, npmFlags...)...); err != nil {
		// Leave no half pin behind: the next run would keep it.
		os.RemoveAll(pin)
		return false, fmt.Errorf("pinning %s@%s: %w", Package, version, err)
	}
	return true, nil
}

// Installed is the stamp `make cli` and Install leave in an installed
// version's folder.
const Installed = ".installed"

// Install installs the pin of version (under dir, the corpus folder) into
// cliDir/<version> with npm ci, as `make cli` does: into a staging folder
// first, renamed into place when npm succeeded, so a failed or cancelled
// install leaves no half-installed CLI. A version already installed from
// the same package files is kept.
func Install(ctx context.Context, npm, dir, cliDir, version string) error {
	pin := PinDir(dir, version)
	dst := filepath.Join(cliDir, version)
	files := []string{"package.json", "package-lock.json"}
	if _, err := os.Stat(filepath.Join(dst, Installed)); err == nil && sameFiles(pin, dst, files) {
		return nil
	}
	if err := os.MkdirAll(cliDir, 0o755); err != nil {
		return err
	}
	stage, err := os.MkdirTemp(cliDir, ".stage-"+version+"-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(stage)
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(pin, f))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(stage, f), b, 0o644); err != nil {
			return err
		}
	}
	if err := runNpm(ctx, npm, stage, append([]string{"ci"}, npmFlags...)...); err != nil {
		return fmt.Errorf("installing CLI %s: %w", version, err)
	}
	if err := os.WriteFile(filepath.Join(stage, Installed), nil, 0o644); err != nil {
		return err
	}
	if err := os.RemoveAll(dst); err != nil {
		return err
	}
	return os.Rename(stage, dst)
}

func sameFiles(a, b string, names []string) bool {
	for _, n := range names {
		x, err1 := os.ReadFile(filepath.Join(a, n))
		y, err2 := os.ReadFile(filepath.Join(b, n))
		if err1 != nil || err2 != nil || !bytes.Equal(x, y) {
			return false
		}
	}
	return true
}

// runNpm runs npm in dir; its error carries the end of what npm printed.
func runNpm(ctx context.Context, npm, dir string, args ...string) error {
	if npm == "" {
		npm = "npm"
	}
	cmd := exec.CommandContext(ctx, npm, args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		msg := lastLines(out.String(), 5)
		var ee *exec.ExitError
		if errors.As(err, &ee) && msg != "" {
			return fmt.Errorf("npm %s in %s: %v: %s", args[0], dir, err, msg)
		}
		return fmt.Errorf("npm %s in %s: %w", args[0], dir, err)
	}
	return nil
}

// lastLines returns the last n non-blank lines of s that are not npm's
// warnings about its own configuration, joined with "; ".
func lastLines(s string, n int) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "npm warn") {
			continue
		}
		keep = append(keep, l)
	}
	if len(keep) > n {
		keep = keep[len(keep)-n:]
	}
	return strings.Join(keep, "; ")
}
