package protocol

import "encoding/json"

// This file holds the values nested in the messages of system.go.

// TaskUsage totals what a task consumed.
type TaskUsage struct {
	// TotalTokens counts the tokens the task used.
	TotalTokens int64 `json:"total_tokens" jsonschema:"required"`
	// ToolUses counts the task's tool calls.
	ToolUses int64 `json:"tool_uses" jsonschema:"required"`
	// DurationMs is how long the task has run, in milliseconds.
	DurationMs int64 `json:"duration_ms" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// TaskPatch holds the fields of a task's state that changed; every member
// is optional.
type TaskPatch struct {
	// Status is the task's new status.
	Status string `json:"status,omitzero" jsonschema:"enum=pending,enum=running,enum=completed,enum=failed,enum=killed,enum=paused"`
	// Description is the task's new description.
	Description string `json:"description,omitzero"`
	// EndTime is when the task ended, in milliseconds since the Unix epoch.
	EndTime int64 `json:"end_time,omitzero"`
	// TotalPausedMs is how long the task has been paused in all, in
	// milliseconds.
	TotalPausedMs int64 `json:"total_paused_ms,omitzero"`
	// Error describes what made the task fail.
	Error string `json:"error,omitzero"`
	// IsBackgrounded is true once the task was moved to the background.
	IsBackgrounded *bool `json:"is_backgrounded,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// LiveBackgroundTask is one background task still running.
type LiveBackgroundTask struct {
	// TaskID identifies the task.
	TaskID string `json:"task_id" jsonschema:"required"`
	// RunID identifies the task's current run.
	RunID string `json:"run_id,omitzero"`
	// TaskType labels the kind of task, such as "local_agent" (an open set).
	TaskType string `json:"task_type" jsonschema:"required"`
	// SubagentType is the kind of subagent, for subagent tasks.
	SubagentType string `json:"subagent_type,omitzero"`
	// Description describes the task.
	Description string `json:"description" jsonschema:"required"`
	// ParentTaskID is the task_id of the subagent that launched this task.
	ParentTaskID string `json:"parent_task_id,omitzero"`
	// Ambient is true for tasks that should not count as activity.
	Ambient bool `json:"ambient,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// MCPResourceLink is a file an MCP tool returned by reference.
type MCPResourceLink struct {
	// URI locates the resource.
	URI string `json:"uri" jsonschema:"required"`
	// Name names the resource.
	Name string `json:"name" jsonschema:"required"`
	// Title is a display title.
	Title string `json:"title,omitzero"`
	// Description describes the resource.
	Description string `json:"description,omitzero"`
	// MimeType is the resource's media type.
	MimeType string `json:"mimeType,omitzero"`
	// Size is the resource's size in bytes.
	Size int64 `json:"size,omitzero"`
	// Annotations holds the server's annotations, free-form.
	Annotations json.RawMessage `json:"annotations,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// PersistedFile is a file that was stored.
type PersistedFile struct {
	// Filename is the file's name.
	Filename string `json:"filename" jsonschema:"required"`
	// FileID identifies the stored file.
	FileID string `json:"file_id" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// PersistFailure is a file that could not be stored.
type PersistFailure struct {
	// Filename is the file's name.
	Filename string `json:"filename" jsonschema:"required"`
	// Error says why it was not stored.
	Error string `json:"error" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// RecalledMemory is one memory brought into the context.
type RecalledMemory struct {
	// Path is the memory file's absolute path, a "<synthesis:DIR>" marker in
	// synthesize mode, or an https URL for organization memories.
	Path string `json:"path" jsonschema:"required"`
	// Scope says whose memory it is.
	Scope string `json:"scope" jsonschema:"required,enum=personal,enum=team,enum=organization"`
	// Content is the memory's text; file-backed memories picked in select
	// mode leave it out.
	Content string `json:"content,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// SessionStoreKey says where in the session store a transcript batch goes.
type SessionStoreKey struct {
	// ProjectKey identifies the project.
	ProjectKey string `json:"projectKey" jsonschema:"required"`
	// SessionID identifies the session.
	SessionID string `json:"sessionId" jsonschema:"required"`
	// Subpath names the part of the session, such as a subagent's
	// transcript.
	Subpath string `json:"subpath,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// SubagentRetry reports an API call of a subagent that failed and is being
// retried.
type SubagentRetry struct {
	// AgentID identifies the subagent.
	AgentID string `json:"agent_id" jsonschema:"required"`
	// Attempt numbers the retry, from 1.
	Attempt int64 `json:"attempt" jsonschema:"required"`
	// MaxRetries is how many retries will be made in all.
	MaxRetries int64 `json:"max_retries" jsonschema:"required"`
	// RetryDelayMs is the wait before the retry, in milliseconds.
	RetryDelayMs float64 `json:"retry_delay_ms" jsonschema:"required"`
	// ErrorStatus is the HTTP status of the failed call, or null without an
	// HTTP response.
	ErrorStatus *int64 `json:"error_status" jsonschema:"required,nullable"`
	// ErrorCategory classifies the failure.
	ErrorCategory string `json:"error_category" jsonschema:"required"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// ActiveGoal is a goal set with /goal that is not met yet.
type ActiveGoal struct {
	// Condition is the goal as the user stated it.
	Condition string `json:"condition" jsonschema:"required"`
	// Iterations counts the checks that found it not met.
	Iterations int64 `json:"iterations" jsonschema:"required"`
	// SetAt is when the goal was set, in milliseconds since the Unix epoch.
	SetAt int64 `json:"set_at" jsonschema:"required"`
	// TokensAtStart is the session's token count when the goal was set.
	TokensAtStart int64 `json:"tokens_at_start" jsonschema:"required"`
	// LastReason is why the last check found the goal not met.
	LastReason string `json:"last_reason,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// RateLimitInfo is the rate-limit state of a claude.ai subscription.
type RateLimitInfo struct {
	// Status says whether requests are allowed.
	Status RateLimitStatus `json:"status" jsonschema:"required"`
	// ResetsAt is when the limit resets, in seconds since the Unix epoch.
	ResetsAt int64 `json:"resetsAt,omitzero"`
	// RateLimitType names the window the state is about.
	RateLimitType RateLimitType `json:"rateLimitType,omitzero"`
	// Utilization is the fraction of the window used.
	Utilization float64 `json:"utilization,omitzero"`
	// OverageStatus says whether usage beyond the limit is allowed.
	OverageStatus RateLimitStatus `json:"overageStatus,omitzero"`
	// OverageResetsAt is when the overage allowance resets, in seconds since
	// the Unix epoch.
	OverageResetsAt int64 `json:"overageResetsAt,omitzero"`
	// OverageDisabledReason says why overage is not available.
	OverageDisabledReason OverageDisabledReason `json:"overageDisabledReason,omitzero"`
	// IsUsingOverage is true while requests are paid for as overage.
	IsUsingOverage bool `json:"isUsingOverage,omitzero"`
	// OverageInUse is true when overage has been used in the period.
	OverageInUse bool `json:"overageInUse,omitzero"`
	// OverageEnabled is true when overage is switched on for the account.
	OverageEnabled bool `json:"overageEnabled,omitzero"`
	// SurpassedThreshold is the warning threshold the usage went past.
	SurpassedThreshold float64 `json:"surpassedThreshold,omitzero"`
	// LimitScope names the shared spend limit that blocked the request,
	// when it is not the member's own.
	LimitScope string `json:"limitScope,omitzero" jsonschema:"enum=service,enum=channel,enum=group_pool"`
	// ErrorCode gives a machine-readable cause for a refusal.
	ErrorCode string `json:"errorCode,omitzero" jsonschema:"enum=credits_required"`
	// CanUserPurchaseCredits is true when the user may buy credits.
	CanUserPurchaseCredits bool `json:"canUserPurchaseCredits,omitzero"`
	// HasChargeableSavedPaymentMethod is true when a payment method that
	// can be charged is on file.
	HasChargeableSavedPaymentMethod bool `json:"hasChargeableSavedPaymentMethod,omitzero"`
	// Extra keeps the members the type does not model.
	Extra Extra `json:"-"`
}

// RateLimitStatus says whether requests are allowed under a rate limit.
type RateLimitStatus string

// EnumValues lists the values of RateLimitStatus.
func (RateLimitStatus) EnumValues() []string {
	return []string{"allowed", "allowed_warning", "rejected"}
}

// RateLimitType names a rate-limit window.
type RateLimitType string

// EnumValues lists the values of RateLimitType.
func (RateLimitType) EnumValues() []string {
	return []string{"five_hour", "seven_day", "seven_day_opus", "seven_day_sonnet",
		"seven_day_overage_included", "overage"}
}

// OverageDisabledReason says why usage beyond the rate limit is not
// available.
type OverageDisabledReason string

// EnumValues lists the values of OverageDisabledReason.
func (OverageDisabledReason) EnumValues() []string {
	return []string{"overage_not_provisioned", "org_level_disabled", "org_level_disabled_until",
		"out_of_credits", "seat_tier_level_disabled", "member_level_disabled",
		"seat_tier_zero_credit_limit", "group_zero_credit_limit", "member_zero_credit_limit",
		"org_service_level_disabled", "no_limits_configured", "fetch_error", "unknown"}
}
