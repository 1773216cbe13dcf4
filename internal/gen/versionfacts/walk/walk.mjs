// walk.mjs reads the message types that past releases of the Claude Code
// CLI declared in their sdk.d.ts, for internal/gen/versionfacts. It is run by
// `go run ./internal/gen/versionfacts -walk` (not in CI: it downloads every
// sampled release with npm pack), which commits its output as
// internal/gen/versionfacts/sdk.json.
//
// Usage: node walk.mjs OUT.json PKG@VERSION...
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
// The output is deterministic: releases in the order given, keys sorted.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import ts from "typescript";

const [out, ...specs] = process.argv.slice(2);
if (!out || specs.length === 0) {
  console.error("usage: node walk.mjs OUT.json PKG@VERSION...");
  process.exit(2);
}

function fetchRelease(spec) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "versionfacts-"));
  try {
    const name = execFileSync("npm", ["pack", spec, "--silent"], { cwd: dir, encoding: "utf8" }).trim().split("\n").pop();
    execFileSync("tar", ["xzf", name, "--wildcards", "package/package.json", "*.d.ts"], { cwd: dir });
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package/package.json"), "utf8"));
    let cli = pkg.name === "@anthropic-ai/claude-code" ? pkg.version : pkg.claudeCodeVersion;
    if (!cli) {
      try {
        execFileSync("tar", ["xzf", name, "package/cli.js"], { cwd: dir });
        const head = fs.readFileSync(path.join(dir, "package/cli.js"), "utf8").slice(0, 2000);
        cli = /\/\/ Version: (\S+)/.exec(head)?.[1];
      } catch {}
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

const releases = [];
for (const spec of specs) {
  const r = fetchRelease(spec);
  const variants = r.variants;
  console.error(`${spec}: CLI ${r.cli}, ${Object.keys(variants).length} variants`);
  releases.push({ package: r.pkg, version: r.version, cli: r.cli, variants });
}
fs.writeFileSync(out, JSON.stringify(sortKeys({ releases }), null, 1) + "\n");
