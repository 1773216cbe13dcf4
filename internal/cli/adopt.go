package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/internal/atomicfile"
	"github.com/protocheck/protocheck/internal/config"
	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/validate"
)

const (
	flagBaseline       = "baseline"
	flagUpdateBaseline = "update-baseline"
	flagFailOnStale    = "fail-on-stale"
	flagIgnore         = "ignore"
	flagConfig         = "config"
)

// applyConfig reads the config file (--config, or the one config.Find
// finds) and sets each option whose flag was not given. It returns the
// rules' severities the file sets.
func applyConfig(st streams, opts *validateOptions) (map[string]validate.Severity, error) {
	path := opts.config
	if path == "" {
		var err error
		if path, err = config.Find("."); err != nil {
			return nil, err
		}
		if path == "" {
			return nil, nil
		}
	}
	c, err := config.Load(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, usagef("--%s %s: no such file", flagConfig, path)
		}
		return nil, usageError{err}
	}
	changed := st.changed
	setStr := func(flag string, dst *string, v string) {
		if v != "" && !changed(flag) {
			*dst = v
		}
	}
	setStr(flagProfile, &opts.profile, c.Profile)
	setStr(flagDirection, &opts.direction, c.Direction)
	setStr(flagFailOn, &opts.failOn, c.FailOn)
	root := repoRoot(path)
	if c.Baseline != "" && !changed(flagBaseline) {
		if err := insideRepo(root, c.Rel(c.Baseline)); err != nil {
			return nil, usagef("%s: baseline: %v", path, err)
		}
	}
	setStr(flagBaseline, &opts.baseline, c.Rel(c.Baseline))
	if c.Strict != nil && !changed(flagStrict) {
		opts.strict = *c.Strict
	}
	if c.FailOnStale != nil && !changed(flagFailOnStale) {
		opts.failOnStale = *c.FailOnStale
	}
	if len(c.Format) > 0 && !changed(flagFormat) {
		opts.formats = nil
		for i, f := range c.Format {
			if _, err := report.ParseTarget(f, report.Formats); err != nil {
				return nil, usagef("%s: format: %v", c.Where(fmt.Sprintf("format.%d", i)), err)
			}
			if name, p, ok := strings.Cut(f, "="); ok && p != "" && !strings.HasPrefix(p, "$") {
				f = name + "=" + c.Rel(p)
			} else if ok {
				f = name + "=" + os.ExpandEnv(p)
			}
			if name, p, ok := strings.Cut(f, "="); ok && p != "" {
				if err := insideRepo(root, p); err != nil {
					return nil, usagef("%s: format: %s: %v", c.Where(fmt.Sprintf("format.%d", i)), name, err)
				}
			}
			opts.formats = append(opts.formats, f)
		}
	}
	if !changed(flagIgnore) {
		for i, ig := range c.Ignore {
			if _, err := report.ParseIgnore(ig, ruleIDs()); err != nil {
				return nil, usagef("%s: ignore: %v", c.Where(fmt.Sprintf("ignore.%d", i)), err)
			}
		}
		opts.ignores = append(opts.ignores, c.Ignore...)
	}
	var sev map[string]validate.Severity
	for id, level := range c.Rules {
		if validate.RuleByID(id) == nil {
			return nil, usagef("%s: rules: no rule is %q (protocheck rules lists them)", c.Where("rules."+id), id)
		}
		s := report.Off
		if level != "off" {
			if s, err = validate.ParseSeverity(level); err != nil {
				return nil, usagef("%s: rules: %s: %q: want off, info, warning or error", c.Where("rules."+id), id, level)
			}
		}
		if sev == nil {
			sev = map[string]validate.Severity{}
		}
		sev[id] = s
	}
	return sev, nil
}

// ruleIDs lists the rule IDs --ignore may name.
func ruleIDs() []string {
	ids := make([]string, len(validate.Rules))
	for i, r := range validate.Rules {
		ids[i] = r.ID
	}
	return ids
}

// adoption builds the filter of --ignore, --baseline and the config's
// rules.
func adoption(opts validateOptions, sev map[string]validate.Severity) (*report.Filter, error) {
	fl := &report.Filter{Severity: sev, MaxFindings: opts.maxFindings}
	ids := ruleIDs()
	for _, s := range opts.ignores {
		ig, err := report.ParseIgnore(s, ids)
		if err != nil {
			return nil, usagef("--%s: %v", flagIgnore, err)
		}
		fl.Ignores = append(fl.Ignores, ig)
	}
	switch {
	case opts.updateBaseline && opts.baseline == "":
		return nil, usagef("--%s needs --%s FILE (or baseline: in the config file)", flagUpdateBaseline, flagBaseline)
	case opts.updateBaseline:
		// The run writes the baseline; it reads none.
	case opts.baseline != "":
		m, err := report.OpenBaseline(opts.baseline)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, usagef("--%s %s: no such file; write it with --%s", flagBaseline, opts.baseline, flagUpdateBaseline)
		}
		if err != nil {
			return nil, usageError{err}
		}
		fl.Baseline = m
	}
	return fl, nil
}

const configInitLong = `Write a commented starter .protocheck.yaml: protocheck validate reads it
from the current folder, or from the root of the git work tree, unless
--config names another file. Every key is optional, flags override it, and
a key it does not know is an error that names the file and line.

Keys: ` + "profile, strict, direction, fail-on, fail-on-stale, baseline, format, ignore, rules" + `.

Examples:
  protocheck config init
  protocheck config init --force ci/.protocheck.yaml

Exit codes: 0 written, 2 the file exists (use --force) or could not be
written.`

func newConfigCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Write the starter config file (.protocheck.yaml)",
		Args:  noArgs,
	}
	var force bool
	initCmd := &cobra.Command{
		Use:   "init [PATH]",
		Short: "Write a commented starter .protocheck.yaml",
		Long:  configInitLong,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usagef("%s takes at most one path", cmd.CommandPath())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			path := config.FileName
			if len(args) == 1 {
				path = args[0]
			}
			if _, err := os.Stat(path); err == nil && !force {
				return usagef("%s exists; --%s overwrites it", path, flagForce)
			}
			if err := atomicfile.WriteFile(path, []byte(config.Starter), 0o644); err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", path)
			return nil
		},
	}
	initCmd.Flags().BoolVar(&force, flagForce, false, "overwrite the file if it exists")
	cmd.AddCommand(initCmd)
	return cmd
}
