package argv

import (
	"strings"
	"testing"
)

// TestSummaries: each release is summarized with what changed since the
// one before it; Describe answers an unknown version with the nearest
// known release and says so; the text forms say what the JSON does.
func TestSummaries(t *testing.T) {
	l, err := Releases()
	if err != nil {
		t.Fatal(err)
	}
	sums := l.Summaries()
	if len(sums) != len(l) || len(sums[0].Added) != 0 || len(sums[0].Dropped) != 0 {
		t.Fatalf("%d summaries of %d releases; the first has changes %v %v", len(sums), len(l), sums[0].Added, sums[0].Dropped)
	}
	changed := false
	for i, j := range sums {
		shown, hidden := l[i].Counts()
		if j.CLI != l[i].CLI || j.Shown != shown || j.Hidden != hidden || j.Options != nil {
			t.Errorf("summary %d = %+v, want release %s with %d shown, %d hidden, no options", i, j, l[i].CLI, shown, hidden)
		}
		changed = changed || len(j.Added)+len(j.Dropped) > 0
	}
	if !changed {
		t.Error("no release added or dropped an option")
	}
	newest := l[len(l)-1]
	j, err := Describe(newest.CLI + "9")
	if err != nil {
		t.Fatal(err)
	}
	if j.CLI != newest.CLI || j.Asked != newest.CLI+"9" || len(j.Options) != len(newest.Options) {
		t.Errorf("Describe(%s9) = %s asked %q with %d options, want %s with %d", newest.CLI, j.CLI, j.Asked, len(j.Options), newest.CLI, len(newest.Options))
	}
	var b strings.Builder
	if err := PrintRelease(&b, j); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "CLI "+j.Asked+" is not known") || strings.Count(b.String(), "\n") != len(j.Options)+3 {
		t.Errorf("PrintRelease:\n%s", b.String())
	}
	b.Reset()
	if err := PrintSummaries(&b, sums); err != nil {
		t.Fatal(err)
	}
	if strings.Count(b.String(), "\n") != len(sums)+1 {
		t.Errorf("PrintSummaries: want a line per release and a header:\n%s", b.String())
	}
	res, err := Check(newest.CLI, []string{"--no-such-option"})
	if err != nil {
		t.Fatal(err)
	}
	b.Reset()
	PrintCheck(&b, newest.CLI, res)
	if res.Starts || !strings.HasPrefix(b.String(), "argv[0]: error: ") {
		t.Errorf("PrintCheck of a refused argv:\n%s", b.String())
	}
}
