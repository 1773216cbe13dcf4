// Round trip through zod 4's own converter, z.fromJSONSchema: the bundle
// (argv[2]) becomes one zod schema of a line; each line of argv[3]
// ("TypeName<TAB>json") is parsed with it and the members of the parsed
// value compared with the line's. argv[4] is zod's entry point. The last
// line printed is the report check.mjs reads.
import fs from "node:fs";
import { pathToFileURL } from "node:url";

const { z } = await import(pathToFileURL(process.argv[4]).href);
const bundle = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const rep = { compiled: true, ok: 0, failed: [], lost: [], added: 0 };
let schema;
try {
  schema = z.fromJSONSchema(bundle);
} catch (e) {
  rep.compiled = false;
  console.log(`z.fromJSONSchema: ${e.message}`);
  process.exit(1);
}
function paths(v, at, out) {
  if (Array.isArray(v)) v.forEach((e, i) => paths(e, `${at}/${i}`, out));
  else if (v && typeof v === "object")
    for (const [k, c] of Object.entries(v)) {
      out.add(`${at}/${k}`);
      paths(c, `${at}/${k}`, out);
    }
  return out;
}
const entries = fs.readFileSync(process.argv[3], "utf8").split("\n").filter(Boolean);
entries.forEach((entry, i) => {
  const line = entry.slice(entry.indexOf("\t") + 1);
  const value = JSON.parse(line);
  const res = schema.safeParse(value);
  if (!res.success) {
    rep.failed.push([i, res.error.issues.slice(0, 2).map((x) => `${x.path.join("/")}: ${x.message}`).join("; ")]);
    return;
  }
  const before = paths(value, "", new Set());
  const after = paths(JSON.parse(JSON.stringify(res.data)), "", new Set());
  const lost = [...before].filter((p) => !after.has(p)).sort();
  rep.added += [...after].filter((p) => !before.has(p)).length;
  if (lost.length) rep.lost.push([i, lost]);
  else rep.ok++;
});
console.log(JSON.stringify(rep));
