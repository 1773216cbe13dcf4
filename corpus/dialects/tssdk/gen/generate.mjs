// generate.mjs writes the ts-sdk dialect's schema set (../schemas/index.json
// and ../schemas/tolerant/protocol.schema.json) from sdk.d.ts of the pinned
// @anthropic-ai/claude-agent-sdk, with ts-json-schema-generator. Run it with
// `make dialect-ts-sdk` after bumping the versions in package.json.
//
// What it does, in order:
//  1. Renders StdoutMessage (everything the CLI writes, as sdk.d.ts declares
//     it) with every named type as a definition (expose "all"), without JSDoc
//     (jsDoc "none": no descriptions; sdk.d.ts is proprietary, and its JSDoc
//     tags are not types) and with objects left open.
//  2. Fixes what the generator gets wrong (see patchNonNullableUsage and
//     OpaqueMcpParser), converts draft-07 to 2020-12 and gives definitions
//     names that need no escaping in a JSON pointer.
//  3. Rewrites each anyOf of objects told apart by a constant member into an
//     if/then dispatch on that member, so that a kind the types do not know
//     passes the schema (the validator reports it on its own).
//  4. Adds one definition per wire variant, named like protocheck's wire
//     variants (protocol/variants.go): type, type.subtype, user.replay,
//     control_request.<request.subtype>, control_response.<response.subtype>,
//     each derived from the discriminator literals of the TS types, and the
//     top-level dispatch on type and subtype.
//
// The output is deterministic: keys sorted, trailing newline. With --check it
// writes nothing and exits 1 when the committed files differ from what it
// would write.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import * as z from "zod/v4";
import { JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import {
  AnyType,
  DefinitionType,
  SchemaGenerator,
  createFormatter,
  createParser,
  createProgram,
} from "ts-json-schema-generator";

const here = path.dirname(fileURLToPath(import.meta.url));
const sdkDir = path.join(here, "node_modules/@anthropic-ai/claude-agent-sdk");
const sdkDts = path.join(sdkDir, "sdk.d.ts");
const outDir = path.join(here, "..", "schemas");
const wireVariantsGo = path.join(here, "../../../../protocol/variants.go");

const DIALECT = "ts-sdk";
const BASE_ID = `https://protocheck.dev/schemas/v1/dialects/${DIALECT}/`;
const PROFILE = "tolerant";
const UNION_FILE = `${PROFILE}/protocol.schema.json`;

// The root type: everything the CLI prints on stdout, one per line.
const ROOT = "StdoutMessage";

// The types the SDK also writes to the CLI's stdin: the prompt stream's
// element type, and the control-protocol frames, which either side may send
// (their JSDoc says so). Every other StdoutMessage member is read only.
const WRITTEN_BY_SDK = new Set([
  "SDKUserMessage",
  "SDKControlRequest",
  "SDKControlResponse",
  "SDKControlCancelRequest",
  "SDKKeepAliveMessage",
]);

// Envelope types whose variant is chosen by the subtype of a member object,
// not by a top-level subtype: the member holding the body.
const ENVELOPE_MEMBERS = ["request", "response"];

// Preferred discriminator members, in order, when a union's branches share
// several constant members.
const KEY_PREFERENCE = ["type", "subtype", "role", "kind", "behavior"];

function main() {
  const sdkPkg = readJSON(path.join(sdkDir, "package.json"));
  const cliVersion = readJSON(path.join(sdkDir, "manifest.json")).version;

  const { program, raw } = render();
  let defs = renameAnonymous(convert(raw));
  patchNonNullableUsage(defs);
  defs = dropUnreachable(defs, [ROOT]);
  const { variants, subtypePaths } = variantsOf(defs, program);
  const unions = dispatchUnions(defs);
  checkNames(variants);

  for (const v of variants) defs[v.name] = variantDef(v);
  const top = topUnion(variants, subtypePaths);
  delete defs[ROOT];
  defs = dropUnreachable(defs, variants.map((v) => v.name));

  const schema = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: BASE_ID + UNION_FILE,
    title: `${DIALECT}: ${sdkPkg.name} ${sdkPkg.version} sdk.d.ts`,
    ...top,
    $defs: defs,
  };
  checkRefs(schema);

  const index = {
    schema_version: 1,
    protocol: { cli_version: cliVersion, sdk_version: sdkPkg.version },
    base_id: BASE_ID,
    profiles: [PROFILE],
    union: { [PROFILE]: UNION_FILE },
    subtype_paths: subtypePaths,
    variants: variants.map((v) => ({
      name: v.name,
      type: v.type,
      subtype: v.subtype ?? null,
      marker: v.marker ?? null,
      direction: v.direction,
      checked: "",
      go_type: v.tsType,
      doc: v.doc,
      files: { [PROFILE]: UNION_FILE },
    })),
    unions,
  };

  const files = [
    [path.join(outDir, "index.json"), encode(index, false)],
    [path.join(outDir, UNION_FILE), encode(schema, true)],
  ];
  if (process.argv.includes("--check")) {
    const stale = files.filter(([p, data]) => !fs.existsSync(p) || fs.readFileSync(p, "utf8") !== data);
    for (const [p] of stale) console.error(`${path.relative(process.cwd(), p)} is stale; run: make dialect-ts-sdk`);
    process.exit(stale.length ? 1 : 0);
  }
  fs.mkdirSync(path.join(outDir, PROFILE), { recursive: true });
  for (const [p, data] of files) fs.writeFileSync(p, data);
  console.log(
    `${DIALECT}: ${variants.length} variants, ${Object.keys(defs).length} definitions, ${unions.length} dispatched unions -> ${path.relative(process.cwd(), outDir)}`,
  );
}

// ---- 1. Rendering -------------------------------------------------------

// OpaqueMcpParser stands in for JSONRPCMessage (the body of an mcp_message
// control request). @modelcontextprotocol/sdk declares it as a type inferred
// from a zod schema, which ts-json-schema-generator 2.4.0 cannot evaluate (it
// throws "Reference type ID not set yet"). The parser makes it an empty
// definition, which mcpDefinitions then fills from the very zod schema the
// type is inferred from.
class OpaqueMcpParser {
  constructor(checker) {
    this.checker = checker;
  }
  supportsNode(node) {
    if (!ts.isTypeReferenceNode(node) || !ts.isIdentifier(node.typeName)) return false;
    if (node.typeName.text !== "JSONRPCMessage") return false;
    let sym = this.checker.getSymbolAtLocation(node.typeName);
    if (sym && sym.flags & ts.SymbolFlags.Alias) sym = this.checker.getAliasedSymbol(sym);
    return (sym?.declarations ?? []).some((d) => d.getSourceFile().fileName.includes("/@modelcontextprotocol/sdk/"));
  }
  createType() {
    return new DefinitionType("JSONRPCMessage", new AnyType());
  }
}

function render() {
  const config = {
    path: sdkDts,
    tsconfig: path.join(here, "tsconfig.json"),
    expose: "all",
    topRef: true,
    jsDoc: "none",
    skipTypeCheck: true,
    additionalProperties: true,
  };
  const program = createProgram(config);
  const checker = program.getTypeChecker();
  const parser = createParser(program, config, (chain) => chain.addNodeParser(new OpaqueMcpParser(checker)));
  const gen = new SchemaGenerator(program, parser, createFormatter(config), config);
  const root = declarationOf(program, ROOT);
  if (!root) throw new Error(`${ROOT} is not declared in ${sdkDts}`);
  const raw = gen.createSchemaFromNodes([root]);
  raw.definitions.JSONRPCMessage = mcpDefinition();
  return { program, raw };
}

// mcpDefinition renders JSONRPCMessage from JSONRPCMessageSchema, the zod
// schema @modelcontextprotocol/sdk infers the type from (see OpaqueMcpParser).
function mcpDefinition() {
  const s = z.toJSONSchema(JSONRPCMessageSchema, { io: "output", unrepresentable: "any" });
  delete s.$schema;
  if (JSON.stringify(s).includes('"$ref"')) throw new Error("JSONRPCMessage: the zod schema has references; handle them");
  // Draft-07 spelling, as the generator's own output, for convert().
  return s;
}

function declarationOf(program, name) {
  const sf = program.getSourceFile(sdkDts);
  for (const st of sf.statements) {
    if ((ts.isTypeAliasDeclaration(st) || ts.isInterfaceDeclaration(st)) && st.name.text === name) return st;
  }
  return undefined;
}

// docOf returns the first sentence of a type's JSDoc in sdk.d.ts, or "".
function docOf(program, name) {
  const decl = declarationOf(program, name);
  const jsDoc = decl?.jsDoc?.[0];
  if (!jsDoc || !jsDoc.comment) return "";
  const text = ts.getTextOfJSDocComment(jsDoc.comment).replace(/\s+/g, " ").trim();
  const masked = text.replace(/\b(e\.g|i\.e|etc|vs)\./g, (m) => m.replace(/\./g, "\u0000"));
  const end = masked.search(/[.!?](\s|$)/);
  const first = end < 0 ? masked : masked.slice(0, end + 1);
  return first.replace(/\u0000/g, ".");
}

// ---- 2. Conversion and patches ------------------------------------------

// safeName turns a generator definition name (e.g. "Record<string,unknown>",
// "NonNullable<(number|null)>") into one a JSON pointer needs no escaping for.
function safeName(name) {
  return name
    .replace(/[<>(),|"'\s\[\]{}:;=&*?!@#$^+~%/\\`]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
}

// convert renames the definitions, rewrites references to #/$defs/<name>,
// turns draft-07 tuples into prefixItems, drops descriptions and opens every
// object (additionalProperties:false goes): the TS runtime keeps members the
// types do not declare, and protocheck counts those members separately.
function convert(raw) {
  const names = new Map();
  const used = new Set();
  for (const name of Object.keys(raw.definitions).sort()) {
    let safe = safeName(name);
    for (let i = 2; used.has(safe); i++) safe = `${safeName(name)}_${i}`;
    used.add(safe);
    names.set(name, safe);
  }
  const fix = (node) => {
    if (Array.isArray(node)) return node.map(fix);
    if (!node || typeof node !== "object") return node;
    const out = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === "description" || k === "$comment" || k === "markdownDescription") continue;
      if (k === "additionalProperties" && v === false) continue;
      if (k === "$ref") {
        const m = /^#\/definitions\/(.*)$/.exec(v);
        if (!m) throw new Error(`unexpected reference ${v}`);
        const target = names.get(decodeURIComponent(m[1]));
        if (!target) throw new Error(`reference to an unknown definition ${v}`);
        out.$ref = `#/$defs/${target}`;
        continue;
      }
      if (k === "items" && Array.isArray(v)) {
        out.prefixItems = v.map(fix);
        continue;
      }
      if (k === "additionalItems") {
        out.items = fix(v);
        continue;
      }
      if (k === "properties" || k === "patternProperties" || k === "$defs" || k === "definitions") {
        out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, fix(s)]));
        continue;
      }
      out[k] = fix(v);
    }
    return out;
  };
  const defs = {};
  for (const [name, def] of Object.entries(raw.definitions)) defs[names.get(name)] = fix(def);
  return defs;
}

// renameAnonymous renames the definitions whose generator name embeds
// source positions (a generic applied to an anonymous object type, e.g.
// "Record<string,structure-1117831954-225709-...>"): such a name changes
// with every edit of sdk.d.ts. Each takes the place of its first use
// instead ("SDKControlInitializeRequest.sdkMcpServerConfigs").
function renameAnonymous(defs) {
  const anon = Object.keys(defs).filter((n) => /(structure|alias)-\d{5,}/.test(n));
  if (!anon.length) return defs;
  const firstUse = new Map();
  const walk = (node, where) => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}.${i}`));
    if (!node || typeof node !== "object") return;
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref") {
        const name = v.slice("#/$defs/".length);
        if (anon.includes(name) && !firstUse.has(name)) firstUse.set(name, where);
      } else if (k === "properties") {
        for (const [p, sub] of Object.entries(v)) walk(sub, `${where}.${p}`);
      } else {
        walk(v, k === "items" || k === "additionalProperties" ? `${where}.${k === "items" ? "items" : "values"}` : where);
      }
    }
  };
  for (const name of Object.keys(defs).sort()) if (!anon.includes(name)) walk(defs[name], name);
  const rename = new Map();
  for (const name of anon) {
    const base = safeName(firstUse.get(name) ?? name.replace(/[_-]?(structure|def-alias|alias)-[\d-]+/g, ""));
    let n = base;
    for (let i = 2; defs[n] || [...rename.values()].includes(n); i++) n = `${base}_${i}`;
    rename.set(name, n);
  }
  const fix = (node) => {
    if (Array.isArray(node)) return node.map(fix);
    if (!node || typeof node !== "object") return node;
    const out = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && rename.has(v.slice(8))) out[k] = `#/$defs/${rename.get(v.slice(8))}`;
      else out[k] = fix(v);
    }
    return out;
  };
  return Object.fromEntries(Object.entries(defs).map(([k, v]) => [rename.get(k) ?? k, fix(v)]));
}

// patchNonNullableUsage recomputes NonNullableUsage, the type of result.usage.
// sdk.d.ts declares it as a mapped type over the keys of BetaUsage that
// applies NonNullable to every member's type but fallback_credit's, and
// ts-json-schema-generator 2.4.0 renders each NonNullable member wrongly: it keeps null, turns string literals (service_tier, speed) and
// the iterations array into empty objects, and adds an index signature the
// type does not have. Every real result line would then fail on usage. The
// right value is BetaUsage's own definition with null removed from every
// member but fallback_credit, the same members required.
function patchNonNullableUsage(defs) {
  const usage = defs.BetaUsage;
  if (!defs.NonNullableUsage || !usage) throw new Error("NonNullableUsage or BetaUsage not rendered; revisit the patch");
  const props = {};
  for (const [k, s] of Object.entries(usage.properties)) props[k] = k === "fallback_credit" ? s : withoutNull(s);
  defs.NonNullableUsage = { type: "object", properties: props, required: [...(usage.required ?? [])] };
  for (const name of Object.keys(defs)) {
    if (name.startsWith("NonNullable_")) delete defs[name];
  }
}

function withoutNull(s) {
  s = structuredClone(s);
  if (Array.isArray(s.type)) {
    s.type = s.type.filter((t) => t !== "null");
    if (s.type.length === 1) s.type = s.type[0];
  } else if (s.type === "null") {
    throw new Error("NonNullable of null");
  }
  if (Array.isArray(s.enum)) s.enum = s.enum.filter((v) => v !== null);
  if (Array.isArray(s.anyOf)) {
    s.anyOf = s.anyOf.filter((b) => !(b.type === "null" && Object.keys(b).length === 1));
    if (s.anyOf.length === 1) {
      const only = s.anyOf[0];
      delete s.anyOf;
      Object.assign(s, only);
    }
  }
  return s;
}

// ---- 3. Unions ----------------------------------------------------------

function resolve(defs, s) {
  const seen = new Set();
  while (s && s.$ref && Object.keys(s).length === 1) {
    const name = s.$ref.slice("#/$defs/".length);
    if (seen.has(name)) break;
    seen.add(name);
    s = defs[name];
  }
  return s;
}

// constValues returns the string values a branch pins key to, or null.
function constValues(branch, key) {
  if (!branch || branch.type !== "object" || !branch.properties) return null;
  if (!(branch.required ?? []).includes(key)) return null;
  const p = branch.properties[key];
  if (!p) return null;
  if (typeof p.const === "string") return [p.const];
  if (Array.isArray(p.enum) && p.enum.length > 0 && p.enum.every((v) => typeof v === "string")) return p.enum;
  return null;
}

// flattenBranches expands branches that are references to unions.
function flattenBranches(defs, branches, depth = 0) {
  const out = [];
  for (const b of branches) {
    const r = resolve(defs, b);
    if (depth < 8 && r && Array.isArray(r.anyOf) && Object.keys(r).length === 1) {
      out.push(...flattenBranches(defs, r.anyOf, depth + 1));
    } else {
      out.push(b);
    }
  }
  return out;
}

const isNull = (b) => b && b.type === "null" && Object.keys(b).length === 1;

// discriminate finds the member that tells an anyOf's object branches apart:
// present and constant in every branch, with no value shared. It returns
// {key, cases: [[value, branch], ...]} or null.
function discriminate(defs, branches) {
  const objs = flattenBranches(defs, branches);
  if (objs.length < 2) return null;
  const resolved = objs.map((b) => resolve(defs, b));
  const keys = Object.keys(resolved[0]?.properties ?? {}).filter((k) => resolved.every((r) => constValues(r, k)));
  keys.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  for (const key of keys) {
    const cases = [];
    const seen = new Set();
    let ok = true;
    objs.forEach((b, i) => {
      for (const v of constValues(resolved[i], key)) {
        if (seen.has(v)) ok = false;
        seen.add(v);
        cases.push([v, b]);
      }
    });
    if (ok) return { key, cases };
  }
  return null;
}

function rank(k) {
  const i = KEY_PREFERENCE.indexOf(k);
  return i < 0 ? KEY_PREFERENCE.length : i;
}

function dispatchSchema(key, cases) {
  return {
    type: "object",
    required: [key],
    properties: { [key]: { type: "string" } },
    allOf: cases.map(([v, b]) => ({
      if: { properties: { [key]: { const: v } }, required: [key] },
      then: b.$ref ? { $ref: b.$ref } : b,
    })),
  };
}

// dispatchUnions rewrites every anyOf whose object branches carry a
// constant discriminator into the dispatch form (null stays a branch of its
// own). A union written inline in a property becomes a definition of its own
// (named after where it first appears, or the named union it equals), so
// that the index can list it. It returns the index's unions.
function dispatchUnions(defs) {
  const unions = [];
  const byShape = new Map(); // canonical branches -> definition name

  // Named unions first: a definition that is just an anyOf.
  const namedUnions = new Set();
  for (const name of Object.keys(defs).sort()) {
    const def = defs[name];
    if (!def || !Array.isArray(def.anyOf) || Object.keys(def).length !== 1) continue;
    if (def.anyOf.some(isNull)) continue; // hoisted like an inline union
    const objs = def.anyOf;
    const d = discriminate(defs, objs);
    if (!d) continue;
    namedUnions.add(name);
    if (!byShape.has(canonical(objs))) byShape.set(canonical(objs), name);
  }
  const named = new Map(); // name -> dispatch schema (computed once)
  const dispatchFor = (name, objs) => {
    if (!named.has(name)) {
      const d = discriminate(defs, objs);
      named.set(name, dispatchSchema(d.key, d.cases));
      unions.push({ name, key: d.key, members: d.cases.map(([v]) => v) });
    }
    return named.get(name);
  };

  // rewrite returns node with its unions dispatched. At the root of a named
  // union's own definition (defName) it returns {dispatchOf: branches}.
  const pending = new Map(); // hoisted inline unions: name -> branches
  const rewrite = (node, where, defName) => {
    if (Array.isArray(node)) return node.map((n, i) => rewrite(n, `${where}.${i}`));
    if (!node || typeof node !== "object") return node;
    const out = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === "properties") {
        out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, rewrite(s, `${where}.${p}`)]));
      } else if (k === "items" || k === "additionalProperties") {
        out[k] = rewrite(v, `${where}.${k === "items" ? "items" : "values"}`);
      } else {
        out[k] = rewrite(v, where);
      }
    }
    if (!Array.isArray(out.anyOf)) return out;
    const objs = out.anyOf.filter((b) => !isNull(b));
    const hasNull = objs.length < out.anyOf.length;
    if (!discriminate(defs, objs)) return out;
    const rest = { ...out };
    delete rest.anyOf;
    if (defName && namedUnions.has(defName)) return { dispatchOf: objs };
    const shape = canonical(objs);
    let name = byShape.get(shape);
    if (!name) {
      name = safeName(where);
      for (let i = 2; defs[name] || pending.has(name); i++) name = `${safeName(where)}_${i}`;
      byShape.set(shape, name);
      pending.set(name, objs);
    }
    const ref = { $ref: `#/$defs/${name}` };
    const repl = hasNull ? { anyOf: [ref, { type: "null" }] } : ref;
    return Object.keys(rest).length ? { ...rest, allOf: [...(rest.allOf ?? []), repl] } : repl;
  };

  const out = {};
  for (const name of Object.keys(defs).sort()) {
    const r = rewrite(defs[name], name, name);
    out[name] = r.dispatchOf ? dispatchFor(name, r.dispatchOf) : r;
  }
  for (const [name, objs] of pending) out[name] = dispatchFor(name, objs);
  for (const k of Object.keys(defs)) delete defs[k];
  Object.assign(defs, out);
  unions.sort((a, b) => a.name.localeCompare(b.name));
  return unions;
}

function canonical(x) {
  return JSON.stringify(sortKeys(x));
}

// ---- 4. Variants --------------------------------------------------------

// variantsOf walks the root union (flattening SDKMessage and
// SDKResultMessage) and derives each wire variant from the literal types of
// type, subtype (or request.subtype / response.subtype) and the one member
// pinned to true (isReplay).
function variantsOf(defs, program) {
  const root = defs[ROOT];
  if (!root || !Array.isArray(root.anyOf)) throw new Error(`${ROOT} is not a union`);
  const refName = (b) => b.$ref.slice("#/$defs/".length);
  const members = [];
  const expand = (b) => {
    const name = refName(b);
    const d = defs[name];
    if (Array.isArray(d.anyOf) && Object.keys(d).length === 1) d.anyOf.forEach(expand);
    else members.push(name);
  };
  root.anyOf.forEach(expand);

  const variants = [];
  const subtypePaths = {};
  for (const tsType of members) {
    const def = defs[tsType];
    const types = constValues(def, "type");
    if (!types || types.length !== 1) throw new Error(`${tsType}: no single literal type`);
    const type = types[0];
    const direction = WRITTEN_BY_SDK.has(tsType) ? "both" : "cli";
    const envelope = ENVELOPE_MEMBERS.find((m) => def.properties?.[m] && bodyUnion(defs, def.properties[m]));
    if (envelope) {
      subtypePaths[type] = `/${envelope}/subtype`;
      for (const [subtype, body] of bodyUnion(defs, def.properties[envelope])) {
        const bodyType = refName(body);
        variants.push({
          name: `${type}.${subtype}`, type, subtype, tsType: bodyType, envelope: tsType, member: envelope, direction,
          doc: docOf(program, bodyType),
        });
      }
      continue;
    }
    const subtypes = constValues(def, "subtype");
    const marker = Object.entries(def.properties ?? {}).find(
      ([k, p]) => p.const === true && p.type === "boolean" && (def.required ?? []).includes(k),
    )?.[0];
    const doc = docOf(program, tsType);
    if (subtypes) {
      subtypePaths[type] = "/subtype";
      for (const subtype of subtypes) variants.push({ name: `${type}.${subtype}`, type, subtype, tsType, direction, doc });
    } else if (marker) {
      const suffix = marker.replace(/^is/, "").replace(/^./, (c) => c.toLowerCase());
      variants.push({ name: `${type}.${suffix}`, type, marker, tsType, direction, doc });
    } else {
      variants.push({ name: type, type, tsType, direction, doc });
    }
  }
  const seen = new Set();
  for (const v of variants) {
    if (seen.has(v.name)) throw new Error(`two TS types give the variant ${v.name}`);
    seen.add(v.name);
  }
  return { variants, subtypePaths: sortKeys(subtypePaths) };
}

// bodyUnion returns [[subtype, branch], ...] when an envelope member is a
// union of object types told apart by a literal subtype.
function bodyUnion(defs, prop) {
  const r = resolve(defs, prop);
  let branches;
  if (r && Array.isArray(r.anyOf)) branches = r.anyOf;
  else if (r && Array.isArray(r.allOf) && r.allOf.every((e) => e.if && e.then)) branches = r.allOf.map((e) => e.then);
  else return null;
  const flat = flattenBranches(defs, branches);
  if (!flat.every((b) => b.$ref)) return null;
  const out = [];
  for (const b of flat) {
    const vals = constValues(resolve(defs, b), "subtype");
    if (!vals) return null;
    for (const v of vals) out.push([v, b]);
  }
  return out;
}

// variantDef is a variant's definition: its TS type with the discriminators
// pinned, as protocheck's wire schemas do.
function variantDef(v) {
  if (v.envelope) {
    return {
      $ref: `#/$defs/${v.envelope}`,
      properties: { type: { const: v.type }, [v.member]: { $ref: `#/$defs/${v.tsType}` } },
      required: ["type", v.member],
    };
  }
  const props = { type: { const: v.type } };
  const req = ["type"];
  if (v.subtype !== undefined) {
    props.subtype = { const: v.subtype };
    req.push("subtype");
  }
  if (v.marker) {
    props[v.marker] = { const: true };
    req.push(v.marker);
  }
  return { $ref: `#/$defs/${v.tsType}`, properties: props, required: req };
}

const ifConst = (key, value) => ({ properties: { [key]: { const: value } }, required: [key] });

// topUnion is the file's own schema: dispatch on type, then on the subtype
// (at its path) or the marker.
function topUnion(variants, subtypePaths) {
  const byType = new Map();
  for (const v of variants) {
    if (!byType.has(v.type)) byType.set(v.type, []);
    byType.get(v.type).push(v);
  }
  const allOf = [];
  for (const [type, vs] of byType) {
    let then;
    if (vs.length === 1 && vs[0].subtype === undefined && !vs[0].marker) {
      then = { $ref: `#/$defs/${vs[0].name}` };
    } else if (subtypePaths[type]) {
      const parts = subtypePaths[type].split("/").slice(1); // ["subtype"] or ["request", "subtype"]
      then = {
        allOf: vs.map((v) => {
          let cond = ifConst(parts[parts.length - 1], v.subtype);
          for (let i = parts.length - 2; i >= 0; i--) cond = { properties: { [parts[i]]: cond }, required: [parts[i]] };
          return { if: cond, then: { $ref: `#/$defs/${v.name}` } };
        }),
      };
    } else {
      const marked = vs.filter((v) => v.marker);
      const plain = vs.filter((v) => !v.marker);
      if (plain.length > 1) throw new Error(`type ${type}: several variants without a subtype or marker`);
      then = { allOf: [] };
      for (const m of marked) {
        if (plain.length) then.allOf.push({ if: { not: ifConst(m.marker, true) }, then: { $ref: `#/$defs/${plain[0].name}` } });
        then.allOf.push({ if: ifConst(m.marker, true), then: { $ref: `#/$defs/${m.name}` } });
      }
    }
    allOf.push({ if: ifConst("type", type), then });
  }
  return { type: "object", required: ["type"], properties: { type: { type: "string" } }, allOf };
}

// checkNames compares the variant names with protocheck's wire variants and
// says which are not wire names (they are kept: the dialect may know more).
function checkNames(variants) {
  if (!fs.existsSync(wireVariantsGo)) return;
  const wire = new Set([...fs.readFileSync(wireVariantsGo, "utf8").matchAll(/Name:\s*"([^"]+)"/g)].map((m) => m[1]));
  const extra = variants.filter((v) => !wire.has(v.name)).map((v) => v.name);
  const missing = [...wire].filter((n) => !variants.some((v) => v.name === n));
  if (extra.length) console.log(`not wire variant names: ${extra.join(", ")}`);
  if (missing.length) console.log(`wire variants sdk.d.ts does not declare: ${missing.join(", ")}`);
}

// ---- helpers -------------------------------------------------------------

function dropUnreachable(defs, roots) {
  const keep = new Set();
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object") return;
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") {
        const name = v.slice("#/$defs/".length);
        if (!keep.has(name)) {
          keep.add(name);
          visit(defs[name]);
        }
      } else {
        visit(v);
      }
    }
  };
  for (const r of roots) {
    keep.add(r);
    visit(defs[r]);
  }
  return Object.fromEntries(Object.entries(defs).filter(([k]) => keep.has(k)));
}

function checkRefs(schema) {
  const walk = (node, where) => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, where));
    if (!node || typeof node !== "object") return;
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref") {
        const name = v.startsWith("#/$defs/") ? v.slice(8) : null;
        if (!name || /[\/~%]/.test(name) || !schema.$defs[name]) throw new Error(`${where}: bad reference ${v}`);
      } else if (k === "dispatchOf") {
        throw new Error(`${where}: internal marker left`);
      } else {
        walk(v, where);
      }
    }
  };
  walk(schema, "schema");
}

function sortKeys(x) {
  if (Array.isArray(x)) return x.map(sortKeys);
  if (!x || typeof x !== "object") return x;
  return Object.fromEntries(
    Object.keys(x)
      .sort()
      .map((k) => [k, sortKeys(x[k])]),
  );
}

function readJSON(p) {
  return JSON.parse(fs.readFileSync(p, "utf8"));
}

function encode(v, sorted) {
  return JSON.stringify(sorted ? sortKeys(v) : v, null, 2) + "\n";
}

main();
