// Package checkout knows where the commands' default inputs are: paths in
// a checkout of protocheck's source (corpus/captures, the ledgers, the
// probe results, the pinned CLIs under .cache/cli), relative to the
// current folder. Outside a checkout (an installed binary run elsewhere)
// it says which flag or argument names what is missing, rather than the
// bare "no such file" the command would meet.
package checkout
