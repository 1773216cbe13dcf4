#!/usr/bin/env node
// A fake "CLI" for the TypeScript SDK's harness. It answers the SDK's
// control requests (initialize, interrupt) and records every line the SDK writes (PROTOCHECK_WRITES).
// With PROTOCHECK_SOCKET it prints whatever the harness sends on that unix
// socket, for as long as the session lasts; with PROTOCHECK_LINES it prints
// that file's lines and a marker once the SDK has sent its prompt.
import { appendFileSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { createInterface } from "node:readline";

const { PROTOCHECK_LINES: linesFile, PROTOCHECK_WRITES: writes, PROTOCHECK_SOCKET: socket } = process.env;
if (socket) connect(socket).on("data", (d) => process.stdout.write(d)).on("close", () => process.exit(0));
let printed = false;
const print = () => {
  if (printed || !linesFile) return;
  printed = true;
  process.stdout.write(readFileSync(linesFile, "utf8"));
  process.stdout.write(JSON.stringify({ type: "system", subtype: "protocheck_marker", n: 0 }) + "\n");
};
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  if (writes) appendFileSync(writes, line + "\n");
  let msg;
  try { msg = JSON.parse(line); } catch { continue; }
  if (msg.type === "control_request") { // initialize, interrupt: the CLI says yes
    process.stdout.write(JSON.stringify({ type: "control_response", response: { subtype: "success", request_id: msg.request_id, response: {} } }) + "\n");
  } else if (msg.type === "user") {
    print();
  }
}
print();
process.exit(0);
