// Package fakeapi is a scripted fake of the Anthropic Messages API, for
// running the real Claude Code CLI offline and getting the same transcript on
// every run.
//
// A Server listens on 127.0.0.1 only, on a port the system picks. It answers
//
//   - POST /v1/messages, streaming (server-sent events: message_start, ping,
//     content_block_start, content_block_delta with text_delta,
//     thinking_delta, signature_delta or input_json_delta,
//     content_block_stop, message_delta, message_stop) or, when the request
//     has no "stream": true, with one JSON message (the CLI falls back to
//     that after a stream fails);
//   - POST /v1/messages/count_tokens, with a token count derived from the
//     request's size.
//
// Routes match on the path only; the CLI always adds a query such as
// ?beta=true. Every request is logged (see Request).
//
// What the model says comes from a Script: the main thread's Turns in
// order, Threads for conversations that start with a marker (subagents),
// Rules keyed on what the last user message says (compaction summaries and
// other side requests) and an Aux turn for requests without tools (titles,
// summaries). A Turn can also fail: with an HTTP status, or with an
// "event: error" after some of its blocks have been streamed.
//
// The package is part of protocheck's capture machinery (package corpus/capture);
// nothing in it is specific to one CLI version.
package fakeapi
