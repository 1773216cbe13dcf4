package protocol

import "encoding/json"

// This file holds the success payloads of the most used control requests:
// the value of response.response in the control_response that answers them.
// A control_response does not say which request it answers, so
// ControlSuccess.Response stays raw JSON; a check that has matched a response
// to its request by request_id decodes the payload with NewResponsePayload.
// These types are not variants.

// NewResponsePayload returns a pointer to a new zero value of the Go type of
// the success payload that answers a control request of the given subtype,
// or nil when the package does not model that payload.
func NewResponsePayload(subtype string) any {
	switch subtype {
	case "can_use_tool":
		return new(PermissionResult)
	case "hook_callback":
		return new(HookJSONOutput)
	case "initialize":
		return new(InitializeResponse)
	case "interrupt":
		return new(InterruptResponse)
	case "mcp_message":
		return new(MCPMessageResponse)
	case "side_question":
		return new(SideQuestionResponse)
	}
	return nil
}

// SideQuestionResponse answers a side_question request.
type SideQuestionResponse struct {
	// Response is the model's answer.
	Response string `json:"response" jsonschema:"required"`
	// Synthetic is set when the CLI wrote the answer itself rather than
	// the model.
	Synthetic bool `json:"synthetic,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// PermissionResult answers a can_use_tool request: the SDK allows the call,
// perhaps with changed input, or denies it with a message. Both behaviors
// share this one struct; a deny must carry message.
type PermissionResult struct {
	// Behavior is "allow" or "deny".
	Behavior string `json:"behavior" jsonschema:"required,enum=allow,enum=deny"`
	// UpdatedInput replaces the tool's input (allow).
	UpdatedInput json.RawMessage `json:"updatedInput,omitzero"`
	// UpdatedPermissions lists permission changes to apply (allow).
	UpdatedPermissions []PermissionUpdate `json:"updatedPermissions,omitzero"`
	// Message tells the model why the call was denied (deny).
	Message string `json:"message,omitzero"`
	// Interrupt also stops the turn (deny).
	Interrupt bool `json:"interrupt,omitzero"`
	// ToolUseID is the id of the tool_use block the answer is for.
	ToolUseID string `json:"toolUseID,omitzero"`
	// DecisionClassification says how the user decided, for telemetry.
	DecisionClassification string `json:"decisionClassification,omitzero" jsonschema:"nullable,enum=user_temporary,enum=user_permanent,enum=user_reject"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// HookJSONOutput answers a hook_callback request with the hook's output.
// With async true the hook goes on running in the background and the other
// members are absent.
type HookJSONOutput struct {
	// Async says the hook runs on in the background.
	Async bool `json:"async,omitzero"`
	// AsyncTimeout limits how long the background hook may run.
	AsyncTimeout int64 `json:"asyncTimeout,omitzero"`
	// Continue, when false, stops the session after the hook.
	Continue *bool `json:"continue,omitzero"`
	// SuppressOutput hides the hook's output from the transcript.
	SuppressOutput bool `json:"suppressOutput,omitzero"`
	// StopReason is shown when Continue is false.
	StopReason string `json:"stopReason,omitzero"`
	// Decision approves or blocks the action the event guards.
	Decision string `json:"decision,omitzero" jsonschema:"nullable,enum=approve,enum=block"`
	// SystemMessage is a message shown to the user.
	SystemMessage string `json:"systemMessage,omitzero"`
	// TerminalSequence is a notification or title escape sequence for the
	// CLI to print.
	TerminalSequence string `json:"terminalSequence,omitzero"`
	// Reason explains the decision.
	Reason string `json:"reason,omitzero"`
	// HookSpecificOutput holds output only some events understand.
	HookSpecificOutput *HookSpecificOutput `json:"hookSpecificOutput,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// HookSpecificOutput is the part of a hook's output that depends on its
// event, named by hookEventName. The events share this one struct, so each
// member is optional; the events that read a member are named in
// parentheses.
type HookSpecificOutput struct {
	// HookEventName names the event the output is for.
	HookEventName HookEvent `json:"hookEventName" jsonschema:"required"`
	// PermissionDecision decides the call or switch (PreToolUse: allow,
	// deny, ask or defer; PreModelSwitch: allow, deny or ask).
	PermissionDecision string `json:"permissionDecision,omitzero" jsonschema:"enum=allow,enum=deny,enum=ask,enum=defer"`
	// PermissionDecisionReason explains the decision (PreToolUse,
	// PreModelSwitch).
	PermissionDecisionReason string `json:"permissionDecisionReason,omitzero"`
	// UpdatedInput replaces the tool's input (PreToolUse).
	UpdatedInput json.RawMessage `json:"updatedInput,omitzero"`
	// AdditionalContext is added to the model's context (most events).
	AdditionalContext string `json:"additionalContext,omitzero"`
	// ClassifierContext is context for the auto-mode classifier
	// (PostToolUse).
	ClassifierContext string `json:"classifierContext,omitzero"`
	// UpdatedToolOutput replaces the tool's output (PostToolUse).
	UpdatedToolOutput json.RawMessage `json:"updatedToolOutput,omitzero"`
	// UpdatedMCPToolOutput replaces an MCP tool's output (PostToolUse).
	UpdatedMCPToolOutput json.RawMessage `json:"updatedMCPToolOutput,omitzero"`
	// SessionTitle sets the session's title (UserPromptSubmit,
	// SessionStart).
	SessionTitle string `json:"sessionTitle,omitzero"`
	// SuppressOriginalPrompt leaves the prompt out of a block message
	// (UserPromptSubmit, UserPromptExpansion).
	SuppressOriginalPrompt bool `json:"suppressOriginalPrompt,omitzero"`
	// InitialUserMessage is sent as the first user message (SessionStart).
	InitialUserMessage string `json:"initialUserMessage,omitzero"`
	// WatchPaths lists paths whose changes fire FileChanged (SessionStart,
	// CwdChanged, FileChanged).
	WatchPaths []string `json:"watchPaths,omitzero"`
	// ReloadSkills reloads the skills (SessionStart).
	ReloadSkills bool `json:"reloadSkills,omitzero"`
	// Decision answers the permission request (PermissionRequest).
	Decision *PermissionResult `json:"decision,omitzero"`
	// Retry lets the model try the denied call again (PermissionDenied).
	Retry bool `json:"retry,omitzero"`
	// Action answers the elicitation (Elicitation, ElicitationResult).
	Action string `json:"action,omitzero" jsonschema:"enum=accept,enum=decline,enum=cancel"`
	// Content holds the form's values (Elicitation, ElicitationResult).
	Content json.RawMessage `json:"content,omitzero"`
	// WorktreePath is the absolute path of the worktree created
	// (WorktreeCreate, where it is required).
	WorktreePath string `json:"worktreePath,omitzero"`
	// DisplayContent is shown in place of the delta (MessageDisplay).
	DisplayContent string `json:"displayContent,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// InitializeResponse answers an initialize request with what the session
// offers.
type InitializeResponse struct {
	// Commands lists the slash commands and skills available.
	Commands []SlashCommand `json:"commands" jsonschema:"required"`
	// Agents lists the subagents available.
	Agents []AgentInfo `json:"agents" jsonschema:"required"`
	// OutputStyle names the output style in use.
	OutputStyle string `json:"output_style" jsonschema:"required"`
	// AvailableOutputStyles names the output styles there are.
	AvailableOutputStyles []string `json:"available_output_styles" jsonschema:"required"`
	// Models lists the models the session may use.
	Models []ModelInfo `json:"models" jsonschema:"required"`
	// Account describes the logged-in account.
	Account AccountInfo `json:"account" jsonschema:"required"`
	// HooksApplied says whether the request's hooks were registered; absent
	// when it carried none.
	HooksApplied *bool `json:"hooks_applied,omitzero"`
	// HookOnFailureSupported is true when the CLI honours onFailure on hook
	// matchers.
	HookOnFailureSupported bool `json:"hook_on_failure_supported,omitzero"`
	// PluginsApplied says whether the listed plugins are loaded; absent when
	// the request listed none.
	PluginsApplied *bool `json:"plugins_applied,omitzero"`
	// MCPServersApplied says whether the request's mcpServers are the set
	// read at launch; absent when it named none.
	MCPServersApplied *bool `json:"mcp_servers_applied,omitzero"`
	// SDKMCPManifestsParked says what became of each entry of
	// sdkMcpServerManifests, by server name.
	SDKMCPManifestsParked map[string]ManifestDisposition `json:"sdk_mcp_manifests_parked,omitzero"`
	// ClaudeCodeVersion is the version of the CLI that runs the session.
	ClaudeCodeVersion string `json:"claude_code_version,omitzero"`
	// FastModeState is the fast mode's state.
	FastModeState FastModeState `json:"fast_mode_state,omitzero"`
	// FastModeDisabledReason says why fast mode is off.
	FastModeDisabledReason FastModeDisabledReason `json:"fast_mode_disabled_reason,omitzero"`
	// PID is the CLI's process id. CLI 2.1.330 sends it; sdk.d.ts does not
	// declare it.
	PID int64 `json:"pid,omitzero"`
	// CurrentPermissionMode is the permission mode in force. CLI 2.1.330
	// sends it; sdk.d.ts does not declare it.
	CurrentPermissionMode PermissionMode `json:"current_permission_mode,omitzero"`
	// SessionState is the session's state. CLI 2.1.330 sends it; sdk.d.ts
	// does not declare it.
	SessionState string `json:"session_state,omitzero" jsonschema:"enum=idle,enum=running,enum=requires_action"`
	// Capabilities lists protocol features the CLI supports, as on
	// system/init. CLI 2.1.330 sends it; sdk.d.ts does not declare it.
	Capabilities []string `json:"capabilities,omitzero"`
	// UserOutputStylesDir is the directory of the user's output styles.
	// CLI 2.1.330 sends it; sdk.d.ts does not declare it.
	UserOutputStylesDir string `json:"user_output_styles_dir,omitzero"`
	// HooksWhenUnansweredKept counts hooks kept when unanswered. CLI 2.1.330
	// sends it; sdk.d.ts does not declare it.
	HooksWhenUnansweredKept int64 `json:"hooks_when_unanswered_kept,omitzero"`
	// OtherHookAskOutranksHost says whether another hook's ask outranks the
	// host's answer. CLI 2.1.330 sends it; sdk.d.ts does not declare it.
	OtherHookAskOutranksHost bool `json:"other_hook_ask_outranks_host,omitzero"`
	// FeedbackMode describes how feedback is collected, as an object with a
	// kind. CLI 2.1.330 sends it; sdk.d.ts does not declare it.
	FeedbackMode json.RawMessage `json:"feedback_mode,omitzero"`
	// AnalyticsDisabled is true when analytics are off. CLI 2.1.330 sends
	// it; sdk.d.ts does not declare it.
	AnalyticsDisabled bool `json:"analytics_disabled,omitzero"`
	// RemoteControlAutoEnable is a Remote Control setting. CLI 2.1.330
	// sends it; sdk.d.ts does not declare it.
	RemoteControlAutoEnable bool `json:"remote_control_auto_enable,omitzero"`
	// RemoteControlAutoConnectDefault is a Remote Control setting. CLI
	// 2.1.330 sends it; sdk.d.ts does not declare it.
	RemoteControlAutoConnectDefault bool `json:"remote_control_auto_connect_default,omitzero"`
	// RemoteControlAvailable says whether Remote Control is available. CLI
	// 2.1.330 sends it; sdk.d.ts does not declare it.
	RemoteControlAvailable bool `json:"remote_control_available,omitzero"`
	// RemoteControlAutoOnByDefault is a Remote Control setting. CLI 2.1.330
	// sends it; sdk.d.ts does not declare it.
	RemoteControlAutoOnByDefault bool `json:"remote_control_auto_on_by_default,omitzero"`
	// IDERCAutoEnableGate is an IDE Remote Control gate. CLI 2.1.330 sends
	// it; sdk.d.ts does not declare it.
	IDERCAutoEnableGate bool `json:"ide_rc_auto_enable_gate,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ManifestDisposition says what became of one SDK MCP server manifest sent
// with initialize.
type ManifestDisposition string

// EnumValues lists the values of ManifestDisposition.
func (ManifestDisposition) EnumValues() []string {
	return []string{"parked", "already_connected", "protocol_version_mismatch", "malformed", "not_honoured"}
}

// SlashCommand is one slash command or skill.
type SlashCommand struct {
	// Name is the command's name, without the slash.
	Name string `json:"name" jsonschema:"required"`
	// Description says what the command does.
	Description string `json:"description" jsonschema:"required"`
	// ArgumentHint hints at the command's arguments; it may be empty.
	ArgumentHint string `json:"argumentHint" jsonschema:"required"`
	// Aliases lists other names of the command.
	Aliases []string `json:"aliases,omitzero"`
	// Builtin is true for the CLI's own commands.
	Builtin bool `json:"builtin,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// AgentInfo is one subagent kind the session can start.
type AgentInfo struct {
	// Name is the agent's type name.
	Name string `json:"name" jsonschema:"required"`
	// Description says when to use the agent.
	Description string `json:"description" jsonschema:"required"`
	// Model is the agent's model alias or id, or "inherit".
	Model string `json:"model,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ModelInfo is one model the session may use.
type ModelInfo struct {
	// Value is the model id or alias to ask for.
	Value string `json:"value" jsonschema:"required"`
	// ResolvedModel is the model id the value stands for.
	ResolvedModel string `json:"resolvedModel,omitzero"`
	// DisplayName is the name to show.
	DisplayName string `json:"displayName" jsonschema:"required"`
	// Description describes the model.
	Description string `json:"description" jsonschema:"required"`
	// SupportsEffort is true when the model takes an effort level.
	SupportsEffort bool `json:"supportsEffort,omitzero"`
	// SupportedEffortLevels lists the effort levels the model takes.
	SupportedEffortLevels []string `json:"supportedEffortLevels,omitzero"`
	// SupportsAdaptiveThinking is true when the model decides how much to
	// think.
	SupportsAdaptiveThinking bool `json:"supportsAdaptiveThinking,omitzero"`
	// SupportsFastMode is true when the model has a fast mode.
	SupportsFastMode bool `json:"supportsFastMode,omitzero"`
	// SupportsAutoMode is true when the model can run in auto mode.
	SupportsAutoMode bool `json:"supportsAutoMode,omitzero"`
	// SupportsThinkingOff is true when thinking can be turned off. CLI
	// 2.1.330 sends it; sdk.d.ts does not declare it.
	SupportsThinkingOff bool `json:"supportsThinkingOff,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// AccountInfo describes the logged-in account; for providers other than
// Anthropic's own API only apiProvider is set.
type AccountInfo struct {
	// Email is the account's email address.
	Email string `json:"email,omitzero"`
	// Organization names the account's organisation.
	Organization string `json:"organization,omitzero"`
	// SubscriptionType names the subscription.
	SubscriptionType string `json:"subscriptionType,omitzero"`
	// TokenSource says where the auth token came from.
	TokenSource string `json:"tokenSource,omitzero"`
	// APIKeySource says where the API key came from.
	APIKeySource string `json:"apiKeySource,omitzero"`
	// APIProvider names the API backend in use.
	APIProvider string `json:"apiProvider,omitzero" jsonschema:"enum=firstParty,enum=bedrock,enum=vertex,enum=foundry,enum=anthropicAws,enum=anthropicGoogleCloud,enum=mantle,enum=gateway"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// InterruptResponse answers an interrupt request with the queued prompts it
// left alone or cancelled.
type InterruptResponse struct {
	// StillQueued lists the uuids of queued user messages that will still
	// run.
	StillQueued []string `json:"still_queued" jsonschema:"required"`
	// Cancelled lists the uuids of queued user messages the interrupt
	// cancelled; present when the request set cancel_queued.
	Cancelled []string `json:"cancelled,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MCPMessageResponse answers an mcp_message request the CLI sent with the
// in-process server's JSON-RPC reply.
type MCPMessageResponse struct {
	// MCPResponse is the server's JSON-RPC 2.0 message.
	MCPResponse json.RawMessage `json:"mcp_response" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}
