#!/usr/bin/env node
// protocheck harness (protocol 1) for the TypeScript SDK,
// @anthropic-ai/claude-agent-sdk. Each line goes through the SDK's real
// query() runtime: its pathToClaudeCodeExecutable is fakecli.mjs, which
// prints the line. What query() yields, handles (answers on the CLI's
// stdin), drops or throws is the verdict. See docs/harness.md.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import { query } from "@anthropic-ai/claude-agent-sdk";

const here = dirname(fileURLToPath(import.meta.url));
const sdkVersion = JSON.parse(readFileSync(join(here, "node_modules/@anthropic-ai/claude-agent-sdk/package.json"), "utf8")).version;
const work = mkdtempSync(join(tmpdir(), "protocheck-ts-harness-"));
process.on("exit", () => rmSync(work, { recursive: true, force: true }));

// run feeds lines to a fresh query() and returns what it yielded, the
// error it threw, and what the SDK wrote to the fake CLI.
async function run(text, options = {}) {
  const lines = join(work, "lines"), writes = join(work, "writes");
  writeFileSync(lines, text ? text + "\n" : "");
  writeFileSync(writes, "");
  const got = [];
  let error = null;
  try {
    const q = query({ prompt: "protocheck", options: { pathToClaudeCodeExecutable: join(here, "fakecli.mjs"), executable: "node",
      env: { ...process.env, PROTOCHECK_LINES: lines, PROTOCHECK_WRITES: writes }, ...options } });
    for await (const m of q) {
      if (m.type === "system" && m.subtype === "protocheck_marker") break;
      got.push(m);
    }
  } catch (e) {
    error = e;
  }
  const written = readFileSync(writes, "utf8").split("\n").filter(Boolean).map(l => { try { return JSON.parse(l); } catch { return null; } }).filter(Boolean);
  return { got, error, written };
}

async function read(text) {
  let line = null;
  try { line = JSON.parse(text); } catch {}
  const { got, error, written } = await run(text);
  if (got.length) {
    const m = got[0];
    const keys = line && typeof line === "object" ? Object.keys(line) : [];
    return { verdict: "accepted", as: m.type + (m.subtype ? "/" + m.subtype : ""), kept: keys.filter(k => k in m), lost: keys.filter(k => !(k in m)) };
  }
  const exitOnly = error && /exited with code 0|process exited/i.test(String(error.message));
  if (error && !exitOnly) return { verdict: "rejected", error: String(error.message || error).slice(0, 2000) };
  const answered = line?.request_id && written.some(w => w.type === "control_response" && w.response?.request_id === line.request_id);
  if (answered) return { verdict: "handled", as: "answered on stdin" };
  return { verdict: "dropped", as: "not yielded" };
}

async function write(name, p) {
  if (name === "initialize" || name === "user_message") {
    const { written } = await run("", {});
    const want = name === "initialize" ? "control_request" : "user";
    return written.filter(w => w.type === want).slice(0, 1);
  }
  if (name === "permission_allow" || name === "permission_deny") {
    const req = { type: "control_request", request_id: p.request_id || "req_1", request: { subtype: "can_use_tool", tool_name: p.tool_name || "Bash", input: p.input || {}, tool_use_id: p.tool_use_id || "toolu_1" } };
    const canUseTool = async (tool, input) => name === "permission_allow" ? { behavior: "allow", updatedInput: input } : { behavior: "deny", message: p.message || "denied" };
    const { written } = await run(JSON.stringify(req), { canUseTool });
    return written.filter(w => w.type === "control_response");
  }
  return null;
}

const out = (o) => process.stdout.write(JSON.stringify(o) + "\n");
for await (const raw of createInterface({ input: process.stdin })) {
  const req = JSON.parse(raw);
  const ans = { type: req.type, id: req.id };
  if (req.type === "hello") Object.assign(ans, { protocol: 1, sdk: "@anthropic-ai/claude-agent-sdk", sdk_version: sdkVersion, language: "typescript", capabilities: ["read", "write"] });
  else if (req.type === "read") Object.assign(ans, await read(req.line));
  else if (req.type === "write") {
    const lines = await write(req.message, req.params || {}).catch(e => { process.stderr.write(`write ${req.message}: ${e}\n`); return null; });
    if (lines?.length) ans.lines = lines; else ans.unsupported = true;
  }
  out(ans);
}
