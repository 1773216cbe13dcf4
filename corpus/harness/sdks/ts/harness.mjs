#!/usr/bin/env node
// protocheck harness (protocol 1) for the TypeScript SDK,
// @anthropic-ai/claude-agent-sdk. Each line goes through the SDK's real
// query() runtime: its pathToClaudeCodeExecutable is fakecli.mjs, which
// prints what this harness sends it over a unix socket: the line, then a
// marker. What query() yields before the marker, handles (answers on the
// CLI's stdin), drops or throws is the verdict. One session serves every
// line; a line that ends it is followed by a new one. See docs/harness.md.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import { query } from "@anthropic-ai/claude-agent-sdk";

const here = dirname(fileURLToPath(import.meta.url));
const sdkVersion = JSON.parse(readFileSync(join(here, "node_modules/@anthropic-ai/claude-agent-sdk/package.json"), "utf8")).version;
const work = mkdtempSync(join(tmpdir(), "protocheck-ts-harness-"));
const sockPath = join(work, "cli.sock"), writes = join(work, "writes");
process.on("exit", () => rmSync(work, { recursive: true, force: true }));
const cli = (env, options = {}) => ({ pathToClaudeCodeExecutable: join(here, "fakecli.mjs"), executable: "node", env: { ...process.env, PROTOCHECK_WRITES: writes, ...env }, ...options });
const writtenLines = () => readFileSync(writes, "utf8").split("\n").filter(Boolean).map(l => { try { return JSON.parse(l); } catch { return null; } }).filter(Boolean);

let wire = null, session = null, n = 0;
const server = createServer((s) => { wire = s; session?.connected(); });
await new Promise((ok) => server.listen(sockPath, ok));

async function open() { // a session: a prompt that never ends, and its iterator
  writeFileSync(writes, "");
  let connected;
  const ready = new Promise((ok) => { connected = ok; });
  async function* prompt() {
    yield { type: "user", message: { role: "user", content: "protocheck" }, parent_tool_use_id: null };
    await new Promise(() => {});
  }
  session = { connected, it: query({ prompt: prompt(), options: cli({ PROTOCHECK_SOCKET: sockPath }) })[Symbol.asyncIterator]() };
  const first = session.it.next(); // starts the runtime, which starts the fake CLI
  session.pending = first;
  await ready;
}
function close() { session?.it.return?.().catch(() => {}); wire?.destroy(); session = null; wire = null; }

async function read(text) {
  if (!session) await open();
  let line = null;
  try { line = JSON.parse(text); } catch {}
  const mark = ++n, got = [];
  wire.write(text + "\n" + JSON.stringify({ type: "system", subtype: "protocheck_marker", n: mark }) + "\n");
  for (;;) {
    let r;
    try { r = await (session.pending || session.it.next()); } catch (e) { close(); return { verdict: "rejected", error: String(e?.message || e).slice(0, 2000) }; }
    session.pending = null;
    if (r.done) { close(); return got.length ? accepted(got[0], line) : { verdict: "dropped", as: "the session ended" }; }
    if (r.value?.subtype === "protocheck_marker" && r.value.n === mark) break;
    if (r.value?.subtype !== "protocheck_marker") got.push(r.value);
  }
  if (got.length) return accepted(got[0], line);
  if (line?.request_id) await new Promise((ok) => setTimeout(ok, 20)); // its answer is written by a task of its own
  if (line?.request_id && writtenLines().some(w => w.type === "control_response" && w.response?.request_id === line.request_id)) return { verdict: "handled", as: "answered on stdin" };
  return { verdict: "dropped", as: "not yielded" };
}
function accepted(m, line) {
  const keys = line && typeof line === "object" ? Object.keys(line) : [];
  return { verdict: "accepted", as: m.type + (m.subtype ? "/" + m.subtype : ""), kept: keys.filter(k => k in m), lost: keys.filter(k => !(k in m)) };
}

async function write(name, p) { // one short session per message, the fake CLI printing a file
  const lines = join(work, "lines");
  let text = "", options = {};
  if (name === "permission_allow" || name === "permission_deny") {
    text = JSON.stringify({ type: "control_request", request_id: p.request_id || "req_1", request: { subtype: "can_use_tool", tool_name: p.tool_name || "Bash", input: p.input || {}, tool_use_id: p.tool_use_id || "toolu_1" } });
    options.canUseTool = async (tool, input) => name === "permission_allow" ? { behavior: "allow", updatedInput: input } : { behavior: "deny", message: p.message || "denied" };
  } else if (name === "hook_answer") {
    text = JSON.stringify({ type: "control_request", request_id: p.request_id || "req_3", request: { subtype: "hook_callback", callback_id: p.callback_id || "hook_0", input: p.input || {} } });
    options.hooks = { PreToolUse: [{ hooks: [async () => ({ continue: true })] }] };
  } else if (!["initialize", "user_message", "interrupt"].includes(name)) return null;
  writeFileSync(lines, text ? text + "\n" : "");
  writeFileSync(writes, "");
  const q = query({ prompt: p.text || "hello", options: cli({ PROTOCHECK_LINES: lines }, options) });
  for await (const m of q) {
    if (m.subtype !== "protocheck_marker") continue;
    if (name === "interrupt") await q.interrupt();
    break;
  }
  await new Promise((ok) => setTimeout(ok, 20));
  const want = { initialize: (w) => w.request?.subtype === "initialize", interrupt: (w) => w.request?.subtype === "interrupt", user_message: (w) => w.type === "user" };
  return writtenLines().filter(want[name] || ((w) => w.type === "control_response")).slice(0, 1);
}

// spawn: one session per case, the SDK's own query() spawning the
// stand-in CLI: the defaults, then each member of its Options type (read
// from its sdk.d.ts) that takes a plain value, set to a sample of it.
function sampleOf(type, name) {
  if (["pathToClaudeCodeExecutable", "executable", "executableArgs", "env", "cwd", "abortController", "stderr"].includes(name)) return undefined;
  if (name === "extraArgs") return { "x-flag": null };
  if (type === "boolean") return true;
  if (type === "number") return 3;
  if (type === "string" || type.startsWith("string |")) return "x";
  if (type === "string[]" || type.startsWith("string[] |")) return ["x"];
  if (type === "PermissionMode") return "acceptEdits";
  if (type === "EffortLevel") return "high";
  if (type === "SettingSource[]") return ["user"];
  const lit = type.match(/^'([^']+)'( \| '[^']+')*$/);
  return lit ? lit[1] : undefined;
}
function optionCases() {
  const dts = readFileSync(join(here, "node_modules/@anthropic-ai/claude-agent-sdk/sdk.d.ts"), "utf8");
  const body = dts.slice(dts.indexOf("export declare type Options = {"));
  const out = [["", undefined]];
  for (const line of body.split(/\r?\n/).slice(1)) {
    if (line.startsWith("};")) break;
    const m = line.match(/^    ([A-Za-z]+)\??: (.*);$/);
    if (!m) continue;
    const v = sampleOf(m[2], m[1]);
    if (v !== undefined) out.push([m[1], v]);
  }
  return out;
}
async function spawnCases(cliPath, label) {
  const out = [];
  const cases = optionCases();
  for (let i = 0; i < cases.length; i++) {
    const [name, value] = cases[i];
    writeFileSync(label, String(i));
    let error = "";
    try {
      const q = query({ prompt: "protocheck", options: { pathToClaudeCodeExecutable: cliPath, env: { ...process.env }, ...(name ? { [name]: value } : {}) } });
      const it = q[Symbol.asyncIterator]();
      await Promise.race([it.next(), new Promise((_, no) => setTimeout(() => no(new Error("no answer within 10 s")), 10000))]);
      it.return?.().catch(() => {});
    } catch (e) { error = String(e?.message || e).slice(0, 300); }
    out.push({ label: String(i), option: name, value: value === undefined ? "" : JSON.stringify(value), error });
  }
  return out;
}

for await (const raw of createInterface({ input: process.stdin })) {
  const req = JSON.parse(raw);
  const ans = { type: req.type, id: req.id };
  if (req.type === "hello") Object.assign(ans, { protocol: 1, sdk: "@anthropic-ai/claude-agent-sdk", sdk_version: sdkVersion, language: "typescript", capabilities: ["read", "write", "spawn"] });
  else if (req.type === "read") Object.assign(ans, await read(req.line));
  else if (req.type === "spawn") { close(); ans.cases = await spawnCases(req.cli, req.label); }
  else if (req.type === "write") {
    close(); // the write's own session records the writes
    const lines = await write(req.message, req.params || {}).catch(e => { process.stderr.write(`write ${req.message}: ${e}\n`); return null; });
    if (lines?.length) ans.lines = lines; else ans.unsupported = true;
  }
  process.stdout.write(JSON.stringify(ans) + "\n");
}
close();
server.close();
process.exit(0);
