package check_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/protocheck/protocheck/internal/check"
)

// A job checks a transcript as 'protocheck validate --cli-version 2.1.330 -'
// would, and its Result says what fails the run.
func Example() {
	opts := check.Defaults("-")
	opts.CLIVersion = "2.1.330"
	var report bytes.Buffer
	job, err := check.Plan(opts, check.Env{
		Stdin:  strings.NewReader(`{"type":"keep_alive"}` + "\n" + `{"type":"control_cancel_request","request_id":7}` + "\n"),
		Stdout: &report,
		Stderr: io.Discard,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := job.Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	first, _, _ := strings.Cut(report.String(), "\n")
	fmt.Println(first)
	fmt.Println(res.Summary.Lines, "lines,", res.Report.Errors, "error, fails the run:", res.Verdict == check.Fail)
	// Output:
	// -:2:34: error schema/type: control_cancel_request: `request_id`: expected string, got number (at /request_id)
	// 2 lines, 1 error, fails the run: true
}
