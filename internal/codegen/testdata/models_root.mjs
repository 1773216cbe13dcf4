// Decodes each line of the file argv[2] with @protocheck/schemas/models,
// the npm tarball installed as its user gets it, and encodes it again.
// Prints one JSON value per line: {"out": text, "model": the variant's
// name} or {"err": message}; check.mjs compares.
import fs from "node:fs";
import { decodeLine, encodeLine, kind } from "@protocheck/schemas/models";

const out = [];
for (const l of fs.readFileSync(process.argv[2], "utf8").split("\n")) {
  if (!l) continue;
  try {
    const line = decodeLine(l);
    out.push(JSON.stringify({ out: encodeLine(line), model: kind(line) ?? "(unknown)" }));
  } catch (e) {
    out.push(JSON.stringify({ err: String(e?.message ?? e).slice(0, 300) }));
  }
}
process.stdout.write(out.join("\n") + "\n");
