package protocol

import "encoding/json"

// This file holds the content blocks of tools the API runs itself (web
// search, web fetch, the advisor, code execution, tool search), of MCP
// servers the API connects to, and the compaction, fallback and
// container_upload blocks. The deep result payloads of server tools are kept
// as raw JSON; each is an error object or a tool-specific result object.

// ServerToolUseBlock is a call the model makes to a tool the API runs itself.
//
//protocheck:member ContentBlock
type ServerToolUseBlock struct {
	// Type is "server_tool_use".
	Type string `json:"type" jsonschema:"required"`
	// ID identifies the call; the matching *_tool_result block carries it as
	// tool_use_id.
	ID string `json:"id" jsonschema:"required"`
	// Name names the server tool.
	Name ServerToolName `json:"name" jsonschema:"required"`
	// Input is the tool's input, a JSON object.
	Input json.RawMessage `json:"input" jsonschema:"required"`
	// Caller says what made the call.
	Caller *ToolCaller `json:"caller,omitzero"`
	// CacheControl marks a cache breakpoint on input blocks.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ServerToolName names a tool the API runs itself.
type ServerToolName string

// EnumValues lists the values of ServerToolName.
func (ServerToolName) EnumValues() []string {
	return []string{"advisor", "web_search", "web_fetch", "code_execution", "bash_code_execution",
		"text_editor_code_execution", "tool_search_tool_regex", "tool_search_tool_bm25"}
}

// WebSearchToolResultBlock holds what a web_search call found.
//
//protocheck:member ContentBlock
type WebSearchToolResultBlock struct {
	// Type is "web_search_tool_result".
	Type string `json:"type" jsonschema:"required"`
	// ToolUseID is the id of the server_tool_use block this answers.
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// Content is a list of web_search_result objects (url, title,
	// encrypted_content, page_age) or a web_search_tool_result_error object.
	Content json.RawMessage `json:"content" jsonschema:"required"`
	// Caller says what made the call.
	Caller *ToolCaller `json:"caller,omitzero"`
	// CacheControl marks a cache breakpoint on input blocks.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// WebFetchToolResultBlock holds the page a web_fetch call retrieved.
//
//protocheck:member ContentBlock
type WebFetchToolResultBlock struct {
	// Type is "web_fetch_tool_result".
	Type string `json:"type" jsonschema:"required"`
	// ToolUseID is the id of the server_tool_use block this answers.
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// Content is a web_fetch_result object (url, retrieved_at and the page
	// as a document block) or a web_fetch_tool_result_error object.
	Content json.RawMessage `json:"content" jsonschema:"required"`
	// Caller says what made the call.
	Caller *ToolCaller `json:"caller,omitzero"`
	// CacheControl marks a cache breakpoint on input blocks.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// AdvisorToolResultBlock holds the answer of the advisor tool, a second model
// the API consults.
//
//protocheck:member ContentBlock
type AdvisorToolResultBlock struct {
	// Type is "advisor_tool_result".
	Type string `json:"type" jsonschema:"required"`
	// ToolUseID is the id of the server_tool_use block this answers.
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// Content is an advisor_result object (text, stop_reason), an
	// advisor_redacted_result object (encrypted_content, stop_reason) or an
	// advisor_tool_result_error object.
	Content json.RawMessage `json:"content" jsonschema:"required"`
	// CacheControl marks a cache breakpoint on input blocks.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// CodeExecutionToolResultBlock holds the outcome of a code_execution call.
//
//protocheck:member ContentBlock
type CodeExecutionToolResultBlock struct {
	// Type is "code_execution_tool_result".
	Type string `json:"type" jsonschema:"required"`
	// ToolUseID is the id of the server_tool_use block this answers.
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// Content is a code_execution_result object (stdout, stderr,
	// return_code, output files), its encrypted form, or an error object.
	Content json.RawMessage `json:"content" jsonschema:"required"`
	// CacheControl marks a cache breakpoint on input blocks.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// BashCodeExecutionToolResultBlock holds the outcome of a bash_code_execution
// call.
//
//protocheck:member ContentBlock
type BashCodeExecutionToolResultBlock struct {
	// Type is "bash_code_execution_tool_result".
	Type string `json:"type" jsonschema:"required"`
	// ToolUseID is the id of the server_tool_use block this answers.
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// Content is a bash_code_execution_result object (stdout, stderr,
	// return_code, output files) or an error object.
	Content json.RawMessage `json:"content" jsonschema:"required"`
	// CacheControl marks a cache breakpoint on input blocks.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// TextEditorCodeExecutionToolResultBlock holds the outcome of a
// text_editor_code_execution call.
//
//protocheck:member ContentBlock
type TextEditorCodeExecutionToolResultBlock struct {
	// Type is "text_editor_code_execution_tool_result".
	Type string `json:"type" jsonschema:"required"`
	// ToolUseID is the id of the server_tool_use block this answers.
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// Content is a view, create or str_replace result object, or an error
	// object.
	Content json.RawMessage `json:"content" jsonschema:"required"`
	// CacheControl marks a cache breakpoint on input blocks.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ToolSearchToolResultBlock holds the tools a tool-search call found.
//
//protocheck:member ContentBlock
type ToolSearchToolResultBlock struct {
	// Type is "tool_search_tool_result".
	Type string `json:"type" jsonschema:"required"`
	// ToolUseID is the id of the server_tool_use block this answers.
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// Content is a tool_search_tool_search_result object listing
	// tool_reference blocks, or an error object.
	Content json.RawMessage `json:"content" jsonschema:"required"`
	// CacheControl marks a cache breakpoint on input blocks.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MCPToolUseBlock is a call the model makes to a tool of an MCP server that
// the API connects to (not one the CLI runs; those are tool_use blocks).
//
//protocheck:member ContentBlock
type MCPToolUseBlock struct {
	// Type is "mcp_tool_use".
	Type string `json:"type" jsonschema:"required"`
	// ID identifies the call; the mcp_tool_result block carries it as
	// tool_use_id.
	ID string `json:"id" jsonschema:"required"`
	// Name names the tool.
	Name string `json:"name" jsonschema:"required"`
	// ServerName names the MCP server.
	ServerName string `json:"server_name" jsonschema:"required"`
	// Input is the tool's input.
	Input json.RawMessage `json:"input" jsonschema:"required"`
	// CacheControl marks a cache breakpoint on input blocks.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MCPToolResultBlock answers an mcp_tool_use block. The response form always
// has content and is_error; the input form may leave them out.
//
//protocheck:member ContentBlock
type MCPToolResultBlock struct {
	// Type is "mcp_tool_result".
	Type string `json:"type" jsonschema:"required"`
	// ToolUseID is the id of the mcp_tool_use block this answers.
	ToolUseID string `json:"tool_use_id" jsonschema:"required"`
	// Content is the result: a string or a list of text blocks.
	Content *MessageContent `json:"content,omitzero"`
	// IsError is true when the tool failed.
	IsError *bool `json:"is_error,omitzero"`
	// CacheControl marks a cache breakpoint on input blocks.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MCPToolListingBlock lists the tools an MCP server offers.
//
//protocheck:member ContentBlock
type MCPToolListingBlock struct {
	// Type is "mcp_tool_listing".
	Type string `json:"type" jsonschema:"required"`
	// MCPServerName names the MCP server.
	MCPServerName string `json:"mcp_server_name" jsonschema:"required"`
	// Tools lists the server's tools.
	Tools []MCPListedTool `json:"tools" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MCPListedTool is one tool in an mcp_tool_listing block.
type MCPListedTool struct {
	// Name names the tool.
	Name string `json:"name" jsonschema:"required"`
	// InputSchema is the JSON Schema of the tool's input.
	InputSchema json.RawMessage `json:"input_schema" jsonschema:"required"`
	// Description describes the tool, or is null.
	Description *string `json:"description,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ContainerUploadBlock names a file to upload into the code-execution
// container.
//
//protocheck:member ContentBlock
type ContainerUploadBlock struct {
	// Type is "container_upload".
	Type string `json:"type" jsonschema:"required"`
	// FileID is the id of the file in the Files API.
	FileID string `json:"file_id" jsonschema:"required"`
	// CacheControl marks a cache breakpoint on input blocks.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// CompactionBlock stands for the earlier part of a conversation that the API
// compacted into a summary. The response form requires content and
// encrypted_content (both nullable); the input form requires neither.
//
//protocheck:member ContentBlock
type CompactionBlock struct {
	// Type is "compaction".
	Type string `json:"type" jsonschema:"required"`
	// Content is the summary, or null.
	Content *string `json:"content,omitzero" jsonschema:"nullable"`
	// EncryptedContent is the summary in encrypted form, or null.
	EncryptedContent *string `json:"encrypted_content,omitzero" jsonschema:"nullable"`
	// Signature lets the API check the block, or is null.
	Signature *string `json:"signature,omitzero" jsonschema:"nullable"`
	// ToolChanges lists the tool_addition and tool_removal blocks that
	// changed the tool set during the compacted span, or is null.
	ToolChanges json.RawMessage `json:"tool_changes,omitzero" jsonschema:"nullable"`
	// CacheControl marks a cache breakpoint on input blocks.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// FallbackBlock marks where the API switched to another model, after a
// refusal, within one response.
//
//protocheck:member ContentBlock
type FallbackBlock struct {
	// Type is "fallback".
	Type string `json:"type" jsonschema:"required"`
	// From is the model that was answering.
	From FallbackBlockModel `json:"from" jsonschema:"required"`
	// To is the model that took over.
	To FallbackBlockModel `json:"to" jsonschema:"required"`
	// Trigger says what caused the switch. Response blocks always carry it;
	// input blocks may leave it out.
	Trigger *FallbackBlockTrigger `json:"trigger,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// FallbackBlockModel names one side of a model fallback.
type FallbackBlockModel struct {
	// Model names the model.
	Model string `json:"model" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// FallbackBlockTrigger says what caused a model fallback.
type FallbackBlockTrigger struct {
	// Type is "refusal".
	Type string `json:"type" jsonschema:"required,enum=refusal"`
	// Category is the policy area of the refusal, or null.
	Category *string `json:"category" jsonschema:"required,nullable,enum=cyber,enum=bio,enum=frontier_llm,enum=reasoning_extraction,enum=general_harms"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}
