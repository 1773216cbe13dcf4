#!/usr/bin/env node
// A fake "CLI" for the TypeScript SDK's harness: it answers the SDK's
// initialize, prints the lines of the file PROTOCHECK_LINES and then a
// marker line once the SDK has sent its prompt, records every line the SDK writes to PROTOCHECK_WRITES,
// and ends when the SDK closes its input or ends it.
import { appendFileSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline";

const linesFile = process.env.PROTOCHECK_LINES, writes = process.env.PROTOCHECK_WRITES;
let printed = false;
const print = () => {
  if (printed) return;
  printed = true;
  if (linesFile) process.stdout.write(readFileSync(linesFile, "utf8"));
  // A marker the harness waits for: every line before it has been read.
  process.stdout.write(JSON.stringify({ type: "system", subtype: "protocheck_marker" }) + "\n");
};
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  if (writes) appendFileSync(writes, line + "\n");
  let msg;
  try { msg = JSON.parse(line); } catch { continue; }
  if (msg.type === "control_request" && msg.request?.subtype === "initialize") {
    process.stdout.write(JSON.stringify({ type: "control_response", response: { subtype: "success", request_id: msg.request_id, response: {} } }) + "\n");
  } else if (msg.type === "user") {
    print();
  }
}
print();
