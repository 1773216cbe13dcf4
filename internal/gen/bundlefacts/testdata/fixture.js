// A synthetic bundle for the extraction test, written for it: no CLI code.
import { q } from "./elsewhere.js";

function initMessage(sid, servers, opts) {
  const base = { cwd: "/tmp", tools: [] };
  const msg = {
    type: "system",
    subtype: "init",
    ...base,
    ...opts,
    session_id: sid,
    mcp_servers: servers.map((s) => ({ name: s.name, status: s.status })),
    usage: { input_tokens: 1, nested: { deep: true } },
    list: [{ a: 1 }, { b: 2 }],
    [q]: 1,
  };
  msg.late_member = 1;
  return msg;
}

function internal() {
  // An internal message: camelCase keys, no session_id.
  return { type: "assistant", message: {}, isMeta: true, requestId: "r" };
}

function output(sid, m, ok) {
  return { type: "assistant", message: m, session_id: sid, parent_tool_use_id: null };
}

function result(sid, ok) {
  return { type: "result", subtype: ok ? "success" : "error_during_execution", session_id: sid, is_error: !ok };
}

function hook(id) {
  // No session_id: added where it is sent; still an output message.
  return { type: "system", subtype: "hook_started", hook_id: id, hook_name: "n" };
}

function ask(id, tool) {
  return { subtype: "can_use_tool", tool_name: tool, input: {}, tool_use_id: id };
}

function reply(id, e) {
  let e2 = "not an object";
  return { type: "control_response", response: { subtype: "error", request_id: id, error: e2 } };
}

function unknownSubtype(sid) {
  return { type: "system", subtype: "brand_new", session_id: sid, fresh: 1 };
}

// The members below are in the wire model only because an earlier run of
// bundlefacts found them (tagged undeclared): they must not change what a
// run reads.

function internalUser(content, meta, res) {
  // The CLI's internal user message: isMeta and toolUseResult are camelCase
  // names the wire model has from the bundle alone; no session_id.
  return { type: "user", message: { role: "user", content }, isMeta: meta, toolUseResult: res };
}

function cancel(id) {
  // Written as is; the model's session_id on control_cancel_request comes
  // from the bundle alone, so this literal needs none.
  return { type: "control_cancel_request", request_id: id };
}

function bridge(sid, s) {
  // A system subtype the model has from the bundle alone: read like an
  // unknown subtype, so only the literal with a session_id counts.
  const quiet = { type: "system", subtype: "bridge_state", state: s };
  return [quiet, { type: "system", subtype: "bridge_state", session_id: sid, detail: s }];
}

function inform(text) {
  // The CLI's internal informational message: camelCase keys and no
  // session_id, rejected as output; its members are kept apart.
  return { type: "system", subtype: "informational", content: text, level: "info", isMeta: false, toolUseID: "t" };
}
