package protocol

// This file holds the system messages other than init, and the other
// status and progress messages of the CLI. The task, rate-limit and other
// values they share are in system_values.go.

// CompactBoundaryMessage marks the point where the conversation was
// compacted: what comes before it was replaced by a summary.
//
//protocheck:message
type CompactBoundaryMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "compact_boundary".
	Subtype string `json:"subtype" jsonschema:"required"`
	// CompactMetadata describes the compaction.
	CompactMetadata CompactMetadata `json:"compact_metadata" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// LogicalParentUUID is the uuid of the message the boundary logically follows. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	LogicalParentUUID string `json:"logical_parent_uuid,omitzero" undeclared:"2.1.330"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	CompactBoundaryMessageEvidence
}

// CompactMetadata describes one compaction of the conversation.
type CompactMetadata struct {
	// Trigger says whether the user asked for the compaction (/compact) or
	// the CLI started it on its own.
	Trigger string `json:"trigger" jsonschema:"required,enum=manual,enum=auto"`
	// PreTokens is the size of the context before compacting, in tokens.
	PreTokens int64 `json:"pre_tokens" jsonschema:"required"`
	// PostTokens is the size of the context after compacting, in tokens.
	PostTokens int64 `json:"post_tokens,omitzero"`
	// DurationMs is how long the compaction took, in milliseconds.
	DurationMs int64 `json:"duration_ms,omitzero"`
	// PreservedSegment locates the messages kept verbatim, when some were.
	PreservedSegment *PreservedSegment `json:"preserved_segment,omitzero"`
	// PreservedMessages lists the messages kept verbatim, in order, when
	// some were; readers prefer it to PreservedSegment.
	PreservedMessages *PreservedMessages `json:"preserved_messages,omitzero"`
	// CumulativeDroppedTokens counts the tokens dropped by all compactions so far. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	CumulativeDroppedTokens int64 `json:"cumulative_dropped_tokens,omitzero" undeclared:"2.1.330"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// PreservedSegment locates a run of messages a compaction kept verbatim,
// and where to splice it back in.
type PreservedSegment struct {
	// HeadUUID is the uuid of the first kept message.
	HeadUUID string `json:"head_uuid" jsonschema:"required"`
	// AnchorUUID is the uuid of the message the kept run hangs from.
	AnchorUUID string `json:"anchor_uuid" jsonschema:"required"`
	// TailUUID is the uuid of the last kept message.
	TailUUID string `json:"tail_uuid" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// PreservedMessages lists, in order, the messages a compaction kept verbatim.
type PreservedMessages struct {
	// AnchorUUID is the uuid of the message the first kept one hangs from.
	AnchorUUID string `json:"anchor_uuid" jsonschema:"required"`
	// UUIDs lists the kept messages' uuids, in order.
	UUIDs []string `json:"uuids" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// StatusMessage reports a change of the session's activity (compacting,
// waiting on the API, or neither) and, with it, the permission mode or the
// outcome of a compaction.
//
//protocheck:message
type StatusMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "status".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Status is what the session is busy with, or null when it is busy
	// with neither.
	Status *string `json:"status" jsonschema:"required,nullable,enum=compacting,enum=requesting"`
	// PermissionMode is the permission mode now in force.
	PermissionMode PermissionMode `json:"permissionMode,omitzero"`
	// CompactResult says whether the compaction that just ended worked.
	CompactResult string `json:"compact_result,omitzero" jsonschema:"enum=success,enum=failed"`
	// CompactError says why the compaction failed.
	CompactError string `json:"compact_error,omitzero"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	StatusMessageEvidence
}

// APIRetryMessage reports an API call that failed with an error worth
// retrying; the CLI tries again after the given delay.
//
//protocheck:message
type APIRetryMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "api_retry".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Attempt numbers the retry about to be made, from 1.
	Attempt int64 `json:"attempt" jsonschema:"required"`
	// MaxRetries is how many retries the CLI will make in all.
	MaxRetries int64 `json:"max_retries" jsonschema:"required"`
	// RetryDelayMs is the wait before the retry, in milliseconds. CLI 2.1.112
	// sends fractions (1234.56); 2.1.330 whole numbers.
	RetryDelayMs float64 `json:"retry_delay_ms" jsonschema:"required"`
	// ErrorStatus is the HTTP status of the failed call, or null when there
	// was no HTTP response (a timeout or a dropped connection).
	ErrorStatus *int64 `json:"error_status" jsonschema:"required,nullable"`
	// Error classifies the failure.
	Error AssistantMessageError `json:"error" jsonschema:"required"`
	// NoResponse is set when the API sent no response headers in time.
	NoResponse *APIRetryNoResponse `json:"no_response,omitzero"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	APIRetryMessageEvidence
}

// APIRetryNoResponse gives the waits of a call retried because its response
// headers did not arrive in time.
type APIRetryNoResponse struct {
	// WaitedMs is how long the failed call waited for headers, in
	// milliseconds.
	WaitedMs int64 `json:"waited_ms" jsonschema:"required"`
	// RetryWaitMs is how long the retry will wait for them, in milliseconds.
	RetryWaitMs int64 `json:"retry_wait_ms" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// UIInvalidateMessage asks a host that draws a UI to render it again; the
// CLI prints it while installing a plugin, though not in every run (it
// races with the end of the install). sdk.d.ts does not list it.
//
//protocheck:message
type UIInvalidateMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "ui_invalidate".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Event names what to redraw, such as "ui.render".
	Event string `json:"event" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	UIInvalidateMessageEvidence
}

// ControlRequestProgressMessage reports progress on a long-running control
// request the SDK sent, matched to it by request_id.
//
//protocheck:message
type ControlRequestProgressMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "control_request_progress".
	Subtype string `json:"subtype" jsonschema:"required"`
	// RequestID is the request_id of the control request in flight.
	RequestID string `json:"request_id" jsonschema:"required"`
	// Status is "started" once the work began, or "api_retry" when one of
	// its API calls is being retried.
	Status string `json:"status" jsonschema:"required,enum=started,enum=api_retry"`
	// Attempt numbers the retry (api_retry only).
	Attempt int64 `json:"attempt,omitzero"`
	// MaxRetries is how many retries will be made in all (api_retry only).
	MaxRetries int64 `json:"max_retries,omitzero"`
	// RetryDelayMs is the wait before the retry, in milliseconds (api_retry
	// only).
	RetryDelayMs float64 `json:"retry_delay_ms,omitzero"`
	// ErrorStatus is the HTTP status of the failed call, or null without an
	// HTTP response (api_retry only).
	ErrorStatus *int64 `json:"error_status,omitzero" jsonschema:"nullable"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ControlRequestProgressMessageEvidence
}

// ModelRefusalFallbackMessage reports that the model refused and the turn
// was run again on a fallback model.
//
//protocheck:message
type ModelRefusalFallbackMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "model_refusal_fallback".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Trigger is "refusal".
	Trigger string `json:"trigger" jsonschema:"required,enum=refusal"`
	// Direction is "retry"; "revert" and "sticky" are no longer sent.
	Direction string `json:"direction" jsonschema:"required,enum=retry,enum=revert,enum=sticky"`
	// Scope is "session" when the session's model was switched, "local" when
	// only one subagent or side answer used the fallback. Older CLIs omit it
	// and mean "session".
	Scope string `json:"scope,omitzero" jsonschema:"enum=session,enum=local"`
	// OriginalModel names the model that refused.
	OriginalModel string `json:"original_model" jsonschema:"required"`
	// FallbackModel names the model that ran the retry.
	FallbackModel string `json:"fallback_model" jsonschema:"required"`
	// RequestID is the id of the refused API request, or null.
	RequestID *string `json:"request_id" jsonschema:"required,nullable"`
	// APIRefusalCategory is the refusal's category as the API gave it (an
	// open set), or null when it gave none.
	APIRefusalCategory *string `json:"api_refusal_category,omitzero" jsonschema:"nullable"`
	// APIRefusalExplanation is the API's explanation, for display only, or
	// null.
	APIRefusalExplanation *string `json:"api_refusal_explanation,omitzero" jsonschema:"nullable"`
	// RetractedMessageUUIDs lists the messages the retry withdrew; a reader
	// should drop them.
	RetractedMessageUUIDs []string `json:"retracted_message_uuids,omitzero"`
	// RefusedUserMessageUUID is the uuid of the user message whose request
	// was refused, or null when no human wrote it.
	RefusedUserMessageUUID *string `json:"refused_user_message_uuid,omitzero" jsonschema:"nullable"`
	// Content is the text shown to the user.
	Content string `json:"content" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ModelRefusalFallbackMessageEvidence
}

// ModelRefusalNoFallbackMessage reports that the model refused and no retry
// on another model was made.
//
//protocheck:message
type ModelRefusalNoFallbackMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "model_refusal_no_fallback".
	Subtype string `json:"subtype" jsonschema:"required"`
	// OriginalModel names the model that refused.
	OriginalModel string `json:"original_model" jsonschema:"required"`
	// RequestID is the id of the refused API request, or null.
	RequestID *string `json:"request_id" jsonschema:"required,nullable"`
	// APIRefusalCategory is the refusal's category as the API gave it (an
	// open set), or null when it gave none.
	APIRefusalCategory *string `json:"api_refusal_category,omitzero" jsonschema:"nullable"`
	// APIRefusalExplanation is the API's explanation, for display only, or
	// null.
	APIRefusalExplanation *string `json:"api_refusal_explanation,omitzero" jsonschema:"nullable"`
	// RefusedUserMessageUUID is the uuid of the user message whose request
	// was refused, or null when no human wrote it.
	RefusedUserMessageUUID *string `json:"refused_user_message_uuid,omitzero" jsonschema:"nullable"`
	// Content is the text shown to the user.
	Content string `json:"content" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ModelRefusalNoFallbackMessageEvidence
}

// LocalCommandOutputMessage carries the text printed by a slash command that
// runs in the CLI itself.
//
//protocheck:message
type LocalCommandOutputMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "local_command_output".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Content is the command's output.
	Content string `json:"content" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	LocalCommandOutputMessageEvidence
}

// HookStartedMessage reports that a hook began to run. The CLI prints the
// hook messages only with --include-hook-events.
//
//protocheck:message
type HookStartedMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "hook_started".
	Subtype string `json:"subtype" jsonschema:"required"`
	// HookID identifies this run of the hook; the progress and response
	// messages repeat it.
	HookID string `json:"hook_id" jsonschema:"required"`
	// HookName names the hook, such as "PreToolUse:Bash".
	HookName string `json:"hook_name" jsonschema:"required"`
	// HookEvent is the event that fired the hook, such as "PreToolUse".
	HookEvent string `json:"hook_event" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	HookStartedMessageEvidence
}

// HookProgressMessage carries the output a running hook has printed so far.
//
//protocheck:message
type HookProgressMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "hook_progress".
	Subtype string `json:"subtype" jsonschema:"required"`
	// HookID identifies the run of the hook.
	HookID string `json:"hook_id" jsonschema:"required"`
	// HookName names the hook.
	HookName string `json:"hook_name" jsonschema:"required"`
	// HookEvent is the event that fired the hook.
	HookEvent string `json:"hook_event" jsonschema:"required"`
	// Stdout is what the hook wrote to its standard output.
	Stdout string `json:"stdout" jsonschema:"required"`
	// Stderr is what the hook wrote to its standard error.
	Stderr string `json:"stderr" jsonschema:"required"`
	// Output is both streams interleaved.
	Output string `json:"output" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	HookProgressMessageEvidence
}

// HookResponseMessage reports how a hook ended, with all it printed.
//
//protocheck:message
type HookResponseMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "hook_response".
	Subtype string `json:"subtype" jsonschema:"required"`
	// HookID identifies the run of the hook.
	HookID string `json:"hook_id" jsonschema:"required"`
	// HookName names the hook.
	HookName string `json:"hook_name" jsonschema:"required"`
	// HookEvent is the event that fired the hook.
	HookEvent string `json:"hook_event" jsonschema:"required"`
	// Output is both streams interleaved.
	Output string `json:"output" jsonschema:"required"`
	// Stdout is what the hook wrote to its standard output.
	Stdout string `json:"stdout" jsonschema:"required"`
	// Stderr is what the hook wrote to its standard error.
	Stderr string `json:"stderr" jsonschema:"required"`
	// ExitCode is the hook process's exit status, when it has one.
	ExitCode *int64 `json:"exit_code,omitzero"`
	// Outcome says how the hook ended.
	Outcome string `json:"outcome" jsonschema:"required,enum=success,enum=error,enum=cancelled"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	HookResponseMessageEvidence
}

// PluginInstallMessage reports progress installing plugins in a headless
// session.
//
//protocheck:message
type PluginInstallMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "plugin_install".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Status is the step reached: the whole install started or completed,
	// or one marketplace installed or failed.
	Status string `json:"status" jsonschema:"required,enum=started,enum=installed,enum=failed,enum=completed"`
	// Name names the marketplace (installed and failed).
	Name string `json:"name,omitzero"`
	// Error describes the failure; treat it as untrusted text.
	Error string `json:"error,omitzero"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	PluginInstallMessageEvidence
}

// TaskNotificationMessage reports that a task (a subagent, a background
// shell, a workflow, ...) ended.
//
//protocheck:message
type TaskNotificationMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "task_notification".
	Subtype string `json:"subtype" jsonschema:"required"`
	// TaskID identifies the task.
	TaskID string `json:"task_id" jsonschema:"required"`
	// RunID identifies this run of the task.
	RunID string `json:"run_id,omitzero"`
	// ToolUseID is the id of the tool_use block that started the task.
	ToolUseID string `json:"tool_use_id,omitzero"`
	// Status says how the task ended.
	Status string `json:"status" jsonschema:"required,enum=completed,enum=failed,enum=stopped"`
	// Reason gives a cause when the task did not end in the ordinary way.
	Reason string `json:"reason,omitzero" jsonschema:"enum=worker_restart"`
	// OutputFile is the path of the file holding the task's output.
	OutputFile string `json:"output_file" jsonschema:"required"`
	// Summary sums up the task's result.
	Summary string `json:"summary" jsonschema:"required"`
	// Usage totals what the task consumed.
	Usage *TaskUsage `json:"usage,omitzero"`
	// ResourceLinks lists the files a backgrounded MCP task returned by
	// reference.
	ResourceLinks []MCPResourceLink `json:"resource_links,omitzero"`
	// SkipTranscript is true for housekeeping tasks a transcript should not
	// show.
	SkipTranscript bool `json:"skip_transcript,omitzero"`
	// Ambient is true for tasks that should not count as activity.
	Ambient bool `json:"ambient,omitzero"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// SummaryIsReport is true when the summary is the task's full report. Not declared by sdk.d.ts; the CLI prints it since 2.1.330.
	SummaryIsReport bool `json:"summary_is_report,omitzero" undeclared:"2.1.330"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	TaskNotificationMessageEvidence
}

// TaskStartedMessage reports that a task started.
//
//protocheck:message
type TaskStartedMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "task_started".
	Subtype string `json:"subtype" jsonschema:"required"`
	// TaskID identifies the task.
	TaskID string `json:"task_id" jsonschema:"required"`
	// RunID identifies this run of the task.
	RunID string `json:"run_id,omitzero"`
	// ToolUseID is the id of the tool_use block that started the task.
	ToolUseID string `json:"tool_use_id,omitzero"`
	// Description describes the task.
	Description string `json:"description" jsonschema:"required"`
	// SubagentType is the kind of subagent, for subagent tasks.
	SubagentType string `json:"subagent_type,omitzero"`
	// IsBackgrounded says whether the task started in the background (true)
	// or with its tool call waiting on it (false).
	IsBackgrounded *bool `json:"is_backgrounded,omitzero"`
	// SpawnDepth is how deeply a subagent is nested, from 1.
	SpawnDepth int64 `json:"spawn_depth,omitzero"`
	// ParentTaskID is the task_id of the subagent that launched this task.
	ParentTaskID string `json:"parent_task_id,omitzero"`
	// TaskType labels the kind of task, such as "local_agent" or
	// "local_workflow" (an open set).
	TaskType string `json:"task_type,omitzero"`
	// WorkflowName names the workflow (local_workflow tasks).
	WorkflowName string `json:"workflow_name,omitzero"`
	// Prompt is what this run was asked to do.
	Prompt string `json:"prompt,omitzero"`
	// SkipTranscript is true for housekeeping tasks a transcript should not
	// show.
	SkipTranscript bool `json:"skip_transcript,omitzero"`
	// Ambient is true for tasks that should not count as activity.
	Ambient bool `json:"ambient,omitzero"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	TaskStartedMessageEvidence
}

// TaskUpdatedMessage sends the fields of a task's state that changed; a
// reader merges the patch into its copy.
//
//protocheck:message
type TaskUpdatedMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "task_updated".
	Subtype string `json:"subtype" jsonschema:"required"`
	// TaskID identifies the task.
	TaskID string `json:"task_id" jsonschema:"required"`
	// RunID identifies this run of the task.
	RunID string `json:"run_id,omitzero"`
	// Patch holds the changed fields.
	Patch TaskPatch `json:"patch" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	TaskUpdatedMessageEvidence
}

// TaskProgressMessage reports how far a running task has got.
//
//protocheck:message
type TaskProgressMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "task_progress".
	Subtype string `json:"subtype" jsonschema:"required"`
	// TaskID identifies the task.
	TaskID string `json:"task_id" jsonschema:"required"`
	// RunID identifies this run of the task.
	RunID string `json:"run_id,omitzero"`
	// ToolUseID is the id of the tool_use block that started the task.
	ToolUseID string `json:"tool_use_id,omitzero"`
	// Description describes what the task is doing; it may be empty.
	Description string `json:"description" jsonschema:"required"`
	// SubagentType is the kind of subagent, for subagent tasks.
	SubagentType string `json:"subagent_type,omitzero"`
	// Usage totals what the task has consumed so far.
	Usage TaskUsage `json:"usage" jsonschema:"required"`
	// LastToolName names the tool the task called last.
	LastToolName string `json:"last_tool_name,omitzero"`
	// Summary is a one-line status of the task.
	Summary string `json:"summary,omitzero"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	TaskProgressMessageEvidence
}

// BackgroundTasksChangedMessage gives the whole set of live background tasks
// after it changed; a reader replaces its set with this one.
//
//protocheck:message
type BackgroundTasksChangedMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "background_tasks_changed".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Tasks lists every live background task; it may be empty.
	Tasks []LiveBackgroundTask `json:"tasks" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	BackgroundTasksChangedMessageEvidence
}

// ThinkingTokensMessage gives a running estimate of the tokens the model has
// spent thinking in the current thinking block, for progress displays.
//
//protocheck:message
type ThinkingTokensMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "thinking_tokens".
	Subtype string `json:"subtype" jsonschema:"required"`
	// EstimatedTokens is the estimate for the block so far.
	EstimatedTokens int64 `json:"estimated_tokens" jsonschema:"required"`
	// EstimatedTokensDelta is how much the estimate grew since the last
	// message.
	EstimatedTokensDelta int64 `json:"estimated_tokens_delta" jsonschema:"required"`
	// UserMessageUUID is the uuid of the user message the turn answers.
	UserMessageUUID string `json:"user_message_uuid,omitzero"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ThinkingTokensMessageEvidence
}

// SessionStateChangedMessage reports the session's state; "idle" means the
// turn is over.
//
//protocheck:message
type SessionStateChangedMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "session_state_changed".
	Subtype string `json:"subtype" jsonschema:"required"`
	// State is the session's new state.
	State string `json:"state" jsonschema:"required,enum=idle,enum=running,enum=requires_action"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	SessionStateChangedMessageEvidence
}

// WorkerShuttingDownMessage announces an orderly shutdown of the worker and
// why; its absence says nothing.
//
//protocheck:message
type WorkerShuttingDownMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "worker_shutting_down".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Reason is a short snake_case code set by the CLI, such as "host_exit".
	Reason string `json:"reason" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	WorkerShuttingDownMessageEvidence
}

// CommandsChangedMessage gives the whole list of slash commands after it
// changed during the session; a reader replaces its list with this one.
//
//protocheck:message
type CommandsChangedMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "commands_changed".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Commands lists the slash commands now available.
	Commands []SlashCommand `json:"commands" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	CommandsChangedMessageEvidence
}

// NotificationMessage carries a short text notice for the user.
//
//protocheck:message
type NotificationMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "notification".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Key identifies the notice, so that a newer one can replace it.
	Key string `json:"key" jsonschema:"required"`
	// Text is the notice.
	Text string `json:"text" jsonschema:"required"`
	// Priority says how urgently to show it.
	Priority string `json:"priority" jsonschema:"required,enum=low,enum=medium,enum=high,enum=immediate"`
	// Color is the colour to show it in.
	Color string `json:"color,omitzero"`
	// TimeoutMs is how long to show it, in milliseconds.
	TimeoutMs int64 `json:"timeout_ms,omitzero"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	NotificationMessageEvidence
}

// FilesPersistedEvent reports which files were uploaded to file storage and
// which could not be.
//
//protocheck:message
type FilesPersistedEvent struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "files_persisted".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Files lists the files stored.
	Files []PersistedFile `json:"files" jsonschema:"required"`
	// Failed lists the files that could not be stored.
	Failed []PersistFailure `json:"failed" jsonschema:"required"`
	// ProcessedAt is when the batch was handled, as a timestamp string.
	ProcessedAt string `json:"processed_at" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	FilesPersistedEventEvidence
}

// MemoryRecallMessage reports memories brought into the turn's context.
//
//protocheck:message
type MemoryRecallMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "memory_recall".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Mode is "select" when whole memory files were picked, "synthesize"
	// when many small ones were condensed into a paragraph.
	Mode string `json:"mode" jsonschema:"required,enum=select,enum=synthesize"`
	// Memories lists the memories recalled.
	Memories []RecalledMemory `json:"memories" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	MemoryRecallMessageEvidence
}

// ElicitationCompleteMessage reports that an MCP server finished a URL-mode
// elicitation.
//
//protocheck:message
type ElicitationCompleteMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "elicitation_complete".
	Subtype string `json:"subtype" jsonschema:"required"`
	// MCPServerName names the MCP server.
	MCPServerName string `json:"mcp_server_name" jsonschema:"required"`
	// ElicitationID identifies the elicitation.
	ElicitationID string `json:"elicitation_id" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ElicitationCompleteMessageEvidence
}

// PermissionDeniedMessage reports a tool call refused without asking anyone
// (by a rule, the permission mode or a classifier). It is advisory: the
// result's permission_denials is the full record.
//
//protocheck:message
type PermissionDeniedMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "permission_denied".
	Subtype string `json:"subtype" jsonschema:"required"`
	// ToolName names the tool.
	ToolName string `json:"tool_name" jsonschema:"required"`
	// ToolUseID is the id of the tool_use block.
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// AgentID identifies the subagent that made the call.
	AgentID string `json:"agent_id,omitzero"`
	// DecisionReasonType says what kind of check refused, such as "rule"
	// or "mode" (an open set).
	DecisionReasonType string `json:"decision_reason_type,omitzero"`
	// DecisionReason explains the refusal for people.
	DecisionReason string `json:"decision_reason,omitzero"`
	// Message is the text the model got back in the tool result.
	Message string `json:"message" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	PermissionDeniedMessageEvidence
}

// MirrorErrorMessage reports a batch of transcript lines that could not be
// written to the session store and was dropped.
//
//protocheck:message
type MirrorErrorMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "mirror_error".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Error describes the failure.
	Error string `json:"error" jsonschema:"required"`
	// Key says where in the store the batch was going.
	Key SessionStoreKey `json:"key" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	MirrorErrorMessageEvidence
}

// InformationalMessage carries a line of plain text to show the user: a
// status line, a hook's feedback, a command's output.
//
//protocheck:message
type InformationalMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "informational".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Content is the text.
	Content string `json:"content" jsonschema:"required"`
	// Level says how prominently to show it.
	Level string `json:"level" jsonschema:"required,enum=info,enum=notice,enum=suggestion,enum=warning"`
	// ToolUseID ties progress lines of one tool call together.
	ToolUseID string `json:"tool_use_id,omitzero"`
	// PreventContinuation is true when the turn stops after this line.
	PreventContinuation bool `json:"prevent_continuation,omitzero"`
	// Tag marks a line a host may treat specially (an open set).
	Tag string `json:"tag,omitzero"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	InformationalMessageEvidence
}

// SessionWritesLostMessage reports, as the CLI exits, that it could not save
// transcript lines or its global config because the disk was full.
//
//protocheck:message
type SessionWritesLostMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "session_writes_lost".
	Subtype string `json:"subtype" jsonschema:"required"`
	// ErrorCode is the error that stopped the writes, "ENOSPC" or "EDQUOT"
	// so far; more codes may come.
	ErrorCode string `json:"error_code" jsonschema:"required"`
	// Lost lists what was not saved, "transcript" and/or "global_config" so
	// far; more values may come. It is never empty.
	Lost []string `json:"lost" jsonschema:"required"`
	// TranscriptSessionIDs lists the sessions whose transcripts lost lines,
	// when "transcript" is in Lost.
	TranscriptSessionIDs []string `json:"transcript_session_ids,omitzero"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	SessionWritesLostMessageEvidence
}

// ToolProgressMessage reports that a tool call is still running, or, with
// heartbeat set, keeps a long hook or tool call visibly alive.
//
//protocheck:message
type ToolProgressMessage struct {
	// Type is "tool_progress".
	Type string `json:"type" jsonschema:"required"`
	// ToolUseID is the id of the tool_use block.
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// ToolName names the tool.
	ToolName string `json:"tool_name" jsonschema:"required"`
	// ParentToolUseID is the id of the tool_use block that started the
	// subagent making the call, or null for the main agent.
	ParentToolUseID *string `json:"parent_tool_use_id" jsonschema:"required,nullable"`
	// ElapsedTimeSeconds is how long the call has run, in whole seconds.
	ElapsedTimeSeconds int64 `json:"elapsed_time_seconds" jsonschema:"required"`
	// TaskID identifies the task the call belongs to.
	TaskID string `json:"task_id,omitzero"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Heartbeat is true for keep-alive ticks.
	Heartbeat bool `json:"heartbeat,omitzero"`
	// SubagentType is the kind of subagent the call started.
	SubagentType string `json:"subagent_type,omitzero"`
	// SubagentRetry reports a subagent's API call being retried.
	SubagentRetry *SubagentRetry `json:"subagent_retry,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ToolProgressMessageEvidence
}

// AuthStatusMessage reports progress and errors while the CLI logs in.
//
//protocheck:message
type AuthStatusMessage struct {
	// Type is "auth_status".
	Type string `json:"type" jsonschema:"required"`
	// IsAuthenticating is true while the login is under way.
	IsAuthenticating bool `json:"isAuthenticating" jsonschema:"required"`
	// Output lists the lines the login printed.
	Output []string `json:"output" jsonschema:"required"`
	// Error describes a failed login.
	Error string `json:"error,omitzero"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	AuthStatusMessageEvidence
}

// ToolUseSummaryMessage sums up, in a line, tool calls that came before it.
//
//protocheck:message
type ToolUseSummaryMessage struct {
	// Type is "tool_use_summary".
	Type string `json:"type" jsonschema:"required"`
	// Summary is the line.
	Summary string `json:"summary" jsonschema:"required"`
	// PrecedingToolUseIDs lists the ids of the tool_use blocks summed up.
	PrecedingToolUseIDs []string `json:"preceding_tool_use_ids" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ToolUseSummaryMessageEvidence
}

// RateLimitEvent reports a change in the subscription's rate-limit state
// (claude.ai accounts).
//
//protocheck:message
type RateLimitEvent struct {
	// Type is "rate_limit_event".
	Type string `json:"type" jsonschema:"required"`
	// RateLimitInfo is the new state.
	RateLimitInfo RateLimitInfo `json:"rate_limit_info" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	RateLimitEventEvidence
}

// PromptSuggestionMessage offers a guess at the user's next prompt, after a
// turn, when prompt suggestions are on.
//
//protocheck:message
type PromptSuggestionMessage struct {
	// Type is "prompt_suggestion".
	Type string `json:"type" jsonschema:"required"`
	// Suggestion is the suggested prompt.
	Suggestion string `json:"suggestion" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	PromptSuggestionMessageEvidence
}

// ConversationResetMessage reports that the conversation was thrown away and
// a new one began (/clear and the like); a reader starts a fresh transcript.
//
//protocheck:message
type ConversationResetMessage struct {
	// Type is "conversation_reset".
	Type string `json:"type" jsonschema:"required"`
	// NewConversationID identifies the conversation that begins.
	NewConversationID string `json:"new_conversation_id" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Trigger says what caused the reset: "clear", "plan_mode_exit",
	// "fresh_session" or "onboarding" so far. Readers must accept other
	// values, so the schema does not pin them.
	Trigger string `json:"trigger,omitzero"`
	// UserMessageUUID is the uuid of the user message that ran /clear
	// (trigger "clear" only).
	UserMessageUUID string `json:"user_message_uuid,omitzero"`
	// Timestamp is when the reset happened, in ISO 8601 form, for display.
	Timestamp string `json:"timestamp,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ConversationResetMessageEvidence
}

// ActiveGoalMessage reports the state of the goal set with /goal after its
// check ran: still open, or cleared (value null).
//
//protocheck:message
type ActiveGoalMessage struct {
	// Type is "active_goal".
	Type string `json:"type" jsonschema:"required"`
	// Value is the open goal, or null when it was met and cleared.
	Value *ActiveGoal `json:"value" jsonschema:"required,nullable"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ActiveGoalMessageEvidence
}
