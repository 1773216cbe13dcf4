package cli

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestIntFlagsInRange: every number flag of every command has a range in
// intFlags, and a value past either end (math.MaxInt64 among them) is a
// usage error naming the flag, exit 2, never a panic or a run.
func TestIntFlagsInRange(t *testing.T) {
	var visit func(c *cobra.Command)
	checked := 0
	visit = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			visit(sub)
		}
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if !slices.Contains(numberFlagTypes, f.Value.Type()) {
				if strings.Contains(f.Value.Type(), "int") || strings.Contains(f.Value.Type(), "float") {
					t.Errorf("%s --%s: a number flag of type %s that checkIntFlags does not cover", c.CommandPath(), f.Name, f.Value.Type())
				}
				return
			}
			r, ok := intFlags[f.Name]
			if !ok {
				t.Errorf("%s --%s: no range in intFlags", c.CommandPath(), f.Name)
				return
			}
			var bad []string
			if f.Value.Type() == "duration" {
				bad = []string{(time.Duration(r.min) - time.Second).String(), (time.Duration(r.max) + time.Second).String()}
			} else {
				bad = []string{fmt.Sprint(r.min - 1), fmt.Sprint(int64(math.MaxInt64))}
				if r.max < math.MaxInt64 {
					bad = append(bad, fmt.Sprint(r.max+1))
				}
			}
			path := strings.Fields(c.CommandPath())[1:]
			for _, v := range bad {
				ok := false
				var last string
				for _, pos := range [][]string{nil, {"x"}} {
					args := append(append(append([]string{}, path...), "--"+f.Name, v), pos...)
					code, _, stderr := pc(t, args...)
					last = fmt.Sprintf("exit %d, stderr %q", code, stderr)
					if code == ExitUsage && strings.Contains(stderr, "--"+f.Name+" "+v+": want") {
						ok = true
						break
					}
				}
				if !ok {
					t.Errorf("%s --%s %s: %s; want exit 2 and the flag's range", c.CommandPath(), f.Name, v, last)
				}
				checked++
			}
		})
	}
	visit(newRootCmd())
	if checked == 0 {
		t.Fatal("no number flags found")
	}
}
