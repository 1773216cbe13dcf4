package protocol

import "encoding/json"

// This file holds the conversation messages: assistant, user, result,
// system/init and stream_event, with the values they share.

// AssistantMessage carries one model response. While streaming, the CLI prints
// one assistant message per finished content block; several then share
// message.id, and their stop_reason is null.
//
//protocheck:message
type AssistantMessage struct {
	// Type is "assistant".
	Type string `json:"type" jsonschema:"required"`
	// Message is the response as the Messages API returned it.
	Message BetaMessage `json:"message" jsonschema:"required"`
	// ParentToolUseID is the id of the tool_use block that started the
	// subagent that wrote this message, or null for the main agent.
	ParentToolUseID *string `json:"parent_tool_use_id" jsonschema:"required,nullable"`
	// Error classifies a failed API call; it is a top-level member, not part
	// of message.
	Error AssistantMessageError `json:"error,omitzero"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// RequestID is the id of the API request that produced the message.
	RequestID string `json:"request_id,omitzero"`
	// UserMessageUUID is the uuid of the user message this answers.
	UserMessageUUID string `json:"user_message_uuid,omitzero"`
	// UserMessageUUIDs lists the uuids of the user messages this answers.
	UserMessageUUIDs []string `json:"user_message_uuids,omitzero"`
	// ResumeReason says why the turn resumed, when it did.
	ResumeReason string `json:"resume_reason,omitzero"`
	// ResumedFromIncompleteThinking is true when the turn resumed after
	// thinking that did not finish.
	ResumedFromIncompleteThinking bool `json:"resumed_from_incomplete_thinking,omitzero"`
	// Supersedes lists the uuids of earlier messages this one replaces.
	Supersedes []string `json:"supersedes,omitzero"`
	// Aborted is true when the response was cut short.
	Aborted bool `json:"aborted,omitzero"`
	// AgentID identifies the subagent that wrote the message.
	AgentID string `json:"agent_id,omitzero"`
	// SubagentType is the kind of that subagent.
	SubagentType string `json:"subagent_type,omitzero"`
	// TaskDescription describes the subagent's task.
	TaskDescription string `json:"task_description,omitzero"`
	// Timestamp is when the message was written, in RFC 3339 form.
	Timestamp string `json:"timestamp,omitzero"`
	// APIErrorStatus is the HTTP status of the failed API call, on a synthetic error message. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	APIErrorStatus *int64 `json:"api_error_status,omitzero" jsonschema:"nullable" undeclared:"2.1.330"`
	// APIErrorType is the API's error type, such as "authentication_error". Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	APIErrorType string `json:"api_error_type,omitzero" undeclared:"2.1.330"`
	// IsAPIErrorMessage is true on the synthetic message that reports an API error. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	IsAPIErrorMessage bool `json:"is_api_error_message,omitzero" undeclared:"2.1.330"`
	// LocalCommandSource is the raw output of that command. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	LocalCommandSource string `json:"local_command_source,omitzero" undeclared:"2.1.330"`
	// RefusedMessageID is the id of the API message a refusal withdrew. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	RefusedMessageID string `json:"refused_message_id,omitzero" undeclared:"2.1.330"`
	// ThinkingDisplay says how thinking is shown, such as "updates". Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	ThinkingDisplay string `json:"thinking_display,omitzero" undeclared:"2.1.330"`
	// ThinkingDurationMs is how long the model thought, in milliseconds. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	ThinkingDurationMs int64 `json:"thinking_duration_ms,omitzero" undeclared:"2.1.330"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	AssistantMessageEvidence
}

// AssistantMessageError classifies why an API call failed.
type AssistantMessageError string

// EnumValues lists the values of AssistantMessageError.
func (AssistantMessageError) EnumValues() []string {
	return []string{"authentication_failed", "oauth_org_not_allowed", "account_on_hold",
		"verification_required", "billing_error", "rate_limit", "overloaded", "invalid_request",
		"model_not_found", "server_error", "unknown", "max_output_tokens", "cloud_credential_error"}
}

// BetaMessage is a model response as the Messages API returns it.
type BetaMessage struct {
	// ID identifies the API message ("msg_…"); the assistant lines of one
	// streamed response share it.
	ID string `json:"id" jsonschema:"required"`
	// Type is "message".
	Type string `json:"type" jsonschema:"required,enum=message"`
	// Role is "assistant".
	Role string `json:"role" jsonschema:"required,enum=assistant"`
	// Model names the model that answered.
	Model string `json:"model" jsonschema:"required"`
	// Content holds the response's content blocks; while streaming, one.
	Content ContentBlocks `json:"content" jsonschema:"required"`
	// StopReason says why the model stopped, or null while streaming.
	StopReason *StopReason `json:"stop_reason" jsonschema:"required,nullable"`
	// StopSequence is the stop sequence that matched, or null.
	StopSequence *string `json:"stop_sequence" jsonschema:"required,nullable"`
	// StopDetails explains a refusal, or is null.
	StopDetails json.RawMessage `json:"stop_details,omitzero" jsonschema:"nullable"`
	// Usage counts the tokens of the call; not final while streaming.
	Usage Usage `json:"usage" jsonschema:"required"`
	// Container describes the code-execution container, or is null.
	Container json.RawMessage `json:"container,omitzero" jsonschema:"nullable"`
	// ContextManagement reports context edits the API applied, or is null.
	ContextManagement json.RawMessage `json:"context_management,omitzero" jsonschema:"nullable"`
	// Diagnostics carries API diagnostics, or is null.
	Diagnostics json.RawMessage `json:"diagnostics,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// StopReason says why the model stopped generating.
type StopReason string

// EnumValues lists the values of StopReason.
func (StopReason) EnumValues() []string {
	return []string{"end_turn", "max_tokens", "stop_sequence", "tool_use", "pause_turn",
		"compaction", "refusal", "model_context_window_exceeded"}
}

// Usage counts the tokens of one API call, or of a whole query on a result.
type Usage struct {
	// InputTokens counts the input tokens not read from or written to the cache.
	InputTokens int64 `json:"input_tokens" jsonschema:"required"`
	// OutputTokens counts the tokens generated.
	OutputTokens int64 `json:"output_tokens" jsonschema:"required"`
	// CacheCreationInputTokens counts the input tokens written to the cache.
	CacheCreationInputTokens *int64 `json:"cache_creation_input_tokens,omitzero" jsonschema:"nullable"`
	// CacheReadInputTokens counts the input tokens read from the cache.
	CacheReadInputTokens *int64 `json:"cache_read_input_tokens,omitzero" jsonschema:"nullable"`
	// CacheCreation splits the cache writes by lifetime.
	CacheCreation *CacheCreation `json:"cache_creation,omitzero" jsonschema:"nullable"`
	// ServerToolUse counts the server tool requests.
	ServerToolUse *ServerToolUse `json:"server_tool_use,omitzero" jsonschema:"nullable"`
	// ServiceTier is the tier that served the call.
	ServiceTier *string `json:"service_tier,omitzero" jsonschema:"nullable,enum=standard,enum=priority,enum=batch"`
	// OutputTokensDetails splits the output tokens.
	OutputTokensDetails json.RawMessage `json:"output_tokens_details,omitzero" jsonschema:"nullable"`
	// InferenceGeo is where inference ran.
	InferenceGeo *string `json:"inference_geo,omitzero" jsonschema:"nullable"`
	// Iterations breaks the usage down per iteration.
	Iterations json.RawMessage `json:"iterations,omitzero" jsonschema:"nullable"`
	// Speed is the speed mode that served the call.
	Speed *string `json:"speed,omitzero" jsonschema:"nullable,enum=standard,enum=fast"`
	// FallbackCredit reports fallback credit used, or is null.
	FallbackCredit json.RawMessage `json:"fallback_credit,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// CacheCreation splits cache writes by lifetime.
type CacheCreation struct {
	// Ephemeral1hInputTokens counts tokens cached for one hour.
	Ephemeral1hInputTokens int64 `json:"ephemeral_1h_input_tokens" jsonschema:"required"`
	// Ephemeral5mInputTokens counts tokens cached for five minutes.
	Ephemeral5mInputTokens int64 `json:"ephemeral_5m_input_tokens" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ServerToolUse counts server-side tool requests.
type ServerToolUse struct {
	// WebSearchRequests counts web searches.
	WebSearchRequests int64 `json:"web_search_requests" jsonschema:"required"`
	// WebFetchRequests counts web fetches.
	WebFetchRequests int64 `json:"web_fetch_requests,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// UserMessage is a user turn: a prompt the SDK writes to the CLI, or a
// tool result the CLI prints. On input, uuid and session_id may be absent.
//
//protocheck:message
type UserMessage struct {
	// Type is "user".
	Type string `json:"type" jsonschema:"required"`
	// Message is the turn in the Messages API's input form.
	Message MessageParam `json:"message" jsonschema:"required"`
	// ParentToolUseID is the id of the tool_use block that started the
	// subagent this turn belongs to, or null for the main agent.
	ParentToolUseID *string `json:"parent_tool_use_id" jsonschema:"required,nullable"`
	// IsSynthetic is true for turns the CLI made up rather than the user.
	IsSynthetic bool `json:"isSynthetic,omitzero"`
	// ToolUseResult is the structured result of the tool the turn answers.
	ToolUseResult json.RawMessage `json:"tool_use_result,omitzero"`
	// Priority says when a queued prompt runs.
	Priority string `json:"priority,omitzero" jsonschema:"enum=now,enum=next,enum=later"`
	// Origin says where the prompt came from.
	Origin json.RawMessage `json:"origin,omitzero"`
	// ShouldQuery is false when the turn must not start a model call.
	ShouldQuery *bool `json:"shouldQuery,omitzero"`
	// Timestamp is when the message was written, in RFC 3339 form.
	Timestamp string `json:"timestamp,omitzero"`
	// ClientComposed is true when the client wrote the turn itself.
	ClientComposed bool `json:"client_composed,omitzero"`
	// UUID identifies the message; optional on input.
	UUID string `json:"uuid,omitzero"`
	// PastedContent holds content pasted into the prompt.
	PastedContent json.RawMessage `json:"pasted_content,omitzero"`
	// InlinePastes holds text pasted inline.
	InlinePastes []string `json:"inline_pastes,omitzero"`
	// SessionID identifies the session; optional on input.
	SessionID string `json:"session_id,omitzero"`
	// AgentID identifies the subagent the turn belongs to.
	AgentID string `json:"agent_id,omitzero"`
	// SubagentType is the kind of that subagent.
	SubagentType string `json:"subagent_type,omitzero"`
	// TaskDescription describes the subagent's task.
	TaskDescription string `json:"task_description,omitzero"`
	// IsReplay is false on the compaction summary; the replayed form, with true, is the user.replay variant. Not declared by sdk.d.ts; the CLI prints it since 2.1.112.
	IsReplay bool `json:"isReplay,omitzero" undeclared:"2.1.112"`
	// RefusedMessageID is the id of the API message a refusal withdrew. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	RefusedMessageID string `json:"refused_message_id,omitzero" undeclared:"2.1.330"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	UserMessageEvidence
}

// UserMessageReplay is a user message the CLI prints again when a session is
// resumed; isReplay is true and uuid and session_id are required.
//
//protocheck:message
type UserMessageReplay struct {
	// Type is "user".
	Type string `json:"type" jsonschema:"required"`
	// Message is the turn in the Messages API's input form.
	Message MessageParam `json:"message" jsonschema:"required"`
	// ParentToolUseID is the id of the tool_use block that started the
	// subagent this turn belongs to, or null for the main agent.
	ParentToolUseID *string `json:"parent_tool_use_id" jsonschema:"required,nullable"`
	// IsReplay is true.
	IsReplay bool `json:"isReplay" jsonschema:"required"`
	// IsSynthetic is true for turns the CLI made up rather than the user.
	IsSynthetic bool `json:"isSynthetic,omitzero"`
	// ToolUseResult is the structured result of the tool the turn answers.
	ToolUseResult json.RawMessage `json:"tool_use_result,omitzero"`
	// Priority says when a queued prompt runs.
	Priority string `json:"priority,omitzero" jsonschema:"enum=now,enum=next,enum=later"`
	// Origin says where the prompt came from.
	Origin json.RawMessage `json:"origin,omitzero"`
	// ShouldQuery is false when the turn must not start a model call.
	ShouldQuery *bool `json:"shouldQuery,omitzero"`
	// Timestamp is when the message was written, in RFC 3339 form.
	Timestamp string `json:"timestamp,omitzero"`
	// ClientComposed is true when the client wrote the turn itself.
	ClientComposed bool `json:"client_composed,omitzero"`
	// UUID identifies the message.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// FileAttachments lists files attached to the turn.
	FileAttachments json.RawMessage `json:"file_attachments,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	UserMessageReplayEvidence
}

// MessageParam is one turn in the Messages API's input form.
type MessageParam struct {
	// Role is "user" or "assistant".
	Role string `json:"role" jsonschema:"required,enum=user,enum=assistant"`
	// Content is a string or a list of content blocks.
	Content MessageContent `json:"content" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MessageContent is the content of a MessageParam: either Text (when Blocks
// is nil) or Blocks.
type MessageContent struct {
	// Text is the content when it is a plain string.
	Text string
	// Blocks is the content when it is a list; nil for a string.
	Blocks ContentBlocks
}

// UnmarshalJSON reads a string or a list of content blocks.
func (c *MessageContent) UnmarshalJSON(data []byte) error {
	*c = MessageContent{}
	if isJSONString(data) {
		return json.Unmarshal(data, &c.Text)
	}
	if string(data) == "null" {
		return nil
	}
	if err := c.Blocks.UnmarshalJSON(data); err != nil {
		return err
	}
	if c.Blocks == nil {
		c.Blocks = ContentBlocks{}
	}
	return nil
}

// MarshalJSON writes Blocks when it is non-nil, else Text.
func (c MessageContent) MarshalJSON() ([]byte, error) {
	if c.Blocks != nil {
		return json.Marshal(c.Blocks)
	}
	return json.Marshal(c.Text)
}

// ContentBlocks is a list of content blocks of any kind.
type ContentBlocks []ContentBlock

// UnmarshalJSON decodes each block by its type; a type not in the
// ContentBlock union decodes as *UnknownBlock.
func (bs *ContentBlocks) UnmarshalJSON(data []byte) error {
	list, err := decodeList[ContentBlock](contentBlockUnion, data)
	if err != nil {
		return err
	}
	*bs = list
	return nil
}

// ResultSuccess ends a query that ran to completion. Its is_error is
// independent of the subtype: an API failure ends in a success result with
// is_error true.
//
//protocheck:message
type ResultSuccess struct {
	// Type is "result".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "success".
	Subtype string `json:"subtype" jsonschema:"required"`
	ResultCommon
	// Result is the final text of the answer; it may be empty.
	Result string `json:"result" jsonschema:"required"`
	// TTFTMs is the time to the first token, in milliseconds.
	TTFTMs int64 `json:"ttft_ms,omitzero"`
	ResultTimings
	// APIErrorStatus is the HTTP status of the API error that ended the
	// query, or null.
	APIErrorStatus *int64 `json:"api_error_status,omitzero" jsonschema:"nullable"`
	// StructuredOutput is the value that matched the requested JSON Schema.
	StructuredOutput json.RawMessage `json:"structured_output,omitzero"`
	// DeferredToolUse is a tool call left for the caller to run.
	DeferredToolUse *DeferredToolUse `json:"deferred_tool_use,omitzero"`
	// LocalCommand names the local slash command the query ran.
	LocalCommand string `json:"local_command,omitzero"`
	// APIErrorType is the API's error type when an API error ended the query. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	APIErrorType string `json:"api_error_type,omitzero" undeclared:"2.1.330"`
	// CostUSD is the cost in US dollars that CLI 1.0.0 printed where later releases print total_cost_usd. Not declared by sdk.d.ts (1.0.0 ships none); the CLI prints it in 1.0.0, and 1.0.67 no longer does.
	CostUSD float64 `json:"cost_usd,omitzero" undeclared:"1.0.0"`
	// TotalCost is the running cost in US dollars that CLI 1.0.0 printed beside cost_usd. Not declared by sdk.d.ts (1.0.0 ships none); the CLI prints it in 1.0.0, and 1.0.67 no longer does.
	TotalCost float64 `json:"total_cost,omitzero" undeclared:"1.0.0"`
	// BegunMessageIDs lists the ids of the API messages the query began. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	BegunMessageIDs []string `json:"begun_message_ids,omitzero" undeclared:"2.1.330"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ResultSuccessEvidence
}

// ResultError ends a query that stopped early: on an error, at the turn
// limit, at the budget, or after too many structured-output retries.
//
//protocheck:message
type ResultError struct {
	// Type is "result".
	Type string `json:"type" jsonschema:"required"`
	// Subtype says why the query stopped.
	Subtype string `json:"subtype" jsonschema:"required"`
	ResultCommon
	// Errors lists the error messages. CLI 2.0.20 omits it.
	Errors []string `json:"errors,omitzero" since:"2.1.x"`
	// Result is a message some CLI versions send on error results too.
	Result string `json:"result,omitzero"`
	// StartupFailureReason says why the session could not start.
	StartupFailureReason string `json:"startup_failure_reason,omitzero"`
	// BegunMessageIDs lists the ids of the API messages the query began, as on result/success; seen on error_during_execution after an interrupt (2.1.330). Not declared by sdk.d.ts; not tagged undeclared because the error subtypes share this type and only one of them was captured with it.
	BegunMessageIDs []string `json:"begun_message_ids,omitzero"`
	// CostUSD and TotalCost are 1.0.0's cost members, as on result/success; seen on error_max_turns in 1.0.0. Not declared by sdk.d.ts; not tagged undeclared for the same reason.
	CostUSD   float64 `json:"cost_usd,omitzero"`
	TotalCost float64 `json:"total_cost,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ResultErrorEvidence
}

// ResultTimings holds the optional latency measurements of a successful
// query, all in milliseconds. CLI 2.1.330 prints ttft_stream_ms,
// time_to_request_ms and first_content_frame_ms, as integers, when the
// query made an API call; the others are declared by the TypeScript types
// as numbers but were not seen in any capture, so they are not held to be
// integers.
type ResultTimings struct {
	// TTFTStreamMs is the time to the first streamed event.
	TTFTStreamMs int64 `json:"ttft_stream_ms,omitzero"`
	// TimeToRequestMs is the time from the query's start to its first API
	// request.
	TimeToRequestMs int64 `json:"time_to_request_ms,omitzero"`
	// FirstContentFrameMs is the time to the first content frame.
	FirstContentFrameMs int64 `json:"first_content_frame_ms,omitzero"`
	// RequestSentWallMs is the wall-clock time the request was sent.
	RequestSentWallMs float64 `json:"request_sent_wall_ms,omitzero"`
	// FirstStreamPostMs is the time to the first stream post.
	FirstStreamPostMs float64 `json:"first_stream_post_ms,omitzero"`
	// FirstStreamPostAckMs is the time to the first stream post's
	// acknowledgement.
	FirstStreamPostAckMs float64 `json:"first_stream_post_ack_ms,omitzero"`
	// FirstStreamPostQueueWaitMs is how long the first stream post waited
	// in its queue.
	FirstStreamPostQueueWaitMs float64 `json:"first_stream_post_queue_wait_ms,omitzero"`
	// FirstStreamPostQueuedBehind names what the first stream post waited
	// behind.
	FirstStreamPostQueuedBehind PostQueuedBehind `json:"first_stream_post_queued_behind,omitzero"`
	// FirstStreamPostWallMs is the wall-clock time of the first stream post.
	FirstStreamPostWallMs float64 `json:"first_stream_post_wall_ms,omitzero"`
	// FirstTextPostMs is the time to the first text post.
	FirstTextPostMs float64 `json:"first_text_post_ms,omitzero"`
	// FirstTextPostQueueWaitMs is how long the first text post waited in
	// its queue.
	FirstTextPostQueueWaitMs float64 `json:"first_text_post_queue_wait_ms,omitzero"`
	// FirstTextPostQueuedBehind names what the first text post waited
	// behind.
	FirstTextPostQueuedBehind PostQueuedBehind `json:"first_text_post_queued_behind,omitzero"`
	// FirstTextPostWallMs is the wall-clock time of the first text post.
	FirstTextPostWallMs float64 `json:"first_text_post_wall_ms,omitzero"`
	// TimeToRequestFromSpawnMs is the time from the CLI's start to its
	// first API request.
	TimeToRequestFromSpawnMs float64 `json:"time_to_request_from_spawn_ms,omitzero"`
	// WarmSpareClaimed is true when the query ran on a pre-started process.
	WarmSpareClaimed bool `json:"warm_spare_claimed,omitzero"`
	// TimeOriginMs is the origin the other times are measured from.
	TimeOriginMs float64 `json:"time_origin_ms,omitzero"`
}

// PostQueuedBehind names what a post waited behind in the CLI's queue.
type PostQueuedBehind string

// EnumValues lists the values of PostQueuedBehind.
func (PostQueuedBehind) EnumValues() []string {
	return []string{"durable_post", "ephemeral_post", "retry_backoff", "hold", "none"}
}

// ResultCommon holds the members every result carries.
type ResultCommon struct {
	// DurationMs is the wall time of the query, in milliseconds.
	DurationMs int64 `json:"duration_ms" jsonschema:"required"`
	// DurationAPIMs is the time spent in API calls, in milliseconds.
	DurationAPIMs int64 `json:"duration_api_ms" jsonschema:"required"`
	// IsError is true when the query failed; it does not follow the subtype.
	IsError bool `json:"is_error" jsonschema:"required"`
	// NumTurns counts the model turns.
	NumTurns int64 `json:"num_turns" jsonschema:"required"`
	// StopReason is the stop reason of the last model turn, or null. The
	// CLI omitted it before 2.1.x.
	StopReason *string `json:"stop_reason,omitzero" jsonschema:"nullable" since:"2.1.x"`
	// TotalCostUSD is the cost of the query in US dollars.
	TotalCostUSD float64 `json:"total_cost_usd" jsonschema:"required"`
	// Usage sums the token counts of the query.
	Usage Usage `json:"usage" jsonschema:"required"`
	// ModelUsage breaks usage and cost down per model.
	ModelUsage map[string]ModelUsage `json:"modelUsage" jsonschema:"required"`
	// PermissionDenials lists the tool calls that were denied.
	PermissionDenials []PermissionDenial `json:"permission_denials" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// TerminalReason says in more detail why the query ended.
	TerminalReason TerminalReason `json:"terminal_reason,omitzero"`
	// QueuedTurnCount counts the prompts still queued.
	QueuedTurnCount int64 `json:"queued_turn_count,omitzero"`
	// ResultIndex numbers the results of the session from 0.
	ResultIndex int64 `json:"result_index,omitzero"`
	// FastModeState is the fast mode's state.
	FastModeState FastModeState `json:"fast_mode_state,omitzero"`
	// FastModeDisabledReason says why fast mode is off.
	FastModeDisabledReason FastModeDisabledReason `json:"fast_mode_disabled_reason,omitzero"`
	// UserMessageUUID is the uuid of the user message this answers.
	UserMessageUUID string `json:"user_message_uuid,omitzero"`
	// UserMessageUUIDs lists the uuids of the user messages this answers.
	UserMessageUUIDs []string `json:"user_message_uuids,omitzero"`
	// ResumeReason says why the turn resumed, when it did.
	ResumeReason string `json:"resume_reason,omitzero"`
	// CredentialExpiresAt is when the credential in use expires.
	CredentialExpiresAt string `json:"credential_expires_at,omitzero"`
	// Origin says where the prompt came from.
	Origin json.RawMessage `json:"origin,omitzero"`
	// ModelUsageSinceLastResult breaks usage down per model since the previous result. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	ModelUsageSinceLastResult map[string]ModelUsage `json:"model_usage_since_last_result,omitzero" undeclared:"2.1.330"`
	// SafetyStops counts the turns stopped for safety. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	SafetyStops int64 `json:"safety_stops,omitzero" undeclared:"2.1.330"`
}

// ModelUsage is the usage and cost of one model over a query. Its keys are
// camelCase.
type ModelUsage struct {
	// InputTokens counts the uncached input tokens.
	InputTokens int64 `json:"inputTokens" jsonschema:"required"`
	// OutputTokens counts the generated tokens.
	OutputTokens int64 `json:"outputTokens" jsonschema:"required"`
	// CacheReadInputTokens counts the input tokens read from the cache.
	CacheReadInputTokens int64 `json:"cacheReadInputTokens" jsonschema:"required"`
	// CacheCreationInputTokens counts the input tokens written to the cache.
	CacheCreationInputTokens int64 `json:"cacheCreationInputTokens" jsonschema:"required"`
	// WebSearchRequests counts web searches.
	WebSearchRequests int64 `json:"webSearchRequests" jsonschema:"required"`
	// CostUSD is the cost in US dollars.
	CostUSD float64 `json:"costUSD" jsonschema:"required"`
	// ContextWindow is the model's context window, in tokens.
	ContextWindow int64 `json:"contextWindow" jsonschema:"required"`
	// MaxOutputTokens is the model's output limit, in tokens. CLI 2.0.20
	// omits it.
	MaxOutputTokens int64 `json:"maxOutputTokens,omitzero" since:"2.1.x"`
	// ThinkingTokens counts the thinking tokens.
	ThinkingTokens int64 `json:"thinkingTokens,omitzero"`
	// CacheCreationEphemeral5mInputTokens counts tokens cached for five minutes.
	CacheCreationEphemeral5mInputTokens int64 `json:"cacheCreationEphemeral5mInputTokens,omitzero"`
	// CacheCreationEphemeral1hInputTokens counts tokens cached for one hour.
	CacheCreationEphemeral1hInputTokens int64 `json:"cacheCreationEphemeral1hInputTokens,omitzero"`
	// CanonicalModel is the model's canonical name.
	CanonicalModel string `json:"canonicalModel,omitzero"`
	// Provider names the API provider.
	Provider string `json:"provider,omitzero"`
	// CostBasis says how the cost was priced.
	CostBasis string `json:"costBasis,omitzero" jsonschema:"enum=list,enum=managed,enum=unknown"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// PermissionDenial records a tool call the permission system denied.
type PermissionDenial struct {
	// ToolName names the tool.
	ToolName string `json:"tool_name" jsonschema:"required"`
	// ToolUseID is the id of the tool_use block.
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// ToolInput is the input the model gave the tool.
	ToolInput json.RawMessage `json:"tool_input" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// DeferredToolUse is a tool call the CLI left for the caller to run.
type DeferredToolUse struct {
	// ID is the id of the tool_use block.
	ID string `json:"id" jsonschema:"required"`
	// Name names the tool.
	Name string `json:"name" jsonschema:"required"`
	// Input is the input the model gave the tool.
	Input json.RawMessage `json:"input" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// TerminalReason says in detail why a query ended.
type TerminalReason string

// EnumValues lists the values of TerminalReason.
func (TerminalReason) EnumValues() []string {
	return []string{"blocking_limit", "rapid_refill_breaker", "prompt_too_long", "image_error",
		"model_error", "api_error", "malformed_tool_use_exhausted", "aborted_streaming",
		"aborted_tools", "stop_hook_prevented", "hook_stopped", "tool_deferred", "max_turns",
		"background_requested", "completed", "budget_exhausted", "structured_output_retry_exhausted",
		"tool_deferred_unavailable", "turn_setup_failed"}
}

// FastModeState is the state of fast mode.
type FastModeState string

// EnumValues lists the values of FastModeState.
func (FastModeState) EnumValues() []string { return []string{"off", "cooldown", "on"} }

// FastModeDisabledReason says why fast mode is off.
type FastModeDisabledReason string

// EnumValues lists the values of FastModeDisabledReason.
func (FastModeDisabledReason) EnumValues() []string {
	return []string{"free", "preference", "extra_usage_disabled", "network_error", "unknown",
		"not_first_party", "disabled_by_env", "model_not_allowed", "sdk_opt_in_required", "pending"}
}

// PermissionMode says how tool calls are authorised.
type PermissionMode string

// EnumValues lists the values of PermissionMode.
func (PermissionMode) EnumValues() []string {
	return []string{"default", "acceptEdits", "bypassPermissions", "plan", "dontAsk", "auto"}
}

// APIKeySource says where the API key came from.
type APIKeySource string

// EnumValues lists the values of APIKeySource.
func (APIKeySource) EnumValues() []string {
	return []string{"ANTHROPIC_API_KEY", "apiKeyHelper", "/login managed key", "none", "user",
		"project", "org", "temporary", "oauth"}
}

// SystemInitMessage opens a session, and, with stream-json input, each user
// turn. It is not always the first line: hook and control lines may come
// before it.
//
//protocheck:message
type SystemInitMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "init".
	Subtype string `json:"subtype" jsonschema:"required"`
	// APIKeySource says where the API key came from.
	APIKeySource APIKeySource `json:"apiKeySource" jsonschema:"required"`
	// ClaudeCodeVersion is the CLI's version. CLI 1.0.x omits it.
	ClaudeCodeVersion string `json:"claude_code_version,omitzero" since:"2.0.x"`
	// CWD is the working directory.
	CWD string `json:"cwd" jsonschema:"required"`
	// Tools lists the names of the tools the model may call.
	Tools []string `json:"tools" jsonschema:"required"`
	// MCPServers lists the MCP servers and their status.
	MCPServers []MCPServerStatus `json:"mcp_servers" jsonschema:"required"`
	// Model names the model in use.
	Model string `json:"model" jsonschema:"required"`
	// PermissionMode is the permission mode in force.
	PermissionMode PermissionMode `json:"permissionMode" jsonschema:"required"`
	// SlashCommands lists the slash commands available.
	SlashCommands []string `json:"slash_commands" jsonschema:"required"`
	// OutputStyle names the output style.
	OutputStyle string `json:"output_style" jsonschema:"required"`
	// Skills lists the skills available. CLI 2.0.20 omits it.
	Skills []string `json:"skills,omitzero" since:"2.1.x"`
	// Plugins lists the plugins loaded. CLI 2.0.20 omits it.
	Plugins []PluginInfo `json:"plugins,omitzero" since:"2.1.x"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Agents lists the subagent kinds available.
	Agents []string `json:"agents,omitzero"`
	// Betas lists the API beta flags in use.
	Betas []string `json:"betas,omitzero"`
	// TerminalSlashCommands lists slash commands that only work in a terminal.
	TerminalSlashCommands []string `json:"terminal_slash_commands,omitzero"`
	// FastModeState is the fast mode's state.
	FastModeState FastModeState `json:"fast_mode_state,omitzero"`
	// FastModeDisabledReason says why fast mode is off.
	FastModeDisabledReason FastModeDisabledReason `json:"fast_mode_disabled_reason,omitzero"`
	// Effort is the reasoning effort level, or null.
	Effort *string `json:"effort,omitzero" jsonschema:"nullable,enum=low,enum=medium,enum=high,enum=xhigh,enum=max"`
	// ViewMode is the view mode.
	ViewMode string `json:"view_mode,omitzero" jsonschema:"enum=focus,enum=default"`
	// Capabilities lists protocol features the CLI supports.
	Capabilities []string `json:"capabilities,omitzero"`
	// AdditionalDirectories lists the directories added to the working directory. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	AdditionalDirectories []string `json:"additional_directories,omitzero" undeclared:"2.1.330"`
	// AnalyticsDisabled is true when analytics are off. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	AnalyticsDisabled bool `json:"analytics_disabled,omitzero" undeclared:"2.1.330"`
	// MessagingSocketPath is the path of the CLI's messaging socket. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	MessagingSocketPath string `json:"messaging_socket_path,omitzero" undeclared:"2.1.330"`
	// OriginalCWD is the working directory the CLI started in. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	OriginalCWD string `json:"original_cwd,omitzero" undeclared:"2.1.330"`
	// PerTurnEffortActive is true when the effort can change per turn. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	PerTurnEffortActive bool `json:"per_turn_effort_active,omitzero" undeclared:"2.1.330"`
	// ProductFeedbackDisabled is true when product feedback is off. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	ProductFeedbackDisabled bool `json:"product_feedback_disabled,omitzero" undeclared:"2.1.330"`
	// ServedByAnthropic is true when the API is Anthropic's own. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	ServedByAnthropic bool `json:"served_by_anthropic,omitzero" undeclared:"2.1.330"`
	// SandboxEnabled is true when the Bash tool runs in a sandbox. Not declared by sdk.d.ts; the CLI prints it since 2.1.331.
	SandboxEnabled bool `json:"sandbox_enabled,omitzero" undeclared:"2.1.331"`
	// UltrathinkAvailable is true when ultrathink can be used. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	UltrathinkAvailable bool `json:"ultrathink_available,omitzero" undeclared:"2.1.330"`
	// UltrathinkTypedRaises is true when typing ultrathink raises the effort. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	UltrathinkTypedRaises bool `json:"ultrathink_typed_raises,omitzero" undeclared:"2.1.330"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	SystemInitMessageEvidence
}

// MCPServerStatus is one MCP server and its connection status.
type MCPServerStatus struct {
	// Name names the server.
	Name string `json:"name" jsonschema:"required"`
	// Status is the connection status, such as "connected" or "failed".
	Status string `json:"status" jsonschema:"required"`
	// Source says where the server was configured.
	Source string `json:"source,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// PluginInfo is one loaded plugin.
type PluginInfo struct {
	// Name names the plugin.
	Name string `json:"name" jsonschema:"required"`
	// Path is where the plugin was loaded from.
	Path string `json:"path" jsonschema:"required"`
	// Version is the plugin's version.
	Version string `json:"version,omitzero"`
	// Source names where the plugin came from, such as "name@builtin". Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	Source string `json:"source,omitzero" undeclared:"2.1.330"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// PartialAssistantMessage wraps one raw streaming event of the Messages API.
// The CLI prints these only with --include-partial-messages.
//
//protocheck:message
type PartialAssistantMessage struct {
	// Type is "stream_event".
	Type string `json:"type" jsonschema:"required"`
	// Event is the raw stream event.
	Event StreamEvent `json:"event" jsonschema:"required"`
	// ParentToolUseID is the id of the tool_use block that started the
	// subagent, or null for the main agent.
	ParentToolUseID *string `json:"parent_tool_use_id" jsonschema:"required,nullable"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// TTFTMs is the time to the first token, in milliseconds.
	TTFTMs int64 `json:"ttft_ms,omitzero"`
	// UserMessageUUID is the uuid of the user message this answers.
	UserMessageUUID string `json:"user_message_uuid,omitzero"`
	// UserMessageUUIDs lists the uuids of the user messages this answers.
	UserMessageUUIDs []string `json:"user_message_uuids,omitzero"`
	// ResumeReason says why the turn resumed, when it did.
	ResumeReason string `json:"resume_reason,omitzero"`
	// APIMessageID is the id of the API message the event belongs to. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	APIMessageID string `json:"api_message_id,omitzero" undeclared:"2.1.330"`
	// ThinkingDisplay says how thinking is shown, such as "updates". Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	ThinkingDisplay string `json:"thinking_display,omitzero" undeclared:"2.1.330"`
	// AbandonedBlocks says which content blocks of an API message an interrupt cut off: the message, and the index of the first block dropped. Not declared by sdk.d.ts; captured from 2.1.330; the bundle writes it since 2.1.304.
	AbandonedBlocks *AbandonedBlocks `json:"abandoned_blocks,omitzero" undeclared:"2.1.304"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	PartialAssistantMessageEvidence
}

// AbandonedBlocks names the content blocks an interrupt cut off.
type AbandonedBlocks struct {
	// APIMessageID is the id of the API message.
	APIMessageID string `json:"api_message_id" jsonschema:"required"`
	// FromBlockIndex is the index of the first block dropped.
	FromBlockIndex int64 `json:"from_block_index" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// isJSONString reports whether data holds a JSON string.
func isJSONString(data []byte) bool {
	for _, c := range data {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case '"':
			return true
		}
		return false
	}
	return false
}
