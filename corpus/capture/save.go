package capture

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/protocheck/protocheck/internal/atomicfile"
)

// RunAndSave is protocheck capture: it runs the CLI through the scenario
// (Run), with the fake API's request log written to o.Log whether or not
// the run succeeds, and saves what a successful run made (Save). It says
// on stderr where the kept folder is (KeepDir), what the run did, and,
// when it failed or the CLI exited non-zero, the CLI's stderr.
func RunAndSave(ctx context.Context, co CaptureOptions, o SaveOptions, stdout, stderr io.Writer) error {
	c, err := runLogged(ctx, co, o.Log)
	if c == nil {
		return err
	}
	if co.KeepDir {
		fmt.Fprintf(stderr, "kept %s\n", c.Dir)
	}
	if err == nil {
		err = c.Save(ctx, o, stdout)
	}
	fmt.Fprintf(stderr, "%s: CLI %s exited %d, %d lines, %d API requests\n",
		co.Scenario.Name, c.Meta.CLIVersion, c.Meta.ExitCode, c.Meta.Lines, len(c.Requests))
	if (err != nil || c.Meta.ExitCode != 0) && len(c.Stderr) > 0 {
		fmt.Fprintf(stderr, "the CLI's stderr:\n%s\n", c.Stderr)
	}
	return err
}

// runLogged is Run with the fake API's request log written to the file
// logPath (when it is not ""), atomically, whether or not the run
// succeeds: the log is what tells why it did not. opts.Log is replaced.
func runLogged(ctx context.Context, opts CaptureOptions, logPath string) (*Capture, error) {
	var log *atomicfile.File
	if logPath != "" {
		var err error
		if log, err = atomicfile.Create(logPath, 0o644); err != nil {
			return nil, err
		}
		defer log.Abort()
		opts.Log = log
	}
	c, err := Run(ctx, opts)
	if log != nil {
		if cerr := log.Commit(); cerr != nil {
			return c, errors.Join(err, cerr)
		}
	}
	return c, err
}

// SaveOptions say where Save writes a capture (protocheck capture's
// flags, whose names its messages give).
type SaveOptions struct {
	// Output is the transcript's file, with its metadata beside it
	// (CaptureFiles); "" writes the transcript to standard output and no
	// metadata.
	Output string
	// Duplex is the duplex transcript's file; "" for none, or, with
	// Output, DuplexPath(Output).
	Duplex string
	// Raw keeps the transcript as the CLI printed it, not normalised.
	Raw bool
	// Log is the file of the fake API's request log (JSON lines) that
	// RunAndSave writes, whether or not the run succeeds; "" for none.
	Log string
}

// Save writes what a successful capture made: the transcript (to stdout,
// or with its metadata to o.Output) and the duplex transcript, all or
// nothing (see WriteFiles).
//
// When ctx ends while it normalises (which may take a while, after the
// CLI has exited), it stops: nothing is written, and the error is the
// context's cause.
func (c *Capture) Save(ctx context.Context, o SaveOptions, stdout io.Writer) error {
	out := c.Stdout
	if !o.Raw {
		n := &Normalizer{Paths: c.Paths}
		var err error
		if out, err = n.TranscriptContext(ctx, c.Stdout); err != nil {
			if ctx.Err() != nil {
				return stopped(ctx)
			}
			return fmt.Errorf("the CLI's output: %w (use --raw to save it as printed)", err)
		}
	}
	var files []OutFile
	if o.Output != "" {
		var err error
		if files, err = CaptureFiles(o.Output, out, &c.Meta); err != nil {
			return err
		}
	}
	if o.Duplex == "" && o.Output != "" {
		o.Duplex = DuplexPath(o.Output)
	}
	if o.Duplex != "" {
		d, err := c.DuplexContext(ctx, o.Raw)
		if err != nil {
			if ctx.Err() != nil {
				return stopped(ctx)
			}
			return fmt.Errorf("the duplex transcript: %w", err)
		}
		files = append(files, OutFile{Path: o.Duplex, Data: d})
	}
	if ctx.Err() != nil {
		return stopped(ctx)
	}
	if err := WriteFiles(files...); err != nil {
		return err
	}
	if o.Output == "" {
		if _, err := stdout.Write(out); err != nil {
			return err
		}
	}
	return nil
}

// stopped is Save's error when ctx ended: its cause, and that nothing was
// written.
func stopped(ctx context.Context) error {
	return fmt.Errorf("%w: nothing written", context.Cause(ctx))
}
