// Package cputime measures what a piece of work costs its thread in CPU
// time, for tests that bound a cost: time spent waiting for a CPU is not
// counted, so the verdict does not change with the machine's load (wall
// time does). Where the thread's clock is not available it falls back to
// wall time and says so.
package cputime
