// Package spec02 models the spec02 dialect of the stream-json protocol: the
// Go types of seed 000_4d416a232ca5e223.txt, a Go design spec ("Spec 02:
// Message Types & Protocol", package pkg/types) that mirrors an older
// @anthropic-ai/claude-agent-sdk sdk.d.ts. Its sdk.d.ts line numbers do not
// match 0.3.330, so its gaps are partly version drift (DIALECTS.md §2.1).
// There is no code behind the seed: the types here follow it as written.
//
// # What it knows
//
// The 16 variants of its SDKMessage union (8 top-level types, 8 system
// subtypes; result is one struct for every subtype, user replay is a user
// line with isReplay true), 3 content block kinds, and a control protocol
// with a nested request envelope whose one flat body serves 13 subtypes, a
// response frame with an untyped body and no subtype, and a cancel request.
// Model lists them, with the messages spec02 writes to the CLI.
//
// # How the seed's tags are read
//
//   - A member without omitempty is required: the seed always writes it, and
//     its checklist gives pointers to the optional members and zero values to
//     the mandatory ones. encoding/json itself refuses no missing member.
//   - Such a member whose Go type can be nil (pointer, slice, map, any) is
//     also nullable: the seed writes null when it is unset.
//   - A member with omitempty is optional.
//   - A string type for which the seed declares constants (AssistantError,
//     PermissionMode) is a closed set here, although encoding/json does not
//     check it; sets the seed gives only in comments stay plain strings.
//   - The seed's uuid.UUID becomes a string with format uuid: google/uuid
//     refuses a string that is not a UUID, which fails the whole line, and
//     writes ZeroUUID when unset.
//
// # Unknown input
//
//   - type: fail. UnmarshalSDKMessage returns an error for a type it does not
//     list, and the seed's checklist asks for that error.
//   - subtype: fail. A system line with a subtype it does not list, or none,
//     is an error. A result line of any subtype decodes into ResultMessage,
//     so result has one variant. A control request outside the 13 subtypes
//     the seed lists as valid is counted as unknown too.
//   - block: raw. A content block of another kind decodes into the seed's
//     flat struct with its type kept and is written back by the fallback
//     case of its MarshalJSON: the user gets it, not typed.
//   - member: skip. encoding/json drops members a struct does not declare,
//     so the "round trip without data loss" the checklist asks for fails on
//     real lines.
//
// # Where the seed contradicts itself
//
//   - ControlRequestInner declares two fields tagged "input" (the
//     can_use_tool map and the hook_callback input). encoding/json ignores
//     both, so the seed never reads or writes input. This package follows
//     what encoding/json does and declares no input member.
//   - ContentBlock is one struct with every member optional, but its
//     invariants and MarshalJSON give each kind its own members. This
//     package follows the invariants: one type per kind, those members
//     required.
//   - set_max_thinking_tokens is meant to take nil to unset the budget, but
//     omitempty drops the nil, so the seed cannot send that; the examples
//     show what it does send.
//   - The constructors tie is_error to a subtype other than success; the
//     type does not, and neither does this package.
//
// The facts about the seed and the wire are in DIALECTS.md §2.1, §3 and the
// spec02 column of §5.
package spec02
