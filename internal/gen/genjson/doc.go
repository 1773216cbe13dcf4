// Command genjson writes zz_json.go in the protocol package: the JSON methods
// that keep unknown members (see protocol.Extra) for every struct type with
// an Extra field, and the Kind method for every type marked with a
// "//protocheck:message" line in its doc comment.
//
// Run it through go generate in the protocol directory. With -check it
// writes nothing and exits with status 1 when the file is stale.
package main
