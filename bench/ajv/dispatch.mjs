// The part both ajv benchmarks share (validate.mjs, faults.mjs): pick a
// line's compiled schema by its type, subtype and marker, as protocheck
// dispatches, and check every line of an NDJSON file read in 4 MiB chunks.
import fs from "node:fs";

const key = (type, sub, marker) => `${type}\u0000${sub ?? ""}\u0000${marker ?? ""}`;

// checkFile checks each line of file with the validator variants gives it
// (entries {type, subtype, marker, validate}; subPath maps a type to the
// pointer of its subtype) and prints one JSON line: lines, invalid,
// unknown, elapsed_ms (from first byte read to last line checked).
export function checkFile(file, variants, subPath) {
  const byKey = new Map();
  for (const v of variants) byKey.set(key(v.type, v.subtype, v.marker), v.validate);

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
}
