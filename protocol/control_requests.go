package protocol

import "encoding/json"

// This file holds the bodies of control requests, one type per
// request.subtype, in the order of the ControlRequestBody union, followed by
// the values they share. Unless a type's comment says otherwise, the SDK
// sends the request and the CLI answers it.

// InterruptRequest stops the current turn.
//
//protocheck:member ControlRequestBody
type InterruptRequest struct {
	// Subtype is "interrupt".
	Subtype string `json:"subtype" jsonschema:"required"`
	// CancelQueued also drops the prompts queued behind the turn.
	CancelQueued *bool `json:"cancel_queued,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	InterruptRequestEvidence
}

// CanUseToolRequest asks the SDK whether the model may call a tool; the CLI
// sends it. The answer's payload is a PermissionResult.
//
//protocheck:member ControlRequestBody
type CanUseToolRequest struct {
	// Subtype is "can_use_tool".
	Subtype string `json:"subtype" jsonschema:"required"`
	// ToolName names the tool.
	ToolName string `json:"tool_name" jsonschema:"required"`
	// MCPServer names the MCP server that serves the tool, for MCP tools.
	MCPServer *MCPServerProvenance `json:"mcp_server,omitzero"`
	// Input is the input the model gave the tool.
	Input json.RawMessage `json:"input" jsonschema:"required"`
	// PermissionSuggestions lists permission changes the host may offer
	// along with its answer.
	PermissionSuggestions []PermissionUpdate `json:"permission_suggestions,omitzero"`
	// BlockedPath is the file path that made the call need permission.
	BlockedPath string `json:"blocked_path,omitzero"`
	// DecisionReason explains in words why the call needs an answer; it
	// may hold terminal escapes.
	DecisionReason string `json:"decision_reason,omitzero"`
	// DecisionReasonType classifies why the call needs an answer.
	DecisionReasonType DecisionReasonType `json:"decision_reason_type,omitzero"`
	// ClassifierApprovable is set when a safety check was involved: false
	// when one of them needs a person's approval.
	ClassifierApprovable *bool `json:"classifier_approvable,omitzero"`
	// SuppressAlwaysAllowRule is true when the host must not offer to save
	// a lasting allow rule.
	SuppressAlwaysAllowRule bool `json:"suppress_always_allow_rule,omitzero"`
	// DefaultToNo is true when the host must not preselect approval.
	DefaultToNo bool `json:"default_to_no,omitzero"`
	// MatchedAskRule is the user's ask rule that forced the prompt.
	MatchedAskRule *MatchedAskRule `json:"matched_ask_rule,omitzero"`
	// Title is a heading for the host's dialog.
	Title string `json:"title,omitzero"`
	// DisplayName is a short label for the tool.
	DisplayName string `json:"display_name,omitzero"`
	// ToolUseID is the id of the tool_use block. CLI 2.0.20 omits it.
	ToolUseID string `json:"tool_use_id,omitzero" since:"2.1.x"`
	// AgentID identifies the subagent that made the call.
	AgentID string `json:"agent_id,omitzero"`
	// Description describes the call for the dialog.
	Description string `json:"description,omitzero"`
	// RequiresUserInteraction is true when only a person in the session
	// may answer, never a one-tap or stored approval.
	RequiresUserInteraction bool `json:"requires_user_interaction,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	CanUseToolRequestEvidence
}

// DecisionReasonType classifies why a tool call needs a permission answer.
type DecisionReasonType string

// EnumValues lists the values of DecisionReasonType.
func (DecisionReasonType) EnumValues() []string {
	return []string{"rule", "mode", "subcommandResults", "permissionPromptTool", "hook", "asyncAgent",
		"sandboxOverride", "workingDir", "safetyCheck", "classifier", "other"}
}

// MatchedAskRule is a user-configured ask rule that forced a permission
// prompt.
type MatchedAskRule struct {
	// Source says where the rule is configured.
	Source string `json:"source" jsonschema:"required"`
	// ToolName is the tool name the rule names.
	ToolName string `json:"tool_name" jsonschema:"required"`
	// RuleContent is the rule's pattern, if it has one.
	RuleContent string `json:"rule_content,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// InitializeRequest starts an SDK session: it registers the SDK's hook
// callbacks and in-process MCP servers and sets session options. The
// answer's payload is an InitializeResponse. Every member is optional; a bare
// {"subtype":"initialize"} is valid.
//
//protocheck:member ControlRequestBody
type InitializeRequest struct {
	// Subtype is "initialize".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Hooks maps hook event names (see HookEvent) to the SDK's callback
	// matchers for that event.
	Hooks map[string][]HookCallbackMatcher `json:"hooks,omitzero" jsonschema:"nullable"`
	// SDKMCPServers names the MCP servers the SDK hosts in-process.
	SDKMCPServers []string `json:"sdkMcpServers,omitzero" jsonschema:"nullable"`
	// SDKMCPServerConfigs holds settings for the in-process servers, by
	// server name.
	SDKMCPServerConfigs map[string]SDKMCPServerSettings `json:"sdkMcpServerConfigs,omitzero" jsonschema:"nullable"`
	// SDKMCPServerManifests holds handshake results the SDK already got from
	// its in-process servers, by server name, so the CLI can skip those
	// round trips.
	SDKMCPServerManifests map[string]SDKMCPServerManifest `json:"sdkMcpServerManifests,omitzero" jsonschema:"nullable"`
	// SDKMCPServerManifestsOrigin marks the manifests as made for this very
	// request; only remote transports need it.
	SDKMCPServerManifestsOrigin *string `json:"sdkMcpServerManifestsOrigin,omitzero" jsonschema:"nullable,enum=host_per_send"`
	// JSONSchema is the JSON Schema the final answer must match.
	JSONSchema json.RawMessage `json:"jsonSchema,omitzero"`
	// SystemPrompt replaces the system prompt; its parts are joined.
	SystemPrompt []string `json:"systemPrompt,omitzero" jsonschema:"nullable"`
	// AppendSystemPrompt is added to the end of the system prompt.
	AppendSystemPrompt *string `json:"appendSystemPrompt,omitzero" jsonschema:"nullable"`
	// SystemPromptSnapshot, when false, renders the system prompt afresh
	// for every request instead of recording it once.
	SystemPromptSnapshot *bool `json:"systemPromptSnapshot,omitzero" jsonschema:"nullable"`
	// PlanModeInstructions replaces the workflow part of the plan-mode
	// reminder.
	PlanModeInstructions *string `json:"planModeInstructions,omitzero" jsonschema:"nullable"`
	// ToolAliases maps tool names the model may use to the tools they mean.
	ToolAliases map[string]string `json:"toolAliases,omitzero" jsonschema:"nullable"`
	// ExcludeDynamicSections moves per-user sections out of the system
	// prompt into the first user message.
	ExcludeDynamicSections *bool `json:"excludeDynamicSections,omitzero" jsonschema:"nullable"`
	// Agents defines custom subagents, by name.
	Agents map[string]AgentDefinition `json:"agents,omitzero" jsonschema:"nullable"`
	// Title is the session's title; it turns off automatic titles.
	Title *string `json:"title,omitzero" jsonschema:"nullable"`
	// Skills limits the skills loaded into the main session to these names.
	Skills []string `json:"skills,omitzero"`
	// PromptSuggestions turns prompt_suggestion messages on or off.
	PromptSuggestions *bool `json:"promptSuggestions,omitzero" jsonschema:"nullable"`
	// AgentProgressSummaries turns progress summaries of subagents on or off.
	AgentProgressSummaries *bool `json:"agentProgressSummaries,omitzero" jsonschema:"nullable"`
	// ForwardSubagentText turns forwarding of subagent text on or off.
	ForwardSubagentText *bool `json:"forwardSubagentText,omitzero" jsonschema:"nullable"`
	// SupportedDialogKinds lists the request_user_dialog kinds the SDK
	// can show; kinds not listed are never sent.
	SupportedDialogKinds []string `json:"supportedDialogKinds,omitzero" jsonschema:"nullable"`
	// PerTaskStopAffordance says the SDK can stop single background tasks
	// with stop_task, so an interrupt spares them.
	PerTaskStopAffordance *bool `json:"perTaskStopAffordance,omitzero" jsonschema:"nullable"`
	// Plugins lists plugins to load; read only at launch with
	// --await-initialize.
	Plugins []SDKPluginConfig `json:"plugins,omitzero" jsonschema:"nullable"`
	// MCPServers configures MCP servers the CLI runs or connects to, by
	// name; read only at launch with --await-initialize.
	MCPServers map[string]MCPServerConfig `json:"mcpServers,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	InitializeRequestEvidence
}

// SetPermissionModeRequest changes the permission mode. The CLI answers
// with the mode now in force.
//
//protocheck:member ControlRequestBody
type SetPermissionModeRequest struct {
	// Subtype is "set_permission_mode".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Mode is the new permission mode.
	Mode PermissionMode `json:"mode" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	SetPermissionModeRequestEvidence
}

// SetModelRequest changes the model for later turns. The CLI answers with
// the model now in use.
//
//protocheck:member ControlRequestBody
type SetModelRequest struct {
	// Subtype is "set_model".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Model names the new model; absent, null or "default" goes back to
	// the session's default.
	Model *string `json:"model,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	SetModelRequestEvidence
}

// SetMaxThinkingTokensRequest changes the thinking budget or how thinking is
// shown.
//
//protocheck:member ControlRequestBody
type SetMaxThinkingTokensRequest struct {
	// Subtype is "set_max_thinking_tokens".
	Subtype string `json:"subtype" jsonschema:"required"`
	// MaxThinkingTokens is the new budget; null goes back to the session's
	// default and absence leaves the budget alone.
	MaxThinkingTokens *int64 `json:"max_thinking_tokens,omitzero" jsonschema:"nullable"`
	// ThinkingDisplay sets how thinking is shown; null clears an earlier
	// choice and absence keeps it.
	ThinkingDisplay *string `json:"thinking_display,omitzero" jsonschema:"nullable,enum=summarized,enum=omitted,enum=highlights"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	SetMaxThinkingTokensRequestEvidence
}

// RenameSessionRequest sets the session's title.
//
//protocheck:member ControlRequestBody
type RenameSessionRequest struct {
	// Subtype is "rename_session".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Title is the new title.
	Title string `json:"title" jsonschema:"required"`
	// Source says who chose the title: "remote" (the default) or "host".
	Source *string `json:"source,omitzero" jsonschema:"nullable,enum=remote,enum=host"`
	// SessionID, when given, makes the CLI refuse the rename if it has
	// moved on to another session.
	SessionID string `json:"session_id,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	RenameSessionRequestEvidence
}

// SetColorRequest sets the session's accent colour.
//
//protocheck:member ControlRequestBody
type SetColorRequest struct {
	// Subtype is "set_color".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Color is an agent colour name, or "default" to reset it.
	Color string `json:"color" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	SetColorRequestEvidence
}

// MCPStatusRequest asks for the status of every MCP server connection.
//
//protocheck:member ControlRequestBody
type MCPStatusRequest struct {
	// Subtype is "mcp_status".
	Subtype string `json:"subtype" jsonschema:"required"`
	// LiveReply asks a cloud or Remote Control worker to publish the answer
	// to the attached clients only, without storing it.
	LiveReply *bool `json:"liveReply,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	MCPStatusRequestEvidence
}

// GetContextUsageRequest asks how the context window is used, by category.
//
//protocheck:member ControlRequestBody
type GetContextUsageRequest struct {
	// Subtype is "get_context_usage".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Detail is "full" (the default, which counts each category with the
	// API) or "summary" (estimates only).
	Detail *string `json:"detail,omitzero" jsonschema:"nullable,enum=summary,enum=full"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	GetContextUsageRequestEvidence
}

// GetSessionCostRequest asks for the session's cost summary as text.
//
//protocheck:member ControlRequestBody
type GetSessionCostRequest struct {
	// Subtype is "get_session_cost".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	GetSessionCostRequestEvidence
}

// ListModelsRequest asks for the models the session may switch to.
//
//protocheck:member ControlRequestBody
type ListModelsRequest struct {
	// Subtype is "list_models".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ListModelsRequestEvidence
}

// GetUsageRequest asks for the session's usage totals and plan rate limits.
//
//protocheck:member ControlRequestBody
type GetUsageRequest struct {
	// Subtype is "get_usage".
	Subtype string `json:"subtype" jsonschema:"required"`
	// SkipBehaviors skips the scan of recent transcripts; the answer's
	// behaviors section is then null.
	SkipBehaviors *bool `json:"skip_behaviors,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	GetUsageRequestEvidence
}

// GetBinaryVersionRequest asks for the version of the CLI binary that
// answers.
//
//protocheck:member ControlRequestBody
type GetBinaryVersionRequest struct {
	// Subtype is "get_binary_version".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	GetBinaryVersionRequestEvidence
}

// MCPCallRequest calls a tool of an MCP server the CLI is connected to,
// outside any model turn. Declaring input or output files makes it a staged
// call, which copies files in and out around the call.
//
//protocheck:member ControlRequestBody
type MCPCallRequest struct {
	// Subtype is "mcp_call".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Tool is the fully qualified tool name, mcp__server__tool.
	Tool string `json:"tool" jsonschema:"required"`
	// Arguments are the tool's arguments; "{{in:NAME}}" and "{{out:NAME}}"
	// values stand for the paths of staged files.
	Arguments json.RawMessage `json:"arguments,omitzero"`
	// ExpiresAt is an RFC 3339 deadline after which a buffered call is
	// dropped; required when output files are declared.
	ExpiresAt string `json:"expires_at,omitzero"`
	// TimeoutMs limits the tool's run time, in milliseconds.
	TimeoutMs int64 `json:"timeout_ms,omitzero"`
	// ResultNotForModel returns the server's own content blocks untouched,
	// for a program rather than a model.
	ResultNotForModel bool `json:"result_not_for_model,omitzero"`
	// CheckPermissions decides the call as if the model had made it.
	CheckPermissions bool `json:"check_permissions,omitzero"`
	// InputFiles lists files to stage in before the call.
	InputFiles []StagedInputFile `json:"input_files,omitzero"`
	// OutputFiles lists files to collect after the call.
	OutputFiles []StagedOutputFile `json:"output_files,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	MCPCallRequestEvidence
}

// StagedInputFile is a synced file copied in for a staged mcp_call.
type StagedInputFile struct {
	// Name is the handle the arguments refer to as "{{in:NAME}}".
	Name string `json:"name" jsonschema:"required"`
	// LanePath is the synced-file row to copy in.
	LanePath string `json:"lane_path" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// StagedOutputFile is a file collected after a staged mcp_call.
type StagedOutputFile struct {
	// Name is the handle the arguments refer to as "{{out:NAME}}".
	Name string `json:"name" jsonschema:"required"`
	// LanePath is the synced-file row to write.
	LanePath string `json:"lane_path" jsonschema:"required"`
	// IfMatch is the etag the row must still have for the write to land.
	IfMatch string `json:"if_match,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// FileSuggestionsRequest asks for file path completions, as for an @-mention.
//
//protocheck:member ControlRequestBody
type FileSuggestionsRequest struct {
	// Subtype is "file_suggestions".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Query is the partial path typed so far.
	Query *string `json:"query" jsonschema:"nullable,required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	FileSuggestionsRequestEvidence
}

// HookCallbackRequest asks the SDK to run one of the hook callbacks it
// registered with initialize; the CLI sends it. The answer's payload is a
// HookJSONOutput.
//
//protocheck:member ControlRequestBody
type HookCallbackRequest struct {
	// Subtype is "hook_callback".
	Subtype string `json:"subtype" jsonschema:"required"`
	// CallbackID is one of the hookCallbackIds the SDK registered.
	CallbackID string `json:"callback_id" jsonschema:"required"`
	// Input is the hook's input.
	Input HookInput `json:"input" jsonschema:"required"`
	// ToolUseID is the id of the tool_use block the hook concerns.
	ToolUseID string `json:"tool_use_id,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	HookCallbackRequestEvidence
}

// MCPMessageRequest carries one JSON-RPC message to or from an MCP server
// the SDK hosts in-process. Both sides send it: the CLI to reach the server,
// the SDK to pass on the server's own messages. The SDK's answer carries the
// server's reply under mcp_response (see MCPMessageResponse).
//
//protocheck:member ControlRequestBody
type MCPMessageRequest struct {
	// Subtype is "mcp_message".
	Subtype string `json:"subtype" jsonschema:"required"`
	// ServerName names the in-process server.
	ServerName string `json:"server_name" jsonschema:"required"`
	// Message is the JSON-RPC 2.0 request, notification or response.
	Message json.RawMessage `json:"message" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	MCPMessageRequestEvidence
}

// RewindFilesRequest undoes the file changes made since a user message.
//
//protocheck:member ControlRequestBody
type RewindFilesRequest struct {
	// Subtype is "rewind_files".
	Subtype string `json:"subtype" jsonschema:"required"`
	// UserMessageID is the uuid of the user message to go back to.
	UserMessageID string `json:"user_message_id" jsonschema:"required"`
	// DryRun reports what would change without changing it.
	DryRun bool `json:"dry_run,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	RewindFilesRequestEvidence
}

// CancelAsyncMessageRequest drops a queued user message that has not
// started.
//
//protocheck:member ControlRequestBody
type CancelAsyncMessageRequest struct {
	// Subtype is "cancel_async_message".
	Subtype string `json:"subtype" jsonschema:"required"`
	// MessageUUID is the uuid of the queued message.
	MessageUUID *string `json:"message_uuid" jsonschema:"nullable,required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	CancelAsyncMessageRequestEvidence
}

// ReadFileRequest reads a file of the session's file system, under the same
// permission rules as the Read tool.
//
//protocheck:member ControlRequestBody
type ReadFileRequest struct {
	// Subtype is "read_file".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Path is the file's path, relative to the working directory unless
	// absolute.
	Path string `json:"path" jsonschema:"required"`
	// MaxBytes limits how much is read.
	MaxBytes int64 `json:"max_bytes,omitzero"`
	// Encoding says how the contents are encoded in the answer.
	Encoding string `json:"encoding,omitzero" jsonschema:"enum=utf-8,enum=base64"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ReadFileRequestEvidence
}

// SeedReadStateRequest tells the CLI that a file was read at a given
// modification time, so that edits to it are allowed.
//
//protocheck:member ControlRequestBody
type SeedReadStateRequest struct {
	// Subtype is "seed_read_state".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Path is the file's path.
	Path *string `json:"path" jsonschema:"nullable,required"`
	// Mtime is the file's modification time when it was read, in
	// milliseconds since the epoch; it may have a fraction.
	Mtime *float64 `json:"mtime" jsonschema:"nullable,required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	SeedReadStateRequestEvidence
}

// MCPSetServersRequest replaces the set of MCP servers managed at run time.
//
//protocheck:member ControlRequestBody
type MCPSetServersRequest struct {
	// Subtype is "mcp_set_servers".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Servers is the new set, by server name.
	Servers map[string]MCPServerConfig `json:"servers" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	MCPSetServersRequestEvidence
}

// RegisterRepoRootRequest adds a working-directory root below the working
// directory and may reload what depends on it.
//
//protocheck:member ControlRequestBody
type RegisterRepoRootRequest struct {
	// Subtype is "register_repo_root".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Directory is the directory to add.
	Directory string `json:"directory" jsonschema:"required"`
	// ReloadClaudeMD reloads the CLAUDE.md files.
	ReloadClaudeMD bool `json:"reload_claude_md,omitzero"`
	// ReloadPlugins reloads the plugins.
	ReloadPlugins bool `json:"reload_plugins,omitzero"`
	// ReloadSkills reloads the skills.
	ReloadSkills bool `json:"reload_skills,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	RegisterRepoRootRequestEvidence
}

// ReloadPluginsRequest reloads plugins from disk.
//
//protocheck:member ControlRequestBody
type ReloadPluginsRequest struct {
	// Subtype is "reload_plugins".
	Subtype string `json:"subtype" jsonschema:"required"`
	// HoldOnCacheImpact skips the reload when it would change the tool list
	// the prompt cache depends on.
	HoldOnCacheImpact *bool `json:"hold_on_cache_impact,omitzero" jsonschema:"nullable"`
	// AddPlugins lists more plugins to load.
	AddPlugins []SDKPluginConfig `json:"add_plugins,omitzero" jsonschema:"nullable"`
	// RefuseIfBusy makes the request fail instead of reloading while the
	// session is busy.
	RefuseIfBusy *bool `json:"refuse_if_busy,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ReloadPluginsRequestEvidence
}

// ReloadSkillsRequest reloads skills from disk.
//
//protocheck:member ControlRequestBody
type ReloadSkillsRequest struct {
	// Subtype is "reload_skills".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ReloadSkillsRequestEvidence
}

// ReloadOutputStylesRequest rereads the output-style directories.
//
//protocheck:member ControlRequestBody
type ReloadOutputStylesRequest struct {
	// Subtype is "reload_output_styles".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ReloadOutputStylesRequestEvidence
}

// MCPReconnectRequest reconnects an MCP server that is disconnected or
// failed.
//
//protocheck:member ControlRequestBody
type MCPReconnectRequest struct {
	// Subtype is "mcp_reconnect".
	Subtype string `json:"subtype" jsonschema:"required"`
	// ServerName names the server.
	ServerName string `json:"serverName" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	MCPReconnectRequestEvidence
}

// MCPToggleRequest turns an MCP server on or off.
//
//protocheck:member ControlRequestBody
type MCPToggleRequest struct {
	// Subtype is "mcp_toggle".
	Subtype string `json:"subtype" jsonschema:"required"`
	// ServerName names the server.
	ServerName string `json:"serverName" jsonschema:"required"`
	// Enabled is true to turn the server on, false to turn it off.
	Enabled bool `json:"enabled" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	MCPToggleRequestEvidence
}

// SetHasSubscribersRequest tells the CLI whether anyone watches its output,
// which changes how long it holds stream events to join them.
//
//protocheck:member ControlRequestBody
type SetHasSubscribersRequest struct {
	// Subtype is "set_has_subscribers".
	Subtype string `json:"subtype" jsonschema:"required"`
	// HasSubscribers is true when someone watches, false when no one does,
	// and null when the host does not know (counted as true).
	HasSubscribers *bool `json:"has_subscribers" jsonschema:"required,nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	SetHasSubscribersRequestEvidence
}

// StopTaskRequest stops a running task.
//
//protocheck:member ControlRequestBody
type StopTaskRequest struct {
	// Subtype is "stop_task".
	Subtype string `json:"subtype" jsonschema:"required"`
	// TaskID identifies the task.
	TaskID string `json:"task_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	StopTaskRequestEvidence
}

// BackgroundTasksRequest moves foreground tasks (shell commands, subagents)
// to the background, like Ctrl+B in the terminal.
//
//protocheck:member ControlRequestBody
type BackgroundTasksRequest struct {
	// Subtype is "background_tasks".
	Subtype string `json:"subtype" jsonschema:"required"`
	// ToolUseID picks the one task started by this tool_use block; without
	// it every foreground task moves.
	ToolUseID *string `json:"tool_use_id,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	BackgroundTasksRequestEvidence
}

// GetTaskOutputRequest reads the last part of a shell or Monitor task's
// output.
//
//protocheck:member ControlRequestBody
type GetTaskOutputRequest struct {
	// Subtype is "get_task_output".
	Subtype string `json:"subtype" jsonschema:"required"`
	// TaskID identifies the task, as task_started reported it.
	TaskID string `json:"task_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	GetTaskOutputRequestEvidence
}

// ApplyFlagSettingsRequest merges settings into the session's flag-settings
// layer.
//
//protocheck:member ControlRequestBody
type ApplyFlagSettingsRequest struct {
	// Subtype is "apply_flag_settings".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Settings holds the settings to merge, in settings.json form.
	Settings json.RawMessage `json:"settings" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ApplyFlagSettingsRequestEvidence
}

// GetSettingsRequest asks for the effective settings and each source's own.
//
//protocheck:member ControlRequestBody
type GetSettingsRequest struct {
	// Subtype is "get_settings".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	GetSettingsRequestEvidence
}

// GetHooksListingRequest asks for the hooks listing the /hooks menu shows.
//
//protocheck:member ControlRequestBody
type GetHooksListingRequest struct {
	// Subtype is "get_hooks_listing".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	GetHooksListingRequestEvidence
}

// UpdateSettingsRequest writes settings to a settings file through the CLI.
//
//protocheck:member ControlRequestBody
type UpdateSettingsRequest struct {
	// Subtype is "update_settings".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Source names the settings file to write.
	Source string `json:"source" jsonschema:"required,enum=localSettings,enum=userSettings"`
	// Settings holds the keys to write; only a few keys are allowed.
	Settings json.RawMessage `json:"settings" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	UpdateSettingsRequestEvidence
}

// ElicitationRequest asks the SDK to get input from the user for an MCP
// server; the CLI sends it.
//
//protocheck:member ControlRequestBody
type ElicitationRequest struct {
	// Subtype is "elicitation".
	Subtype string `json:"subtype" jsonschema:"required"`
	// MCPServerName names the server that asks.
	MCPServerName string `json:"mcp_server_name" jsonschema:"required"`
	// Message is the server's question.
	Message string `json:"message" jsonschema:"required"`
	// Mode is "form" (fill in requested_schema) or "url" (open url).
	Mode string `json:"mode,omitzero" jsonschema:"enum=form,enum=url"`
	// URL is the page to open in url mode.
	URL string `json:"url,omitzero"`
	// ElicitationID identifies the elicitation.
	ElicitationID string `json:"elicitation_id,omitzero"`
	// RequestedSchema is the JSON Schema of the form in form mode.
	RequestedSchema json.RawMessage `json:"requested_schema,omitzero"`
	// PropertyOrder lists the form's top-level properties in the server's
	// order.
	PropertyOrder []string `json:"property_order,omitzero"`
	// Title is a heading supplied by the server for a permission display.
	Title string `json:"title,omitzero"`
	// DisplayName is a short label for the tool or server.
	DisplayName string `json:"display_name,omitzero"`
	// Description is a subtitle for the display.
	Description string `json:"description,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ElicitationRequestEvidence
}

// RequestUserDialogRequest asks the SDK to show a blocking dialog for a tool
// and return the user's choice; the CLI sends it.
//
//protocheck:member ControlRequestBody
type RequestUserDialogRequest struct {
	// Subtype is "request_user_dialog".
	Subtype string `json:"subtype" jsonschema:"required"`
	// DialogKind names the dialog; the set of kinds is open.
	DialogKind string `json:"dialog_kind" jsonschema:"required"`
	// Payload holds the dialog's data; its shape depends on the kind.
	Payload json.RawMessage `json:"payload" jsonschema:"required"`
	// ToolUseID is the id of the tool_use block that wants the dialog.
	ToolUseID string `json:"tool_use_id,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	RequestUserDialogRequestEvidence
}

// ListPermissionRulesRequest asks for the session's permission rules and
// working directories.
//
//protocheck:member ControlRequestBody
type ListPermissionRulesRequest struct {
	// Subtype is "list_permission_rules".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ListPermissionRulesRequestEvidence
}

// MCPReadResourceRequest reads a ui:// resource from an MCP server the CLI
// is connected to.
//
//protocheck:member ControlRequestBody
type MCPReadResourceRequest struct {
	// Subtype is "mcp_read_resource".
	Subtype string `json:"subtype" jsonschema:"required"`
	// ServerName names the server, as mcp_status reports it.
	ServerName string `json:"serverName" jsonschema:"required"`
	// URI is the resource; it must use the ui:// scheme.
	URI string `json:"uri" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	MCPReadResourceRequestEvidence
}

// SideQuestionRequest asks the model a question on the side of the
// session, without adding it to the conversation. The CLI reports progress
// with system/control_request_progress and answers with a
// SideQuestionResponse. sdk.d.ts does not list it; 2.1.330 answers it.
//
//protocheck:member ControlRequestBody
type SideQuestionRequest struct {
	// Subtype is "side_question".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Question is the question to ask.
	Question *string `json:"question" jsonschema:"nullable,required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	SideQuestionRequestEvidence
}

// MCPServerProvenance names the MCP server behind an mcp__ tool and where its
// definition came from.
type MCPServerProvenance struct {
	// Name is the server's configuration key.
	Name string `json:"name" jsonschema:"required"`
	// Source is where the server was defined, such as "sdk", "plugin",
	// "user" or "project"; the set is open.
	Source string `json:"source" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// PermissionUpdate is one change to the permission settings. Its type picks
// the kind: addRules, replaceRules and removeRules carry rules and behavior;
// setMode carries mode; addDirectories and removeDirectories carry
// directories. All kinds carry destination. The kinds share this one
// struct, so the members a kind needs are optional here.
type PermissionUpdate struct {
	// Type is the kind of change.
	Type PermissionUpdateType `json:"type" jsonschema:"required"`
	// Rules lists the rules to add, replace or remove (rule kinds).
	Rules []PermissionRuleValue `json:"rules,omitzero"`
	// Behavior is what the rules do (rule kinds).
	Behavior PermissionBehavior `json:"behavior,omitzero"`
	// Mode is the permission mode to set (setMode).
	Mode PermissionMode `json:"mode,omitzero"`
	// Directories lists the directories to add or remove (directory kinds).
	Directories []string `json:"directories,omitzero"`
	// Destination says where the change is stored.
	Destination PermissionUpdateDestination `json:"destination" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// PermissionUpdateType is the kind of a PermissionUpdate.
type PermissionUpdateType string

// EnumValues lists the values of PermissionUpdateType.
func (PermissionUpdateType) EnumValues() []string {
	return []string{"addRules", "replaceRules", "removeRules", "setMode", "addDirectories", "removeDirectories"}
}

// PermissionUpdateDestination says where a permission change is stored.
type PermissionUpdateDestination string

// EnumValues lists the values of PermissionUpdateDestination.
func (PermissionUpdateDestination) EnumValues() []string {
	return []string{"userSettings", "projectSettings", "localSettings", "session", "cliArg"}
}

// PermissionBehavior is what a permission rule does to a matching call.
type PermissionBehavior string

// EnumValues lists the values of PermissionBehavior.
func (PermissionBehavior) EnumValues() []string { return []string{"allow", "deny", "ask"} }

// PermissionRuleValue is one permission rule: a tool and, optionally, a
// pattern for its input.
type PermissionRuleValue struct {
	// ToolName names the tool.
	ToolName string `json:"toolName" jsonschema:"required"`
	// RuleContent is the pattern, such as a command prefix.
	RuleContent string `json:"ruleContent,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// HookEvent names an event hooks can be registered for.
type HookEvent string

// EnumValues lists the values of HookEvent.
func (HookEvent) EnumValues() []string {
	return []string{"PreToolUse", "PostToolUse", "PostToolUseFailure", "PostToolBatch", "Notification",
		"UserPromptSubmit", "UserPromptExpansion", "SessionStart", "SessionEnd", "Stop", "StopFailure",
		"SubagentStart", "SubagentStop", "PreCompact", "PostCompact", "PreModelSwitch", "PostModelSwitch",
		"PermissionRequest", "PermissionDenied", "Setup", "TeammateIdle", "TaskCreated", "TaskCompleted",
		"Elicitation", "ElicitationResult", "ConfigChange", "WorktreeCreate", "WorktreeRemove",
		"InstructionsLoaded", "CwdChanged", "FileChanged", "DirectoryAdded", "MessageDisplay"}
}

// HookCallbackMatcher registers SDK hook callbacks for the calls a matcher
// selects.
type HookCallbackMatcher struct {
	// Matcher selects the calls, such as a tool name pattern; absent
	// matches all.
	Matcher string `json:"matcher,omitzero"`
	// HookCallbackIDs are the SDK's ids for its callbacks; hook_callback
	// requests name one of them.
	HookCallbackIDs []string `json:"hookCallbackIds" jsonschema:"required"`
	// Timeout limits each callback, in seconds.
	Timeout int64 `json:"timeout,omitzero"`
	// OnFailure says whether a failed callback lets the action go on
	// ("continue", the default) or blocks it ("block").
	OnFailure string `json:"onFailure,omitzero" jsonschema:"enum=continue,enum=block"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// HookInput is the input of a hook. Its hook_event_name picks the event;
// every event has the members marked required here, and each adds its own,
// which are optional here because the events share this one struct. The
// event or events that send a member are named in parentheses.
type HookInput struct {
	// HookEventName names the event.
	HookEventName HookEvent `json:"hook_event_name" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"session_id" jsonschema:"required"`
	// TranscriptPath is the path of the session's transcript file.
	TranscriptPath string `json:"transcript_path" jsonschema:"required"`
	// CWD is the working directory.
	CWD string `json:"cwd" jsonschema:"required"`
	// PromptID links the events that follow one user prompt; absent before
	// the first prompt.
	PromptID string `json:"prompt_id,omitzero"`
	// PermissionMode is the permission mode in force.
	PermissionMode string `json:"permission_mode,omitzero"`
	// AgentID identifies the subagent the hook fired in; absent on the main
	// thread (required on SubagentStart and SubagentStop).
	AgentID string `json:"agent_id,omitzero"`
	// AgentType is the kind of agent the hook fired in (required on
	// SubagentStart and SubagentStop).
	AgentType string `json:"agent_type,omitzero"`
	// Effort is the reasoning effort of the current turn.
	Effort *HookInputEffort `json:"effort,omitzero"`

	// ToolName names the tool (the tool events, PermissionRequest,
	// PermissionDenied).
	ToolName string `json:"tool_name,omitzero"`
	// ToolInput is the tool's input (as ToolName).
	ToolInput json.RawMessage `json:"tool_input,omitzero"`
	// ToolUseID is the id of the tool_use block (PreToolUse, PostToolUse,
	// PostToolUseFailure, PermissionDenied).
	ToolUseID string `json:"tool_use_id,omitzero"`
	// ToolResponse is the tool's result (PostToolUse).
	ToolResponse json.RawMessage `json:"tool_response,omitzero"`
	// DurationMs is how long the tool ran, in milliseconds (PostToolUse,
	// PostToolUseFailure).
	DurationMs int64 `json:"duration_ms,omitzero"`
	// MCPServer names the MCP server behind an MCP tool (tool events).
	MCPServer *MCPServerProvenance `json:"mcp_server,omitzero"`
	// ToolCalls lists the calls of a finished batch (PostToolBatch).
	ToolCalls []PostToolBatchToolCall `json:"tool_calls,omitzero"`
	// PermissionSuggestions lists changes the host may offer
	// (PermissionRequest).
	PermissionSuggestions []PermissionUpdate `json:"permission_suggestions,omitzero"`
	// Error describes the failure (PostToolUseFailure; StopFailure, where
	// it is an AssistantMessageError value).
	Error string `json:"error,omitzero"`
	// ErrorDetails gives more detail on the failure (StopFailure).
	ErrorDetails string `json:"error_details,omitzero"`
	// IsInterrupt is true when an interrupt made the tool fail
	// (PostToolUseFailure).
	IsInterrupt bool `json:"is_interrupt,omitzero"`
	// Reason says why (PermissionDenied; SessionEnd, where it is clear,
	// resume, logout, prompt_input_exit or other).
	Reason string `json:"reason,omitzero"`

	// Message is the text shown (Notification, Elicitation).
	Message string `json:"message,omitzero"`
	// Title is the notification's title (Notification).
	Title string `json:"title,omitzero"`
	// NotificationType classifies the notification (Notification).
	NotificationType string `json:"notification_type,omitzero"`
	// Prompt is the user's prompt (UserPromptSubmit, UserPromptExpansion).
	Prompt string `json:"prompt,omitzero"`
	// Source says what started the event; its values depend on the event
	// (UserPromptSubmit, SessionStart, PreModelSwitch, PostModelSwitch,
	// ConfigChange, DirectoryAdded).
	Source string `json:"source,omitzero"`
	// SessionTitle is the session's title (UserPromptSubmit, SessionStart).
	SessionTitle string `json:"session_title,omitzero"`
	// ExpansionType says what expanded the prompt (UserPromptExpansion).
	ExpansionType string `json:"expansion_type,omitzero" jsonschema:"enum=slash_command,enum=mcp_prompt"`
	// CommandName names the command expanded (UserPromptExpansion).
	CommandName string `json:"command_name,omitzero"`
	// CommandArgs are the command's arguments (UserPromptExpansion).
	CommandArgs string `json:"command_args,omitzero"`
	// CommandSource says where the command is defined (UserPromptExpansion).
	CommandSource string `json:"command_source,omitzero"`

	// Model names the session's model (SessionStart).
	Model string `json:"model,omitzero"`
	// SecondsSinceLastResponse is the time since the resumed transcript's
	// last response, in seconds (SessionStart).
	SecondsSinceLastResponse int64 `json:"seconds_since_last_response,omitzero"`
	// ContextTokens counts the tokens the next request sends again
	// (SessionStart, PreModelSwitch, PostModelSwitch).
	ContextTokens int64 `json:"context_tokens,omitzero"`
	// PromptCacheLikelyExpired is true when the resumed prompt cache has
	// probably expired (SessionStart).
	PromptCacheLikelyExpired bool `json:"prompt_cache_likely_expired,omitzero"`
	// EstimatedCacheWriteUSD estimates the cost of caching the context
	// again, in US dollars (SessionStart, PreModelSwitch, PostModelSwitch).
	EstimatedCacheWriteUSD float64 `json:"estimated_cache_write_usd,omitzero"`
	// FromModel is the model switched from (PreModelSwitch,
	// PostModelSwitch).
	FromModel string `json:"from_model,omitzero"`
	// ToModel is the model switched to (PreModelSwitch, PostModelSwitch).
	ToModel string `json:"to_model,omitzero"`
	// RequestedModel is the model asked for, or null (PreModelSwitch,
	// PostModelSwitch).
	RequestedModel *string `json:"requested_model,omitzero" jsonschema:"nullable"`
	// PromptCacheWarm is true when the prompt cache is warm
	// (PreModelSwitch, PostModelSwitch).
	PromptCacheWarm bool `json:"prompt_cache_warm,omitzero"`
	// CacheTTL is the lifetime of the prompt cache (PreModelSwitch,
	// PostModelSwitch).
	CacheTTL string `json:"cache_ttl,omitzero" jsonschema:"enum=5m,enum=1h"`
	// Pricing says where the price estimate came from (PreModelSwitch,
	// PostModelSwitch).
	Pricing string `json:"pricing,omitzero" jsonschema:"enum=configured,enum=catalog,enum=default"`

	// StopHookActive is true when a stop hook already made the turn go on
	// (Stop, SubagentStop).
	StopHookActive bool `json:"stop_hook_active,omitzero"`
	// LastAssistantMessage is the text of the last assistant message (Stop,
	// StopFailure, SubagentStop).
	LastAssistantMessage string `json:"last_assistant_message,omitzero"`
	// BackgroundTasks lists the background work still in flight (Stop,
	// SubagentStop).
	BackgroundTasks []BackgroundTaskSummary `json:"background_tasks,omitzero"`
	// SessionCrons lists the scheduled wake-ups of the session (Stop,
	// SubagentStop).
	SessionCrons []SessionCronSummary `json:"session_crons,omitzero"`
	// AgentTranscriptPath is the subagent's transcript file (SubagentStop).
	AgentTranscriptPath string `json:"agent_transcript_path,omitzero"`
	// Trigger says what started the event (PreCompact, PostCompact: manual
	// or auto; Setup: init or maintenance).
	Trigger string `json:"trigger,omitzero"`
	// CustomInstructions are the user's compaction instructions, or null
	// (PreCompact).
	CustomInstructions *string `json:"custom_instructions,omitzero" jsonschema:"nullable"`
	// CompactSummary is the summary compaction wrote (PostCompact).
	CompactSummary string `json:"compact_summary,omitzero"`

	// TeammateName names the teammate (TeammateIdle, TaskCreated,
	// TaskCompleted).
	TeammateName string `json:"teammate_name,omitzero"`
	// TeamName names the team (as TeammateName).
	TeamName string `json:"team_name,omitzero"`
	// TaskID identifies the task (TaskCreated, TaskCompleted).
	TaskID string `json:"task_id,omitzero"`
	// TaskSubject is the task's subject (TaskCreated, TaskCompleted).
	TaskSubject string `json:"task_subject,omitzero"`
	// TaskDescription describes the task (TaskCreated, TaskCompleted).
	TaskDescription string `json:"task_description,omitzero"`

	// MCPServerName names the MCP server that asks (Elicitation,
	// ElicitationResult).
	MCPServerName string `json:"mcp_server_name,omitzero"`
	// Mode is the elicitation's mode (Elicitation, ElicitationResult).
	Mode string `json:"mode,omitzero" jsonschema:"enum=form,enum=url"`
	// URL is the page to open in url mode (Elicitation).
	URL string `json:"url,omitzero"`
	// ElicitationID identifies the elicitation (Elicitation,
	// ElicitationResult).
	ElicitationID string `json:"elicitation_id,omitzero"`
	// RequestedSchema is the form's JSON Schema (Elicitation).
	RequestedSchema json.RawMessage `json:"requested_schema,omitzero"`
	// Action is the user's answer (ElicitationResult).
	Action string `json:"action,omitzero" jsonschema:"enum=accept,enum=decline,enum=cancel"`
	// Content holds the form's values (ElicitationResult).
	Content json.RawMessage `json:"content,omitzero"`

	// FilePath is the file concerned (ConfigChange, InstructionsLoaded,
	// FileChanged).
	FilePath string `json:"file_path,omitzero"`
	// MemoryType is the kind of instructions file (InstructionsLoaded).
	MemoryType string `json:"memory_type,omitzero" jsonschema:"enum=User,enum=Project,enum=Local,enum=Managed"`
	// LoadReason says why the file was loaded (InstructionsLoaded).
	LoadReason string `json:"load_reason,omitzero" jsonschema:"enum=session_start,enum=nested_traversal,enum=path_glob_match,enum=include,enum=compact"`
	// Globs are the path patterns of the file (InstructionsLoaded).
	Globs []string `json:"globs,omitzero"`
	// TriggerFilePath is the file whose access loaded it
	// (InstructionsLoaded).
	TriggerFilePath string `json:"trigger_file_path,omitzero"`
	// ParentFilePath is the file that included it (InstructionsLoaded).
	ParentFilePath string `json:"parent_file_path,omitzero"`
	// Name names the worktree to create (WorktreeCreate).
	Name string `json:"name,omitzero"`
	// WorktreePath is the worktree to remove (WorktreeRemove).
	WorktreePath string `json:"worktree_path,omitzero"`
	// OldCWD is the previous working directory (CwdChanged).
	OldCWD string `json:"old_cwd,omitzero"`
	// NewCWD is the new working directory (CwdChanged).
	NewCWD string `json:"new_cwd,omitzero"`
	// Event says how the file changed (FileChanged).
	Event string `json:"event,omitzero" jsonschema:"enum=change,enum=add,enum=unlink"`
	// Directory is the directory added (DirectoryAdded).
	Directory string `json:"directory,omitzero"`

	// TurnID identifies the turn (MessageDisplay).
	TurnID string `json:"turn_id,omitzero"`
	// MessageID identifies the message (MessageDisplay).
	MessageID string `json:"message_id,omitzero"`
	// Index numbers the delta within the message from 0 (MessageDisplay).
	Index int64 `json:"index,omitzero"`
	// Final is true on the message's last delta (MessageDisplay).
	Final bool `json:"final,omitzero"`
	// Delta is the text about to be shown (MessageDisplay).
	Delta string `json:"delta,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// PostToolBatchToolCall is one tool call of a finished batch.
type PostToolBatchToolCall struct {
	// ToolName names the tool.
	ToolName string `json:"tool_name" jsonschema:"required"`
	// ToolInput is the tool's input.
	ToolInput json.RawMessage `json:"tool_input" jsonschema:"required"`
	// ToolUseID is the id of the tool_use block.
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// ToolResponse is the tool's result.
	ToolResponse json.RawMessage `json:"tool_response,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// BackgroundTaskSummary is one piece of background work still in flight when
// a stop hook fires.
type BackgroundTaskSummary struct {
	// ID identifies the task.
	ID string `json:"id" jsonschema:"required"`
	// Type labels the kind of task, such as "shell" or "subagent".
	Type string `json:"type" jsonschema:"required"`
	// Status is the task's status.
	Status string `json:"status" jsonschema:"required"`
	// Description describes the task; long values are clipped.
	Description string `json:"description" jsonschema:"required"`
	// Command is the shell command (shell tasks).
	Command string `json:"command,omitzero"`
	// AgentType is the subagent's type (subagent tasks).
	AgentType string `json:"agent_type,omitzero"`
	// Server names the MCP server (monitor and MCP tasks).
	Server string `json:"server,omitzero"`
	// Tool names the MCP tool (monitor and MCP tasks).
	Tool string `json:"tool,omitzero"`
	// Name names the workflow (workflow tasks).
	Name string `json:"name,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// SessionCronSummary is one scheduled wake-up of a session.
type SessionCronSummary struct {
	// ID identifies the schedule.
	ID string `json:"id" jsonschema:"required"`
	// Schedule is the cron expression.
	Schedule string `json:"schedule" jsonschema:"required"`
	// Recurring is false for a one-shot wake-up.
	Recurring bool `json:"recurring" jsonschema:"required"`
	// Prompt is the prompt sent when it fires; long values are clipped.
	Prompt string `json:"prompt" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// HookInputEffort is the reasoning effort of the turn a hook fired in.
type HookInputEffort struct {
	// Level is the effort level, such as "low" or "high".
	Level string `json:"level" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// SDKMCPServerSettings holds the settings of an MCP server the SDK hosts.
type SDKMCPServerSettings struct {
	// Timeout limits each tool call, in milliseconds.
	Timeout int64 `json:"timeout,omitzero"`
	// Tools sets a permission policy per tool.
	Tools []MCPServerToolPolicy `json:"tools,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// SDKMCPServerManifest holds an in-process MCP server's handshake results,
// exactly as the server produced them.
type SDKMCPServerManifest struct {
	// InitializeResult is the server's JSON-RPC initialize result.
	InitializeResult json.RawMessage `json:"initializeResult" jsonschema:"required"`
	// ToolsListResult is the server's JSON-RPC tools/list result.
	ToolsListResult json.RawMessage `json:"toolsListResult,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MCPServerToolPolicy is the permission policy of one MCP tool.
type MCPServerToolPolicy struct {
	// Name names the tool.
	Name string `json:"name" jsonschema:"required"`
	// PermissionPolicy says whether calls are allowed, asked about or
	// denied.
	PermissionPolicy string `json:"permission_policy,omitzero" jsonschema:"enum=always_allow,enum=always_ask,enum=always_deny"`
	// OrgMaxPermission is the most the organisation allows for the tool.
	OrgMaxPermission string `json:"org_max_permission,omitzero" jsonschema:"enum=allow,enum=ask,enum=blocked"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MCPServerConfig configures one MCP server. Its type picks the kind: stdio
// (the default when type is absent) runs command; sse and http connect to
// url; sdk names a server the SDK hosts. The kinds share this one struct,
// so the members a kind needs are optional here.
type MCPServerConfig struct {
	// Type is the kind of server; absent means stdio.
	Type string `json:"type,omitzero" jsonschema:"enum=stdio,enum=sse,enum=http,enum=sdk"`
	// Command is the program to run (stdio).
	Command string `json:"command,omitzero"`
	// Args are the program's arguments (stdio).
	Args []string `json:"args,omitzero"`
	// Env adds environment variables for the program (stdio).
	Env map[string]string `json:"env,omitzero"`
	// URL is the server's address (sse, http).
	URL string `json:"url,omitzero"`
	// Headers are HTTP headers to send (sse, http).
	Headers map[string]string `json:"headers,omitzero"`
	// Name names the in-process server (sdk).
	Name string `json:"name,omitzero"`
	// Tools sets a permission policy per tool (sse, http, sdk).
	Tools []MCPServerToolPolicy `json:"tools,omitzero"`
	// Timeout limits each tool call, in milliseconds.
	Timeout int64 `json:"timeout,omitzero"`
	// AlwaysLoad keeps the server's tools in the prompt instead of behind
	// tool search (true) or always defers them (false).
	AlwaysLoad *bool `json:"alwaysLoad,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// SDKPluginConfig names a plugin to load.
type SDKPluginConfig struct {
	// Type is the kind of plugin source; only "local" exists.
	Type string `json:"type" jsonschema:"required,enum=local"`
	// Path is the plugin's directory.
	Path string `json:"path" jsonschema:"required"`
	// SkipMCPDiscovery loads the plugin without its MCP servers.
	SkipMCPDiscovery bool `json:"skipMcpDiscovery,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// AgentDefinition defines a custom subagent.
type AgentDefinition struct {
	// Description says when to use the agent.
	Description string `json:"description" jsonschema:"required"`
	// Tools lists the tools the agent may use; absent means all.
	Tools []string `json:"tools,omitzero" jsonschema:"nullable"`
	// DisallowedTools lists tools the agent must not use.
	DisallowedTools []string `json:"disallowedTools,omitzero"`
	// Prompt is the agent's system prompt.
	Prompt string `json:"prompt" jsonschema:"required"`
	// Model is a model alias or id, or "inherit".
	Model *string `json:"model,omitzero" jsonschema:"nullable"`
	// MCPServers lists the agent's MCP servers, each a name or an object
	// of configurations by name.
	MCPServers json.RawMessage `json:"mcpServers,omitzero"`
	// CriticalSystemReminderExperimental is added to the system prompt.
	CriticalSystemReminderExperimental string `json:"criticalSystemReminder_EXPERIMENTAL,omitzero"`
	// Skills lists skills to preload.
	Skills []string `json:"skills,omitzero"`
	// InitialPrompt is sent as the first user turn when the agent is the
	// main agent.
	InitialPrompt string `json:"initialPrompt,omitzero"`
	// MaxTurns limits the agent's model turns.
	MaxTurns int64 `json:"maxTurns,omitzero"`
	// AutoCompactWindow is the token count at which the agent compacts.
	AutoCompactWindow int64 `json:"autoCompactWindow,omitzero"`
	// Background runs the agent as a background task.
	Background bool `json:"background,omitzero"`
	// OmitClaudeMD runs the agent without the CLAUDE.md files.
	OmitClaudeMD bool `json:"omitClaudeMd,omitzero"`
	// Memory is the scope of the agent's memory files.
	Memory string `json:"memory,omitzero" jsonschema:"enum=user,enum=project,enum=local"`
	// Effort is a named effort level or a number.
	Effort json.RawMessage `json:"effort,omitzero"`
	// PermissionMode is the agent's permission mode.
	PermissionMode PermissionMode `json:"permissionMode,omitzero"`
	// Observer names agents that watch this one.
	Observer string `json:"observer,omitzero"`
	// ObserverMessage is added to each digest sent to an observer.
	ObserverMessage string `json:"observerMessage,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}
