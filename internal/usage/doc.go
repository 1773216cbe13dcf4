// Package usage holds the one error the library packages behind the
// commands (internal/check, internal/tap, internal/conform, and the
// corpus packages capture, matrix, drift, ladder, probe and audit) return
// for a request that cannot run as it is given: a flag's value that
// cannot be used, a config or baseline file that cannot be read, an
// output that is also an input. Its message names the option as the
// command's flag spells it; the command reports it as a usage error (exit
// code 2).
//
// Imports: nothing of the project's.
package usage
