package conform

import (
	"fmt"
	"testing"
)

// TestUUIDSet: the set finds every uuid added in the session at hand, with
// its first line, through growth; a reset forgets them all, however many
// sessions came before, also when its session number wraps; a table grown
// for a large session is given back after a small one.
func TestUUIDSet(t *testing.T) {
	uuid := func(i int) []byte { return fmt.Appendf(nil, "%08x-0000-4000-8000-%012x", i, i*7919) }
	s := newUUIDSet()
	for session := range 3 {
		for i := range 5000 {
			if first, seen := s.add(uuid(i), 10+i); seen {
				t.Fatalf("session %d: uuid %d seen before, at line %d", session, i, first)
			}
		}
		for i := range 5000 {
			if first, seen := s.add(uuid(i), 99999); !seen || first != 10+i {
				t.Fatalf("session %d: uuid %d: got (%d, %v), want (%d, true)", session, i, first, seen, 10+i)
			}
		}
		if first, seen := s.add([]byte("short-id"), 7); seen {
			t.Fatalf("session %d: a short id seen before, at %d", session, first)
		}
		if first, seen := s.add([]byte("short-id"), 8); !seen || first != 7 {
			t.Fatalf("session %d: short id: got (%d, %v)", session, first, seen)
		}
		s.reset()
	}
	big := len(s.slots)
	s.add(uuid(1), 1)
	s.reset() // after a session of one uuid
	if len(s.slots) >= big {
		t.Errorf("the table kept %d slots after a small session (it had %d)", len(s.slots), big)
	}
	s.gen = 1 // a session of long ago, then the last number before the wrap
	s.add(uuid(5), 1)
	s.gen = ^uint32(0)
	s.reset()
	if _, seen := s.add(uuid(5), 2); seen {
		t.Error("after the session number wrapped, a uuid of an earlier session is still seen")
	}
}

// TestParseVersion: the major and minor numbers of a CLI version, and
// nothing from what does not start with both.
func TestParseVersion(t *testing.T) {
	for in, want := range map[string]version{
		"2.1.330": {2, 1, true, 330}, "2.0.20": {2, 0, true, 20}, "1.0.128": {1, 0, true, 128}, "10.12": {10, 12, true, 0},
		"2.1.0-beta.1": {2, 1, true, 0}, "": {}, "2": {}, "2.": {}, ".1": {}, "x.1": {}, "2.x": {}, "1234567890.1": {},
	} {
		if got := parseVersion([]byte(in)); got != want {
			t.Errorf("parseVersion(%q) = %+v, want %+v", in, got, want)
		}
	}
	if !versionAtLeast(parseVersion([]byte("2.1.330")), 2, 1) || versionAtLeast(parseVersion([]byte("2.0.20")), 2, 1) || versionAtLeast(version{}, 0, 0) {
		t.Error("versionAtLeast")
	}
	if !versionAtLeastPatch(parseVersion([]byte("2.1.112")), 2, 1, 112) || versionAtLeastPatch(parseVersion([]byte("2.1.0")), 2, 1, 112) ||
		!versionAtLeastPatch(parseVersion([]byte("3.0.1")), 2, 1, 112) || versionAtLeastPatch(parseVersion([]byte("2.0.200")), 2, 1, 112) {
		t.Error("versionAtLeastPatch")
	}
}
