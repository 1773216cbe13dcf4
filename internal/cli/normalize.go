package cli

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/corpus"
)

const flagWrite = "write"

type normalizeOptions struct {
	write bool
}

const normalizeLong = `Replace every value of a transcript that differs from run to run with a
stable placeholder: uuids, session ids, request, hook, task, agent and tool
ids, timestamps, durations, token counts and costs, temporary paths, pids and
socket paths. The same original value always gets the same placeholder, so
references between lines survive, and placeholders keep the JSON type (a
number stays a number), so a normalised transcript still validates.

Without files, reads standard input. Normalised files are written to
standard output, one after the other, or with --write back in place.
'protocheck capture' normalises by default.

Examples:
  protocheck normalize raw.jsonl > golden.jsonl
  claude -p hi --output-format stream-json --verbose | protocheck normalize
  protocheck normalize --write corpus/captures/*/*.jsonl`

func newNormalizeCmd() *cobra.Command {
	var opts normalizeOptions
	cmd := &cobra.Command{
		Use:   "normalize [FILE...]",
		Short: "Replace run-to-run values of transcripts with stable placeholders",
		Long:  normalizeLong,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runNormalize(cmd, args, opts)
		},
	}
	cmd.Flags().BoolVarP(&opts.write, flagWrite, "w", false, "rewrite each file in place")
	return cmd
}

func runNormalize(cmd *cobra.Command, files []string, opts normalizeOptions) error {
	if len(files) == 0 {
		if opts.write {
			return usagef("--%s needs files", flagWrite)
		}
		data, err := io.ReadAll(cmd.InOrStdin())
		if err != nil {
			return err
		}
		return normalizeOne(cmd, "-", data, false)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if err := normalizeOne(cmd, f, data, opts.write); err != nil {
			return err
		}
	}
	return nil
}

func normalizeOne(cmd *cobra.Command, name string, data []byte, write bool) error {
	n := &corpus.Normalizer{}
	out, err := n.Transcript(data)
	var ne *corpus.NormalizeError
	if errors.As(err, &ne) {
		return fmt.Errorf("%s:%d: %w", name, ne.Line, ne.Err)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if write {
		return os.WriteFile(name, out, 0o644)
	}
	_, err = cmd.OutOrStdout().Write(out)
	return err
}
