// Command schemagen writes the protocol's JSON Schemas and their index into
// the schemas folder, and the schema sets and written messages of the
// Go-modelled dialects into their folders under corpus/dialects. make
// schemas runs it; with -check it writes nothing and exits with status 1
// when the committed files are stale.
package main
