package protocol

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// A MemberWindow is what the evidence says of one member of a variant
// across CLI releases (its Fact), in the form `protocheck schemas window`
// prints, as text or as JSON.
type MemberWindow struct {
	// Variant and Member name the member: the variant's name and the
	// member's JSON Pointer, as a Fact has them.
	Variant string `json:"variant"`
	Member  string `json:"member"`
	// Since, AbsentThrough, Required and Until are the Fact's.
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

// MemberWindows returns the window of each member of v (of the member at
// ptr alone, when it is not ""), in the order of Facts, with its state at
// the release at when that is not "". It is empty when v has no such
// member.
func MemberWindows(v *Variant, ptr, at string) []MemberWindow {
	var out []MemberWindow
	for i := range Facts {
		f := &Facts[i]
		if f.Variant != v.Name || f.Member == "" || (ptr != "" && f.Member != ptr) {
			continue
		}
		j := MemberWindow{Variant: f.Variant, Member: f.Member, Since: f.Since, AbsentThrough: f.AbsentThrough,
			Required: f.Required, Until: f.Until, Evidence: f.Evidence}
		if f.Since != Always {
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

// PrintWindows prints windows as text: with one (the windows of the
// member asked for), that member's in full, else a table of every
// member's, with a column for the release at when it is not "".
func PrintWindows(w io.Writer, windows []MemberWindow, one bool, at string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if one {
		j := windows[0]
		fmt.Fprintf(tw, "member\t%s %s\n", j.Variant, j.Member)
		fmt.Fprintf(tw, "seen from\t%s\n", orNone(j.Since, "every release (no evidence dates it)"))
		fmt.Fprintf(tw, "absent proven up to\t%s\n", orNone(j.AbsentThrough, "no release"))
		fmt.Fprintf(tw, "unknown\t%s\n", j.unknownText())
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
	head := "MEMBER\tSEEN FROM\tABSENT UP TO\tALWAYS FROM"
	if at != "" {
		head += "\tAT " + at
	}
	fmt.Fprintln(tw, head)
	for _, j := range windows {
		row := fmt.Sprintf("%s\t%s\t%s\t%s", j.Member, orDash(j.Since), orDash(j.AbsentThrough), orDash(j.Required))
		if j.State != "" {
			row += "\t" + j.State
		}
		fmt.Fprintln(tw, row)
	}
	return tw.Flush()
}

// unknownText says which releases nothing is known of.
func (j MemberWindow) unknownText() string {
	switch {
	case !j.Unknown:
		return "none"
	case j.After == "":
		return "every release before " + j.Before
	}
	return "after " + j.After + ", before " + j.Before
}

// orNone is v, or none when v is "" or Always.
func orNone(v, none string) string {
	if v == "" || v == Always {
		return none
	}
	return v
}

// orDash is v, "-" when it is "", "always" when it is Always.
func orDash(v string) string {
	switch v {
	case "":
		return "-"
	case Always:
		return "always"
	}
	return v
}
