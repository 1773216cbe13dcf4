package cli

import (
	"math"
	"strconv"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/protocheck/protocheck/corpus/capture"
	"github.com/protocheck/protocheck/validate"
)

// intRange is the range a number flag accepts, on every command that has
// it.
type intRange struct{ min, max int64 }

// intFlags gives the range of every integer and duration flag; a command
// that declares a number flag not listed here fails TestIntFlagsInRange,
// so no flag reaches the code unchecked (--max-line-bytes
// 9223372036854775807 once overflowed into a panic).
var intFlags = map[string]intRange{
	flagJobs:         {0, validate.MaxJobs},
	flagMaxLineBytes: {1, validate.MaxMaxLineBytes},
	flagMaxDepth:     {1, validate.MaxMaxDepth},
	flagMaxPerLine:   {0, math.MaxInt32},
	flagMaxFindings:  {0, math.MaxInt32},
	flagRulesBudget:  {1, 1 << 40},
	flagAttempts:     {1, 100},
	flagTimeout:      {int64(time.Millisecond), int64(24 * time.Hour)},
	// capture: the cap on the CLI's whole stdout.
	flagMaxOutputBytes: {1, 1 << 40},
	// normalize: the distinct values one input may have replaced.
	flagMaxValues: {1, capture.MaxMaxValues},
	// tap: the checker's queue and how long it may drain after the CLI exits.
	flagQueue: {1, 1 << 24},
	flagDrain: {1, int64(time.Hour)},
	// corpus run: the longest wait for one answer of a harness.
	flagHarnessTimeout: {int64(time.Millisecond), int64(time.Hour)},
	// corpus probe: the longest wait for one answer of the CLI.
	flagProbeWait: {int64(time.Millisecond), int64(time.Hour)},
}

// checkIntFlags is a usage error when a number flag given is out of its
// range (see intFlags).
func checkIntFlags(cmd *cobra.Command) error {
	var err error
	cmd.Flags().Visit(func(f *pflag.Flag) {
		r, ok := intFlags[f.Name]
		if !ok || err != nil {
			return
		}
		var v int64
		switch f.Value.Type() {
		case "int", "int64":
			v, _ = strconv.ParseInt(f.Value.String(), 10, 64)
		case "duration":
			d, _ := time.ParseDuration(f.Value.String())
			v = int64(d)
			if v < r.min || v > r.max {
				err = usagef("--%s %s: want %v to %v", f.Name, f.Value.String(), time.Duration(r.min), time.Duration(r.max))
			}
			return
		default:
			return
		}
		if v < r.min || v > r.max {
			err = usagef("--%s %s: want %d to %d", f.Name, f.Value.String(), r.min, r.max)
		}
	})
	return err
}

// numberFlagTypes are the pflag types checkIntFlags covers.
var numberFlagTypes = []string{"int", "int64", "duration"}
