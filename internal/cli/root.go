package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/internal/usage"
)

// Exit codes, the same for every subcommand.
const (
	// ExitOK means the command ran and found nothing wrong.
	ExitOK = 0
	// ExitFindings means the command ran and reported problems (errors, or
	// warnings under --fail-on warning, or drift).
	ExitFindings = 1
	// ExitUsage means the command could not run: bad flags or arguments,
	// unreadable input, or an internal failure.
	ExitUsage = 2
)

// errFindings is returned by a command that has already printed its
// findings; Main maps it to ExitFindings without printing anything more.
var errFindings = errors.New("findings reported")

// usagef is an error in the command line itself (a *usage.Error, as the
// libraries return for a request that cannot run as given).
func usagef(format string, args ...any) error { return usage.Errorf(format, args...) }

const rootLong = `protocheck keeps implementations of the Claude Code CLI's stream-json
protocol honest. It models every message of the protocol as Go types, publishes
one JSON Schema per message variant, validates NDJSON transcripts line by line
against the schema of each line's variant, and reports where SDK dialects and
CLI versions drift apart.

Exit codes (every subcommand):
  0  nothing wrong was found
  1  findings were reported (errors; warnings with --fail-on warning; drift)
  2  usage error, unreadable input, or internal failure`

// Main runs protocheck with the process's arguments and standard streams and
// returns the exit code.
//
// SIGINT, SIGTERM and SIGHUP cancel the command's context: a capture then
// kills the CLI and all its descendants and removes its temporary folders
// before protocheck exits (code 2). A second signal ends protocheck at once.
func Main() int {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		sig, ok := <-sigs
		signal.Stop(sigs) // a second signal takes its default action
		if ok {
			cancel(interrupted{sig})
		}
	}()
	return run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
}

// interrupted is the cause of a run's context when a signal stopped it.
type interrupted struct{ sig os.Signal }

func (i interrupted) Error() string { return "interrupted by " + signalName(i.sig) }

func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	}
	return sig.String()
}

// interruption returns the signal's error when ctx ended because of one,
// else nil.
func interruption(ctx context.Context) error {
	var i interrupted
	if errors.As(context.Cause(ctx), &i) {
		return i
	}
	return nil
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	var code exitCode
	switch {
	case errors.As(err, &code):
		return int(code) // a command that passes on another's status (tap)
	case err == nil:
		return ExitOK
	case errors.Is(err, errFindings):
		return ExitFindings
	case errors.Is(err, errReportedFailure), errors.Is(err, errStopped):
		return ExitUsage // reported already: as findings, or as the signal's message
	}
	fmt.Fprintf(stderr, "protocheck: %v\n", err)
	if usage.Is(err) {
		fmt.Fprintln(stderr, "Run 'protocheck help' for usage.")
	}
	return ExitUsage
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "protocheck",
		Short:         "Validate Claude Code stream-json transcripts and report protocol drift",
		Long:          rootLong,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usage.Wrap(err) })
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error { return checkIntFlags(cmd) }
	root.AddCommand(
		newValidateCmd(),
		newRulesCmd(),
		newVersionCmd(),
		newSchemasCmd(),
		newCaptureCmd(),
		newNormalizeCmd(),
		newCorpusCmd(),
		newDriftCmd(),
		newConfigCmd(),
		newTapCmd(),
		newConformCmd(),
	)
	guardGroups(root)
	registerCompletions(root)
	return root
}

// noArgs rejects positional arguments as a usage error.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usagef("%s takes no arguments, got %q", cmd.CommandPath(), args[0])
	}
	return nil
}

// exactArgs requires n positional arguments, as a usage error.
func exactArgs(n int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return usagef("%s takes %d argument(s), got %d", cmd.CommandPath(), n, len(args))
		}
		return nil
	}
}
