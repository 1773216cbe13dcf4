// Package schemas embeds the generated JSON Schemas of the protocol and their
// index. The files are written by package reflect (make schemas) and
// committed; a test fails when they are stale.
//
// Layout: index.json lists every variant with its discriminators, direction
// and schema file per profile; tolerant/ and strict/ hold one
// <variant>.schema.json per variant and protocol.schema.json, the union of
// all variants. The files are in the form code generators read (unions as
// oneOf); Lower turns a document into the form the validator and the drift
// comparison read (unions as a dispatch on their discriminator).
//
// The command 'protocheck schemas' is a thin layer over this package:
// PrintVariants lists the variants, SchemaFile finds the file 'show'
// prints, Export writes the files into a folder.
//
// The package imports nothing of the project's but internal/atomicfile
// (Export's writes), so any program can embed the schemas without the
// generator.
package schemas
