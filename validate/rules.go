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
}

// The rules, grouped by what they look at. Rules lists them all.
var (
	// Reading the input.
	RuleIOError       = &Rule{"input/io-error", Error, "The file could not be opened or read to the end."}
	RuleLineTooLong   = &Rule{"input/line-too-long", Error, "The line is longer than --max-line-bytes; it is skipped."}
	RuleInvalidUTF8   = &Rule{"input/invalid-utf8", Error, "The line is not valid UTF-8."}
	RuleNULByte       = &Rule{"input/nul-byte", Error, "The line contains a NUL byte."}
	RuleInvalidJSON   = &Rule{"input/invalid-json", Error, "The line is not valid JSON."}
	RuleStrayBOM      = &Rule{"input/stray-bom", Error, "A UTF-8 byte order mark (U+FEFF) starts a line other than the first: only an input's first line may carry one (two files joined with cat, often)."}
	RuleNotObject     = &Rule{"input/not-object", Error, "The line's JSON value is not an object."}
	RuleTooDeep       = &Rule{"input/too-deep", Error, "The line nests arrays and objects deeper than the validator accepts."}
	RuleDuplicateKey  = &Rule{"input/duplicate-key", Warning, "An object has the same member twice; readers disagree on which one wins."}
	RuleEmpty         = &Rule{"input/empty", Warning, "The input has no lines at all, or only blank ones."}
	RuleNotRegular    = &Rule{"input/not-regular", Warning, "An input is not a regular file (a named pipe, socket or device, or a link to one), whether named, matched by a pattern or met in a directory walk; it is not read, so that the run cannot wait on it or read it forever. Standard input is -."}
	RuleNotTranscript = &Rule{"input/not-a-transcript", Error, "No line of the input is a protocol message: its first lines (up to 64) are all JSON objects and none has a string \"type\" (an API request log beside the transcripts, say). A line of a type the schemas do not know is a message, reported as such: one makes the file a transcript. It is one finding, not an error per line; --exclude GLOB leaves such files out."}

	// A bug in protocheck itself.
	RuleInternal = &Rule{"internal/error", Error, "protocheck failed while checking the line (a bug: please report it with the line); the other lines are still checked, and the run exits 2."}

	// Finding the line's variant.
	RuleMissingType     = &Rule{"variant/missing-type", Error, "The object has no string \"type\" member."}
	RuleUnknownType     = &Rule{"variant/unknown-type", Warning, "No variant has this \"type\" (an error with --strict)."}
	RuleMissingSubtype  = &Rule{"variant/missing-subtype", Error, "The type needs a subtype and the line has no string one."}
	RuleUnknownSubtype  = &Rule{"variant/unknown-subtype", Warning, "No variant of this type has this subtype (an error with --strict)."}
	RuleWrongDirection  = &Rule{"variant/wrong-direction", Error, "The variant is not written by the side the input comes from."}
	RuleUnknownKind     = &Rule{"variant/unknown-kind", Warning, "A content block, stream event, delta or control body has a kind the protocol does not list (an error with --strict)."}
	RuleUnknownProperty = &Rule{"schema/unknown-property", Info, "A member the protocol does not define (an error in the strict profile)."}

	// The line's schema.
	RuleRequired    = &Rule{"schema/required", Error, "A required member is missing."}
	RuleType        = &Rule{"schema/type", Error, "A member has the wrong JSON type."}
	RuleEnum        = &Rule{"schema/enum", Error, "A member's value is not one the protocol allows."}
	RuleConst       = &Rule{"schema/const", Error, "A member's value differs from the one fixed value the protocol allows."}
	RuleFormat      = &Rule{"schema/format", Error, "A string is not of the format its schema asserts (only with formats asserted, as for the spec02 dialect's uuids)."}
	RuleNumberRange = &Rule{"schema/number-range", Error, "A number member holds a value past the range of a 64-bit float (1e400, -1e309): JSON Schema accepts any number, but typed readers such as protocol.Decode reject it and JavaScript reads it as Infinity."}
	RuleInteger     = &Rule{"schema/integer", Error, "An integer member holds a number not written as a plain integer within 64 bits (1.5, 1.0, 1e3, 1e999999, or 20 digits and more): JSON Schema counts some of these as integers, but typed readers such as protocol.Decode reject them all."}
	RuleSchema      = &Rule{"schema/other", Error, "The line breaks another constraint of its schema."}

	// Comparing transcripts (corpus regress, drift between dialects).
	RuleDriftVariantAdded   = &Rule{"drift/variant-added", Error, "A variant appears that the golden transcript does not have at this point."}
	RuleDriftVariantRemoved = &Rule{"drift/variant-removed", Error, "A variant of the golden transcript is missing."}
	RuleDriftKeyAdded       = &Rule{"drift/key-added", Error, "A member appears that the golden line does not have."}
	RuleDriftKeyRemoved     = &Rule{"drift/key-removed", Error, "A member of the golden line is missing."}
	RuleDriftTypeChanged    = &Rule{"drift/type-changed", Error, "A member's JSON type differs from the golden line's."}
	RuleDriftExitCode       = &Rule{"drift/exit-code", Error, "The CLI ended otherwise than in the golden run: another exit code, or killed at its timeout."}
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
