// walk.mjs reads the message types that the published releases of the
// Claude Code CLI declared in their sdk.d.ts, for internal/gen/versionfacts.
// It is run by `go run ./internal/gen/versionfacts -walk` (not in CI: it
// downloads releases with npm pack), which commits its output as
// internal/gen/versionfacts/sdk.json.
//
// Usage: node walk.mjs OUT.json --all     every published release
//        node walk.mjs OUT.json PKG@VERSION...
//
// --all lists the versions of @anthropic-ai/claude-code (the releases up to
// 2.0.x ship sdk.d.ts themselves) and of @anthropic-ai/claude-agent-sdk
// (which ships it since) from the registry with `npm view PKG versions`.
// The OUT file read before is the cache: a release it already lists, with
// its members or among those without an sdk.d.ts ("without"), is not
// fetched again, so a rerun fetches only new releases. Fetches run a few at
// a time (WALK_JOBS, default 6).
//
// For each release it:
//  1. fetches the package with `npm pack` into a temporary folder and unpacks
//     sdk.d.ts (and, to learn the CLI version an Agent SDK release ships,
//     package.json's claudeCodeVersion or the "// Version:" line of cli.js);
//  2. resolves the SDKMessage union with the TypeScript checker and splits it
//     into wire variants: "type", or "type.subtype" (one per subtype literal),
//     "user.replay" for a member that declares isReplay;
//  3. records every member of each variant, one object level deep, as
//     required or optional (a member is optional when any declaration of the
//     variant makes it optional).
//
// The output is deterministic: releases oldest CLI first (then package and
// version), keys sorted. A release whose variants equal those of the
// release before it in that order says so ("same_as": "pkg@version")
// instead of repeating them.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync, execFile } from "node:child_process";
import { promisify } from "node:util";
import ts from "typescript";

const [out, ...specs] = process.argv.slice(2);
if (!out || specs.length === 0) {
  console.error("usage: node walk.mjs OUT.json --all | PKG@VERSION...");
  process.exit(2);
}
const run = promisify(execFile);

// NoSDK marks a release that ships no sdk.d.ts.
class NoSDK extends Error {}

async function fetchRelease(spec) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "versionfacts-"));
  try {
    const { stdout } = await run("npm", ["pack", spec, "--silent"], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 24 });
    const name = stdout.trim().split("\n").pop();
    const list = (await run("tar", ["tzf", name], { cwd: dir, maxBuffer: 1 << 26 })).stdout.split("\n");
    if (!list.includes("package/sdk.d.ts")) throw new NoSDK(spec);
    await run("tar", ["xzf", name, "--wildcards", "package/package.json", "*.d.ts"], { cwd: dir });
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package/package.json"), "utf8"));
    let cli = pkg.name === "@anthropic-ai/claude-code" ? pkg.version : pkg.claudeCodeVersion;
    if (!cli && list.includes("package/cli.js")) {
      await run("tar", ["xzf", name, "package/cli.js"], { cwd: dir });
      const fd = fs.openSync(path.join(dir, "package/cli.js"), "r");
      const head = Buffer.alloc(2000);
      fs.readSync(fd, head, 0, 2000, 0);
      fs.closeSync(fd);
      cli = /\/\/ Version: (\S+)/.exec(head.toString("utf8"))?.[1];
    }
    if (!cli) throw new Error(`${spec}: cannot tell which CLI version it ships`);
    const variants = variantsOf(path.join(dir, "package/sdk.d.ts"));
    return { pkg: pkg.name, version: pkg.version, cli, variants };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// variantsOf returns {variant: {member: "required"|"optional"}} for the
// SDKMessage union that the sdk.d.ts at file exports (itself or through
// the files it re-exports).
function variantsOf(file) {
  const program = ts.createProgram([file], { noLib: true, types: [], skipLibCheck: true });
  const checker = program.getTypeChecker();
  const sf = program.getSourceFile(file);
  let sym = checker.getExportsOfModule(checker.getSymbolAtLocation(sf)).find((s) => s.name === "SDKMessage");
  if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
  if (!sym) throw new Error("sdk.d.ts exports no SDKMessage");
  const root = checker.getDeclaredTypeOfSymbol(sym);

  const literals = (t) => {
    if (!t) return [];
    if (t.isUnion()) return t.types.flatMap(literals);
    return t.isStringLiteral() ? [t.value] : [];
  };
  const propType = (sym) => checker.getTypeOfSymbol(sym);
  const isObject = (t) =>
    (t.flags & ts.TypeFlags.Object) !== 0 && !checker.isArrayType(t) && checker.getPropertiesOfType(t).length > 0;

  const variants = {};
  const add = (name, members) => {
    const v = (variants[name] ??= {});
    for (const [k, req] of Object.entries(members)) {
      v[k] = v[k] === "optional" || req === "optional" ? "optional" : "required";
    }
  };
  const members = (t, prefix, depth, acc) => {
    for (const p of checker.getPropertiesOfType(t)) {
      const optional = (p.flags & ts.SymbolFlags.Optional) !== 0;
      const at = prefix + "/" + p.name;
      acc[at] = optional ? "optional" : "required";
      if (depth > 0) {
        const pt = checker.getNonNullableType(propType(p));
        const parts = pt.isUnion() ? pt.types : [pt];
        for (const part of parts) if (isObject(part)) members(part, at, depth - 1, acc);
      }
    }
    return acc;
  };
  // Read the union from its syntax, member by member: a member whose type
  // does not resolve (an import of a package not fetched) would otherwise
  // turn the whole union into any.
  const decl = sym.declarations?.find(ts.isTypeAliasDeclaration);
  const flat = (t) => (t.isUnion() && !(t.flags & ts.TypeFlags.EnumLiteral) && !t.types.every((x) => x.isLiteral()) ? t.types.flatMap(flat) : [t]);
  const constituents = decl && ts.isUnionTypeNode(decl.type)
    ? decl.type.types.flatMap((n) => flat(checker.getTypeFromTypeNode(n)))
    : flat(root);
  for (const t of constituents) {
    const prop = (n) => t.getProperty(n);
    const types = literals(prop("type") && propType(prop("type")));
    const subtypes = literals(prop("subtype") && propType(prop("subtype")));
    const replay = prop("isReplay") !== undefined;
    const m = members(t, "", 1, {});
    for (const ty of types) {
      if (subtypes.length === 0) add(replay ? ty + ".replay" : ty, m);
      for (const st of subtypes) add(ty + "." + st, m);
    }
  }
  return variants;
}

const sortKeys = (v) =>
  Array.isArray(v) ? v.map(sortKeys)
  : v && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys(v[k])]))
  : v;

const cmpVersion = (a, b) => {
  const pa = a.split(/[.-]/), pb = b.split(/[.-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? "", y = pb[i] ?? "";
    const nx = /^\d+$/.test(x), ny = /^\d+$/.test(y);
    if (nx && ny && +x !== +y) return +x - +y;
    if (nx !== ny) return x === "" ? -1 : y === "" ? 1 : nx ? -1 : 1;
    if (!nx && x !== y) return x < y ? -1 : 1;
  }
  return 0;
};

async function listAll() {
  const out = [];
  for (const pkg of ["@anthropic-ai/claude-code", "@anthropic-ai/claude-agent-sdk"]) {
    const { stdout } = await run("npm", ["view", pkg, "versions", "--json"], { encoding: "utf8", maxBuffer: 1 << 24 });
    for (const v of JSON.parse(stdout)) out.push(`${pkg}@${v}`);
  }
  return out;
}

// The cache: the releases OUT already lists.
const cache = new Map();
const without = new Set();
try {
  const old = JSON.parse(fs.readFileSync(out, "utf8"));
  const byId = new Map(old.releases.map((r) => [`${r.package}@${r.version}`, r]));
  for (const [id, r] of byId) {
    let v = r;
    for (let i = 0; v && v.same_as && i < 10000; i++) v = byId.get(v.same_as);
    if (v && v.variants) cache.set(id, { pkg: r.package, version: r.version, cli: r.cli, variants: v.variants });
  }
  for (const id of old.without ?? []) without.add(id);
} catch (e) {
  if (e.code !== "ENOENT") {
    console.error(`walk: ${out}: ${e.message}`);
    process.exit(2);
  }
}

const wanted = specs.length === 1 && specs[0] === "--all" ? await listAll() : specs;
const todo = wanted.filter((s) => !cache.has(s) && !without.has(s));
console.error(`walk: ${wanted.length} releases, ${wanted.length - todo.length} cached, ${todo.length} to fetch`);
// save writes OUT from what is known so far: the cache and what was fetched.
function save() {
  const releases = [...results.values()].sort((a, b) =>
    cmpVersion(a.cli, b.cli) || (a.pkg < b.pkg ? -1 : a.pkg > b.pkg ? 1 : cmpVersion(a.version, b.version)));
  const rows = [];
  let prev = null;
  for (const r of releases) {
    const same = prev && JSON.stringify(sortKeys(prev.variants)) === JSON.stringify(sortKeys(r.variants));
    const row = { package: r.pkg, version: r.version, cli: r.cli };
    if (same) row.same_as = `${prev.pkg}@${prev.version}`;
    else {
      row.variants = r.variants;
      prev = r;
    }
    rows.push(row);
  }
  const w = [...without].sort((a, b) => {
    const [pa, va] = [a.slice(0, a.lastIndexOf("@")), a.slice(a.lastIndexOf("@") + 1)];
    const [pb, vb] = [b.slice(0, b.lastIndexOf("@")), b.slice(b.lastIndexOf("@") + 1)];
    return pa < pb ? -1 : pa > pb ? 1 : cmpVersion(va, vb);
  });
  // Releases stay in the order above: sortKeys sorts object keys only.
  fs.writeFileSync(out, JSON.stringify({ releases: rows.map(sortKeys), without: w }, null, 1) + "\n");
  return rows;
}
const jobs = Math.max(1, Number(process.env.WALK_JOBS) || 6);
const results = new Map(cache);
let failed = 0, done = 0;
const queue = [...todo];
await Promise.all(Array.from({ length: jobs }, async () => {
  for (let spec; (spec = queue.shift()); ) {
    try {
      const r = await fetchRelease(spec);
      results.set(spec, r);
      console.error(`${spec}: CLI ${r.cli}, ${Object.keys(r.variants).length} variants (${++done}/${todo.length})`);
      if (done % 10 === 0) save(); // a walk cut short keeps what it fetched
    } catch (e) {
      if (e instanceof NoSDK) {
        without.add(spec);
        console.error(`${spec}: no sdk.d.ts (${++done}/${todo.length})`);
      } else {
        failed++;
        console.error(`${spec}: ${e.message.split("\n")[0]}`);
      }
    }
  }
}));

const rows = save();
const w = without;
console.error(`walk: ${rows.length} releases with sdk.d.ts (${rows.filter((r) => r.variants).length} distinct), ${w.size} without; ${failed} failed`);
if (failed > 0) process.exit(1);
