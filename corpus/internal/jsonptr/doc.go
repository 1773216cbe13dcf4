// Package jsonptr holds the JSON Pointer (RFC 6901) helpers that capture,
// the dialect matrix and drift share.
package jsonptr
