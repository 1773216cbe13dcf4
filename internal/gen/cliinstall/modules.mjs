// modules.mjs: the JavaScript of one Claude Code CLI release, as the
// generators under internal/gen read it (bundlefacts' extract.mjs and
// zod.mjs, optionfacts' options.mjs). No dependency: node alone.
//
// modulesOf(buf) returns the release's modules as text: cli.js whole, or,
// for a compiled executable (ELF, Mach-O, PE: Bun's), every module from its
// "// @bun" line up to its NUL byte, each distinct text once.
export function modulesOf(buf) {
  const isELF = buf.length > 4 && buf[0] === 0x7f && buf[1] === 0x45 && buf[2] === 0x4c && buf[3] === 0x46;
  const isMachO = buf.length > 4 && (buf.readUInt32LE(0) === 0xfeedfacf || buf.readUInt32LE(0) === 0xfeedface);
  const isPE = buf.length > 2 && buf[0] === 0x4d && buf[1] === 0x5a;
  if (!isELF && !isMachO && !isPE) return [buf.toString("utf8")];
  // A compiled binary: every "// @bun" module up to its NUL byte, once.
  const marker = Buffer.from("// @bun");
  const seen = new Set();
  const out = [];
  let at = 0;
  for (;;) {
    const i = buf.indexOf(marker, at);
    if (i < 0) break;
    let end = buf.indexOf(0, i);
    if (end < 0) end = buf.length;
    at = end;
    const text = buf.toString("utf8", i, end);
    if (seen.has(text)) continue;
    seen.add(text);
    out.push(text);
  }
  return out;
}
