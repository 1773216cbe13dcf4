package protocol

// This file holds the bodies of control requests, one type per request.subtype.

// InitializeRequest is the body of a initialize control request.
//
//protocheck:member ControlRequestBody
type InitializeRequest struct {
	// Subtype is "initialize".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// SetPermissionModeRequest is the body of a set_permission_mode control request.
//
//protocheck:member ControlRequestBody
type SetPermissionModeRequest struct {
	// Subtype is "set_permission_mode".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// SetModelRequest is the body of a set_model control request.
//
//protocheck:member ControlRequestBody
type SetModelRequest struct {
	// Subtype is "set_model".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// SetMaxThinkingTokensRequest is the body of a set_max_thinking_tokens control request.
//
//protocheck:member ControlRequestBody
type SetMaxThinkingTokensRequest struct {
	// Subtype is "set_max_thinking_tokens".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// RenameSessionRequest is the body of a rename_session control request.
//
//protocheck:member ControlRequestBody
type RenameSessionRequest struct {
	// Subtype is "rename_session".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// SetColorRequest is the body of a set_color control request.
//
//protocheck:member ControlRequestBody
type SetColorRequest struct {
	// Subtype is "set_color".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MCPStatusRequest is the body of a mcp_status control request.
//
//protocheck:member ControlRequestBody
type MCPStatusRequest struct {
	// Subtype is "mcp_status".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// GetContextUsageRequest is the body of a get_context_usage control request.
//
//protocheck:member ControlRequestBody
type GetContextUsageRequest struct {
	// Subtype is "get_context_usage".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// GetSessionCostRequest is the body of a get_session_cost control request.
//
//protocheck:member ControlRequestBody
type GetSessionCostRequest struct {
	// Subtype is "get_session_cost".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ListModelsRequest is the body of a list_models control request.
//
//protocheck:member ControlRequestBody
type ListModelsRequest struct {
	// Subtype is "list_models".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// GetUsageRequest is the body of a get_usage control request.
//
//protocheck:member ControlRequestBody
type GetUsageRequest struct {
	// Subtype is "get_usage".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// GetBinaryVersionRequest is the body of a get_binary_version control request.
//
//protocheck:member ControlRequestBody
type GetBinaryVersionRequest struct {
	// Subtype is "get_binary_version".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MCPCallRequest is the body of a mcp_call control request.
//
//protocheck:member ControlRequestBody
type MCPCallRequest struct {
	// Subtype is "mcp_call".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// FileSuggestionsRequest is the body of a file_suggestions control request.
//
//protocheck:member ControlRequestBody
type FileSuggestionsRequest struct {
	// Subtype is "file_suggestions".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// HookCallbackRequest is the body of a hook_callback control request.
//
//protocheck:member ControlRequestBody
type HookCallbackRequest struct {
	// Subtype is "hook_callback".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MCPMessageRequest is the body of a mcp_message control request.
//
//protocheck:member ControlRequestBody
type MCPMessageRequest struct {
	// Subtype is "mcp_message".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// RewindFilesRequest is the body of a rewind_files control request.
//
//protocheck:member ControlRequestBody
type RewindFilesRequest struct {
	// Subtype is "rewind_files".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// CancelAsyncMessageRequest is the body of a cancel_async_message control request.
//
//protocheck:member ControlRequestBody
type CancelAsyncMessageRequest struct {
	// Subtype is "cancel_async_message".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ReadFileRequest is the body of a read_file control request.
//
//protocheck:member ControlRequestBody
type ReadFileRequest struct {
	// Subtype is "read_file".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// SeedReadStateRequest is the body of a seed_read_state control request.
//
//protocheck:member ControlRequestBody
type SeedReadStateRequest struct {
	// Subtype is "seed_read_state".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MCPSetServersRequest is the body of a mcp_set_servers control request.
//
//protocheck:member ControlRequestBody
type MCPSetServersRequest struct {
	// Subtype is "mcp_set_servers".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// RegisterRepoRootRequest is the body of a register_repo_root control request.
//
//protocheck:member ControlRequestBody
type RegisterRepoRootRequest struct {
	// Subtype is "register_repo_root".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ReloadPluginsRequest is the body of a reload_plugins control request.
//
//protocheck:member ControlRequestBody
type ReloadPluginsRequest struct {
	// Subtype is "reload_plugins".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ReloadSkillsRequest is the body of a reload_skills control request.
//
//protocheck:member ControlRequestBody
type ReloadSkillsRequest struct {
	// Subtype is "reload_skills".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ReloadOutputStylesRequest is the body of a reload_output_styles control request.
//
//protocheck:member ControlRequestBody
type ReloadOutputStylesRequest struct {
	// Subtype is "reload_output_styles".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MCPReconnectRequest is the body of a mcp_reconnect control request.
//
//protocheck:member ControlRequestBody
type MCPReconnectRequest struct {
	// Subtype is "mcp_reconnect".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MCPToggleRequest is the body of a mcp_toggle control request.
//
//protocheck:member ControlRequestBody
type MCPToggleRequest struct {
	// Subtype is "mcp_toggle".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// SetHasSubscribersRequest is the body of a set_has_subscribers control request.
//
//protocheck:member ControlRequestBody
type SetHasSubscribersRequest struct {
	// Subtype is "set_has_subscribers".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// StopTaskRequest is the body of a stop_task control request.
//
//protocheck:member ControlRequestBody
type StopTaskRequest struct {
	// Subtype is "stop_task".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// BackgroundTasksRequest is the body of a background_tasks control request.
//
//protocheck:member ControlRequestBody
type BackgroundTasksRequest struct {
	// Subtype is "background_tasks".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// GetTaskOutputRequest is the body of a get_task_output control request.
//
//protocheck:member ControlRequestBody
type GetTaskOutputRequest struct {
	// Subtype is "get_task_output".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ApplyFlagSettingsRequest is the body of a apply_flag_settings control request.
//
//protocheck:member ControlRequestBody
type ApplyFlagSettingsRequest struct {
	// Subtype is "apply_flag_settings".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// GetSettingsRequest is the body of a get_settings control request.
//
//protocheck:member ControlRequestBody
type GetSettingsRequest struct {
	// Subtype is "get_settings".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// GetHooksListingRequest is the body of a get_hooks_listing control request.
//
//protocheck:member ControlRequestBody
type GetHooksListingRequest struct {
	// Subtype is "get_hooks_listing".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// UpdateSettingsRequest is the body of a update_settings control request.
//
//protocheck:member ControlRequestBody
type UpdateSettingsRequest struct {
	// Subtype is "update_settings".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ElicitationRequest is the body of a elicitation control request.
//
//protocheck:member ControlRequestBody
type ElicitationRequest struct {
	// Subtype is "elicitation".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// RequestUserDialogRequest is the body of a request_user_dialog control request.
//
//protocheck:member ControlRequestBody
type RequestUserDialogRequest struct {
	// Subtype is "request_user_dialog".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ListPermissionRulesRequest is the body of a list_permission_rules control request.
//
//protocheck:member ControlRequestBody
type ListPermissionRulesRequest struct {
	// Subtype is "list_permission_rules".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MCPReadResourceRequest is the body of a mcp_read_resource control request.
//
//protocheck:member ControlRequestBody
type MCPReadResourceRequest struct {
	// Subtype is "mcp_read_resource".
	Subtype string `json:"subtype" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}
