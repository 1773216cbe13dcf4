package usage

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"
)

// TestError: an Error keeps its message and what it wraps, and Is finds
// it through further wrapping, never in another error.
func TestError(t *testing.T) {
	err := Errorf("--record %s: %w", "x", fs.ErrNotExist)
	if got := err.Error(); got != "--record x: file does not exist" {
		t.Errorf("Errorf: message %q", got)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Error("Errorf: %w is not unwrapped")
	}
	if !Is(err) || !Is(fmt.Errorf("tap: %w", err)) {
		t.Error("Is: an Error (or one wrapped) is not found")
	}
	if Is(fs.ErrNotExist) || Is(nil) {
		t.Error("Is: an error that is no Error is one")
	}
	if Wrap(nil) != nil {
		t.Error("Wrap(nil) is not nil")
	}
	if w := Wrap(fs.ErrExist); !Is(w) || w.Error() != fs.ErrExist.Error() {
		t.Errorf("Wrap: %v", w)
	}
}
