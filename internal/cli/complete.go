package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus/fixlist"
	"github.com/protocheck/protocheck/corpus/matrix"
	"github.com/protocheck/protocheck/internal/conform"
	"github.com/protocheck/protocheck/internal/report"
	"github.com/protocheck/protocheck/schemas"
	"github.com/protocheck/protocheck/validate"
)

// Shell completion. Cobra's `protocheck completion bash|zsh|fish|powershell`
// writes the script; the functions here give it the values of flags and
// arguments. They are registered by flag name over the whole command tree,
// so a flag that a command adds later under one of these names completes
// without more code.

// formatCompletions gives, by command path, the --format values of the
// commands whose formats are not text and json (validate.AllFormats); a
// test holds each list to what its command accepts.
var formatCompletions = map[string]func() []string{
	"protocheck validate":           func() []string { return names(report.Formats) },
	"protocheck tap":                func() []string { return names(report.Formats) },
	"protocheck drift":              func() []string { return names(driftFormats) },
	"protocheck corpus run":         func() []string { return names(corpusRunFormats) },
	"protocheck corpus report":      func() []string { return names(fixlist.Formats) },
	"protocheck rules":              func() []string { return append(names(validate.AllFormats), formatMarkdown) },
	"protocheck corpus add-release": func() []string { return addReleaseFormats },
	"protocheck conform":            func() []string { return names(conform.AllFormats) },
}

// names are the values of a list of named values (formats), as strings.
func names[T ~string](values []T) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = string(v)
	}
	return out
}

// flagCompletions gives the values of each flag, by flag name.
var flagCompletions = map[string]cobra.CompletionFunc{
	flagFormat: func(cmd *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		if list, ok := formatCompletions[cmd.CommandPath()]; ok {
			return matching(list(), toComplete)
		}
		return matching(names(validate.AllFormats), toComplete)
	},
	flagProfile: func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		idx, err := schemas.LoadIndex()
		if err != nil {
			return nil, cobra.ShellCompDirectiveError
		}
		return matching(idx.Profiles, toComplete)
	},
	flagDirection: fixed(string(validate.DirectionCLI), string(validate.DirectionSDK), string(validate.DirectionAuto)),
	flagFailOn: func(cmd *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		switch cmd.Name() {
		case "drift":
			return matching([]string{"error", "warning", "info"}, toComplete)
		case "tap":
			return matching([]string{"never", "error", "warning"}, toComplete)
		}
		return matching([]string{"error", "warning"}, toComplete)
	},
	flagColor:   fixed("auto", "always", "never"),
	flagDialect: completeDialects,
	flagFrom:    completeDialects,
	flagTo:      completeDialects,
	// --ignore RULE[:GLOB]: the rule IDs it may name (adopt.go); a glob
	// may follow.
	"ignore": func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		ids, d := matching(ruleIDs(), toComplete)
		return ids, d | cobra.ShellCompDirectiveNoSpace
	},
	flagSchemas:    dirsOnly,
	flagDialectDir: dirsOnly,
	flagCLIDir:     dirsOnly,
	flagCorpusDir:  dirsOnly,
	flagScenario: func(cmd *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		if cmd.Name() == "capture" { // a scenario file
			return []string{"json"}, cobra.ShellCompDirectiveFilterFileExt
		}
		// corpus regress: a scenario's name, from the corpus folder.
		return matching(namesIn(filepath.Join(flagValue(cmd, flagCorpusDir), "scenarios"), ".json"), toComplete)
	},
	// A pinned CLI: a version folder of --cli-dir.
	flagCLIVersion: func(cmd *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		return matching(namesIn(flagValue(cmd, flagCLIDir), ""), toComplete)
	},
}

// argCompletions gives the values of each command's arguments, by command
// path.
var argCompletions = map[string]cobra.CompletionFunc{
	"protocheck schemas show": func(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return matching(variantNames(), toComplete)
	},
}

// registerCompletions attaches the completion functions to every command of
// the tree under root.
func registerCompletions(root *cobra.Command) {
	var walk func(*cobra.Command)
	walk = func(cmd *cobra.Command) {
		for name, fn := range flagCompletions {
			if cmd.Flags().Lookup(name) != nil {
				// It fails only for a flag registered twice, which the
				// walk, visiting each command once, never does.
				_ = cmd.RegisterFlagCompletionFunc(name, fn)
			}
		}
		if fn, ok := argCompletions[cmd.CommandPath()]; ok && cmd.ValidArgsFunction == nil {
			cmd.ValidArgsFunction = fn
		}
		for _, sub := range cmd.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// fixed completes one of a fixed list of values.
func fixed(values ...string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		return matching(values, toComplete)
	}
}

// dirsOnly completes folder names.
func dirsOnly(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveFilterDirs
}

// matching keeps the values that start with prefix, and turns file
// completion off.
func matching(values []string, prefix string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, v := range values {
		if strings.HasPrefix(v, prefix) {
			out = append(out, v)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

func completeDialects(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	names, err := matrix.BuiltinDialectNames()
	if err != nil {
		return nil, cobra.ShellCompDirectiveError
	}
	return matching(names, toComplete)
}

// variantNames are the names 'schemas show' takes.
func variantNames() []string {
	idx, err := schemas.LoadIndex()
	if err != nil {
		return nil
	}
	return idx.ShowNames()
}

// flagValue is the value of a flag of cmd as given, or its default.
func flagValue(cmd *cobra.Command, name string) string {
	if f := cmd.Flags().Lookup(name); f != nil {
		return f.Value.String()
	}
	return ""
}

// namesIn lists the files of dir that end in ext, without it, or when ext
// is "" its folders.
func namesIn(dir, ext string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		switch {
		case ext == "" && e.IsDir():
			names = append(names, e.Name())
		case ext != "" && !e.IsDir() && strings.HasSuffix(e.Name(), ext) && !strings.HasSuffix(e.Name(), ".meta"+ext):
			names = append(names, strings.TrimSuffix(e.Name(), ext))
		}
	}
	slices.Sort(names)
	return names
}
