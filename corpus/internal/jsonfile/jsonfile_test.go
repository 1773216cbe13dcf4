package jsonfile

import (
	"errors"
	"testing"
)

func TestDecodeErrorsHaveLines(t *testing.T) {
	type T struct {
		A int    `json:"a"`
		B string `json:"b"`
	}
	tests := []struct {
		name     string
		in       string
		wantLine int
	}{
		{"syntax", "{\n\"a\": 1,\n\"b\": }", 3},
		{"type", "{\n\"a\": \"x\"\n}", 2},
		{"unknown member", "{\n\"a\": 1,\n\"c\": 2\n}", 3},
		{"trailing", "{\"a\": 1}\n{}", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var v T
			err := Decode("f.json", []byte(tt.in), &v)
			var je *Error
			if !errors.As(err, &je) {
				t.Fatalf("Decode(%q) = %v, want *Error", tt.in, err)
			}
			if je.File != "f.json" || je.Line != tt.wantLine {
				t.Errorf("Decode(%q) error at %s:%d, want f.json:%d (%v)", tt.in, je.File, je.Line, tt.wantLine, err)
			}
		})
	}
}
