package protocol

import "encoding/json"

// This file holds the system messages that only the CLI's own bundle shows
// (internal/gen/versionfacts/bundle.json, make bundlefacts): object literals
// of these subtypes, with a session_id, in the JavaScript of the releases
// named. No capture shows them and sdk.d.ts does not declare them, so every
// member but the discriminators is optional and any JSON, tagged undeclared
// since the first release whose bundle writes it.

// BridgeStateMessage reports the state of the bridge to a remote session. Its bundle writes it since CLI 2.1.81.
//
//protocheck:message
type BridgeStateMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "bridge_state".
	Subtype string `json:"subtype" jsonschema:"required"`
	// BridgeEpoch is written by the bundle since 2.1.248.
	BridgeEpoch json.RawMessage `json:"bridge_epoch,omitzero" undeclared:"2.1.248"`
	// Detail is written by the bundle since 2.1.81.
	Detail json.RawMessage `json:"detail,omitzero" undeclared:"2.1.81"`
	// FailureKind is written by the bundle since 2.1.304.
	FailureKind json.RawMessage `json:"failure_kind,omitzero" undeclared:"2.1.304"`
	// Recovered is written by the bundle since 2.1.330.
	Recovered json.RawMessage `json:"recovered,omitzero" undeclared:"2.1.330"`
	// SessionID is written by the bundle since 2.1.81.
	SessionID json.RawMessage `json:"session_id,omitzero" undeclared:"2.1.81"`
	// State is written by the bundle since 2.1.81.
	State json.RawMessage `json:"state,omitzero" undeclared:"2.1.81"`
	// UUID is written by the bundle since 2.1.81.
	UUID json.RawMessage `json:"uuid,omitzero" undeclared:"2.1.81"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// CloudSessionDeltaMessage reports a change to the cloud session. Its bundle writes it since CLI 2.1.278.
//
//protocheck:message
type CloudSessionDeltaMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "cloud_session_delta".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Changed is written by the bundle since 2.1.278.
	Changed json.RawMessage `json:"changed,omitzero" undeclared:"2.1.278"`
	// CloudSession is written by the bundle since 2.1.278.
	CloudSession json.RawMessage `json:"cloud_session,omitzero" undeclared:"2.1.278"`
	// Seq is written by the bundle since 2.1.278.
	Seq json.RawMessage `json:"seq,omitzero" undeclared:"2.1.278"`
	// SessionID is written by the bundle since 2.1.278.
	SessionID json.RawMessage `json:"session_id,omitzero" undeclared:"2.1.278"`
	// UUID is written by the bundle since 2.1.278.
	UUID json.RawMessage `json:"uuid,omitzero" undeclared:"2.1.278"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// InheritedAsksSettledMessage reports that permission requests inherited from an earlier worker are settled. Its bundle writes it since CLI 2.1.330.
//
//protocheck:message
type InheritedAsksSettledMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "inherited_asks_settled".
	Subtype string `json:"subtype" jsonschema:"required"`
	// KeptRequestIds is written by the bundle since 2.1.330.
	KeptRequestIds json.RawMessage `json:"kept_request_ids,omitzero" undeclared:"2.1.330"`
	// SessionID is written by the bundle since 2.1.330.
	SessionID json.RawMessage `json:"session_id,omitzero" undeclared:"2.1.330"`
	// UUID is written by the bundle since 2.1.330.
	UUID json.RawMessage `json:"uuid,omitzero" undeclared:"2.1.330"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// InstructionSizeWarningMessage warns that the instructions are large. Its bundle writes it since CLI 2.1.304.
//
//protocheck:message
type InstructionSizeWarningMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "instruction_size_warning".
	Subtype string `json:"subtype" jsonschema:"required"`
	// SessionID is written by the bundle since 2.1.304.
	SessionID json.RawMessage `json:"session_id,omitzero" undeclared:"2.1.304"`
	// UUID is written by the bundle since 2.1.304.
	UUID json.RawMessage `json:"uuid,omitzero" undeclared:"2.1.304"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// LateAllowNotRunMessage reports a permission granted after the tool use was given up, so the tool did not run. Its bundle writes it since CLI 2.1.330.
//
//protocheck:message
type LateAllowNotRunMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "late_allow_not_run".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Reason is written by the bundle since 2.1.330.
	Reason json.RawMessage `json:"reason,omitzero" undeclared:"2.1.330"`
	// RequestID is written by the bundle since 2.1.330.
	RequestID json.RawMessage `json:"request_id,omitzero" undeclared:"2.1.330"`
	// SessionID is written by the bundle since 2.1.330.
	SessionID json.RawMessage `json:"session_id,omitzero" undeclared:"2.1.330"`
	// ToolUseID is written by the bundle since 2.1.330.
	ToolUseID json.RawMessage `json:"tool_use_id,omitzero" undeclared:"2.1.330"`
	// UUID is written by the bundle since 2.1.330.
	UUID json.RawMessage `json:"uuid,omitzero" undeclared:"2.1.330"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ModelConsentFallbackMessage reports a fallback to another model after a consent choice. Its bundle writes it since CLI 2.1.198.
//
//protocheck:message
type ModelConsentFallbackMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "model_consent_fallback".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Choice is written by the bundle since 2.1.198.
	Choice json.RawMessage `json:"choice,omitzero" undeclared:"2.1.198"`
	// Content is written by the bundle since 2.1.198.
	Content json.RawMessage `json:"content,omitzero" undeclared:"2.1.198"`
	// FallbackModel is written by the bundle since 2.1.198.
	FallbackModel json.RawMessage `json:"fallback_model,omitzero" undeclared:"2.1.198"`
	// OriginalModel is written by the bundle since 2.1.198.
	OriginalModel json.RawMessage `json:"original_model,omitzero" undeclared:"2.1.198"`
	// PersistedAsDefault is written by the bundle since 2.1.198.
	PersistedAsDefault json.RawMessage `json:"persisted_as_default,omitzero" undeclared:"2.1.198"`
	// SessionID is written by the bundle since 2.1.198.
	SessionID json.RawMessage `json:"session_id,omitzero" undeclared:"2.1.198"`
	// UUID is written by the bundle since 2.1.198.
	UUID json.RawMessage `json:"uuid,omitzero" undeclared:"2.1.198"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ModelFallbackMessage reports a switch to a fallback model. Its bundle writes it since CLI 2.1.168.
//
//protocheck:message
type ModelFallbackMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "model_fallback".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Content is written by the bundle since 2.1.168.
	Content json.RawMessage `json:"content,omitzero" undeclared:"2.1.168"`
	// FallbackModel is written by the bundle since 2.1.168.
	FallbackModel json.RawMessage `json:"fallback_model,omitzero" undeclared:"2.1.168"`
	// OriginalModel is written by the bundle since 2.1.168.
	OriginalModel json.RawMessage `json:"original_model,omitzero" undeclared:"2.1.168"`
	// SessionID is written by the bundle since 2.1.168.
	SessionID json.RawMessage `json:"session_id,omitzero" undeclared:"2.1.168"`
	// Trigger is written by the bundle since 2.1.168.
	Trigger json.RawMessage `json:"trigger,omitzero" undeclared:"2.1.168"`
	// UUID is written by the bundle since 2.1.168.
	UUID json.RawMessage `json:"uuid,omitzero" undeclared:"2.1.168"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// PeerMessageHoldMessage reports a message from a peer session held back or released. Its bundle writes it since CLI 2.1.278.
//
//protocheck:message
type PeerMessageHoldMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "peer_message_hold".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Cause is written by the bundle since 2.1.278.
	Cause json.RawMessage `json:"cause,omitzero" undeclared:"2.1.278"`
	// From is written by the bundle since 2.1.278.
	From json.RawMessage `json:"from,omitzero" undeclared:"2.1.278"`
	// FromName is written by the bundle since 2.1.278.
	FromName json.RawMessage `json:"from_name,omitzero" undeclared:"2.1.278"`
	// Lane is written by the bundle since 2.1.278.
	Lane json.RawMessage `json:"lane,omitzero" undeclared:"2.1.278"`
	// MessageUUID is written by the bundle since 2.1.278.
	MessageUUID json.RawMessage `json:"message_uuid,omitzero" undeclared:"2.1.278"`
	// Outcome is written by the bundle since 2.1.278.
	Outcome json.RawMessage `json:"outcome,omitzero" undeclared:"2.1.278"`
	// Reason is written by the bundle since 2.1.330.
	Reason json.RawMessage `json:"reason,omitzero" undeclared:"2.1.330"`
	// SessionID is written by the bundle since 2.1.278.
	SessionID json.RawMessage `json:"session_id,omitzero" undeclared:"2.1.278"`
	// State is written by the bundle since 2.1.278.
	State json.RawMessage `json:"state,omitzero" undeclared:"2.1.278"`
	// UUID is written by the bundle since 2.1.278.
	UUID json.RawMessage `json:"uuid,omitzero" undeclared:"2.1.278"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ToolHostResultMessage reports the result of a tool run on another host. Its bundle writes it since CLI 2.1.248.
//
//protocheck:message
type ToolHostResultMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "tool_host_result".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Disposition is written by the bundle since 2.1.248.
	Disposition json.RawMessage `json:"disposition,omitzero" undeclared:"2.1.248"`
	// Host is written by the bundle since 2.1.248.
	Host json.RawMessage `json:"host,omitzero" undeclared:"2.1.248"`
	// Label is written by the bundle since 2.1.248.
	Label json.RawMessage `json:"label,omitzero" undeclared:"2.1.248"`
	// Lines is written by the bundle since 2.1.248.
	Lines json.RawMessage `json:"lines,omitzero" undeclared:"2.1.248"`
	// SessionID is written by the bundle since 2.1.248.
	SessionID json.RawMessage `json:"session_id,omitzero" undeclared:"2.1.248"`
	// ToolUseID is written by the bundle since 2.1.248.
	ToolUseID json.RawMessage `json:"tool_use_id,omitzero" undeclared:"2.1.248"`
	// Unverified is written by the bundle since 2.1.248.
	Unverified json.RawMessage `json:"unverified,omitzero" undeclared:"2.1.248"`
	// UUID is written by the bundle since 2.1.248.
	UUID json.RawMessage `json:"uuid,omitzero" undeclared:"2.1.248"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// TurnHandoffAvailableMessage offers the turn to another worker. Its bundle writes it since CLI 2.1.278.
//
//protocheck:message
type TurnHandoffAvailableMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "turn_handoff_available".
	Subtype string `json:"subtype" jsonschema:"required"`
	// CarriedWrites is written by the bundle since 2.1.304.
	CarriedWrites json.RawMessage `json:"carried_writes,omitzero" undeclared:"2.1.304"`
	// ComparisonFork is written by the bundle since 2.1.330.
	ComparisonFork json.RawMessage `json:"comparison_fork,omitzero" undeclared:"2.1.330"`
	// FileNames is written by the bundle since 2.1.304.
	FileNames json.RawMessage `json:"file_names,omitzero" undeclared:"2.1.304"`
	// HomeFiles is written by the bundle since 2.1.304.
	HomeFiles json.RawMessage `json:"home_files,omitzero" undeclared:"2.1.304"`
	// HydratesCarriedLines is written by the bundle since 2.1.304.
	HydratesCarriedLines json.RawMessage `json:"hydrates_carried_lines,omitzero" undeclared:"2.1.304"`
	// NoQueryFirst is written by the bundle since 2.1.278.
	NoQueryFirst json.RawMessage `json:"no_query_first,omitzero" undeclared:"2.1.278"`
	// RelayMarker is written by the bundle since 2.1.278.
	RelayMarker json.RawMessage `json:"relay_marker,omitzero" undeclared:"2.1.278"`
	// RequiresRewindRequestID is written by the bundle since 2.1.330.
	RequiresRewindRequestID json.RawMessage `json:"requires_rewind_request_id,omitzero" undeclared:"2.1.330"`
	// SessionID is written by the bundle since 2.1.278.
	SessionID json.RawMessage `json:"session_id,omitzero" undeclared:"2.1.278"`
	// SharedMessageID is written by the bundle since 2.1.304.
	SharedMessageID json.RawMessage `json:"shared_message_id,omitzero" undeclared:"2.1.304"`
	// StagedFiles is written by the bundle since 2.1.278.
	StagedFiles json.RawMessage `json:"staged_files,omitzero" undeclared:"2.1.278"`
	// Tools is written by the bundle since 2.1.278.
	Tools json.RawMessage `json:"tools,omitzero" undeclared:"2.1.278"`
	// UUID is written by the bundle since 2.1.278.
	UUID json.RawMessage `json:"uuid,omitzero" undeclared:"2.1.278"`
	// V is written by the bundle since 2.1.278.
	V json.RawMessage `json:"v,omitzero" undeclared:"2.1.278"`
	// WorkerEpoch is written by the bundle since 2.1.278.
	WorkerEpoch json.RawMessage `json:"worker_epoch,omitzero" undeclared:"2.1.278"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}
