package cli

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/validate"
)

const flagExclude = "exclude"

// addExcludeFlag adds --exclude GLOB to a command that reads inputs.
func addExcludeFlag(cmd *cobra.Command, dst *[]string) {
	cmd.Flags().StringArrayVar(dst, flagExclude, nil, "leave out the input files whose path or base name matches GLOB (** spans folders; repeatable)")
}

// checkExcludes reports a bad --exclude glob as a usage error.
func checkExcludes(globs []string) error {
	for _, g := range globs {
		if _, err := path.Match(strings.ReplaceAll(g, "**", "*"), ""); err != nil || g == "" {
			return usagef("--%s %q: not a glob such as '*.log.jsonl' or 'logs/**'", flagExclude, g)
		}
	}
	return nil
}

// excludeInputs leaves out the inputs whose path, as the walk gave it, or
// base name matches one of globs. Standard input and inputs that failed to
// open are kept: they are not files a glob names.
func excludeInputs(inputs []validate.Input, globs []string) []validate.Input {
	if len(globs) == 0 {
		return inputs
	}
	var out []validate.Input
	for _, in := range inputs {
		name := filepath.ToSlash(filepath.Clean(in.Name))
		if in.Name != "-" && matchesAny(globs, name) {
			continue
		}
		out = append(out, in)
	}
	return out
}

func matchesAny(globs []string, name string) bool {
	for _, g := range globs {
		g = strings.TrimPrefix(filepath.ToSlash(g), "./")
		if report.MatchGlob(g, name) || report.MatchGlob(g, path.Base(name)) {
			return true
		}
	}
	return false
}

// excludedAll is the error for inputs --exclude left none of.
func excludedAll(n int) error {
	return usagef("--%s left out all %d inputs", flagExclude, n)
}
