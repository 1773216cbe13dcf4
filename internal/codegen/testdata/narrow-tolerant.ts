// The tolerant profile's generated types (types-tolerant.ts). Each union has
// an Unknown* member whose discriminator is any string, because TypeScript
// has no type for "a string but these": a switch on the discriminator keeps
// it in every case, so a reader narrows to a variant with a type guard.
import type * as T from "./types-tolerant";

function isAssistant(m: T.Line): m is T.AssistantLine {
  return m.type === "assistant";
}

export function describe(m: T.Line): string {
  if (isAssistant(m)) return m.message.id;
  if (m.type === "assistant") {
    // @ts-expect-error: without the guard, m may be an UnknownMessage line
    return m.message.id;
  }
  return String(m.type);
}

// A later CLI's line type-checks: the union is open.
export const later: T.Line = { type: "brand_new", anything: [1, 2] };
export const laterBlock: T.ContentBlock = { type: "brand_new", data: {} };
// @ts-expect-error: a known kind still has its own members
export const text: T.TextBlock = { type: "text", text: 5 };
