package cli

import (
	"bytes"
	"context"
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"
)

var updateReadme = flag.Bool("update-readme", false, "rewrite the sample outputs of README.md from the commands")

// readmeOutput is a sample output in the README: a marker line naming the
// command, then a fenced block of what it prints on standard output.
var readmeOutput = regexp.MustCompile("(?s)<!-- output of: protocheck ([^>]*?) -->\n```([a-z]*)\n(.*?)```")

// Elapsed times change from run to run: they are compared masked, and
// written as these.
var (
	elapsedText = regexp.MustCompile(`\(\d[0-9.hmsµn]*\)`)
	elapsedJSON = regexp.MustCompile(`"elapsed_ns":\d+`)
)

func maskElapsed(s string) string {
	return elapsedJSON.ReplaceAllString(elapsedText.ReplaceAllString(s, "(12ms)"), `"elapsed_ns":12000000`)
}

// TestReadmeOutputs: every sample output in README.md is what its command
// prints today, run at the repository's root (go test ./internal/cli
// -run TestReadmeOutputs -update-readme writes them again).
func TestReadmeOutputs(t *testing.T) {
	t.Chdir("../..")
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	matches := readmeOutput.FindAllSubmatchIndex(data, -1)
	if len(matches) == 0 {
		t.Fatal("README.md has no sample output (<!-- output of: protocheck ARGS --> before a fenced block)")
	}
	var out bytes.Buffer
	last := 0
	for _, m := range matches {
		args := strings.Fields(string(data[m[2]:m[3]]))
		old := string(data[m[6]:m[7]])
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), args, strings.NewReader(""), &stdout, &stderr); code > 1 {
			t.Errorf("protocheck %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
			continue
		}
		got := maskElapsed(stdout.String())
		if maskElapsed(old) != got {
			if !*updateReadme {
				t.Errorf("README.md's output of protocheck %s is stale; run: go test ./internal/cli -run TestReadmeOutputs -update-readme\n(README)\n%s\n(now)\n%s", strings.Join(args, " "), old, got)
			}
		}
		out.Write(data[last:m[6]])
		out.WriteString(got)
		last = m[7]
	}
	out.Write(data[last:])
	if *updateReadme && !bytes.Equal(out.Bytes(), data) {
		if err := os.WriteFile("README.md", out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
