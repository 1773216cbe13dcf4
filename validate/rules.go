package validate

// A Rule is one kind of finding. Its ID never changes once published, so CI
// baselines and suppressions can name it.
type Rule struct {
	// ID is the stable identifier, "group/name".
	ID string
	// Severity is the rule's default severity.
	Severity Severity
	// Doc says in one sentence what the rule reports.
	Doc string

	// What the rule catalogue (docs/rules.md, 'protocheck rules --format
	// markdown') says of the rule beyond Doc: Fix, and one of Example,
	// Abridged or Case. TestRuleExamples holds every rule to it.

	// Example is a transcript, one line or more, that 'protocheck
	// validate' run with Flags reports with the rule: the catalogue shows
	// what validate prints for it, and TestRuleExamples runs it.
	Example string
	// Flags are the validate flags Example needs.
	Flags []string
	// Abridged is an example with lines shortened by "..." (a cross-line
	// rule's, whose whole transcript would be long), shown as written and
	// not run.
	Abridged string
	// Case says in words what triggers the rule when no transcript can
	// show it: the input is not a line, or another command reports it.
	Case string
	// Fix says what to change so that the finding goes away.
	Fix string
}

// The rules, grouped by what they look at. Rules lists them all.
var (
	// Reading the input.
	RuleIOError = &Rule{ID: "input/io-error", Severity: Error,
		Doc:  "The file could not be opened or read to the end.",
		Case: "A file named on the command line does not exist or cannot be read (permissions), a folder of a walk cannot be listed, or reading stops part way (a truncated gzip stream, a disk error). The other inputs are still checked, and the run exits 2.",
		Fix:  "Check the path and its permissions; for gzip input, make sure the file was written to the end (`gzip -t file.jsonl.gz`).",
	}
	RuleLineTooLong = &Rule{ID: "input/line-too-long", Severity: Error,
		Doc:     "The line is longer than --max-line-bytes; it is skipped.",
		Example: `{"type":"keep_alive","pad":"a line longer than the limit"}`,
		Flags:   []string{"--max-line-bytes", "32"},
		Fix:     "Raise `--max-line-bytes` (default 64 MiB) if such lines are real; a line that long is more often two lines whose newline was lost.",
	}
	RuleInvalidUTF8 = &Rule{ID: "input/invalid-utf8", Severity: Error,
		Doc:     "The line is not valid UTF-8.",
		Example: "{\"type\":\"keep_alive\",\"note\":\"caf\xe9\"}",
		Fix:     "Write the transcript as UTF-8: the line holds bytes of another encoding (here Latin-1 `\\xe9` for `é`), or a multi-byte character cut in half.",
	}
	RuleNULByte = &Rule{ID: "input/nul-byte", Severity: Error,
		Doc:     "The line contains a NUL byte.",
		Example: "{\"type\":\"keep_alive\"}\x00",
		Fix:     "Find what wrote the NUL byte (a buffer flushed past its end, a file preallocated with zeros) and stop it; JSON text never holds one.",
	}
	RuleInvalidJSON = &Rule{ID: "input/invalid-json", Severity: Error,
		Doc:     "The line is not valid JSON.",
		Example: `{"type":"result","subtype":"success","is_error":false`,
		Fix:     "Make the line one complete JSON value: a truncated line usually means the writer was killed mid-line or two writers shared the stream.",
	}
	RuleStrayBOM = &Rule{ID: "input/stray-bom", Severity: Error,
		Doc:     "A UTF-8 byte order mark (U+FEFF) starts a line other than the first: only an input's first line may carry one (two files joined with cat, often).",
		Example: `{"type":"keep_alive"}` + "\n\ufeff" + `{"type":"keep_alive"}`,
		Fix:     "Remove the byte order mark (U+FEFF) from the line's start; it usually marks where two files were joined with `cat`. Only an input's first line may carry one.",
	}
	RuleNotObject = &Rule{ID: "input/not-object", Severity: Error,
		Doc:     "The line's JSON value is not an object.",
		Example: `["keep_alive"]`,
		Fix:     "Each line of the protocol is one JSON object; wrap the value in an object with its `type`, or drop the line.",
	}
	RuleTooDeep = &Rule{ID: "input/too-deep", Severity: Error,
		Doc:     "The line nests arrays and objects deeper than the validator accepts.",
		Example: `{"type":"keep_alive","x":[[[[1]]]]}`,
		Flags:   []string{"--max-depth", "4"},
		Fix:     "Raise `--max-depth` (default 1000, at most 100000) if such nesting is real; otherwise the writer has a recursion bug.",
	}
	RuleDuplicateKey = &Rule{ID: "input/duplicate-key", Severity: Warning,
		Doc:     "An object has the same member twice; readers disagree on which one wins.",
		Example: `{"type":"keep_alive","startup_mark":"a","startup_mark":"b"}`,
		Fix:     "Write each member once: some readers keep the first value and others the last, so the line means different things to different SDKs.",
	}
	RuleEmpty = &Rule{ID: "input/empty", Severity: Warning,
		Doc:  "The input has no lines at all, or only blank ones.",
		Case: "An input file has no lines at all (zero bytes, or only a byte order mark), or only blank lines (spaces, tabs, CR or LF): nothing in it is a message.",
		Fix:  "Check that the capture ran: an empty transcript usually means the CLI failed before printing, or its output went elsewhere.",
	}
	RuleNotRegular = &Rule{ID: "input/not-regular", Severity: Warning,
		Doc:  "An input is not a regular file (a named pipe, socket or device, or a link to one), whether named, matched by a pattern or met in a directory walk; it is not read, so that the run cannot wait on it or read it forever. Standard input is -.",
		Case: "An input named on the command line, matched by a pattern, or met in a folder walk with a transcript's name (`*.jsonl`) is a named pipe, socket or device (or a link to one, such as `/dev/zero`). It is not opened, since reading it could wait or run forever.",
		Fix:  "Name the regular files you mean to check; to read a pipe, give `-` and send it to standard input (`zcat x.jsonl.gz | protocheck validate -`).",
	}
	RuleNotTranscript = &Rule{ID: "input/not-a-transcript", Severity: Error,
		Doc:  "No line of the input is a protocol message: its first lines (up to 64) are all JSON objects and none has a string \"type\" (an API request log beside the transcripts, say). A line of a type the schemas do not know is a message, reported as such: one makes the file a transcript. It is one finding, not an error per line; --exclude GLOB leaves such files out.",
		Case: "A folder holds, beside the transcripts, another JSON-lines file (an API request log): none of its first 64 lines is a protocol message, so it is one finding and is not checked line by line.",
		Fix:  "Leave such files out with --exclude GLOB (for example --exclude '*.log.jsonl'), or name the transcripts you mean to check.",
	}

	// A bug in protocheck itself.
	RuleInternal = &Rule{ID: "internal/error", Severity: Error,
		Doc:  "protocheck failed while checking the line (a bug: please report it with the line); the other lines are still checked, and the run exits 2.",
		Case: "protocheck itself failed while checking a line: a bug. The line is reported, the other lines are still checked, and the run exits 2.",
		Fix:  "Report it at the project's issue tracker with the line (`sed -n 'Np' file.jsonl`) and `protocheck version`.",
	}

	// Finding the line's variant.
	RuleMissingType = &Rule{ID: "variant/missing-type", Severity: Error,
		Doc:     "The object has no string \"type\" member.",
		Example: `{"subtype":"success","is_error":false}`,
		Fix:     "Give the line its string `type` member; every message of the protocol has one.",
	}
	RuleUnknownType = &Rule{ID: "variant/unknown-type", Severity: Warning,
		Doc:     "No variant has this \"type\" (an error with --strict).",
		Example: `{"type":"teleport"}`,
		Fix:     "Check the spelling against `protocheck schemas list`. A newer CLI may have added the type: update protocheck, or keep it a warning (no `--strict`).",
	}
	RuleMissingSubtype = &Rule{ID: "variant/missing-subtype", Severity: Error,
		Doc:     "The type needs a subtype and the line has no string one.",
		Example: `{"type":"system","session_id":"s1"}`,
		Fix:     "Add the subtype member: `subtype` for system and result lines, `request.subtype` for control requests, `response.subtype` for control responses.",
	}
	RuleUnknownSubtype = &Rule{ID: "variant/unknown-subtype", Severity: Warning,
		Doc:     "No variant of this type has this subtype (an error with --strict).",
		Example: `{"type":"system","subtype":"teleport"}`,
		Fix:     "Check the spelling against `protocheck schemas list`. A newer CLI may have added the subtype: update protocheck, or keep it a warning (no `--strict`).",
	}
	RuleWrongDirection = &Rule{ID: "variant/wrong-direction", Severity: Error,
		Doc:     "The variant is not written by the side the input comes from.",
		Example: `{"type":"control_request","request_id":"r1","request":{"subtype":"interrupt"}}`,
		Flags:   []string{"--direction", "cli"},
		Fix:     "Check `--direction`: cli for what the CLI prints on stdout, sdk for what an SDK writes to its stdin. With auto, the first one-sided line decides, so a file that mixes both streams must be split.",
	}
	RuleUnknownKind = &Rule{ID: "variant/unknown-kind", Severity: Warning,
		Doc:     "A content block, stream event, delta or control body has a kind the protocol does not list (an error with --strict).",
		Example: `{"type":"user","session_id":"s1","parent_tool_use_id":null,"message":{"role":"user","content":[{"type":"hologram"}]}}`,
		Fix:     "Check the kind's spelling (a content block's, stream event's, delta's or control body's `type`). A newer CLI may have added it: update protocheck, or keep it a warning (no `--strict`).",
	}
	RuleUnknownProperty = &Rule{ID: "schema/unknown-property", Severity: Info,
		Doc:     "A member the protocol does not define (an error in the strict profile).",
		Example: `{"type":"keep_alive","mood":"happy"}`,
		Flags:   []string{"--show-unknown"},
		Fix:     "In the tolerant profile this is information: newer CLIs add members. In the strict profile (what an SDK writes) it is an error: remove the member, or fix its spelling.",
	}

	// The line's schema.
	RuleRequired = &Rule{ID: "schema/required", Severity: Error,
		Doc:     "A required member is missing.",
		Example: `{"type":"control_cancel_request"}`,
		Flags:   []string{"--cli-version", "2.1.330"},
		Fix:     "Add the member the message says is missing (here `request_id`); `protocheck schemas show <variant>` lists what the variant requires.",
	}
	RuleType = &Rule{ID: "schema/type", Severity: Error,
		Doc:     "A member has the wrong JSON type.",
		Example: `{"type":"control_cancel_request","request_id":42}`,
		Fix:     "Write the member with the JSON type the schema gives (here a string): a number sent as a string, or the reverse, is the usual cause.",
	}
	RuleEnum = &Rule{ID: "schema/enum", Severity: Error,
		Doc:     "A member's value is not one the protocol allows.",
		Example: `{"type":"control_request","request_id":"r1","request":{"subtype":"set_permission_mode","mode":"yolo"}}`,
		Fix:     "Use one of the values the message lists. A value a newer CLI added needs a newer protocheck.",
	}
	RuleConst = &Rule{ID: "schema/const", Severity: Error,
		Doc:  "A member's value differs from the one fixed value the protocol allows.",
		Case: "A member holds another value than the one its schema fixes. The protocol's own schemas fix only discriminators, which decide the variant first, so this shows in `protocheck corpus run` against a dialect: ts-docs types `is_error` as the literal `false` on result/success, and a `result/success` line with `\"is_error\":true` is rejected there.",
		Fix:  "Widen the dialect's type (the SDK's) to what the CLI really sends, or write the fixed value.",
	}
	RuleFormat = &Rule{ID: "schema/format", Severity: Error,
		Doc:  "A string is not of the format its schema asserts (only with formats asserted, as for the spec02 dialect's uuids).",
		Case: "A string is not of a format its schema asserts. validate asserts none; `protocheck corpus run` does for a dialect whose reader parses a format strictly: spec02's `uuid.UUID` rejects a `session_id` that is not a UUID.",
		Fix:  "Loosen the dialect's type to a plain string, or send a value of the format.",
	}
	RuleNumberRange = &Rule{ID: "schema/number-range", Severity: Error,
		Doc:     "A number member holds a value past the range of a 64-bit float (1e400, -1e309): JSON Schema accepts any number, but typed readers such as protocol.Decode reject it and JavaScript reads it as Infinity.",
		Example: `{"type":"result","subtype":"success","duration_ms":1,"duration_api_ms":1,"is_error":false,"num_turns":1,"result":"","total_cost_usd":1E400,"usage":{"input_tokens":1,"output_tokens":1},"modelUsage":{},"permission_denials":[],"stop_reason":null,"uuid":"u","session_id":"s"}`,
		Flags:   []string{"--cli-version", "2.1.330"},
		Fix:     "Write numbers a 64-bit float holds (at most about 1.8e308 in size); a larger value is a bug in the writer, since no typed reader can hold it.",
	}
	RuleInteger = &Rule{ID: "schema/integer", Severity: Error,
		Doc:     "An integer member holds a number not written as a plain integer within 64 bits (1.5, 1.0, 1e3, 1e999999, or 20 digits and more): JSON Schema counts some of these as integers, but typed readers such as protocol.Decode reject them all.",
		Example: `{"type":"control_request","request_id":"r1","request":{"subtype":"set_max_thinking_tokens","max_thinking_tokens":1.0}}`,
		Fix:     "Write integers as plain integers within 64 bits (`1`, not `1.0` or `1e0`): typed readers such as Go's and Rust's reject the other spellings even where JSON Schema accepts them.",
	}
	RuleSchema = &Rule{ID: "schema/other", Severity: Error,
		Doc:  "The line breaks another constraint of its schema.",
		Case: "The line breaks a schema keyword that has no rule of its own (a `minimum`, a `pattern`, a `not`, ...). The protocol's own schemas use none that a dispatched line can break, so this shows with `--schemas DIR` or in a dialect's schemas.",
		Fix:  "Read the message: it quotes the keyword and the value. Fix the value, or the schema if it is the one that is wrong.",
	}

	// Comparing transcripts (corpus regress, drift between dialects).
	RuleDriftVariantAdded = &Rule{ID: "drift/variant-added", Severity: Error,
		Doc:  "A variant appears that the golden transcript does not have at this point.",
		Case: "`protocheck corpus regress`: a capture has a message at a point where the golden transcript has none (the CLI prints a new kind of line, or in another order).",
		Fix:  "If the CLI's new behaviour is right, rewrite the golden with `protocheck corpus regress --update --scenario NAME` and review the diff; otherwise it is a CLI regression to report.",
	}
	RuleDriftVariantRemoved = &Rule{ID: "drift/variant-removed", Severity: Error,
		Doc:  "A variant of the golden transcript is missing.",
		Case: "`protocheck corpus regress`: a message of the golden transcript is missing from the capture.",
		Fix:  "As for drift/variant-added: update the golden if the change is intended, else report the regression.",
	}
	RuleDriftKeyAdded = &Rule{ID: "drift/key-added", Severity: Error,
		Doc:  "A member appears that the golden line does not have.",
		Case: "`protocheck corpus regress`: a line of the capture has a member the golden line does not (a CLI release added it).",
		Fix:  "Model the member in package protocol (then `make schemas`) and update the golden with `corpus regress --update`.",
	}
	RuleDriftKeyRemoved = &Rule{ID: "drift/key-removed", Severity: Error,
		Doc:  "A member of the golden line is missing.",
		Case: "`protocheck corpus regress`: a member of the golden line is missing from the capture.",
		Fix:  "If the CLI dropped it on purpose, make it optional in package protocol and update the golden; SDKs that require it will break.",
	}
	RuleDriftTypeChanged = &Rule{ID: "drift/type-changed", Severity: Error,
		Doc:  "A member's JSON type differs from the golden line's.",
		Case: "`protocheck corpus regress`: a member's JSON type differs from the golden line's (a number became a string, an object became null).",
		Fix:  "Widen the member's type in package protocol if both are real, and update the golden.",
	}
	RuleDriftExitCode = &Rule{ID: "drift/exit-code", Severity: Error,
		Doc:  "The CLI ended otherwise than in the golden run: another exit code, or killed at its timeout.",
		Case: "`protocheck corpus regress`: the CLI exited with another code than in the golden run, or was killed at its timeout.",
		Fix:  "Read the capture's log (`--keep`); a timeout on a loaded machine is retried (`--attempts`), a changed code is the CLI's behaviour to check.",
	}
)

// Rules lists every rule, in a stable order.
var Rules = []*Rule{
	RuleIOError, RuleLineTooLong, RuleInvalidUTF8, RuleNULByte, RuleInvalidJSON, RuleStrayBOM, RuleNotObject, RuleTooDeep, RuleDuplicateKey, RuleEmpty, RuleNotRegular, RuleNotTranscript,
	RuleInternal,
	RuleMissingType, RuleUnknownType, RuleMissingSubtype, RuleUnknownSubtype, RuleWrongDirection, RuleUnknownKind,
	RuleUnknownProperty,
	RuleRequired, RuleType, RuleEnum, RuleConst, RuleFormat, RuleInteger, RuleNumberRange, RuleSchema,
	RuleDriftVariantAdded, RuleDriftVariantRemoved, RuleDriftKeyAdded, RuleDriftKeyRemoved, RuleDriftTypeChanged, RuleDriftExitCode,
	RuleVersionNoInit, RuleVersionNewer, RuleVersionUnproven, RuleVersionRange,
	RuleCLIReads, RuleCLIRefuses,
	// The cross-line rules (crossline.go), in the order of CrossLineRules.
	RuleSessionIDChanged, RuleSessionUUIDRepeated, RuleToolResultUnknown, RuleToolUseUnanswered, RuleToolParentUnknown,
	RuleTurnUnclosed, RuleTurnErrorFlag, RuleStreamAssembly,
	RuleControlNoResponse, RuleControlUnknown, RuleControlDuplicate, RuleControlWrongToolUse,
	RuleHookNoResponse, RuleTaskNotStarted,
	RuleRulesBudget,
	RuleDuplexEnvelope,
}

// RuleByID returns the rule with the given ID, or nil.
func RuleByID(id string) *Rule {
	for _, r := range Rules {
		if r.ID == id {
			return r
		}
	}
	return nil
}
