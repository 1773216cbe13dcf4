// The ajv side of the faulty-path benchmark (bench/faults.sh). It reads the
// schema document protocheck's validator compiles (bench/faults writes it:
// the version set's union, lowered to the dispatch on discriminators, with
// the index's variants), compiles it once with ajv's draft 2020-12 class,
// ajv-formats and allErrors, and checks each line against the definition of
// the variant its type/subtype selects, as protocheck dispatches. It prints
// one JSON line: lines, invalid, unknown, elapsed_ms (from first byte read
// to last line checked).
//
// usage: node faults.mjs <bundle.json> <file.jsonl>
import fs from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const [bundleFile, file] = process.argv.slice(2);
const bundle = JSON.parse(fs.readFileSync(bundleFile, "utf8"));
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const id = bundle.schema.$id;
ajv.addSchema(bundle.schema);

const byKey = new Map();
const key = (type, sub, marker) => `${type}\u0000${sub ?? ""}\u0000${marker ?? ""}`;
for (const v of bundle.variants) {
  byKey.set(key(v.Type, v.Subtype, v.Marker), ajv.getSchema(`${id}#/$defs/${v.Name}`));
}
const subPath = bundle.subtype_paths;

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
