// Package archtest checks, in its test, that imports between the project's
// packages flow one way:
//
//	cmd/protocheck → internal/cli → corpus → validate → schemas
//	                                  ↘ protocol, corpus/dialects (embedded data)
//	internal/schemagen → reflect → protocol, schemas
//	internal/schemagen → corpus/dialects/<go-modelled dialect> → protocol
//
// Library packages never import cobra or pflag; only cmd/protocheck imports
// internal/cli; only the generator imports reflect; protocol and schemas
// import nothing of the project's.
package archtest
