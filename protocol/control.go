package protocol

import (
	"encoding/json"
	"reflect"
)

// This file holds the control protocol: requests, responses, cancellations
// and keep-alives, which share the stream with the messages. request_id is a
// top-level member of control_request and control_cancel_request but sits
// inside response on control_response.

// ControlRequest asks the other side to act. The SDK sends most requests;
// the CLI sends can_use_tool, hook_callback, elicitation and
// request_user_dialog, and either side sends mcp_message.
type ControlRequest struct {
	// Type is "control_request".
	Type string `json:"type" jsonschema:"required"`
	// RequestID is chosen by the sender and echoed by the response.
	RequestID string `json:"request_id" jsonschema:"required"`
	// Request is the body; its subtype says what is asked.
	Request ControlRequestBody `json:"request" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// UUID is written by the CLI's own bundle since 2.1.142 (make bundlefacts); no
	// capture shows it yet and sdk.d.ts does not declare it: any JSON.
	UUID json.RawMessage `json:"uuid,omitzero" undeclared:"2.1.142"`
}

// A ControlRequestBody is the request member of a control_request: one of the
// types listed in the ControlRequestBody union, or *UnknownControlRequest.
type ControlRequestBody interface {
	// RequestSubtype returns the body's "subtype".
	RequestSubtype() string
}

// ControlResponse answers a control_request.
type ControlResponse struct {
	// Type is "control_response".
	Type string `json:"type" jsonschema:"required"`
	// Response is the answer; its subtype is "success" or "error".
	Response ControlResponseBody `json:"response" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// UUID is written by the CLI's own bundle since 2.1.304 (make bundlefacts); no
	// capture shows it yet and sdk.d.ts does not declare it: any JSON.
	UUID json.RawMessage `json:"uuid,omitzero" undeclared:"2.1.304"`
}

// A ControlResponseBody is the response member of a control_response:
// *ControlSuccess, *ControlError or *UnknownControlResponse.
type ControlResponseBody interface {
	// ResponseSubtype returns the body's "subtype".
	ResponseSubtype() string
}

// Kind returns "control_request" and the body's subtype.
func (m *ControlRequest) Kind() Kind {
	k := Kind{Type: m.Type}
	if m.Request != nil {
		k.Subtype = m.Request.RequestSubtype()
	}
	return k
}

// Kind returns "control_response" and the body's subtype.
func (m *ControlResponse) Kind() Kind {
	k := Kind{Type: m.Type}
	if m.Response != nil {
		k.Subtype = m.Response.ResponseSubtype()
	}
	return k
}

// ControlSuccess is the body of a control_response that succeeded.
//
//protocheck:member ControlResponseBody
type ControlSuccess struct {
	// Subtype is "success".
	Subtype string `json:"subtype" jsonschema:"required"`
	// RequestID is the request_id of the request answered.
	RequestID string `json:"request_id" jsonschema:"required"`
	// Response is the answer's payload; its shape depends on the request.
	Response json.RawMessage `json:"response,omitzero"`
	// PendingPermissionRequests lists can_use_tool requests still open.
	PendingPermissionRequests []ControlRequest `json:"pending_permission_requests,omitzero"`
	// PendingUserDialogRequests lists request_user_dialog requests still open.
	PendingUserDialogRequests []ControlRequest `json:"pending_user_dialog_requests,omitzero"`
	// PendingElicitationRequests lists elicitation requests still open.
	PendingElicitationRequests []ControlRequest `json:"pending_elicitation_requests,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ControlSuccessEvidence
}

// ControlError is the body of a control_response that failed.
//
//protocheck:member ControlResponseBody
type ControlError struct {
	// Subtype is "error".
	Subtype string `json:"subtype" jsonschema:"required"`
	// RequestID is the request_id of the request answered.
	RequestID string `json:"request_id" jsonschema:"required"`
	// Error says what went wrong.
	Error string `json:"error" jsonschema:"required"`
	// ErrorCode classifies the error, such as "unsupported_request". CLI
	// 2.1.330 sends it though sdk.d.ts does not declare it; the set of codes
	// is open.
	ErrorCode string `json:"error_code,omitzero"`
	// PendingPermissionRequests lists can_use_tool requests still open.
	PendingPermissionRequests []ControlRequest `json:"pending_permission_requests,omitzero"`
	// PendingUserDialogRequests lists request_user_dialog requests still open.
	PendingUserDialogRequests []ControlRequest `json:"pending_user_dialog_requests,omitzero"`
	// PendingElicitationRequests lists elicitation requests still open.
	PendingElicitationRequests []ControlRequest `json:"pending_elicitation_requests,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ControlErrorEvidence
}

// ControlCancelRequest withdraws a control request that has not been
// answered. It gets no reply.
//
//protocheck:message
type ControlCancelRequest struct {
	// Type is "control_cancel_request".
	Type string `json:"type" jsonschema:"required"`
	// RequestID is the request_id of the request withdrawn.
	RequestID string `json:"request_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	ControlCancelRequestEvidence
}

// KeepAliveMessage keeps the pipe busy; receivers ignore it. Either side
// may send it.
//
//protocheck:message
type KeepAliveMessage struct {
	// Type is "keep_alive".
	Type string `json:"type" jsonschema:"required"`
	// StartupMark names a start-up checkpoint the CLI has passed; it is sent
	// only when the SDK asks for start-up marks, before the initialize
	// answer, and sdk.d.ts leaves it out of the type.
	StartupMark string `json:"startup_mark,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
	// The members evidence shows that this type lacks (generated:
	// zz_evidence.go, internal/gen/zodfacts -model).
	KeepAliveMessageEvidence
}

// UnknownControlRequest is a control request body whose subtype the union
// does not list. It keeps the body whole.
type UnknownControlRequest struct{ unknownObject }

// RequestSubtype returns the body's "subtype" as read, or "".
func (r *UnknownControlRequest) RequestSubtype() string { return r.discriminator("subtype") }

// UnmarshalJSON keeps data as it is.
func (r *UnknownControlRequest) UnmarshalJSON(data []byte) error { return r.set(data) }

// MarshalJSON returns the body as read.
func (r UnknownControlRequest) MarshalJSON() ([]byte, error) { return r.get() }

// UnknownControlResponse is a control response body whose subtype is neither
// "success" nor "error". It keeps the body whole.
type UnknownControlResponse struct{ unknownObject }

// ResponseSubtype returns the body's "subtype" as read, or "".
func (r *UnknownControlResponse) ResponseSubtype() string { return r.discriminator("subtype") }

// UnmarshalJSON keeps data as it is.
func (r *UnknownControlResponse) UnmarshalJSON(data []byte) error { return r.set(data) }

// MarshalJSON returns the body as read.
func (r UnknownControlResponse) MarshalJSON() ([]byte, error) { return r.get() }

var controlRequestUnion = &Union{
	Name:      "ControlRequestBody",
	Interface: reflect.TypeFor[ControlRequestBody](),
	Key:       "subtype",
	Members:   membersOf("control_request"),
	Unknown:   func() any { return new(UnknownControlRequest) },
}

var controlResponseUnion = &Union{
	Name:      "ControlResponseBody",
	Interface: reflect.TypeFor[ControlResponseBody](),
	Key:       "subtype",
	Members:   membersOf("control_response"),
	Unknown:   func() any { return new(UnknownControlResponse) },
}

// membersOf lists, as union members, the bodies of the variants of typ.
func membersOf(typ string) []Member {
	var ms []Member
	for _, v := range Variants {
		if v.Type == typ {
			ms = append(ms, Member{Value: v.Subtype, New: v.New})
		}
	}
	return ms
}
