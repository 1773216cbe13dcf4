package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/protocheck/protocheck/protocol"
	"github.com/protocheck/protocheck/validate"
)

const schemasWindowLong = `Show what the evidence says of a variant's members across CLI releases:
the first release that shows each member (a capture carries it, an
sdk.d.ts declares it, the CLI's bundle writes it), the last release whose
captures prove it absent, and the first from which every capture carries
it. Between the last proven absence and the first sighting nothing is
known: there validate reports no error either way, and the strict profile
says version/unproven.

With a pointer (as findings print it: /message/context_management, * for
any array index or map key), one member; without, every member of the
variant. --at says what is known of each at one release.

Examples:
  protocheck schemas window assistant /message/context_management
  protocheck schemas window result/success --at 2.0.50
  protocheck schemas window system.init /skills --format json`

type schemasWindowOptions struct {
	format string
	at     string
}

func newSchemasWindowCmd() *cobra.Command {
	var opts schemasWindowOptions
	cmd := &cobra.Command{
		Use:   "window <variant> [pointer]",
		Short: "Show the evidence window of a variant's members",
		Long:  schemasWindowLong,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) < 1 || len(args) > 2 {
				return usagef("%s takes a variant and optionally a member's pointer, got %d argument(s)", cmd.CommandPath(), len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			ptr := ""
			if len(args) == 2 {
				ptr = args[1]
			}
			return runSchemasWindow(cmd.OutOrStdout(), args[0], ptr, opts)
		},
	}
	addFormatFlag(cmd, &opts.format)
	cmd.Flags().StringVar(&opts.at, "at", "", "say what is known of each member at this CLI release (2.0.50)")
	return cmd
}

// windowJSON is one member's window in --format json.
type windowJSON struct {
	Variant       string `json:"variant"`
	Member        string `json:"member"`
	Since         string `json:"since"`
	AbsentThrough string `json:"absent_through,omitempty"`
	Required      string `json:"required,omitempty"`
	Until         string `json:"until,omitempty"`
	// Unknown says the releases nothing is known of: after
	// UnknownAfter ("": every release before Since) and before Since.
	Unknown  bool   `json:"unknown_window"`
	After    string `json:"unknown_after,omitempty"`
	Before   string `json:"unknown_before,omitempty"`
	Evidence string `json:"evidence,omitempty"`
	// At and State answer --at: "present", "required", "absent" or
	// "unknown".
	At    string `json:"at,omitempty"`
	State string `json:"state,omitempty"`
}

func runSchemasWindow(w io.Writer, variant, ptr string, opts schemasWindowOptions) error {
	format, err := parseFormat(opts.format)
	if err != nil {
		return err
	}
	if opts.at != "" && !validate.ValidCLIVersion(opts.at) {
		return usagef("--at %q is not a version such as 2.1.330", opts.at)
	}
	v := protocol.ByName(strings.ReplaceAll(variant, "/", "."))
	if v == nil {
		return usagef("no variant %q; run 'protocheck schemas list' for the names", variant)
	}
	if ptr != "" && !strings.HasPrefix(ptr, "/") {
		ptr = "/" + ptr
	}
	out := windowsOf(v, ptr, opts.at)
	if len(out) == 0 {
		return usagef("%s has no member %q; run 'protocheck schemas window %s' for its members", v.Name, ptr, v.Name)
	}
	if format == validate.FormatJSON {
		return writeJSON(w, out)
	}
	return printWindows(w, out, ptr, opts.at)
}

// windowsOf returns the window of each member of v (of the member at ptr
// alone, when it is not ""), with its state at the release at when that
// is not "".
func windowsOf(v *protocol.Variant, ptr, at string) []windowJSON {
	var out []windowJSON
	for i := range protocol.Facts {
		f := &protocol.Facts[i]
		if f.Variant != v.Name || f.Member == "" || (ptr != "" && f.Member != ptr) {
			continue
		}
		j := windowJSON{Variant: f.Variant, Member: f.Member, Since: f.Since, AbsentThrough: f.AbsentThrough,
			Required: f.Required, Until: f.Until, Evidence: f.Evidence}
		if f.Since != protocol.Always {
			j.Unknown, j.After, j.Before = true, f.AbsentThrough, f.Since
		}
		if at != "" {
			j.At = at
			switch {
			case f.RequiredAt(at):
				j.State = "required"
			case f.HasAt(at):
				j.State = "present"
			case f.AbsentAt(at):
				j.State = "absent"
			default:
				j.State = "unknown"
			}
		}
		out = append(out, j)
	}
	return out
}

// printWindows prints the windows as text: the one member's in full, or
// a table of every member's.
func printWindows(w io.Writer, out []windowJSON, ptr, at string) error {
	if ptr != "" {
		j := out[0]
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "member\t%s %s\n", j.Variant, j.Member)
		fmt.Fprintf(tw, "seen from\t%s\n", orNone(j.Since, "every release (no evidence dates it)"))
		fmt.Fprintf(tw, "absent proven up to\t%s\n", orNone(j.AbsentThrough, "no release"))
		fmt.Fprintf(tw, "unknown\t%s\n", unknownText(j))
		fmt.Fprintf(tw, "always sent from\t%s\n", orNone(j.Required, "no release known to always send it"))
		if j.Until != "" {
			fmt.Fprintf(tw, "gone from\t%s\n", j.Until)
		}
		if j.State != "" {
			fmt.Fprintf(tw, "at %s\t%s\n", j.At, j.State)
		}
		if j.Evidence != "" {
			fmt.Fprintf(tw, "evidence\t%s\n", j.Evidence)
		}
		return tw.Flush()
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := "MEMBER\tSEEN FROM\tABSENT UP TO\tALWAYS FROM"
	if at != "" {
		head += "\tAT " + at
	}
	fmt.Fprintln(tw, head)
	for _, j := range out {
		row := fmt.Sprintf("%s\t%s\t%s\t%s", j.Member, orDash(j.Since), orDash(j.AbsentThrough), orDash(j.Required))
		if j.State != "" {
			row += "\t" + j.State
		}
		fmt.Fprintln(tw, row)
	}
	return tw.Flush()
}

// unknownText says which releases nothing is known of.
func unknownText(j windowJSON) string {
	switch {
	case !j.Unknown:
		return "none"
	case j.After == "":
		return "every release before " + j.Before
	}
	return "after " + j.After + ", before " + j.Before
}

func orNone(v, none string) string {
	if v == "" || v == protocol.Always {
		return none
	}
	return v
}

func orDash(v string) string {
	switch v {
	case "":
		return "-"
	case protocol.Always:
		return "always"
	}
	return v
}
