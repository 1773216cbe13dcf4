// The ready TypeScript models of the package (@protocheck/schemas/models,
// tolerant: every release): a check of a known kind narrows Line to its
// variant, Unknown* lines included; check.mjs (step models) compiles this
// against the installed tarball with tsc --strict. A @ts-expect-error line
// must fail to compile.
import { decodeLine, type Line, type ContentBlock } from "@protocheck/schemas/models";

export function show(text: string): string {
  const m: Line = decodeLine(text);
  // a control_request of a kind no release has may lack its request: ?.
  if (m.type === "control_request" && m.request?.subtype === "can_use_tool") {
    const input: unknown = m.request.input;
    return String(input);
  }
  if (m.type === "result" && m.subtype === "success") {
    const n: number = m.num_turns;
    return String(n);
  }
  if (m.type === "assistant") {
    return m.message.content.map((b: ContentBlock) => (b.type === "text" ? b.text : b.type === "tool_use" ? b.name : "")).join("");
  }
  switch (m.type) {
    case "system":
      // @ts-expect-error: a system line of an unknown subtype has no session_id of type number
      const s: number = m.session_id;
      return String(s);
    case "user":
      return "user";
  }
  // @ts-expect-error: num_turns is a number only on a result
  const turns: number = m.num_turns;
  return String(m.type);
}
