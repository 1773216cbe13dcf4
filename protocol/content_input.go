package protocol

import "encoding/json"

// This file holds the content blocks that only input turns carry: images,
// documents, search results, tool-set changes, and the tool_reference and
// browser_state blocks found inside tool_result content.

// ImageBlock is an image in an input turn or a tool result.
//
//protocheck:member ContentBlock
type ImageBlock struct {
	// Type is "image".
	Type string `json:"type" jsonschema:"required"`
	// Source says where the image comes from.
	Source ImageSource `json:"source" jsonschema:"required"`
	// Transformations says how the API may change the image, or is null.
	Transformations *ImageTransformations `json:"transformations,omitzero" jsonschema:"nullable"`
	// CacheControl marks a cache breakpoint.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ImageSource is where an image comes from: inline base64 data (with
// media_type and data), a URL (url) or an uploaded file (file_id). The API
// types make it a union of three objects on "type"; this flat struct holds
// any of them, so the members each kind needs are optional here.
type ImageSource struct {
	// Type is "base64", "url" or "file".
	Type string `json:"type" jsonschema:"required,enum=base64,enum=url,enum=file"`
	// MediaType is the image format of base64 data.
	MediaType string `json:"media_type,omitzero" jsonschema:"enum=image/jpeg,enum=image/png,enum=image/gif,enum=image/webp"`
	// Data is the image, base64-encoded.
	Data string `json:"data,omitzero"`
	// URL is where the API fetches the image.
	URL string `json:"url,omitzero"`
	// FileID is the id of the image in the Files API.
	FileID string `json:"file_id,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ImageTransformations says how the API may change an image.
type ImageTransformations struct {
	// OversizedImage says what to do with an image over the size limit:
	// shrink it or fail.
	OversizedImage string `json:"oversized_image,omitzero" jsonschema:"enum=downsize,enum=error"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// DocumentBlock is a document (a PDF, plain text or a list of blocks) in an
// input turn or a tool result.
//
//protocheck:member ContentBlock
type DocumentBlock struct {
	// Type is "document".
	Type string `json:"type" jsonschema:"required"`
	// Source says where the document comes from.
	Source DocumentSource `json:"source" jsonschema:"required"`
	// Title is the document's title, or null.
	Title *string `json:"title,omitzero" jsonschema:"nullable"`
	// Context is text about the document that the model may use but not
	// cite, or null.
	Context *string `json:"context,omitzero" jsonschema:"nullable"`
	// Citations turns citing the document on or off, or is null.
	Citations *CitationsConfig `json:"citations,omitzero" jsonschema:"nullable"`
	// CacheControl marks a cache breakpoint.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// DocumentSource is where a document comes from: base64 PDF data
// (media_type "application/pdf", data), plain text (type "text", media_type
// "text/plain", data), content blocks (type "content", content), a URL of a
// PDF (url) or an uploaded file (file_id). The API types make it a union of
// five objects on "type"; this flat struct holds any of them, so the members
// each kind needs are optional here.
type DocumentSource struct {
	// Type is "base64", "text", "content", "url" or "file".
	Type string `json:"type" jsonschema:"required,enum=base64,enum=text,enum=content,enum=url,enum=file"`
	// MediaType is the format of inline data.
	MediaType string `json:"media_type,omitzero" jsonschema:"enum=application/pdf,enum=text/plain"`
	// Data is the document: base64 for a PDF, the text itself for plain
	// text.
	Data string `json:"data,omitzero"`
	// Content is the document as a string or a list of text and image
	// blocks, for type "content".
	Content *MessageContent `json:"content,omitzero"`
	// URL is where the API fetches the PDF.
	URL string `json:"url,omitzero"`
	// FileID is the id of the document in the Files API.
	FileID string `json:"file_id,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// SearchResultBlock is a search result the caller supplies, which the model
// can cite.
//
//protocheck:member ContentBlock
type SearchResultBlock struct {
	// Type is "search_result".
	Type string `json:"type" jsonschema:"required"`
	// Source names where the result comes from, such as a URL.
	Source string `json:"source" jsonschema:"required"`
	// Title is the result's title.
	Title string `json:"title" jsonschema:"required"`
	// Content is the result's text, as text blocks.
	Content []TextBlock `json:"content" jsonschema:"required"`
	// Citations turns citing the result on or off.
	Citations *CitationsConfig `json:"citations,omitzero"`
	// CacheControl marks a cache breakpoint.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ToolAdditionBlock adds a tool to the set the model may call, from this
// point of the conversation on.
//
//protocheck:member ContentBlock
type ToolAdditionBlock struct {
	// Type is "tool_addition".
	Type string `json:"type" jsonschema:"required"`
	// Tool is the tool added: a reference to a tool by name (type
	// "tool_reference"), to an MCP tool or toolset, or a full definition
	// (type "tool_definition").
	Tool json.RawMessage `json:"tool" jsonschema:"required"`
	// CacheControl marks a cache breakpoint.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ToolRemovalBlock removes a tool from the set the model may call, from this
// point of the conversation on.
//
//protocheck:member ContentBlock
type ToolRemovalBlock struct {
	// Type is "tool_removal".
	Type string `json:"type" jsonschema:"required"`
	// Tool is the tool removed: a reference to a tool by name, or to an MCP
	// tool or toolset.
	Tool json.RawMessage `json:"tool" jsonschema:"required"`
	// CacheControl marks a cache breakpoint.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ToolReferenceBlock names a deferred tool, in tool_result content, so that
// the API loads its definition (the CLI's tool search answers this way).
//
//protocheck:member ContentBlock
type ToolReferenceBlock struct {
	// Type is "tool_reference".
	Type string `json:"type" jsonschema:"required"`
	// ToolName names the tool.
	ToolName string `json:"tool_name" jsonschema:"required"`
	// CacheControl marks a cache breakpoint.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// BrowserStateBlock reports the tabs of a browser the model drives, in
// tool_result content.
//
//protocheck:member ContentBlock
type BrowserStateBlock struct {
	// Type is "browser_state".
	Type string `json:"type" jsonschema:"required"`
	// Tabs lists the open tabs.
	Tabs []BrowserStateTab `json:"tabs" jsonschema:"required"`
	// StateChanges lists what changed since the last report (tabs opened,
	// downloads started, finished or failed), or is null.
	StateChanges json.RawMessage `json:"state_changes,omitzero" jsonschema:"nullable"`
	// CacheControl marks a cache breakpoint.
	CacheControl *CacheControl `json:"cache_control,omitzero" jsonschema:"nullable"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// BrowserStateTab is one open browser tab.
type BrowserStateTab struct {
	// TabID identifies the tab.
	TabID string `json:"tab_id" jsonschema:"required"`
	// Title is the page title.
	Title string `json:"title" jsonschema:"required"`
	// URL is the page address.
	URL string `json:"url" jsonschema:"required"`
	// Active is true for the tab in front.
	Active *bool `json:"active,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}
