package protocol_test

import (
	"encoding/json"
	"fmt"

	"github.com/protocheck/protocheck/protocol"
)

func ExampleDecode() {
	lines := []string{
		`{"type":"result","subtype":"error_max_turns","duration_ms":9,"duration_api_ms":4,"is_error":false,"num_turns":1,"total_cost_usd":0.01,"usage":{"input_tokens":3,"output_tokens":5},"modelUsage":{},"permission_denials":[],"uuid":"u1","session_id":"s1","ttft_ms":210}`,
		`{"type":"system","subtype":"shiny_new_thing","uuid":"u2","session_id":"s1"}`,
	}
	for _, line := range lines {
		m, err := protocol.Decode([]byte(line))
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		switch m := m.(type) {
		case *protocol.ResultError:
			fmt.Println(protocol.VariantOf(m).Name, "turns:", m.NumTurns, "is_error:", m.IsError)
			fmt.Println("kept:", m.Extra.Keys())
		case *protocol.Unknown:
			fmt.Println("unknown variant", m.Kind())
		}
		out, _ := json.Marshal(m)
		fmt.Println(len(out) > 0)
	}
	// Output:
	// result.error_max_turns turns: 1 is_error: false
	// kept: [ttft_ms]
	// true
	// unknown variant system/shiny_new_thing
	// true
}
