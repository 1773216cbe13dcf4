package validate

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

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
	s := string(b)
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
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
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return strconv.Quote(s)
}
