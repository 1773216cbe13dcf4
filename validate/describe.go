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
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = display(v)
	}
	if len(parts) > 8 {
		parts = append(parts[:8], fmt.Sprintf("... (%d values)", len(vs)))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func strconvQuote(s string) string {
	return strconv.Quote(cut(s, 60))
}
