// The ajv side of protocheck's benchmark. It loads the same per-variant
// schemas protocheck embeds (schemas/<profile>/*.schema.json), compiles each
// once with ajv's draft 2020-12 class and ajv-formats, and checks every line
// of an NDJSON file against the schema its type/subtype selects, the way
// protocheck dispatches. It prints one JSON line: lines, invalid, unknown,
// elapsed_ms (from first byte read to last line checked).
//
// usage: node validate.mjs <schemas-dir> <profile> <file.jsonl> [first|all]
// "all" collects every error of a line (allErrors), as protocheck reports
// them all; the default stops at a line's first error.
import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const [schemasDir, profile, file, mode = "first"] = process.argv.slice(2);
const index = JSON.parse(fs.readFileSync(path.join(schemasDir, "index.json"), "utf8"));
const ajv = new Ajv2020({ strict: false, allErrors: mode === "all" });
addFormats(ajv);

// Compile once, keyed like protocheck's dispatch.
const byKey = new Map();
const key = (type, sub, marker) => `${type}\u0000${sub ?? ""}\u0000${marker ?? ""}`;
for (const v of index.variants) {
  const schema = JSON.parse(fs.readFileSync(path.join(schemasDir, v.files[profile]), "utf8"));
  byKey.set(key(v.type, v.subtype, v.marker), ajv.compile(schema));
}
const subPath = index.subtype_paths;

function pick(obj) {
  const t = obj.type;
  let sub = null;
  switch (subPath[t]) {
    case "/subtype": sub = obj.subtype; break;
    case "/request/subtype": sub = obj.request?.subtype; break;
    case "/response/subtype": sub = obj.response?.subtype; break;
  }
  if (t === "user" && obj.isReplay === true) return byKey.get(key(t, null, "isReplay"));
  return byKey.get(key(t, sub, null));
}

const start = process.hrtime.bigint();
let lines = 0, invalid = 0, unknown = 0;
const check = (line) => {
  if (line.length === 0) return;
  lines++;
  let obj;
  try { obj = JSON.parse(line); } catch { invalid++; return; }
  const validate = obj && typeof obj === "object" ? pick(obj) : undefined;
  if (!validate) { unknown++; return; }
  if (!validate(obj)) invalid++;
};

const fd = fs.openSync(file, "r");
const buf = Buffer.allocUnsafe(4 << 20);
let rest = "";
for (;;) {
  const n = fs.readSync(fd, buf, 0, buf.length, null);
  if (n === 0) break;
  const chunk = rest + buf.toString("utf8", 0, n);
  let from = 0, nl;
  while ((nl = chunk.indexOf("\n", from)) >= 0) {
    check(chunk.slice(from, nl));
    from = nl + 1;
  }
  rest = chunk.slice(from);
}
check(rest);
const elapsedMs = Number(process.hrtime.bigint() - start) / 1e6;
console.log(JSON.stringify({ lines, invalid, unknown, elapsed_ms: elapsedMs }));
