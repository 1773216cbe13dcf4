// Package fake is a harness for tests: it speaks the harness protocol and
// misbehaves on purpose on lines that ask for it. A test binary runs it as
// a harness by starting itself with FAKE_HARNESS set (see MainIfAsked).
//
// A line containing CRASH makes it exit without answering, HANG makes it
// sleep without answering, NONSENSE makes it answer with text that is not
// JSON, TURN makes it answer with another request's id and BADVERDICT with
// a verdict that does not exist. Any other line is accepted, as
// "Obj:<type>", unless it contains "reject", which is rejected.
package fake
