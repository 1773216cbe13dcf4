package cli

import (
	"io"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// streams are what a command's run needs of its command line besides its
// options: the standard streams, which flags the user set (a flag left
// unset yields to the config file), the defaults of the path flags the
// user left unset (which inCheckout and probesNote check are in a
// checkout), and the command's name for messages. newXxxCmd makes them
// with streamsOf, so that runXxx takes a context, streams and an options
// struct, never the *cobra.Command.
type streams struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// set holds the flags given on the command line.
	set map[string]bool
	// unset maps each flag not given to its default.
	unset map[string]string
	// name is the command's path after "protocheck ", as "corpus run".
	name string
}

// streamsOf returns the streams of a command about to run.
func streamsOf(cmd *cobra.Command) streams {
	s := streams{stdin: cmd.InOrStdin(), stdout: cmd.OutOrStdout(), stderr: cmd.ErrOrStderr(),
		set: map[string]bool{}, unset: map[string]string{}}
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if f.Changed {
			s.set[f.Name] = true
		} else {
			s.unset[f.Name] = f.DefValue
		}
	})
	if root := cmd.Root(); root != cmd {
		s.name = cmd.CommandPath()[len(root.Name())+1:]
	}
	return s
}

// changed reports whether the user gave the flag.
func (s streams) changed(flag string) bool { return s.set[flag] }
