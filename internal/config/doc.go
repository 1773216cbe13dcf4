// Package config reads .protocheck.yaml, the optional file that sets
// validate's defaults for a repository: profile, rules, ignores, fail-on,
// baseline and formats. Flags given on the command line override it.
//
// Imports: no project package.
package config
