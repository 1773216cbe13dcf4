package validate

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

type (
	kindRequired   = kind.Required
	kindAdditional = kind.AdditionalProperties
	kindType       = kind.Type
	kindEnum       = kind.Enum
	kindConst      = kind.Const
	kindFormat     = kind.Format
)

var printer = message.NewPrinter(language.English)

// display renders a JSON value from the instance for a message, short.
func display(v any) string {
	if s, ok := v.(string); ok && plainJSON(s) {
		// What json.Marshal writes for it, without its cost.
		return cut(`"`+s+`"`, 60)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return cut(string(b), 60)
}

// cut shortens s to at most n bytes, "..." included, without splitting a
// UTF-8 character.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n - 3
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}

func displayList(vs []any) string {
	parts := make([]string, min(len(vs), 9))
	for i, v := range vs[:len(parts)] {
		parts[i] = display(v)
	}
	if len(parts) > 8 {
		parts = append(parts[:8], fmt.Sprintf("... (%d values)", len(vs)))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// plainJSON reports whether json.Marshal writes s as it is between quotes:
// printable ASCII, without the characters it escapes.
func plainJSON(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

func strconvQuote(s string) string {
	return strconv.Quote(cut(s, 60))
}
