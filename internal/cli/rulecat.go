package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// The rule catalogue: docs/rules.md is the output of 'protocheck rules
// --format markdown' (make docs), and a test keeps the committed file in
// step. Each rule that 'protocheck rules' lists needs an entry: here, or,
// for a cross-line rule, its own Example and Fix in validate.CrossLineRules.
// The rule's ID, severity and one-line meaning come from the rule tables
// themselves.

// A ruleEntry is what the catalogue says of one rule beyond its table row.
type ruleEntry struct {
	// Example is a transcript, one line or more, that 'protocheck
	// validate' reports with the rule under Flags. The catalogue shows
	// what validate prints for it, and refuses to build when the rule is
	// not among the findings.
	Example string
	// Flags are the validate flags the example needs.
	Flags []string
	// Case says in words what triggers the rule when no transcript can
	// show it: the input is not a line, or another command reports it.
	Case string
	// Fix says what to change so that the finding goes away.
	Fix string
	// Abridged is an example from the rule's own table
	// (validate.CrossLineRules): lines shortened with "...", shown as
	// written and not run.
	Abridged string
}

// ruleCatalog holds the entries by rule ID.
var ruleCatalog = map[string]ruleEntry{
	"input/io-error": {
		Case: "A file named on the command line does not exist or cannot be read (permissions), a folder of a walk cannot be listed, or reading stops part way (a truncated gzip stream, a disk error). The other inputs are still checked, and the run exits 2.",
		Fix:  "Check the path and its permissions; for gzip input, make sure the file was written to the end (`gzip -t file.jsonl.gz`).",
	},
	"input/line-too-long": {
		Example: `{"type":"keep_alive","pad":"a line longer than the limit"}`,
		Flags:   []string{"--max-line-bytes", "32"},
		Fix:     "Raise `--max-line-bytes` (default 64 MiB) if such lines are real; a line that long is more often two lines whose newline was lost.",
	},
	"input/invalid-utf8": {
		Example: "{\"type\":\"keep_alive\",\"note\":\"caf\xe9\"}",
		Fix:     "Write the transcript as UTF-8: the line holds bytes of another encoding (here Latin-1 `\\xe9` for `é`), or a multi-byte character cut in half.",
	},
	"input/nul-byte": {
		Example: "{\"type\":\"keep_alive\"}\x00",
		Fix:     "Find what wrote the NUL byte (a buffer flushed past its end, a file preallocated with zeros) and stop it; JSON text never holds one.",
	},
	"input/invalid-json": {
		Example: `{"type":"result","subtype":"success","is_error":false`,
		Fix:     "Make the line one complete JSON value: a truncated line usually means the writer was killed mid-line or two writers shared the stream.",
	},
	"input/stray-bom": {
		Example: `{"type":"keep_alive"}` + "\n\ufeff" + `{"type":"keep_alive"}`,
		Fix:     "Remove the byte order mark (U+FEFF) from the line's start; it usually marks where two files were joined with `cat`. Only an input's first line may carry one.",
	},
	"input/not-object": {
		Example: `["keep_alive"]`,
		Fix:     "Each line of the protocol is one JSON object; wrap the value in an object with its `type`, or drop the line.",
	},
	"input/too-deep": {
		Example: `{"type":"keep_alive","x":[[[[1]]]]}`,
		Flags:   []string{"--max-depth", "4"},
		Fix:     "Raise `--max-depth` (default 1000, at most 100000) if such nesting is real; otherwise the writer has a recursion bug.",
	},
	"input/duplicate-key": {
		Example: `{"type":"keep_alive","startup_mark":"a","startup_mark":"b"}`,
		Fix:     "Write each member once: some readers keep the first value and others the last, so the line means different things to different SDKs.",
	},
	"input/duplex-envelope": {
		Example: `{"dir":"stdin","msg":{"type":"keep_alive"}}` + "\n" + `{"dir":"sideways","msg":{"type":"keep_alive"}}`,
		Fix:     "Write each line of a duplex transcript as {\"dir\":\"stdin\" or \"stdout\",\"msg\":{...}}, or \"raw\":\"...\" for a line that was not JSON (docs/duplex.md). A file whose first line has a `dir` member is read as duplex.",
	},
	"input/empty": {
		Case: "An input file has no lines at all (zero bytes, or only a byte order mark), or only blank lines (spaces, tabs, CR or LF): nothing in it is a message.",
		Fix:  "Check that the capture ran: an empty transcript usually means the CLI failed before printing, or its output went elsewhere.",
	},
	"version/no-init": {
		Case: "A transcript of the CLI's output has no system/init line (a fragment, or a file that starts mid-session), and no release's schema set accepts every line: the set that fits the lines best checks the transcript and reports the lines it rejects. (When some set accepts every line, the transcript gets version/range instead.)",
		Fix:  "Keep the init line in the transcript, or name the version with `--cli-version 2.1.330`.",
	},
	"version/unknown": {
		Case: "The system/init line's claude_code_version is not a version at all (`\"claude_code_version\":\"next\"`): the newest schema set checks the transcript. A release newer or older than every rung of the ladder is no warning: see version/unproven and the run's note.",
		Fix:  "Fix what wrote the init line; a real CLI writes a dotted version such as 2.1.330.",
	},
	"version/unproven": {
		Example: `{"type":"system","subtype":"init","claude_code_version":"2.1.40","apiKeySource":"none","cwd":"/","tools":[],"mcp_servers":[],"model":"m","permissionMode":"default","slash_commands":[],"output_style":"default","agents":[],"skills":[],"plugins":[],"uuid":"u","session_id":"s","fast_mode_state":"off"}`,
		Flags:   []string{"--profile", "strict"},
		Fix:     "Nothing is wrong: the evidence (captures of the release ladder, sdk.d.ts, the CLI's bundle) neither shows nor rules out the member at this version. `protocheck schemas window <variant> <pointer>` shows the window; capturing a release inside it (`protocheck corpus add-release VERSION`) narrows it.",
	},
	"types/cli-reads": {
		Example: `{"type":"user","message":{"role":"user","content":"hi"},"session_id":""}`,
		Flags:   []string{"--direction", "sdk", "--cli-version", "2.1.330"},
		Fix:     "The session works: the CLI read the same fault when a probe sent it (the finding names the probe, see corpus/probe/results and docs/probes.md). Write what the SDK's own types declare to stay safe with releases not probed; nothing breaks if you do not.",
	},
	"types/cli-refuses": {
		Example: `{"type":"control_request","request_id":"r1","request":{"subtype":"rename_session","title":""}}`,
		Flags:   []string{"--direction", "sdk", "--cli-version", "2.1.330"},
		Fix:     "Send what the CLI reads: the finding quotes what the CLI answered when a probe sent the same member at the same edge (corpus/probe/results, docs/probes.md). The schema lets it pass because the CLI's types allow it; the CLI's own checks do not.",
	},
	"version/range": {
		Example: `{"type":"control_cancel_request"}`,
		Fix:     "Nothing is wrong: the finding says which releases the lines fit. To check against one release, keep the transcript's system/init line or name the version with `--cli-version`.",
	},
	"input/not-regular": {
		Case: "An input named on the command line, matched by a pattern, or met in a folder walk with a transcript's name (`*.jsonl`) is a named pipe, socket or device (or a link to one, such as `/dev/zero`). It is not opened, since reading it could wait or run forever.",
		Fix:  "Name the regular files you mean to check; to read a pipe, give `-` and send it to standard input (`zcat x.jsonl.gz | protocheck validate -`).",
	},
	"input/not-a-transcript": {
		Case: "A folder holds, beside the transcripts, another JSON-lines file (an API request log): none of its first 64 lines is a protocol message, so it is one finding and is not checked line by line.",
		Fix:  "Leave such files out with --exclude GLOB (for example --exclude '*.log.jsonl'), or name the transcripts you mean to check.",
	},
	"rules/budget": {
		Example: `{"type":"system","subtype":"hook_started","hook_id":"h1","hook_name":"SessionStart:startup","hook_event":"SessionStart","uuid":"u1","session_id":"S"}` + "\n" +
			`{"type":"system","subtype":"hook_started","hook_id":"h2","hook_name":"SessionStart:startup","hook_event":"SessionStart","uuid":"u2","session_id":"S"}` + "\n" +
			`{"type":"system","subtype":"hook_started","hook_id":"h3","hook_name":"SessionStart:startup","hook_event":"SessionStart","uuid":"u3","session_id":"S"}`,
		Flags: []string{"--rules-budget", "150"},
		Fix:   "A transcript this large is rare: tens of thousands of hooks left open, hundreds of thousands of uuids in one session, or a tool input streamed in megabytes. If it is real, raise `--rules-budget` (each group of rules may then keep that many bytes, estimated); if it is a generated or joined file, split it by session. The rules that stopped checked the lines before the finding; nothing after it was checked by them.",
	},
	"internal/error": {
		Case: "protocheck itself failed while checking a line: a bug. The line is reported, the other lines are still checked, and the run exits 2.",
		Fix:  "Report it at the project's issue tracker with the line (`sed -n 'Np' file.jsonl`) and `protocheck version`.",
	},
	"variant/missing-type": {
		Example: `{"subtype":"success","is_error":false}`,
		Fix:     "Give the line its string `type` member; every message of the protocol has one.",
	},
	"variant/unknown-type": {
		Example: `{"type":"teleport"}`,
		Fix:     "Check the spelling against `protocheck schemas list`. A newer CLI may have added the type: update protocheck, or keep it a warning (no `--strict`).",
	},
	"variant/missing-subtype": {
		Example: `{"type":"system","session_id":"s1"}`,
		Fix:     "Add the subtype member: `subtype` for system and result lines, `request.subtype` for control requests, `response.subtype` for control responses.",
	},
	"variant/unknown-subtype": {
		Example: `{"type":"system","subtype":"teleport"}`,
		Fix:     "Check the spelling against `protocheck schemas list`. A newer CLI may have added the subtype: update protocheck, or keep it a warning (no `--strict`).",
	},
	"variant/wrong-direction": {
		Example: `{"type":"control_request","request_id":"r1","request":{"subtype":"interrupt"}}`,
		Flags:   []string{"--direction", "cli"},
		Fix:     "Check `--direction`: cli for what the CLI prints on stdout, sdk for what an SDK writes to its stdin. With auto, the first one-sided line decides, so a file that mixes both streams must be split.",
	},
	"variant/unknown-kind": {
		Example: `{"type":"user","session_id":"s1","parent_tool_use_id":null,"message":{"role":"user","content":[{"type":"hologram"}]}}`,
		Fix:     "Check the kind's spelling (a content block's, stream event's, delta's or control body's `type`). A newer CLI may have added it: update protocheck, or keep it a warning (no `--strict`).",
	},
	"schema/unknown-property": {
		Example: `{"type":"keep_alive","mood":"happy"}`,
		Flags:   []string{"--show-unknown"},
		Fix:     "In the tolerant profile this is information: newer CLIs add members. In the strict profile (what an SDK writes) it is an error: remove the member, or fix its spelling.",
	},
	"schema/required": {
		Example: `{"type":"control_cancel_request"}`,
		Flags:   []string{"--cli-version", "2.1.330"},
		Fix:     "Add the member the message says is missing (here `request_id`); `protocheck schemas show <variant>` lists what the variant requires.",
	},
	"schema/type": {
		Example: `{"type":"control_cancel_request","request_id":42}`,
		Fix:     "Write the member with the JSON type the schema gives (here a string): a number sent as a string, or the reverse, is the usual cause.",
	},
	"schema/enum": {
		Example: `{"type":"control_request","request_id":"r1","request":{"subtype":"set_permission_mode","mode":"yolo"}}`,
		Fix:     "Use one of the values the message lists. A value a newer CLI added needs a newer protocheck.",
	},
	"schema/const": {
		Case: "A member holds another value than the one its schema fixes. The protocol's own schemas fix only discriminators, which decide the variant first, so this shows in `protocheck corpus run` against a dialect: ts-docs types `is_error` as the literal `false` on result/success, and a `result/success` line with `\"is_error\":true` is rejected there.",
		Fix:  "Widen the dialect's type (the SDK's) to what the CLI really sends, or write the fixed value.",
	},
	"schema/format": {
		Case: "A string is not of a format its schema asserts. validate asserts none; `protocheck corpus run` does for a dialect whose reader parses a format strictly: spec02's `uuid.UUID` rejects a `session_id` that is not a UUID.",
		Fix:  "Loosen the dialect's type to a plain string, or send a value of the format.",
	},
	"schema/integer": {
		Example: `{"type":"control_request","request_id":"r1","request":{"subtype":"set_max_thinking_tokens","max_thinking_tokens":1.0}}`,
		Fix:     "Write integers as plain integers within 64 bits (`1`, not `1.0` or `1e0`): typed readers such as Go's and Rust's reject the other spellings even where JSON Schema accepts them.",
	},
	"schema/number-range": {
		Example: `{"type":"result","subtype":"success","duration_ms":1,"duration_api_ms":1,"is_error":false,"num_turns":1,"result":"","total_cost_usd":1E400,"usage":{"input_tokens":1,"output_tokens":1},"modelUsage":{},"permission_denials":[],"stop_reason":null,"uuid":"u","session_id":"s"}`,
		Flags:   []string{"--cli-version", "2.1.330"},
		Fix:     "Write numbers a 64-bit float holds (at most about 1.8e308 in size); a larger value is a bug in the writer, since no typed reader can hold it.",
	},
	"schema/other": {
		Case: "The line breaks a schema keyword that has no rule of its own (a `minimum`, a `pattern`, a `not`, ...). The protocol's own schemas use none that a dispatched line can break, so this shows with `--schemas DIR` or in a dialect's schemas.",
		Fix:  "Read the message: it quotes the keyword and the value. Fix the value, or the schema if it is the one that is wrong.",
	},
	"drift/variant-added": {
		Case: "`protocheck corpus regress`: a capture has a message at a point where the golden transcript has none (the CLI prints a new kind of line, or in another order).",
		Fix:  "If the CLI's new behaviour is right, rewrite the golden with `protocheck corpus regress --update --scenario NAME` and review the diff; otherwise it is a CLI regression to report.",
	},
	"drift/variant-removed": {
		Case: "`protocheck corpus regress`: a message of the golden transcript is missing from the capture.",
		Fix:  "As for drift/variant-added: update the golden if the change is intended, else report the regression.",
	},
	"drift/key-added": {
		Case: "`protocheck corpus regress`: a line of the capture has a member the golden line does not (a CLI release added it).",
		Fix:  "Model the member in package protocol (then `make schemas`) and update the golden with `corpus regress --update`.",
	},
	"drift/key-removed": {
		Case: "`protocheck corpus regress`: a member of the golden line is missing from the capture.",
		Fix:  "If the CLI dropped it on purpose, make it optional in package protocol and update the golden; SDKs that require it will break.",
	},
	"drift/type-changed": {
		Case: "`protocheck corpus regress`: a member's JSON type differs from the golden line's (a number became a string, an object became null).",
		Fix:  "Widen the member's type in package protocol if both are real, and update the golden.",
	},
	"drift/exit-code": {
		Case: "`protocheck corpus regress`: the CLI exited with another code than in the golden run, or was killed at its timeout.",
		Fix:  "Read the capture's log (`--keep`); a timeout on a loaded machine is retried (`--attempts`), a changed code is the CLI's behaviour to check.",
	},
	"compat/variant-missing": {
		Case: "`protocheck drift --from wire --to DIALECT`: a variant the CLI prints that the dialect has no type for.",
		Fix:  "Add the variant to the SDK's types, or make sure its reader skips unknown variants; `protocheck corpus run` shows what it does with the real lines.",
	},
	"compat/variant-extra": {
		Case: "`protocheck drift`: the dialect has a type for a variant the reference does not have (often one an older or newer CLI prints).",
		Fix:  "Usually nothing: reading more than is sent costs nothing (info). Remove the type if the variant is gone for good.",
	},
	"compat/member-missing": {
		Case: "`protocheck drift`: a member the writer sends that the reader does not declare. Its severity says what the reader does: error when it rejects the line, warning when it drops the member.",
		Fix:  "Declare the member in the reader's types (optional if the writer sends it only sometimes).",
	},
	"compat/member-extra": {
		Case: "`protocheck drift`: the reader declares a member the writer never sends.",
		Fix:  "Nothing breaks (info); make the member optional in the reader, or remove it, so that its users do not wait for it.",
	},
	"compat/required-added": {
		Case: "`protocheck drift`: a member the writer sends only sometimes is required by the reader, which fails on the lines that lack it.",
		Fix:  "Make the member optional in the reader's types.",
	},
	"compat/required-removed": {
		Case: "`protocheck drift`: a member the writer always sends is optional in the reader.",
		Fix:  "Usually nothing (info); make it required to simplify the reader's code if the writer guarantees it.",
	},
	"compat/type-changed": {
		Case: "`protocheck drift`: the writer and the reader give a member different JSON types (a string against a number).",
		Fix:  "Give the reader's member the writer's types (a union if the writer sends several).",
	},
	"compat/enum-narrowed": {
		Case: "`protocheck drift`: the reader accepts fewer values of a member than the writer sends, and fails on the others.",
		Fix:  "Add the missing values to the reader's enum, or read the member as a plain string.",
	},
	"compat/enum-widened": {
		Case: "`protocheck drift`: the reader accepts values the writer never sends.",
		Fix:  "Usually nothing (info): often values of another CLI version.",
	},
	"compat/nullable-removed": {
		Case: "`protocheck drift`: the writer sends null for a member the reader does not allow to be null.",
		Fix:  "Make the reader's member nullable (`T | null`, `Option<T>`, a pointer).",
	},
	"compat/nullable-added": {
		Case: "`protocheck drift`: the reader allows null where the writer never sends it.",
		Fix:  "Usually nothing (info).",
	},
	"compat/write-refused": {
		Case: "`protocheck drift --from wire --to rust`: rusty_claw answers can_use_tool with `{\"allowed\": true}`; the CLI reads `behavior`, and a probe of CLI 2.1.330 saw it refuse the tool call. The change says whether a probe verified it or it is inferred from types.",
		Fix:  "Write the message as the CLI reads it (the change names the member); where a probe shows the CLI reads it anyway (an info), only the types disagree.",
	},
}

// catalogRule is one row of the catalogue.
type catalogRule struct {
	ID, Severity, Doc string
	// Own is the entry the rule's table gives, if any (a cross-line rule's
	// Example and Fix); an entry in ruleCatalog wins over it.
	Own *ruleEntry
}

// writeRuleCatalogue writes the catalogue in markdown. Each example is run
// through 'protocheck validate' and what it prints is shown; an example
// that does not produce its rule, and a rule without an entry, are errors.
func writeRuleCatalogue(ctx context.Context, w io.Writer, rules []catalogRule) error {
	var b strings.Builder
	b.WriteString(`# Rule catalogue

<!-- Generated by 'protocheck rules --format markdown' (make docs) from the
rule tables and internal/cli/rulecat.go; do not edit. -->

Every finding carries a stable rule ID: baselines, ` + "`--ignore`" + ` and
CI annotations name rules by it. The severity is the default one:
` + "`--strict`" + ` makes unknown types, subtypes and kinds errors, and the
strict profile makes unknown members errors. The input/, internal/,
variant/ and schema/ rules are those of ` + "`protocheck validate`" + ` on
each line; session/, tools/, turns/, stream/, control/, hooks/ and tasks/
are its cross-line rules, which look at a whole transcript (` + "`--rules`" + `
selects them; control/ rules need a duplex transcript, docs/duplex.md);
drift/ rules come from ` + "`protocheck corpus regress`" + `, and compat/
rules from ` + "`protocheck drift`" + `, whose severity depends on which side
reads (` + "`protocheck drift --help`" + `).

| rule | severity | reports |
|---|---|---|
`)
	for _, r := range rules {
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s |\n", r.ID, anchor(r.ID), r.Severity, mdCell(r.Doc))
	}
	var missing []string
	for _, r := range rules {
		e, ok := ruleCatalog[r.ID]
		if !ok && r.Own != nil {
			e, ok = *r.Own, true
		}
		if !ok || e.Fix == "" || (e.Example == "" && e.Case == "" && e.Abridged == "") {
			missing = append(missing, r.ID)
			continue
		}
		fmt.Fprintf(&b, "\n## %s\n\nSeverity **%s**. %s\n\n", r.ID, r.Severity, r.Doc)
		switch {
		case e.Case != "":
			fmt.Fprintf(&b, "**When:** %s\n\n", e.Case)
		case e.Abridged != "":
			fmt.Fprintf(&b, "**Example** (abridged: `...` stands for the members left out)%s\n\n```json\n%s\n```\n\n", escapesNote(e.Abridged), visible(e.Abridged))
		default:
			out, err := runExample(ctx, r.ID, e)
			if err != nil {
				return err
			}
			cmd := "protocheck validate " + strings.Join(append(e.Flags, "example.jsonl"), " ")
			fmt.Fprintf(&b, "**Example:** `example.jsonl`%s\n\n```json\n%s\n```\n\n`%s` prints\n\n```\n%s```\n\n",
				escapesNote(e.Example), visible(e.Example), cmd, out)
		}
		fmt.Fprintf(&b, "**Fix:** %s\n", e.Fix)
	}
	if len(missing) > 0 {
		return fmt.Errorf("the rule catalogue (internal/cli/rulecat.go) needs an entry with Fix and either Example or Case for: %s", strings.Join(missing, ", "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// runExample runs validate on an example, as the catalogue shows it, and
// returns the lines it printed of the rule's findings; there must be one.
func runExample(ctx context.Context, id string, e ruleEntry) (string, error) {
	var stdout, stderr bytes.Buffer
	args := append(append([]string{"validate", "--color", "never", "--quiet"}, e.Flags...), "-")
	run(ctx, args, strings.NewReader(e.Example+"\n"), &stdout, &stderr)
	var out strings.Builder
	found := false
	for line := range strings.Lines(stdout.String()) {
		rest, ok := strings.CutPrefix(line, "-:")
		if !ok {
			continue // the summary
		}
		if strings.Contains(rest, " "+id+": ") {
			out.WriteString("example.jsonl:" + rest)
			found = true
		}
	}
	if !found {
		return "", fmt.Errorf("the catalogue's example of %s does not produce it: validate printed\n%s%s", id, stdout.String(), stderr.String())
	}
	return out.String(), nil
}

// anchor is the GitHub heading anchor of a rule ID: "input/io-error" is
// "#inputio-error".
func anchor(id string) string { return strings.ReplaceAll(id, "/", "") }

func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// visible writes an example's bytes that a reader cannot see, or that are
// not UTF-8, as escapes: \xNN for a byte, \uNNNN for a format character.
func visible(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < 0x20 && r != '\n', r == 0xfeff:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func escapesNote(s string) string {
	if visible(s) != s {
		return " (bytes that cannot be shown are written as `\\xNN` or `\\uNNNN`)"
	}
	return ""
}
