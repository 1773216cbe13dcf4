// Package atomicfile writes files so that a reader, or a crash, sees either
// the old contents or the new ones, never a mix or a cut: the new contents go
// to a temporary file in the same folder, which is synced and then renamed
// over the target. On any error the target is left untouched and the
// temporary file removed.
//
// Every file protocheck writes goes through it: normalised transcripts
// (normalize --write), captures and their metadata, goldens written by
// corpus regress --update, request logs and exported schemas.
package atomicfile
