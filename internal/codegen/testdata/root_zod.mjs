// Parses each line of the file argv[3] with zod 4's own converter of the
// bundle argv[2] (z.fromJSONSchema: the root schema) and encodes the
// result again. argv[4] is zod's entry point. Prints one JSON value per
// line: {"out": text} or {"err": message}; check.mjs compares.
import fs from "node:fs";
import { pathToFileURL } from "node:url";

const { z } = await import(pathToFileURL(process.argv[4]).href);
let schema;
try {
  schema = z.fromJSONSchema(JSON.parse(fs.readFileSync(process.argv[2], "utf8")));
} catch (e) {
  console.log(`z.fromJSONSchema: ${e.message}`);
  process.exit(1);
}
const out = [];
for (const line of fs.readFileSync(process.argv[3], "utf8").split("\n").filter(Boolean)) {
  const res = schema.safeParse(JSON.parse(line));
  out.push(JSON.stringify(res.success ? { out: JSON.stringify(res.data) } : { err: res.error.issues.slice(0, 2).map((x) => `${x.path.join("/")}: ${x.message}`).join("; ") }));
}
console.log(out.join("\n"));
