// Package buildinfo says which protocheck this is and which protocol its
// schemas describe: the facts 'protocheck version' prints, which every
// report also names (Version).
//
// The version is the one linked in (-ldflags -X, passed in by the caller),
// else the module's version from the build information, else, for a build
// from a source tree, the commit it was built from. The protocol facts come
// from the embedded schemas' index (package schemas).
//
// Imports: schemas only.
package buildinfo
