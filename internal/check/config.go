package check

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/protocheck/protocheck/internal/config"
	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/internal/usage"
	"github.com/protocheck/protocheck/validate"
)

// applyConfig reads the config file (Options.Config, or the one
// config.Find finds) and sets each option that was not given. It returns
// the rules' severities the file sets.
func applyConfig(env Env, opts *Options) (map[string]validate.Severity, error) {
	path := opts.Config
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
			return nil, usagef("--%s %s: no such file", optConfig, path)
		}
		return nil, usage.Wrap(err)
	}
	setStr := func(flag string, dst *string, v string) {
		if v != "" && !env.given(flag) {
			*dst = v
		}
	}
	setStr(optProfile, &opts.Profile, c.Profile)
	setStr(optDirection, &opts.Direction, c.Direction)
	setStr(optFailOn, &opts.FailOn, c.FailOn)
	root := repoRoot(path)
	if c.Baseline != "" && !env.given(optBaseline) {
		if err := insideRepo(root, c.Rel(c.Baseline)); err != nil {
			return nil, usagef("%s: baseline: %v", path, err)
		}
	}
	setStr(optBaseline, &opts.Baseline, c.Rel(c.Baseline))
	if c.Strict != nil && !env.given(optStrict) {
		opts.Strict = *c.Strict
	}
	if c.FailOnStale != nil && !env.given(optFailOnStale) {
		opts.FailOnStale = *c.FailOnStale
	}
	if len(c.Format) > 0 && !env.given(optFormat) {
		if opts.Formats, err = configFormats(c, root); err != nil {
			return nil, err
		}
	}
	if !env.given(optIgnore) {
		for i, ig := range c.Ignore {
			if _, err := report.ParseIgnore(ig, RuleIDs()); err != nil {
				return nil, usagef("%s: ignore: %v", c.Where(fmt.Sprintf("ignore.%d", i)), err)
			}
		}
		opts.Ignores = append(opts.Ignores, c.Ignore...)
	}
	return configSeverities(c)
}

// configFormats are the report targets of a config file: a PATH relative
// to the file's folder, or $VAR expanded, inside the repository at root.
func configFormats(c *config.Config, root string) ([]string, error) {
	var formats []string
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
		formats = append(formats, f)
	}
	return formats, nil
}

// configSeverities are the severities the config file's rules: set, by
// rule ID (report.Off for off).
func configSeverities(c *config.Config) (map[string]validate.Severity, error) {
	var sev map[string]validate.Severity
	for id, level := range c.Rules {
		if validate.RuleByID(id) == nil {
			return nil, usagef("%s: rules: no rule is %q (protocheck rules lists them)", c.Where("rules."+id), id)
		}
		s := report.Off
		if level != "off" {
			var err error
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

// RuleIDs lists the rule IDs an ignore may name: validate's.
func RuleIDs() []string {
	ids := make([]string, len(validate.Rules))
	for i, r := range validate.Rules {
		ids[i] = r.ID
	}
	return ids
}

// Adoption builds the filter of opts' Ignores, Baseline (read unless
// UpdateBaseline) and MaxFindings, with the rules' severities sev.
func Adoption(opts Options, sev map[string]validate.Severity) (*report.Filter, error) {
	fl := &report.Filter{Severity: sev, MaxFindings: opts.MaxFindings}
	ids := RuleIDs()
	for _, s := range opts.Ignores {
		ig, err := report.ParseIgnore(s, ids)
		if err != nil {
			return nil, usagef("--%s: %v", optIgnore, err)
		}
		fl.Ignores = append(fl.Ignores, ig)
	}
	switch {
	case opts.UpdateBaseline && opts.Baseline == "":
		return nil, usagef("--%s needs --%s FILE (or baseline: in the config file)", optUpdateBaseline, optBaseline)
	case opts.UpdateBaseline:
		// The run writes the baseline; it reads none.
	case opts.Baseline != "":
		m, err := report.OpenBaseline(opts.Baseline)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, usagef("--%s %s: no such file; write it with --%s", optBaseline, opts.Baseline, optUpdateBaseline)
		}
		if err != nil {
			return nil, usage.Wrap(err)
		}
		fl.Baseline = m
	}
	return fl, nil
}
