// Round trip through quicktype's TypeScript (compiled by tsc to line.js):
// each line of the input is "TypeName<TAB>json"; codecs.js (written by
// check.mjs) decodes it with Convert.to<TypeName>, which checks the value
// against the types, and encodes it again. The last line printed is the
// report check.mjs reads.
import fs from "node:fs";
import { codecs } from "./codecs.js";

function paths(v, at, out) {
  if (Array.isArray(v)) v.forEach((e, i) => paths(e, `${at}/${i}`, out));
  else if (v !== null && typeof v === "object")
    for (const [k, c] of Object.entries(v)) {
      out.add(`${at}/${k}`);
      paths(c, `${at}/${k}`, out);
    }
  return out;
}

const rep = { compiled: true, ok: 0, failed: [], lost: [], added: 0 };
fs.readFileSync(process.argv[2], "utf8").split("\n").filter((l) => l !== "").forEach((entry, i) => {
  const tab = entry.indexOf("\t");
  const [name, line] = [entry.slice(0, tab), entry.slice(tab + 1)];
  let again;
  try {
    again = codecs[name](line);
  } catch (e) {
    rep.failed.push([i, String(e)]);
    return;
  }
  const before = paths(JSON.parse(line), "", new Set());
  const after = paths(JSON.parse(again), "", new Set());
  const lost = [...before].filter((p) => !after.has(p));
  rep.added += [...after].filter((p) => !before.has(p)).length;
  if (lost.length) rep.lost.push([i, lost]);
  else rep.ok++;
});
console.log(JSON.stringify(rep));
