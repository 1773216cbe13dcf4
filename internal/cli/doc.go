// Package cli is the protocheck command line: a thin cobra layer over the
// library packages. Each subcommand is a newXxxCmd function that declares its
// flags into an options struct and a runXxx function that calls library code.
//
// Only cmd/protocheck imports this package.
package cli
