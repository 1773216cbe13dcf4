package fastpath

import (
	"bytes"
	"unicode/utf8"
)

// This file is the one reader of JSON tokens that every pass shares: the
// scan (scan.go), the light pass over the discriminators (peek.go) and the
// column walk (column.go) read strings with scanString (which checks them)
// and skip values with skipValue (which does not).

// scanString reads the string literal at d[i], which holds '"'. It returns
// the offset just after the closing quote and whether the literal has
// escapes. A malformed literal (an unknown escape, a raw control
// character, no closing quote) gives a non-empty msg, with end at the
// offending byte.
func scanString(d []byte, i int) (end int, escaped bool, msg string) {
	i++
	for i < len(d) {
		// Skip plain bytes: no quote, backslash or control character.
		for i+4 <= len(d) && !strSpecial[d[i]] && !strSpecial[d[i+1]] && !strSpecial[d[i+2]] && !strSpecial[d[i+3]] {
			i += 4
		}
		for i < len(d) && !strSpecial[d[i]] {
			i++
		}
		if i >= len(d) {
			break
		}
		switch c := d[i]; {
		case c == '"':
			return i + 1, escaped, ""
		case c == '\\':
			escaped = true
			if i+1 >= len(d) {
				return i, escaped, "unexpected end of JSON input in a string"
			}
			switch d[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(d) || !isHex4(d[i+2:i+6]) {
					return i, escaped, "invalid \\u escape in a string"
				}
				i += 6
			default:
				return i, escaped, "invalid escape in a string"
			}
		default: // c < 0x20
			return i, escaped, "control character in a string"
		}
	}
	return i, escaped, "unexpected end of JSON input in a string"
}

// strSpecial marks the bytes that end a run of plain string content.
var strSpecial = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

func isHex4(b []byte) bool {
	for _, c := range b {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// skipValue returns the offset after the value at d[i], or -1. It skips
// strings with skipString and matches brackets, and checks nothing else:
// the light pass and the column walk use it, on lines the scan checks or
// has checked. A number or literal ends at the first separator or white
// space; a value cut short at the end of d is -1.
func skipValue(d []byte, i int) int {
	if i >= len(d) {
		return -1
	}
	switch d[i] {
	case '"':
		return skipString(d, i)
	case '{', '[':
		depth := 0
		for i < len(d) {
			switch d[i] {
			case '"':
				if i = skipString(d, i); i < 0 {
					return -1
				}
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return -1
	}
	for i < len(d) {
		switch d[i] {
		case ',', '}', ']', ' ', '\t', '\r', '\n':
			return i
		}
		i++
	}
	return i
}

// SkipValue returns the offset after the value at d[i], or -1, as
// skipValue reads it (brackets matched, strings skipped, nothing checked).
func SkipValue(d []byte, i int) int { return skipValue(d, i) }

// skipString returns the offset after the string literal at d[i] ('"'),
// or -1 when it does not end. It only looks for the closing quote (one not
// escaped by an odd number of backslashes), at the speed of
// bytes.IndexByte: the light pass runs over every line before the scan
// checks it, and most of a line's bytes are in strings.
func skipString(d []byte, i int) int {
	i++
	for {
		j := bytes.IndexByte(d[i:], '"')
		if j < 0 {
			return -1
		}
		i += j
		n := 0
		for k := i - 1; k >= 0 && d[k] == '\\'; k-- {
			n++
		}
		i++
		if n%2 == 0 {
			return i
		}
	}
}

func isWS(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipWS(d []byte, i int) int {
	for i < len(d) && isWS(d[i]) {
		i++
	}
	return i
}

// stringValue returns the content of the string literal raw (with its
// quotes), copied only when it has escapes.
func stringValue(raw []byte, escaped bool) ([]byte, bool) {
	if escaped {
		u, ok := unquote(raw)
		return []byte(u), ok
	}
	return raw[1 : len(raw)-1], true
}

// unquote decodes a JSON string literal (with its quotes) as encoding/json
// does: a lone surrogate becomes U+FFFD. The light pass calls it before the
// scan has checked the line, so it must not trust its input: a malformed
// escape makes it return false, never panic.
func unquote(b []byte) (string, bool) {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return "", false
	}
	var out []byte
	for i := 1; i < len(b)-1; {
		c := b[i]
		if c != '\\' {
			out = append(out, c)
			i++
			continue
		}
		if i+1 >= len(b)-1 {
			return "", false // a backslash just before the closing quote
		}
		switch b[i+1] {
		case '"', '\\', '/':
			out = append(out, b[i+1])
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := hex4(b, i+2)
			if !ok {
				return "", false
			}
			i += 6
			if utf16IsSurrogate(r) {
				if i+6 <= len(b)-1 && b[i] == '\\' && b[i+1] == 'u' {
					r2, ok := hex4(b, i+2)
					if !ok {
						return "", false
					}
					if dec := utf16Decode(r, r2); dec != utf8.RuneError {
						out = utf8.AppendRune(out, dec)
						i += 6
						continue
					}
				}
				out = utf8.AppendRune(out, utf8.RuneError)
				continue
			}
			out = utf8.AppendRune(out, r)
			continue
		default:
			return "", false
		}
		i += 2
	}
	return string(out), true
}

// hex4 reads the four hex digits of a \u escape at b[i:], which must end
// before the literal's closing quote.
func hex4(b []byte, i int) (rune, bool) {
	if i+4 > len(b)-1 {
		return 0, false
	}
	var r rune
	for _, c := range b[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

func utf16IsSurrogate(r rune) bool { return 0xd800 <= r && r < 0xe000 }

func utf16Decode(r1, r2 rune) rune {
	if 0xd800 <= r1 && r1 < 0xdc00 && 0xdc00 <= r2 && r2 < 0xe000 {
		return (r1-0xd800)<<10 | (r2 - 0xdc00) + 0x10000
	}
	return utf8.RuneError
}

// KeyAt returns the member name whose quoted key starts at byte i of the
// line, unescaped as the scan reads keys (Failure.KeyStart).
func KeyAt(line []byte, i int) (string, bool) {
	if i < 0 || i >= len(line) || line[i] != '"' {
		return "", false
	}
	end, _, msg := scanString(line, i)
	if msg != "" {
		return "", false
	}
	return unquote(line[i:end])
}
