package validate_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/protocheck/protocheck/validate"
)

// Validate a two-line stream: each line goes to the schema its type and
// subtype select, and every problem comes back with its line and pointer.
func ExampleValidator_Stream() {
	transcript := strings.Join([]string{
		`{"type":"control_request","request_id":"r1","request":{"subtype":"set_permission_mode","mode":"plan"}}`,
		`{"type":"control_request","request_id":"r2","request":{"subtype":"set_permission_mode","mode":"yolo"}}`,
		`{"type":"control_response","response":{"subtype":"error","request_id":"r2"}}`,
	}, "\n")
	// The lines come from an SDK session without the CLI's system/init, so
	// the CLI version is named: its schema set checks them.
	v, err := validate.New(validate.Options{CLIVersion: "2.1.330"})
	if err != nil {
		panic(err)
	}
	sum, err := v.Stream(context.Background(), "session.jsonl", strings.NewReader(transcript), func(f validate.Finding) {
		fmt.Printf("%d %s %s\n", f.Line, f.Rule, f.Pointer)
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(sum.Lines, "lines,", sum.Errors, "errors")
	// Output:
	// 2 schema/enum /request/mode
	// 3 schema/required /response/error
	// 3 lines, 2 errors
}
