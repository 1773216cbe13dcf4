package protocol

// This file holds the system messages other than init, and the other
// status and progress messages of the CLI.

// CompactBoundaryMessage marks where the conversation was compacted.
//
//protocheck:message
type CompactBoundaryMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "compact_boundary".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// StatusMessage reports a change of status, such as compacting.
//
//protocheck:message
type StatusMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "status".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// APIRetryMessage reports a failed API call that will be retried.
//
//protocheck:message
type APIRetryMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "api_retry".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ControlRequestProgressMessage reports progress on a control request.
//
//protocheck:message
type ControlRequestProgressMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "control_request_progress".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ModelRefusalFallbackMessage reports a refusal answered by a fallback model.
//
//protocheck:message
type ModelRefusalFallbackMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "model_refusal_fallback".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ModelRefusalNoFallbackMessage reports a refusal with no fallback model.
//
//protocheck:message
type ModelRefusalNoFallbackMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "model_refusal_no_fallback".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// LocalCommandOutputMessage carries the output of a local slash command.
//
//protocheck:message
type LocalCommandOutputMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "local_command_output".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// HookStartedMessage reports that a hook started.
//
//protocheck:message
type HookStartedMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "hook_started".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// HookProgressMessage streams a running hook's output.
//
//protocheck:message
type HookProgressMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "hook_progress".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// HookResponseMessage reports a hook's outcome.
//
//protocheck:message
type HookResponseMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "hook_response".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// PluginInstallMessage reports progress installing a plugin.
//
//protocheck:message
type PluginInstallMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "plugin_install".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// TaskNotificationMessage reports that a background task ended.
//
//protocheck:message
type TaskNotificationMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "task_notification".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// TaskStartedMessage reports that a task started.
//
//protocheck:message
type TaskStartedMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "task_started".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// TaskUpdatedMessage patches a task's state.
//
//protocheck:message
type TaskUpdatedMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "task_updated".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// TaskProgressMessage reports a task's progress.
//
//protocheck:message
type TaskProgressMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "task_progress".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// BackgroundTasksChangedMessage lists the background tasks after a change.
//
//protocheck:message
type BackgroundTasksChangedMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "background_tasks_changed".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ThinkingTokensMessage estimates the thinking tokens so far.
//
//protocheck:message
type ThinkingTokensMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "thinking_tokens".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// SessionStateChangedMessage reports the session's state: idle, running or requires_action.
//
//protocheck:message
type SessionStateChangedMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "session_state_changed".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// WorkerShuttingDownMessage announces that the CLI is shutting down.
//
//protocheck:message
type WorkerShuttingDownMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "worker_shutting_down".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// CommandsChangedMessage lists the slash commands after a change.
//
//protocheck:message
type CommandsChangedMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "commands_changed".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// NotificationMessage carries a notification for the user.
//
//protocheck:message
type NotificationMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "notification".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// FilesPersistedEvent reports files persisted to storage.
//
//protocheck:message
type FilesPersistedEvent struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "files_persisted".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MemoryRecallMessage reports memories recalled into the context.
//
//protocheck:message
type MemoryRecallMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "memory_recall".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ElicitationCompleteMessage reports that an MCP elicitation finished.
//
//protocheck:message
type ElicitationCompleteMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "elicitation_complete".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// PermissionDeniedMessage reports a tool call the permission system denied.
//
//protocheck:message
type PermissionDeniedMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "permission_denied".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MirrorErrorMessage reports an error mirroring the transcript.
//
//protocheck:message
type MirrorErrorMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "mirror_error".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// InformationalMessage carries an informational note.
//
//protocheck:message
type InformationalMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "informational".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// SessionWritesLostMessage reports transcript writes that were lost.
//
//protocheck:message
type SessionWritesLostMessage struct {
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "session_writes_lost".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ToolProgressMessage reports that a tool is still running.
//
//protocheck:message
type ToolProgressMessage struct {
	// Type is "tool_progress".
	Type string `json:"type" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// AuthStatusMessage reports the state of authentication.
//
//protocheck:message
type AuthStatusMessage struct {
	// Type is "auth_status".
	Type string `json:"type" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ToolUseSummaryMessage summarises tool calls.
//
//protocheck:message
type ToolUseSummaryMessage struct {
	// Type is "tool_use_summary".
	Type string `json:"type" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// RateLimitEvent reports the rate-limit state.
//
//protocheck:message
type RateLimitEvent struct {
	// Type is "rate_limit_event".
	Type string `json:"type" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// PromptSuggestionMessage suggests a next prompt.
//
//protocheck:message
type PromptSuggestionMessage struct {
	// Type is "prompt_suggestion".
	Type string `json:"type" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ConversationResetMessage reports that the conversation was reset.
//
//protocheck:message
type ConversationResetMessage struct {
	// Type is "conversation_reset".
	Type string `json:"type" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ActiveGoalMessage reports the active goal.
//
//protocheck:message
type ActiveGoalMessage struct {
	// Type is "active_goal".
	Type string `json:"type" jsonschema:"required"`
	// UUID identifies the message in the session.
	UUID string `json:"uuid" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}
