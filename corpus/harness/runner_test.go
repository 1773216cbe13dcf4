package harness

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/protocheck/protocheck/corpus/harness/fake"
)

func TestMain(m *testing.M) {
	fake.MainIfAsked()
	os.Exit(m.Run())
}

// fakeSpec runs this test binary as the fake harness. Its answer timeout
// is generous: a slow answer on a loaded machine is not a hang (the HANG
// line waits it out once).
func fakeSpec(t *testing.T, version string) Spec {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Spec{Name: "fake", Command: []string{exe}, Env: []string{fake.Env + "=" + version}, Timeout: 5 * time.Second, StartTimeout: time.Minute}
}

// TestRunnerMisbehaving: each kind of misbehaviour is reported once, with
// its kind and the line's place, and the lines after it are still judged
// by a harness started again.
func TestRunnerMisbehaving(t *testing.T) {
	r := NewRunner(fakeSpec(t, "1.0"))
	defer r.Close()
	ctx := context.Background()
	lines := []string{
		`{"type":"a"}`, `{"type":"CRASH"}`, `{"type":"b"}`, `{"type":"HANG"}`, `{"type":"c"}`,
		`{"type":"NONSENSE"}`, `{"type":"d","x":"reject"}`, `{"type":"TURN"}`, `{"type":"BADVERDICT"}`, `{"type":"e"}`,
	}
	want := map[string]string{"f:2": "crash", "f:4": "hang", "f:6": "nonsense", "f:8": "out-of-turn", "f:9": "nonsense"}
	for i, l := range lines {
		where := "f:" + string(rune('0'+i+1))
		if i == 9 {
			where = "f:10"
		}
		a, ok := r.Read(ctx, where, []byte(l))
		if kind, bad := want[where]; bad {
			if ok {
				t.Errorf("%s (%s): answered %+v, want a %s problem", where, l, a, kind)
			}
			continue
		}
		if !ok {
			t.Fatalf("%s (%s): no answer; problems: %v", where, l, r.Problems())
		}
		wantV := Accepted
		if strings.Contains(l, "reject") {
			wantV = Rejected
		}
		if a.Verdict != wantV {
			t.Errorf("%s: verdict %s, want %s", where, a.Verdict, wantV)
		}
	}
	got := map[string]string{}
	for _, p := range r.Problems() {
		got[p.Where] = string(p.Kind)
		t.Log(p)
	}
	if len(got) != len(want) || len(r.Problems()) != len(want) {
		t.Errorf("problems %v, want %v", got, want)
	}
	for w, k := range want {
		if got[w] != k {
			t.Errorf("%s: problem %q, want %q", w, got[w], k)
		}
	}
	if crash := r.Problems()[0]; !strings.Contains(crash.Message, "crashing on purpose") || !strings.Contains(crash.Message, "exit status 2") {
		t.Errorf("the crash does not quote the exit status and standard error: %s", crash.Message)
	}
	if r.Starts() != 6 {
		t.Errorf("started %d times, want 6 (once, then after each of five problems)", r.Starts())
	}
	if h := r.Hello(); h == nil || h.SDK != "fake-sdk" || h.SDKVersion != "1.0" {
		t.Errorf("hello %+v", h)
	}
}

// TestRunnerGivesUp: a harness that never says hello is tried three times,
// then given up, and every later request fails at once.
func TestRunnerGivesUp(t *testing.T) {
	r := NewRunner(fakeSpec(t, "nohello"))
	defer r.Close()
	for i := range 5 {
		if _, ok := r.Read(context.Background(), "f:1", []byte(`{}`)); ok {
			t.Fatalf("request %d answered", i)
		}
	}
	if r.Starts() != 3 {
		t.Errorf("started %d times, want 3", r.Starts())
	}
	for _, p := range r.Problems() {
		if p.Kind != Crash || p.Where != "hello" || !strings.Contains(p.Message, "no hello today") {
			t.Errorf("problem %v, want a crash at hello quoting its standard error", p)
		}
	}
}

// TestRunnerNoProgram: a command that does not exist is one start problem.
func TestRunnerNoProgram(t *testing.T) {
	r := NewRunner(Spec{Name: "x", Command: []string{"/nonexistent/harness"}})
	for range 3 {
		if _, ok := r.Read(context.Background(), "f:1", []byte(`{}`)); ok {
			t.Fatal("answered")
		}
	}
	if len(r.Problems()) != 1 || r.Problems()[0].Kind != Start {
		t.Errorf("problems %v, want one start problem", r.Problems())
	}
}

func TestParseSpec(t *testing.T) {
	s, err := ParseSpec("py=python3 harness.py --x")
	if err != nil || s.Name != "py" || len(s.Command) != 3 || s.Command[1] != "harness.py" {
		t.Errorf("ParseSpec: %+v %v", s, err)
	}
	for _, bad := range []string{"nocmd", "=x", "a b=x", "a="} {
		if _, err := ParseSpec(bad); err == nil {
			t.Errorf("ParseSpec(%q): no error", bad)
		}
	}
}

// TestRunnerCloseLetsHarnessCleanUp: Close ends a harness by closing its
// standard input, as the protocol says, so that it can remove what it
// made (the pinned harnesses make a temporary folder each, which a kill
// left behind: three per corpus run).
func TestRunnerCloseLetsHarnessCleanUp(t *testing.T) {
	tmp := t.TempDir()
	script := `d=$(mktemp -d "$TMPDIR/harness-XXXXXX") || exit 1
while IFS= read -r line; do
  id=$(printf '%s' "$line" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
  case $line in
  *'"type":"hello"'*) printf '{"type":"hello","id":%s,"protocol":1,"sdk":"sh","sdk_version":"1","language":"sh","capabilities":["read"]}\n' "$id" ;;
  *) printf '{"type":"read","id":%s,"verdict":"accepted"}\n' "$id" ;;
  esac
done
rm -rf "$d"`
	r := NewRunner(Spec{Name: "sh", Command: []string{"sh", "-c", script}, Env: []string{"TMPDIR=" + tmp}, Timeout: time.Minute, StartTimeout: time.Minute})
	if a, ok := r.Read(context.Background(), "f:1", []byte(`{"type":"a"}`)); !ok || a.Verdict != Accepted {
		t.Fatalf("read: %+v, %v; problems %v", a, ok, r.Problems())
	}
	if entries, _ := os.ReadDir(tmp); len(entries) != 1 {
		t.Fatalf("the harness made %d folders, want 1", len(entries))
	}
	r.Close()
	if entries, _ := os.ReadDir(tmp); len(entries) != 0 {
		t.Errorf("after Close the harness's folder is left: %v", entries)
	}
}
