package reflect

import (
	"slices"
	"testing"

	"github.com/invopop/jsonschema"
)

// TestCaseTwins: of members whose names give one identifier once case and
// separators are set aside, the snake_case one stays a property and the
// others move to an exact pattern with their schema; members without a
// twin stay; a required twin cannot move.
func TestCaseTwins(t *testing.T) {
	props := jsonschema.NewProperties()
	obj := &jsonschema.Schema{Type: "object"}
	props.Set("toolUseResult", obj)
	props.Set("tool_use_result", &jsonschema.Schema{Type: "object"})
	props.Set("session_id", &jsonschema.Schema{Type: "string"})
	s := &jsonschema.Schema{Type: "object", Properties: props}
	caseTwins(s)
	var names []string
	for p := s.Properties.Oldest(); p != nil; p = p.Next() {
		names = append(names, p.Key)
	}
	if !slices.Equal(names, []string{"tool_use_result", "session_id"}) {
		t.Errorf("properties %q, want [tool_use_result session_id]", names)
	}
	if len(s.PatternProperties) != 1 || s.PatternProperties["^toolUseResult$"] != obj {
		t.Errorf("patternProperties %v, want ^toolUseResult$ with the member's own schema", s.PatternProperties)
	}

	req := jsonschema.NewProperties()
	req.Set("toolUseResult", &jsonschema.Schema{})
	req.Set("tool_use_result", &jsonschema.Schema{})
	defer func() {
		if recover() == nil {
			t.Error("a required twin moved to patternProperties; want a panic")
		}
	}()
	caseTwins(&jsonschema.Schema{Properties: req, Required: []string{"toolUseResult"}})
}
