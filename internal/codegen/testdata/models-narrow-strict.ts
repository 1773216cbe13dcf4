// The strict types of the ready TypeScript models
// (@protocheck/schemas/models/strict): Line narrows on type, subtype and
// request.subtype, and a member of another variant does not compile.
import type { Line } from "@protocheck/schemas/models/strict";

export function show(m: Line): string {
  if (m.type === "control_request" && m.request.subtype === "can_use_tool") return m.request.tool_name;
  if (m.type === "result" && m.subtype === "success") return m.result;
  if (m.type === "result") {
    // @ts-expect-error: only a success has a result
    return m.result;
  }
  return m.type;
}
