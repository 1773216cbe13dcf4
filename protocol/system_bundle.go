package protocol

// This file holds the system messages that only the CLI's own bundle shows
// (internal/gen/versionfacts/bundle.json, make bundlefacts): object literals
// of these subtypes, with a session_id, in the JavaScript of the releases
// named. No capture shows them and sdk.d.ts does not declare them, so the
// hand-written types hold the discriminators only; their other members are
// the generated layer's (zz_evidence.go): optional, typed from the CLI's
// own schemas where they have them (zod.json), else any JSON, tagged
// undeclared since the first release that shows them.

// BridgeStateMessage reports the state of the bridge to a remote session. Its bundle writes it since CLI 2.1.81.
//
//protocheck:message
type BridgeStateMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "bridge_state".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	BridgeStateMessageEvidence
}

// CloudSessionDeltaMessage reports a change to the cloud session. Its bundle writes it since CLI 2.1.278.
//
//protocheck:message
type CloudSessionDeltaMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "cloud_session_delta".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	CloudSessionDeltaMessageEvidence
}

// InheritedAsksSettledMessage reports that permission requests inherited from an earlier worker are settled. Its bundle writes it since CLI 2.1.330.
//
//protocheck:message
type InheritedAsksSettledMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "inherited_asks_settled".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	InheritedAsksSettledMessageEvidence
}

// InstructionSizeWarningMessage warns that the instructions are large. Its bundle writes it since CLI 2.1.304.
//
//protocheck:message
type InstructionSizeWarningMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "instruction_size_warning".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	InstructionSizeWarningMessageEvidence
}

// LateAllowNotRunMessage reports a permission granted after the tool use was given up, so the tool did not run. Its bundle writes it since CLI 2.1.330.
//
//protocheck:message
type LateAllowNotRunMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "late_allow_not_run".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	LateAllowNotRunMessageEvidence
}

// ModelConsentFallbackMessage reports a fallback to another model after a consent choice. Its bundle writes it since CLI 2.1.198.
//
//protocheck:message
type ModelConsentFallbackMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "model_consent_fallback".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ModelConsentFallbackMessageEvidence
}

// ModelFallbackMessage reports a switch to a fallback model. Its bundle writes it since CLI 2.1.168.
//
//protocheck:message
type ModelFallbackMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "model_fallback".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ModelFallbackMessageEvidence
}

// PeerMessageHoldMessage reports a message from a peer session held back or released. Its bundle writes it since CLI 2.1.278.
//
//protocheck:message
type PeerMessageHoldMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "peer_message_hold".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	PeerMessageHoldMessageEvidence
}

// ToolHostResultMessage reports the result of a tool run on another host. Its bundle writes it since CLI 2.1.248.
//
//protocheck:message
type ToolHostResultMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "tool_host_result".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ToolHostResultMessageEvidence
}

// TurnHandoffAvailableMessage offers the turn to another worker. Its bundle writes it since CLI 2.1.278.
//
//protocheck:message
type TurnHandoffAvailableMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "turn_handoff_available".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	TurnHandoffAvailableMessageEvidence
}
