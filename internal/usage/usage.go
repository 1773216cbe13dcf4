package usage

import (
	"errors"
	"fmt"
)

// An Error is a request (options, flags, a config file) that cannot run
// as it is: Err says what is wrong, naming the option as its flag.
type Error struct{ Err error }

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Errorf is an *Error of the formatted message (%w wraps as in
// fmt.Errorf).
func Errorf(format string, args ...any) error {
	return &Error{fmt.Errorf(format, args...)}
}

// Wrap is err as an *Error, its message unchanged; nil stays nil.
func Wrap(err error) error {
	if err == nil {
		return nil
	}
	return &Error{err}
}

// Is reports whether err is, or wraps, an *Error.
func Is(err error) bool {
	var ue *Error
	return errors.As(err, &ue)
}
