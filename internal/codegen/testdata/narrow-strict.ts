// Narrowing on the strict profile's generated types (json-schema-to-typescript
// output in types-strict.ts, beside this file when check.mjs runs tsc).
// Every line marked @ts-expect-error must fail to compile: tsc reports an
// unused directive otherwise.
import type * as T from "./types-strict";

export function describe(m: T.Line): string {
  switch (m.type) {
    case "assistant":
      // The message union narrows to AssistantLine: its content blocks are
      // a union that narrows on their own type.
      for (const b of m.message.content) {
        switch (b.type) {
          case "text":
            return b.text;
          case "tool_use":
            return b.name;
        }
      }
      return m.message.id;
    case "result":
      switch (m.subtype) {
        case "success":
          return m.result;
        case "error_max_turns":
          return (m.errors ?? []).join("; ");
        default:
          // @ts-expect-error: only the success variant has a result
          return m.result;
      }
    case "control_request":
      switch (m.request.subtype) {
        case "can_use_tool":
          return m.request.tool_name;
        case "interrupt":
          // @ts-expect-error: an interrupt has no tool name
          return m.request.tool_name;
      }
      return m.request_id;
    case "user":
      return m.isReplay ? "replayed" : "user";
    case "stream_event":
      if (m.event.type === "content_block_delta" && m.event.delta.type === "text_delta") return m.event.delta.text;
      return m.event.type;
    default:
      return m.type;
  }
}

// Deliberately wrong lines.
// @ts-expect-error: the discriminator pins the variant's type
export const wrongType: T.AssistantLine = { type: "user", message: {} as T.BetaMessage, parent_tool_use_id: null, uuid: "u", session_id: "s" };
// @ts-expect-error: a required member (num_turns) is missing
export const missing: T.ResultSuccessLine = { type: "result", subtype: "success", duration_ms: 1, duration_api_ms: 1, is_error: false, result: "r", total_cost_usd: 0, usage: { input_tokens: 1, output_tokens: 1 } as T.Usage, permission_denials: [], uuid: "u", session_id: "s" };
// @ts-expect-error: a content block of a kind the strict profile does not list
export const kind: T.ContentBlock = { type: "brand_new" };
// @ts-expect-error: a number where the protocol has a string
export const text: T.TextBlock = { type: "text", text: 5 };
// @ts-expect-error: the strict profile has no members it does not define
export const extra: T.KeepAliveLine = { type: "keep_alive", surprise: true };
