package spec02

// This file holds the system messages of seed 000 §4.8-§4.15 (eight
// subtypes) and the three other top-level types the seed knows:
// tool_progress, auth_status and tool_use_summary.

// SystemInitMessage opens a session with its metadata (seed §4.8).
type SystemInitMessage struct {
	BaseMessage
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "init".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Agents lists the agent names; dropped when empty.
	Agents []string `json:"agents,omitempty"`
	// APIKeySource says where the API key came from; the seed's examples are
	// "env_var" and "config_file", typed as a plain string.
	APIKeySource string `json:"apiKeySource" jsonschema:"required"`
	// Betas lists the enabled beta flags; dropped when empty.
	Betas []string `json:"betas,omitempty"`
	// ClaudeCodeVersion is the version of the agent.
	ClaudeCodeVersion string `json:"claude_code_version" jsonschema:"required"`
	// CWD is the working directory.
	CWD string `json:"cwd" jsonschema:"required"`
	// Tools lists the enabled tool names; null when nil (the seed's
	// NewSystemInit leaves it nil).
	Tools []string `json:"tools" jsonschema:"required,nullable"`
	// McpServers lists the MCP servers and their state; null when nil.
	McpServers []McpServerInfo `json:"mcp_servers" jsonschema:"required,nullable"`
	// Model names the model in use.
	Model string `json:"model" jsonschema:"required"`
	// PermissionMode is the session's permission mode.
	PermissionMode PermissionMode `json:"permissionMode" jsonschema:"required"`
	// SlashCommands lists the slash command names; null when nil.
	SlashCommands []string `json:"slash_commands" jsonschema:"required,nullable"`
	// OutputStyle names the output style.
	OutputStyle string `json:"output_style" jsonschema:"required"`
	// Skills lists the skill names; null when nil.
	Skills []string `json:"skills" jsonschema:"required,nullable"`
	// Plugins lists the loaded plugins; null when nil.
	Plugins []PluginInfo `json:"plugins" jsonschema:"required,nullable"`
}

// McpServerInfo is one MCP server in an init message.
type McpServerInfo struct {
	// Name names the server.
	Name string `json:"name" jsonschema:"required"`
	// Status is the connection state; the seed lists connected, failed,
	// needs-auth, pending and disabled in a comment, as a plain string.
	Status string `json:"status" jsonschema:"required"`
}

// PluginInfo is one loaded plugin in an init message.
type PluginInfo struct {
	// Name names the plugin.
	Name string `json:"name" jsonschema:"required"`
	// Path is where the plugin was loaded from.
	Path string `json:"path" jsonschema:"required"`
}

// StatusMessage reports a status change such as compaction (seed §4.9).
type StatusMessage struct {
	BaseMessage
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "status".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Status is "compacting" or null (a comment in the seed; typed *string).
	Status *string `json:"status" jsonschema:"required,nullable"`
	// PermissionMode is the new permission mode, when it changed.
	PermissionMode *PermissionMode `json:"permissionMode,omitempty"`
}

// CompactBoundaryMessage marks where the context was compacted (seed §4.10).
type CompactBoundaryMessage struct {
	BaseMessage
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "compact_boundary".
	Subtype string `json:"subtype" jsonschema:"required"`
	// CompactMetadata describes the compaction.
	CompactMetadata CompactMetadata `json:"compact_metadata" jsonschema:"required"`
}

// CompactMetadata describes one compaction.
type CompactMetadata struct {
	// Trigger is "manual" or "auto" (a comment in the seed).
	Trigger string `json:"trigger" jsonschema:"required"`
	// PreTokens is the token count before the compaction.
	PreTokens int64 `json:"pre_tokens" jsonschema:"required"`
}

// HookStartedMessage says a hook began to run (seed §4.11).
type HookStartedMessage struct {
	BaseMessage
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "hook_started".
	Subtype string `json:"subtype" jsonschema:"required"`
	// HookID identifies this run of the hook.
	HookID string `json:"hook_id" jsonschema:"required"`
	// HookName names the hook.
	HookName string `json:"hook_name" jsonschema:"required"`
	// HookEvent is the hook event, such as PreToolUse.
	HookEvent string `json:"hook_event" jsonschema:"required"`
}

// HookProgressMessage streams a running hook's output (seed §4.11).
type HookProgressMessage struct {
	BaseMessage
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "hook_progress".
	Subtype string `json:"subtype" jsonschema:"required"`
	// HookID identifies this run of the hook.
	HookID string `json:"hook_id" jsonschema:"required"`
	// HookName names the hook.
	HookName string `json:"hook_name" jsonschema:"required"`
	// HookEvent is the hook event.
	HookEvent string `json:"hook_event" jsonschema:"required"`
	// Stdout is the hook's standard output so far.
	Stdout string `json:"stdout" jsonschema:"required"`
	// Stderr is the hook's standard error so far.
	Stderr string `json:"stderr" jsonschema:"required"`
	// Output is the two streams combined.
	Output string `json:"output" jsonschema:"required"`
}

// HookResponseMessage says a hook finished (seed §4.11).
type HookResponseMessage struct {
	BaseMessage
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "hook_response".
	Subtype string `json:"subtype" jsonschema:"required"`
	// HookID identifies this run of the hook.
	HookID string `json:"hook_id" jsonschema:"required"`
	// HookName names the hook.
	HookName string `json:"hook_name" jsonschema:"required"`
	// HookEvent is the hook event.
	HookEvent string `json:"hook_event" jsonschema:"required"`
	// Output is the hook's combined output.
	Output string `json:"output" jsonschema:"required"`
	// Stdout is the hook's standard output.
	Stdout string `json:"stdout" jsonschema:"required"`
	// Stderr is the hook's standard error.
	Stderr string `json:"stderr" jsonschema:"required"`
	// ExitCode is the hook's exit code, when it has one.
	ExitCode *int64 `json:"exit_code,omitempty"`
	// Outcome is success, error or cancelled (a comment in the seed).
	Outcome string `json:"outcome" jsonschema:"required"`
}

// TaskNotificationMessage says a background subagent task ended (seed
// §4.14).
type TaskNotificationMessage struct {
	BaseMessage
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "task_notification".
	Subtype string `json:"subtype" jsonschema:"required"`
	// TaskID identifies the task.
	TaskID string `json:"task_id" jsonschema:"required"`
	// Status is completed, failed or stopped (a comment in the seed).
	Status string `json:"status" jsonschema:"required"`
	// OutputFile is the file that holds the task's output.
	OutputFile string `json:"output_file" jsonschema:"required"`
	// Summary sums up the task's outcome.
	Summary string `json:"summary" jsonschema:"required"`
}

// FilesPersistedEvent says which session files were saved (seed §4.15).
type FilesPersistedEvent struct {
	BaseMessage
	// Type is "system".
	Type string `json:"type" jsonschema:"required"`
	// Subtype is "files_persisted".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Files lists the files saved; null when nil.
	Files []PersistedFile `json:"files" jsonschema:"required,nullable"`
	// Failed lists the files that could not be saved; null when nil.
	Failed []FailedFile `json:"failed" jsonschema:"required,nullable"`
	// ProcessedAt is when the files were processed, in ISO 8601 form.
	ProcessedAt string `json:"processed_at" jsonschema:"required"`
}

// PersistedFile is one saved file.
type PersistedFile struct {
	// Filename names the file.
	Filename string `json:"filename" jsonschema:"required"`
	// FileID is the id the file was saved under.
	FileID string `json:"file_id" jsonschema:"required"`
}

// FailedFile is one file that could not be saved.
type FailedFile struct {
	// Filename names the file.
	Filename string `json:"filename" jsonschema:"required"`
	// Error says why it failed.
	Error string `json:"error" jsonschema:"required"`
}

// ToolProgressMessage is the heartbeat of a long tool call (seed §4.12).
type ToolProgressMessage struct {
	BaseMessage
	// Type is "tool_progress".
	Type string `json:"type" jsonschema:"required"`
	// ToolUseID is the id of the running tool_use block.
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// ToolName names the tool.
	ToolName string `json:"tool_name" jsonschema:"required"`
	// ParentToolUseID is nil for the main agent; written as null then.
	ParentToolUseID *string `json:"parent_tool_use_id" jsonschema:"required,nullable"`
	// ElapsedTimeSeconds is how long the tool has run.
	ElapsedTimeSeconds float64 `json:"elapsed_time_seconds" jsonschema:"required"`
}

// AuthStatusMessage reports an authentication flow (seed §4.13).
type AuthStatusMessage struct {
	BaseMessage
	// Type is "auth_status".
	Type string `json:"type" jsonschema:"required"`
	// IsAuthenticating is true while the flow runs.
	IsAuthenticating bool `json:"isAuthenticating" jsonschema:"required"`
	// Output holds the flow's output lines; null when nil.
	Output []string `json:"output" jsonschema:"required,nullable"`
	// Error says what went wrong; dropped when empty.
	Error string `json:"error,omitempty"`
}

// ToolUseSummaryMessage sums up tool calls removed by compaction (seed
// §4.16).
type ToolUseSummaryMessage struct {
	BaseMessage
	// Type is "tool_use_summary".
	Type string `json:"type" jsonschema:"required"`
	// Summary is the text of the summary.
	Summary string `json:"summary" jsonschema:"required"`
	// PrecedingToolUseIDs lists the ids of the summarised tool_use blocks;
	// null when nil.
	PrecedingToolUseIDs []string `json:"preceding_tool_use_ids" jsonschema:"required,nullable"`
}
