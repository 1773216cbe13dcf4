package cliinstall

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/protocheck/protocheck/protocol"
)

// Folders lists extra, then the install folders under dir, one per CLI
// version (as make cli installs them); a relative dir is taken from root,
// and a dir that does not exist adds none.
func Folders(root, dir string, extra []string) ([]string, error) {
	folders := append([]string(nil), extra...)
	if dir == "" {
		return folders, nil
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(root, dir)
	}
	ents, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	for _, e := range ents {
		if _, ok := protocol.ParseVersion(e.Name()); ok && e.IsDir() {
			folders = append(folders, filepath.Join(dir, e.Name()))
		}
	}
	return folders, nil
}

// Fresh lists the installed releases under cliDir that a generator's
// freshness test reads again: the newest of each reader (cli.js, native
// executable), or with all every one. A folder without make cli's
// .installed stamp is not installed; errs holds the folders Find refused.
func Fresh(cliDir string, all bool) (folders []string, errs []error) {
	dirs, err := Folders("", cliDir, nil)
	if err != nil {
		return nil, []error{err}
	}
	newest := map[bool]string{} // native executable? -> folder
	for _, folder := range dirs {
		if !fileExists(filepath.Join(folder, ".installed")) {
			continue
		}
		if all {
			folders = append(folders, folder)
			continue
		}
		_, file, _, err := Find(folder)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		native := filepath.Base(file) != "cli.js"
		if old, ok := newest[native]; !ok || protocol.CompareVersions(filepath.Base(old), filepath.Base(folder)) < 0 {
			newest[native] = folder
		}
	}
	for _, native := range []bool{false, true} {
		if f, ok := newest[native]; ok {
			folders = append(folders, f)
		}
	}
	return folders, errs
}

// Find returns the CLI version installed in an npm install folder, the file
// that holds its JavaScript and the package it comes from. claude-code up
// to 2.1.112 ships cli.js; later releases ship a native executable in a
// platform package (claude-code-linux-x64, or the Agent SDK's
// claude-agent-sdk-linux-x64).
func Find(folder string) (cli, file, source string, err error) {
	nm := filepath.Join(folder, "node_modules", "@anthropic-ai")
	type pkg struct {
		Name              string `json:"name"`
		Version           string `json:"version"`
		ClaudeCodeVersion string `json:"claudeCodeVersion"`
	}
	read := func(dir string) (pkg, bool) {
		var p pkg
		data, err := os.ReadFile(filepath.Join(dir, "package.json"))
		if err != nil || json.Unmarshal(data, &p) != nil {
			return p, false
		}
		return p, true
	}
	code, hasCode := read(filepath.Join(nm, "claude-code"))
	sdk, hasSDK := read(filepath.Join(nm, "claude-agent-sdk"))
	switch {
	case hasCode:
		cli = code.Version
	case hasSDK:
		cli = sdk.ClaudeCodeVersion
	}
	if _, ok := protocol.ParseVersion(cli); !ok {
		return "", "", "", fmt.Errorf("%s: no @anthropic-ai/claude-code or claude-agent-sdk install that names its CLI version", folder)
	}
	if js := filepath.Join(nm, "claude-code", "cli.js"); hasCode && fileExists(js) {
		return cli, js, fmt.Sprintf("%s@%s (cli.js)", code.Name, code.Version), nil
	}
	bins, _ := filepath.Glob(filepath.Join(nm, "claude-*-*-*", "claude"))
	bins2, _ := filepath.Glob(filepath.Join(nm, "claude-*-*", "claude"))
	for _, b := range append(bins, bins2...) {
		if p, ok := read(filepath.Dir(b)); ok && fileExists(b) {
			return cli, b, fmt.Sprintf("%s@%s (native binary)", p.Name, p.Version), nil
		}
	}
	return "", "", "", fmt.Errorf("%s: CLI %s: neither cli.js nor a native binary found under %s", folder, cli, nm)
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// NpmCI installs the node packages pinned in dir's package-lock.json once
// (a stamp records the lock it installed from).
func NpmCI(dir string) error {
	lock, err := os.ReadFile(filepath.Join(dir, "package-lock.json"))
	if err != nil {
		return err
	}
	stamp := filepath.Join(dir, "node_modules", ".installed")
	if old, err := os.ReadFile(stamp); err == nil && bytes.Equal(old, lock) {
		return nil
	}
	cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error")
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("npm ci in %s: %w", dir, err)
	}
	return os.WriteFile(stamp, lock, 0o644)
}

// ReadReleases reads a facts file of per-release entries, {"releases":
// [...]} (bundle.json, zod.json), refusing members it does not know and a
// release that is not a CLI version; a file that does not exist has none.
func ReadReleases[R any](path string, cli func(R) string) ([]R, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var f struct {
		Releases []R `json:"releases"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for _, r := range f.Releases {
		if _, ok := protocol.ParseVersion(cli(r)); !ok {
			return nil, fmt.Errorf("%s: release %q: not a CLI version", path, cli(r))
		}
	}
	return f.Releases, nil
}
