package spec02

// This file holds the configuration types of seed 000 §7 that control
// messages carry: permission modes, permission answers and rule updates, and
// MCP server configurations.

// PermissionMode says how tool calls are authorised. The seed declares 6
// values, among them delegate and not auto; its reader does not check them.
type PermissionMode string

// EnumValues lists the 6 values the seed declares.
func (PermissionMode) EnumValues() []string {
	return []string{"default", "acceptEdits", "bypassPermissions", "plan", "delegate", "dontAsk"}
}

// PermissionResult is the answer of a permission callback; the seed's
// transport sends it as the result of a ControlSuccessResponse to a
// can_use_tool request.
type PermissionResult struct {
	// Behavior is "allow", "deny" or "ask" (a comment in the seed; typed
	// string).
	Behavior string `json:"behavior" jsonschema:"required"`
	// UpdatedInput replaces the tool's input; dropped when nil.
	UpdatedInput map[string]any `json:"updatedInput,omitempty"`
	// Message says why, on deny; dropped when empty.
	Message string `json:"message,omitempty"`
	// Permissions lists rule changes to apply; dropped when nil.
	Permissions []PermissionUpdate `json:"updatedPermissions,omitempty"`
}

// PermissionUpdate is one change to the permission rules.
type PermissionUpdate struct {
	// Type is addRules, replaceRules, removeRules, setMode, addDirectories or
	// removeDirectories (a comment in the seed; typed string).
	Type string `json:"type" jsonschema:"required"`
	// Destination is userSettings, projectSettings, localSettings, session or
	// cliArg (a comment in the seed).
	Destination string `json:"destination" jsonschema:"required"`
	// Rule is the one rule the change is about: singular in the seed.
	Rule *PermissionRuleValue `json:"rule,omitempty"`
	// Mode is the new mode, for setMode.
	Mode *PermissionMode `json:"mode,omitempty"`
	// Directories lists the directories, for addDirectories and
	// removeDirectories.
	Directories []string `json:"directories,omitempty"`
}

// PermissionRuleValue is one permission rule, with snake_case member names.
type PermissionRuleValue struct {
	// ToolName names the tool the rule is about.
	ToolName string `json:"tool_name" jsonschema:"required"`
	// RuleContent is the rule's pattern; written even when empty.
	RuleContent string `json:"rule_content" jsonschema:"required"`
}

// McpServerConfig configures one MCP server: one flat struct for every
// transport, selected by Type.
type McpServerConfig struct {
	// Type is stdio, sse, http, sdk or claudeai-proxy (a comment in the
	// seed).
	Type string `json:"type" jsonschema:"required"`
	// Command is the program to run (stdio).
	Command string `json:"command,omitempty"`
	// Args are its arguments (stdio).
	Args []string `json:"args,omitempty"`
	// Env adds environment variables (stdio).
	Env map[string]string `json:"env,omitempty"`
	// URL is the server's address (sse, http).
	URL string `json:"url,omitempty"`
	// Headers are sent with each request (sse, http).
	Headers map[string]string `json:"headers,omitempty"`
	// Name names an in-process server (sdk).
	Name string `json:"name,omitempty"`
	// ID identifies a proxied server (claudeai-proxy).
	ID string `json:"id,omitempty"`
}
