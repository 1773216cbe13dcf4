// models.mjs: write protocheck's ready models of the stream-json protocol,
// one per ecosystem, from the schemas the Go model generates.
//
//   node models.mjs [--root ../..] --out DIR [--version V]
//   node models.mjs [--root ../..] --build DIR [--no-verify | --no-crate] [--version V]
//
// --out writes the sources below; --build writes the files a user installs
// into DIR: the wheel protocheck_protocol-V-py3-none-any.whl (wheel.py,
// the standard library alone) and the crate protocheck-protocol-V.crate
// (cargo package, offline from Debian's serde crates; built unless
// --no-verify). publish.mjs puts the TypeScript models into the npm package
// (models/); make publish runs both. Exit 1 when a build fails, 2 on usage.
//
// It reads schemas/versions/all (the union of every release: a member is
// required only when every release requires it, so a line of any release
// fits its own variant) and index.json's variants and unions, and writes:
//
//   DIR/ts/models.js, models.d.ts: zod 4 schemas of every definition
//     (z.looseObject: unknown members kept), decodeLine and encodeLine, and
//     per-variant TypeScript types whose union (Line) narrows on type,
//     subtype and request.subtype; a kind no release has decodes into an
//     Unknown* line whose discriminator is UnknownKind, a string that no
//     literal compares equal to, so a check of a known kind narrows it away.
//     DIR/ts/strict.d.ts: the same types from the strict profile's bundle
//     (closed objects, no Unknown* lines).
//   DIR/python: a project (pyproject.toml, protocheck_protocol/) of
//     pydantic v2 models (extra="allow"), each union discriminated by a
//     callable that sends a kind no release has to its Unknown* model.
//   DIR/rust: a crate (Cargo.toml, src/lib.rs) of serde types: the root
//     Line an enum tagged on type, then on the subtype (ResultLine::Success),
//     each with an Unknown variant; every struct keeps unknown members in a
//     flattened map; an optional member that may be null is an
//     Option<Option<T>> (or Option<Value>, null a Value), so absent and null stay apart.
//
// An enum of the schemas is a string in every model (a value a later CLI
// adds is not an error); its values are in the type's documentation and,
// in TypeScript, in the type (a union of the literals and string).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";

const here = path.dirname(fileURLToPath(import.meta.url));

// ---- The definitions, read into a small model.

// readModel reads a bundle and its index into {defs, variants,
// unknownLines, subtypePaths, bundle}: defs maps a name to
//   {kind: "object", props: [{json, t, required, doc}], open, doc}
//   {kind: "union", key, branches: [{tag, def}], unknown, doc}
//   {kind: "alias", t, doc}
// and a type t is {k: any|string|integer|number|boolean|null|enum|array|map|ref|nullable|anyof, ...}.
export function readModel(bundle, index) {
  const defs = new Map();
  const unionKeys = new Map(index.unions.map((u) => [u.def ?? u.name, u.key]));
  const refName = (r) => r.replace(/^#\/\$defs\//, "");
  const conv = (s, hint) => {
    if (s === true || s === undefined) return { k: "any" };
    if (s.$ref) return { k: "ref", name: refName(s.$ref) };
    if (s.anyOf) {
      const nonNull = s.anyOf.filter((b) => b.type !== "null");
      if (nonNull.length < s.anyOf.length) {
        const inner = nonNull.length === 1 ? conv(nonNull[0], hint) : conv({ ...s, anyOf: nonNull }, hint);
        return { k: "nullable", of: inner };
      }
      return { k: "anyof", of: s.anyOf.map((b, i) => conv(b, `${hint}${i}`)), name: hint };
    }
    if (Array.isArray(s.type)) {
      const types = s.type.filter((t) => t !== "null");
      const inner = types.length === 1 ? conv({ ...s, type: types[0] }, hint) : { k: "anyof", of: types.map((t, i) => conv({ ...s, type: t }, `${hint}${i}`)), name: hint };
      return s.type.includes("null") ? { k: "nullable", of: inner } : inner;
    }
    if (s.enum) return { k: "enum", values: s.enum };
    switch (s.type) {
      case "string": case "integer": case "number": case "boolean": case "null":
        return { k: s.type, const: s.const };
      case "array":
        return { k: "array", items: conv(s.items, `${hint}Item`) };
      case "object":
        if (s.properties) {
          defs.set(hint, object(s, hint));
          return { k: "ref", name: hint };
        }
        return { k: "map", values: s.additionalProperties === undefined || s.additionalProperties === true ? { k: "any" } : conv(s.additionalProperties, `${hint}Value`) };
    }
    if (Object.keys(s).every((k) => k === "description" || k === "title")) return { k: "any" };
    throw new Error(`models.mjs: no type for ${hint}: ${JSON.stringify(s).slice(0, 200)}`);
  };
  const object = (s, name) => ({
    kind: "object",
    doc: s.description ?? s.title,
    open: s.additionalProperties !== false,
    props: Object.entries(s.properties ?? {}).map(([json, p]) => ({ json, t: conv(p, name + pascal(json)), required: (s.required ?? []).includes(json), doc: p.description })),
  });
  for (const [name, s] of Object.entries(bundle.$defs)) {
    if (s.anyOf && unionKeys.has(name)) {
      const key = unionKeys.get(name);
      const branches = [];
      let unknown = null;
      for (const b of s.anyOf) {
        const d = refName(b.$ref);
        const tag = bundle.$defs[d].properties?.[key]?.const;
        if (tag === undefined) unknown = d;
        else branches.push({ tag, def: d });
      }
      defs.set(name, { kind: "union", key, branches, unknown, doc: s.description });
    } else if (s.type === "object" && s.properties) defs.set(name, object(s, name));
    else defs.set(name, { kind: "alias", t: conv(s, name), doc: s.description });
  }
  const rootRefs = (bundle.anyOf ?? bundle.oneOf).map((r) => refName(r.$ref));
  const variants = index.variants.filter((v) => rootRefs.includes(v.def));
  const unknownLines = rootRefs.filter((d) => !variants.some((v) => v.def === d));
  return { defs, variants, unknownLines, subtypePaths: index.subtype_paths, bundle };
}

// The root's shape: one entry a type, in the index's order; a type with a
// subtype path has its subtypes and the Unknown* line of that type (the
// bundle's, whose type is const); a variant with a marker is its own entry.
function rootTree(m) {
  const types = [];
  for (const v of m.variants) {
    const key = v.marker ? `${v.type}.${v.marker}` : v.type;
    let t = types.find((t) => t.key === key);
    if (!t) types.push((t = { key, type: v.type, marker: v.marker, markerValue: v.marker_value, path: v.subtype !== null ? m.subtypePaths[v.type] : null, subs: [], def: null, unknown: null }));
    if (v.subtype !== null) t.subs.push({ subtype: v.subtype, def: v.def, name: v.name });
    else { t.def = v.def; t.name = v.name; }
  }
  let unknown = null;
  for (const d of m.unknownLines) {
    const c = m.bundle.$defs[d].properties?.type?.const;
    const t = c !== undefined && types.find((t) => t.type === c && !t.marker);
    if (t) t.unknown = d;
    else unknown = d;
  }
  return { types, unknown };
}

// ---- Names.
const pascal = (s) => s.replace(/(^|[^A-Za-z0-9])([A-Za-z0-9])/g, (_, a, c) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, "");
const snake = (s) => s.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2").replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "").toLowerCase() || "field";
const comment = (s, prefix) => (s ? s.split("\n").map((l) => `${prefix}${l}`.trimEnd()).join("\n") + "\n" : "");

// ---- Rust.
const rustKeywords = new Set("as break const continue crate else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while async await dyn abstract become box do final macro override priv typeof unsized virtual yield try".split(" "));

export function rust(m, { cli }) {
  const tree = rootTree(m);
  const out = [];
  const extraEnums = [];
  const boxed = recursiveRefs(m);
  const ty = (t, owner) => {
    switch (t.k) {
      case "any": return "Value";
      case "string": case "enum": return "String";
      case "integer": return "i64";
      case "number": return "f64";
      case "boolean": return "bool";
      case "null": return "()";
      case "array": return `Vec<${ty(t.items, owner)}>`;
      case "map": return `BTreeMap<String, ${ty(t.values, owner)}>`;
      case "ref": return boxed.has(`${owner}>${t.name}`) ? `Box<${t.name}>` : t.name;
      case "nullable": return `Option<${ty(t.of, owner)}>`;
      case "anyof": {
        extraEnums.push({ name: t.name, of: t.of, owner });
        return t.name;
      }
    }
    throw new Error(`rust: ${JSON.stringify(t)}`);
  };
  out.push(`//! Types of every line of the Claude Code CLI's stream-json protocol, of
//! every CLI release protocheck pins (the last: ${cli}). Generated by
//! protocheck (internal/codegen/models.mjs) from its Go model; do not edit.
//!
//! \`decode\` reads one line into a [\`Line\`], an enum tagged on \`type\`
//! and then on the subtype (\`Line::Result(ResultLine::Success(..))\`); a
//! kind no release has is an \`Unknown\` variant that holds the whole
//! line. Every struct keeps the members it does not name in \`extra\`, and
//! an optional member that may be null is an \`Option<Option<T>>\` (absent,
//! null, a value), so \`encode(&decode(text)?)\` gives back the same object.
//! A string enum of the protocol is a \`String\` (a later CLI may add values).
#![allow(clippy::all)]

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// The version of this crate's models, and the newest CLI release they describe.
pub const CLI_VERSION: &str = "${cli}";

/// Decodes one line of the protocol.
pub fn decode(text: &str) -> serde_json::Result<Line> {
    serde_json::from_str(text)
}

/// Encodes a line again: the members it was decoded from, in no set order.
pub fn encode(line: &Line) -> serde_json::Result<String> {
    serde_json::to_string(line)
}

// An optional member that may be null: absent is None, null Some(None)
// (or Some(Value::Null)).
fn present<'de, T: Deserialize<'de>, D: Deserializer<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

fn tag<'a>(v: &'a Value, pointer: &str) -> Option<&'a str> {
    v.pointer(pointer).and_then(Value::as_str)
}
`);
  const field = (p, owner) => {
    let name = snake(p.json);
    if (name === "extra") name = "extra_";
    const id = rustKeywords.has(name) ? `r#${name}` : name;
    const attrs = [];
    if (name !== p.json) attrs.push(`rename = ${JSON.stringify(p.json)}`);
    let t = ty(p.t, owner);
    if (!p.required) {
      if (p.t.k === "nullable" || p.t.k === "any") {
        // null is a value here: present, not absent
        t = `Option<${t}>`;
        attrs.push(`default, skip_serializing_if = "Option::is_none", deserialize_with = "present"`);
      } else {
        t = `Option<${t}>`;
        attrs.push(`default, skip_serializing_if = "Option::is_none"`);
      }
    }
    return `${comment(p.doc, "    /// ")}${attrs.length ? `    #[serde(${attrs.join(", ")})]\n` : ""}    pub ${id}: ${t},\n`;
  };
  const enumVariant = (s) => pascal(s) || "Empty";
  for (const [name, d] of m.defs) {
    if (d.kind === "object") {
      out.push(`${comment(d.doc, "/// ")}#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]\npub struct ${name} {\n${d.props.map((p) => field(p, name)).join("")}    /// The members this type does not name, kept as they came.\n    #[serde(flatten)]\n    pub extra: Map<String, Value>,\n}\n`);
    } else if (d.kind === "alias") {
      out.push(`${comment(d.doc, "/// ")}${d.t.k === "enum" ? `/// Values: ${d.t.values.map((v) => JSON.stringify(v)).join(", ")}.\n` : ""}pub type ${name} = ${ty(d.t, name)};\n`);
    } else {
      const vs = d.branches.map((b) => [enumVariant(b.tag), b.def, b.tag]);
      out.push(`${comment(d.doc, "/// ")}/// Tagged on \`${d.key}\`; a kind no release has is \`Unknown\`.
#[derive(Debug, Clone, PartialEq)]
pub enum ${name} {
${vs.map(([v, def, tag]) => `    /// \`${d.key}\` is ${JSON.stringify(tag)}.\n    ${v}(${def}),\n`).join("")}    /// A kind no release has.
    Unknown(${d.unknown}),
}

impl Serialize for ${name} {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
${vs.map(([v]) => `            ${name}::${v}(x) => x.serialize(s),\n`).join("")}            ${name}::Unknown(x) => x.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for ${name} {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        match tag(&v, "/${d.key}") {
${vs.map(([v, , tg]) => `            Some(${JSON.stringify(tg)}) => serde_json::from_value(v).map(${name}::${v}),\n`).join("")}            _ => serde_json::from_value(v).map(${name}::Unknown),
        }
        .map_err(D::Error::custom)
    }
}
`);
    }
  }
  // Untagged unions of a member (a string or a list of blocks, ...).
  for (let i = 0; i < extraEnums.length; i++) {
    const e = extraEnums[i];
    if (extraEnums.findIndex((x) => x.name === e.name) !== i) continue;
    const variants = e.of.map((t) => [{ string: "String", integer: "Integer", number: "Number", boolean: "Bool", array: "Array", map: "Object", ref: t.name, enum: "String", any: "Value" }[t.k] ?? pascal(t.k), t]);
    out.push(`/// One of several JSON types.\n#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]\n#[serde(untagged)]\npub enum ${e.name} {\n${variants.map(([v, t]) => `    ${v}(${ty(t, e.owner)}),\n`).join("")}}\n`);
  }
  // The root.
  const v = (t) => pascal(t.key.replace(".", "_"));
  const lineArms = [];
  for (const t of tree.types) {
    if (t.subs.length) {
      const en = `${pascal(t.type)}Line`;
      out.push(`/// A \`${t.type}\` line, by its subtype (\`${t.path}\`).
#[derive(Debug, Clone, PartialEq)]
pub enum ${en} {
${t.subs.map((s) => `    /// ${s.name}\n    ${enumVariant(s.subtype)}(${s.def}),\n`).join("")}    /// A subtype no release has.
    Unknown(${t.unknown ?? "Map<String, Value>"}),
}

impl ${en} {
    fn from_value(v: Value) -> serde_json::Result<Self> {
        match tag(&v, ${JSON.stringify(t.path)}) {
${t.subs.map((s) => `            Some(${JSON.stringify(s.subtype)}) => serde_json::from_value(v).map(${en}::${enumVariant(s.subtype)}),\n`).join("")}            _ => serde_json::from_value(v).map(${en}::Unknown),
        }
    }
}

impl Serialize for ${en} {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
${t.subs.map((s) => `            ${en}::${enumVariant(s.subtype)}(x) => x.serialize(s),\n`).join("")}            ${en}::Unknown(x) => x.serialize(s),
        }
    }
}
`);
      lineArms.push({ t, variant: v(t), ty: en, sub: true });
    } else lineArms.push({ t, variant: v(t), ty: t.def, sub: false });
  }
  const kinds = [];
  for (const a of lineArms) {
    if (a.sub) {
      for (const s of a.t.subs) kinds.push(`            Line::${a.variant}(${a.ty}::${enumVariant(s.subtype)}(_)) => Some(${JSON.stringify(s.name)}),\n`);
      kinds.push(`            Line::${a.variant}(${a.ty}::Unknown(_)) => None,\n`);
    } else kinds.push(`            Line::${a.variant}(_) => Some(${JSON.stringify(a.t.name)}),\n`);
  }
  const plainArms = lineArms.filter((a) => !a.t.marker);
  const markerArms = lineArms.filter((a) => a.t.marker);
  out.push(`/// One line of the protocol, tagged on \`type\` (and a marker such as
/// \`isReplay\`), then, for the types that have one, on the subtype.
#[derive(Debug, Clone, PartialEq)]
pub enum Line {
${lineArms.map((a) => `    /// \`type\` is ${JSON.stringify(a.t.type)}${a.t.marker ? ` and \`${a.t.marker}\` is ${JSON.stringify(a.t.markerValue)}` : ""}.\n    ${a.variant}(${a.ty}),\n`).join("")}    /// A type no release has.
    Unknown(${tree.unknown ?? "Map<String, Value>"}),
}

impl Line {
    /// The variant's name in protocheck's index.json (\`result.success\`),
    /// or None for a kind no release has.
    pub fn kind(&self) -> Option<&'static str> {
        match self {
${kinds.join("")}            Line::Unknown(_) => None,
        }
    }
}

impl Serialize for Line {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
${lineArms.map((a) => `            Line::${a.variant}(x) => x.serialize(s),\n`).join("")}            Line::Unknown(x) => x.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Line {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
${markerArms.map((a) => `        if tag(&v, "/type") == Some(${JSON.stringify(a.t.type)}) && v.get(${JSON.stringify(a.t.marker)}) == Some(&Value::from(${JSON.stringify(a.t.markerValue)})) {\n            return serde_json::from_value(v).map(Line::${a.variant}).map_err(D::Error::custom);\n        }\n`).join("")}        match tag(&v, "/type") {
${plainArms.map((a) => `            Some(${JSON.stringify(a.t.type)}) => ${a.sub ? `${a.ty}::from_value(v)` : "serde_json::from_value(v)"}.map(Line::${a.variant}),\n`).join("")}            _ => serde_json::from_value(v).map(Line::Unknown),
        }
        .map_err(D::Error::custom)
    }
}
`);
  return out.join("\n");
}

// ---- TypeScript: types (both profiles) and zod schemas (the tolerant
// model of every release).

// tsTypes writes the declarations of a model: an interface per object
// (open ones take any other member, as unknown), a union type per union
// and the root Line. tolerant: an enum is its values or any other string,
// and the discriminator of an Unknown* type is UnknownKind.
export function tsTypes(m, { tolerant, header }) {
  const tree = rootTree(m);
  const unknownDefs = new Set();
  if (tolerant) {
    // the Unknown* lines and branches, and the objects they hold (the
    // request of UnknownControlRequest)
    const mark = (d) => {
      if (!d || unknownDefs.has(d)) return;
      unknownDefs.add(d);
      const def = m.defs.get(d);
      if (def?.kind === "object") for (const p of def.props) if (p.t.k === "ref" && p.t.name.startsWith(d)) mark(p.t.name);
    };
    for (const [, d] of m.defs) if (d.kind === "union") mark(d.unknown);
    for (const t of tree.types) mark(t.unknown);
    mark(tree.unknown);
  }
  const ty = (t) => {
    switch (t.k) {
      case "any": return "unknown";
      case "string": case "integer": case "number": case "boolean": case "null":
        return t.const !== undefined ? JSON.stringify(t.const) : { integer: "number" }[t.k] ?? t.k;
      case "enum": return `${t.values.map((v) => JSON.stringify(v)).join(" | ")}${tolerant ? " | (string & {})" : ""}`;
      case "array": { const i = ty(t.items); return /[|&]/.test(i) ? `Array<${i}>` : `${i}[]`; }
      case "map": return `{ [key: string]: ${ty(t.values)} }`;
      case "ref": return t.name;
      case "nullable": return `${ty(t.of)} | null`;
      case "anyof": return t.of.map(ty).join(" | ");
    }
    throw new Error(`ts: ${JSON.stringify(t)}`);
  };
  const doc = (s, indent) => (s ? `${indent}/** ${s.replaceAll("*/", "*\\/").split("\n").join(`\n${indent} * `)} */\n` : "");
  const key = (k) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : JSON.stringify(k));
  const out = [header];
  if (tolerant) out.push(`/** The discriminator of a kind no release has: a string at run time, typed
 * so that no literal compares equal to it, so that a check of a known kind
 * (line.type === "result") narrows the Unknown* types away. */
export declare enum UnknownKind {
  Unknown = "(a kind no release has)",
}
`);
  for (const [name, d] of m.defs) {
    if (d.kind === "object") {
      const props = d.props.map((p) => {
        const t = unknownDefs.has(name) && (p.json === "type" || p.json === "subtype") && p.t.k === "string" && p.t.const === undefined ? "UnknownKind" : ty(p.t);
        return `${doc(p.doc, "  ")}  ${key(p.json)}${p.required ? "" : "?"}: ${t};\n`;
      });
      out.push(`${doc(d.doc, "")}export interface ${name} {\n${props.join("")}${d.open ? "  [member: string]: unknown;\n" : ""}}\n`);
    } else if (d.kind === "alias") out.push(`${doc(d.doc, "")}export type ${name} = ${ty(d.t)};\n`);
    else out.push(`${doc(d.doc, "")}export type ${name} =\n${[...d.branches.map((b) => b.def), ...(d.unknown ? [d.unknown] : [])].map((x) => `  | ${x}`).join("\n")};\n`);
  }
  const knownDefs = tree.types.flatMap((t) => (t.subs.length ? t.subs.map((s) => s.def) : [t.def]));
  const unknowns = [...tree.types.map((t) => t.unknown).filter(Boolean), ...(tree.unknown ? [tree.unknown] : [])];
  out.push(`/** A line of a kind some release has: every variant. */\nexport type KnownLine =\n${knownDefs.map((d) => `  | ${d}`).join("\n")};\n`);
  out.push(`/** One line of the protocol${unknowns.length ? ": every variant, and the Unknown* lines (a kind no release has)" : ""}. */\nexport type Line =\n  | KnownLine${unknowns.map((d) => `\n  | ${d}`).join("")};\n`);
  return out.join("\n");
}

// tsZod writes models/index.js: a zod schema per definition and the
// decoder, which picks each line's variant (and each union's branch) by
// its kind, as protocheck does.
export function tsZod(m, { cli }) {
  const tree = rootTree(m);
  const zt = (t) => {
    switch (t.k) {
      case "any": return "z.unknown()";
      case "string": case "boolean": return t.const !== undefined ? `z.literal(${JSON.stringify(t.const)})` : `z.${t.k}()`;
      case "integer": return "z.number().int()";
      case "number": return "z.number()";
      case "null": return "z.null()";
      case "enum": return "z.string()";
      case "array": return `z.array(${zt(t.items)})`;
      case "map": return `z.record(z.string(), ${zt(t.values)})`;
      case "ref": return `z.lazy(() => S.${t.name})`;
      case "nullable": return `${zt(t.of)}.nullable()`;
      case "anyof": return `z.union([${t.of.map(zt).join(", ")}])`;
    }
    throw new Error(`zod: ${JSON.stringify(t)}`);
  };
  const key = (k) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : JSON.stringify(k));
  const out = [`// Zod 4 schemas of every line of the Claude Code CLI's stream-json protocol,
// of every CLI release protocheck pins (the last: ${cli}), and a decoder that
// picks each line's variant by its kind. Generated by protocheck
// (internal/codegen/models.mjs) from its Go model; do not edit.
import { z } from "zod";

export const CLI_VERSION = ${JSON.stringify(cli)};

// tagged dispatches on the string at key: a known value to its branch,
// any other to the Unknown* one.
function tagged(pick, branches, unknown) {
  return z.unknown().transform((v, ctx) => {
    const t = pick(v);
    const r = (typeof t === "string" && Object.hasOwn(branches, t) ? branches[t] : unknown)().safeParse(v);
    if (r.success) return r.data;
    for (const i of r.error.issues) ctx.addIssue({ code: "custom", message: i.message, path: i.path, input: v });
    return z.NEVER;
  });
}
const at = (v, pointer) => pointer.split("/").slice(1).reduce((o, k) => (o !== null && typeof o === "object" ? o[k] : undefined), v);

/** The schema of each definition, by its name in the schemas' $defs. */
export const S = {};
`];
  for (const [name, d] of m.defs) {
    if (d.kind === "object") out.push(`S.${name} = z.looseObject({\n${d.props.map((p) => `  ${key(p.json)}: ${zt(p.t)}${p.required ? "" : ".optional()"},\n`).join("")}});\n`);
    else if (d.kind === "alias") out.push(`S.${name} = ${zt(d.t)};\n`);
    else out.push(`S.${name} = tagged((v) => at(v, "/${d.key}"), {\n${d.branches.map((b) => `  ${key(b.tag)}: () => S.${b.def},\n`).join("")}}, () => S.${d.unknown});\n`);
  }
  const subs = tree.types.filter((t) => t.subs.length);
  out.push(`
const kinds = {
${tree.types.filter((t) => !t.subs.length && !t.marker).map((t) => `  ${key(t.type)}: [${JSON.stringify(t.name)}, "${t.def}"],\n`).join("")}};
const subtypes = {
${subs.map((t) => `  ${key(t.type)}: [${JSON.stringify(t.path)}, {${t.subs.map((s) => `${key(s.subtype)}: [${JSON.stringify(s.name)}, "${s.def}"]`).join(", ")}}, ${t.unknown ? `"${t.unknown}"` : "null"}],\n`).join("")}};
const markers = [
${tree.types.filter((t) => t.marker).map((t) => `  [${JSON.stringify(t.type)}, ${JSON.stringify(t.marker)}, ${JSON.stringify(t.markerValue)}, ${JSON.stringify(t.name)}, "${t.def}"],\n`).join("")}];

/** The name of a line's variant in protocheck's index.json (result.success) and its definition; [null, Unknown*] for a kind no release has. */
export function kindOf(v) {
  const t = v !== null && typeof v === "object" ? v.type : undefined;
  for (const [type, marker, value, name, def] of markers) if (t === type && v[marker] === value) return [name, def];
  if (typeof t === "string" && Object.hasOwn(subtypes, t)) {
    const [pointer, known, unknown] = subtypes[t];
    const s = at(v, pointer);
    if (typeof s === "string" && Object.hasOwn(known, s)) return known[s];
    if (unknown) return [null, unknown];
  }
  if (typeof t === "string" && Object.hasOwn(kinds, t)) return kinds[t];
  return [null, ${JSON.stringify(tree.unknown)}];
}

/** The schema of one line: its variant's, picked by kind. */
export const LineSchema = tagged((v) => kindOf(v)[1], Object.fromEntries(Object.keys(S).map((d) => [d, () => S[d]])), () => S.${tree.unknown});

/** Checks a parsed line and returns it (a copy, every member kept), or throws. */
export function parseLine(value) {
  return LineSchema.parse(value);
}

/** Decodes one line of text. */
export function decodeLine(text) {
  return parseLine(JSON.parse(text));
}

/** Encodes a line again. */
export function encodeLine(line) {
  return JSON.stringify(line);
}

/** The variant's name of a decoded line, or null for a kind no release has. */
export function kind(line) {
  return kindOf(line)[0];
}
`);
  return out.join("\n");
}

export function tsZodTypes(m) {
  return `
import type { z } from "zod";

export declare const CLI_VERSION: string;
/** The zod schema of each definition, by name. */
export declare const S: { readonly [Name in keyof Defs]: z.ZodType<Defs[Name]> };
/** The schema of one line: its variant's, picked by its kind. */
export declare const LineSchema: z.ZodType<Line>;
/** Checks a parsed line and returns it typed (every member kept), or throws. */
export declare function parseLine(value: unknown): Line;
/** Decodes one line of text into its variant's type (an Unknown* type for a kind no release has). */
export declare function decodeLine(text: string): Line;
/** Encodes a line again: the members it was decoded from. */
export declare function encodeLine(line: Line): string;
/** The variant's name in protocheck's index.json ("result.success"), or null for a kind no release has. */
export declare function kind(line: Line): string | null;
/** The name of a line's variant and its definition (kind, def). */
export declare function kindOf(value: unknown): [string | null, string];

interface Defs {
${[...m.defs.keys()].map((n) => `  ${n}: ${n};\n`).join("")}}
`;
}

// ---- Python (pydantic v2).
const pyKeywords = new Set("False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(" "));
// BaseModel's own names, which a field may not take.
const pyReserved = new Set(["copy", "dict", "json", "schema", "schema_json", "construct", "validate", "parse_obj", "parse_raw", "parse_file", "from_orm", "update_forward_refs", "fields", "model_config", "model_fields", "model_extra", "model_fields_set", "model_computed_fields", "register"]);

export function python(m, { cli }) {
  const tree = rootTree(m);
  const ty = (t) => {
    switch (t.k) {
      case "any": return "Any";
      case "string": case "enum": return "str";
      case "integer": return "int";
      case "number": return "float";
      case "boolean": return "bool";
      case "null": return "None";
      case "array": return `List[${ty(t.items)}]`;
      case "map": return `Dict[str, ${ty(t.values)}]`;
      case "ref": return t.name;
      case "nullable": return `Optional[${ty(t.of)}]`;
      case "anyof": return `Union[${t.of.map(ty).join(", ")}]`;
    }
    throw new Error(`python: ${JSON.stringify(t)}`);
  };
  const q3 = '"""';
  const doc = (s, indent) => (s ? `${indent}${q3}${s.replaceAll("\\", "\\\\").replaceAll(q3, "'''").trim()}${q3}\n` : "");
  const out = [`${q3}Models of every line of the Claude Code CLI's stream-json protocol, of
every CLI release protocheck pins (the last: ${cli}). Generated by protocheck
(internal/codegen/models.mjs) from its Go model; do not edit.

decode(text) gives the line's own model (ResultSuccessLine, ...); a kind no
release has gives an Unknown* model. Every model keeps the members it does
not name (extra="allow"), and encode(model) writes back what was read
(by alias, leaving out what was not set). A string enum of the protocol is
a str (a later CLI may add values).
${q3}

from __future__ import annotations

from typing import Any, Dict, List, Optional, Union

from pydantic import BaseModel, ConfigDict, Discriminator, Field, RootModel, Tag
from typing_extensions import Annotated

CLI_VERSION = "${cli}"


class _Model(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True, protected_namespaces=())


def _get(v: Any, key: str) -> Any:
    if isinstance(v, dict):
        return v.get(key)
    if isinstance(v, BaseModel):
        for name, f in type(v).model_fields.items():
            if (f.alias or name) == key:
                return getattr(v, name)
        return (v.model_extra or {}).get(key)
    return None


def _at(v: Any, pointer: str) -> Any:
    for key in pointer.split("/")[1:]:
        v = _get(v, key)
    return v


def _tagger(pointer: str, known: frozenset) -> Any:
    def tag(v: Any) -> str:
        t = _at(v, pointer)
        return t if isinstance(t, str) and t in known else "~unknown"

    return tag
`];
  for (const [name, d] of m.defs) {
    if (d.kind !== "object") continue;
    const fields = d.props.map((p) => {
      let id = snake(p.json);
      if (pyKeywords.has(id) || pyReserved.has(id)) id += "_";
      if (/^\d/.test(id)) id = "f_" + id;
      let t = ty(p.t);
      const alias = id !== p.json ? `alias=${JSON.stringify(p.json)}` : "";
      if (p.required) return `    ${id}: ${t}${alias ? ` = Field(..., ${alias})` : ""}\n${doc(p.doc, "    ")}`;
      if (p.t.k !== "nullable" && p.t.k !== "any") t = `Optional[${t}]`;
      return `    ${id}: ${t} = ${alias ? `Field(None, ${alias})` : "None"}\n${doc(p.doc, "    ")}`;
    });
    out.push(`\n\nclass ${name}(_Model):\n${doc(d.doc, "    ")}${fields.join("") || "    pass\n"}`);
  }
  for (const [name, d] of m.defs) {
    if (d.kind === "alias") out.push(`\n\n${name} = ${ty(d.t)}\n${d.t.k === "enum" ? doc(`${d.doc ? d.doc + " " : ""}Values: ${d.t.values.map((v) => JSON.stringify(v)).join(", ")}.`, "") : ""}`);
    if (d.kind === "union") {
      out.push(`\n\n${name} = Annotated[\n    Union[\n${d.branches.map((b) => `        Annotated[${b.def}, Tag(${JSON.stringify(b.tag)})],\n`).join("")}        Annotated[${d.unknown}, Tag("~unknown")],\n    ],\n    Discriminator(_tagger("/${d.key}", frozenset({${d.branches.map((b) => JSON.stringify(b.tag)).join(", ")}}))),\n]\n${doc(`${d.doc ? d.doc + " " : ""}Tagged on ${d.key}; a kind no release has is ${d.unknown}.`, "")}`);
    }
  }
  // The root: a tag of each line's variant.
  const arms = [];
  const known = [];
  for (const t of tree.types) {
    if (t.subs.length) {
      for (const s of t.subs) { arms.push([s.name, s.def]); known.push([s.def, s.name]); }
      if (t.unknown) arms.push([`~${t.type}`, t.unknown]);
    } else { arms.push([t.name, t.def]); known.push([t.def, t.name]); }
  }
  arms.push(["~unknown", tree.unknown]);
  const markers = tree.types.filter((t) => t.marker);
  const pyValue = (v) => (v === true ? "True" : v === false ? "False" : JSON.stringify(v));
  out.push(`

_SUBTYPES = {
${tree.types.filter((t) => t.subs.length).map((t) => `    ${JSON.stringify(t.type)}: (${JSON.stringify(t.path)}, frozenset({${t.subs.map((s) => JSON.stringify(s.subtype)).join(", ")}})),\n`).join("")}}
_UNKNOWN_SUBTYPE = frozenset({${tree.types.filter((t) => t.subs.length && t.unknown).map((t) => JSON.stringify(t.type)).join(", ")}})
_PLAIN = frozenset({${tree.types.filter((t) => !t.subs.length && !t.marker).map((t) => JSON.stringify(t.type)).join(", ")}})


def _line_tag(v: Any) -> str:
    t = _get(v, "type")
    if not isinstance(t, str):
        return "~unknown"
${markers.map((t) => `    if t == ${JSON.stringify(t.type)} and _get(v, ${JSON.stringify(t.marker)}) is ${pyValue(t.markerValue)}:\n        return ${JSON.stringify(t.name)}\n`).join("")}    if t in _SUBTYPES:
        pointer, subs = _SUBTYPES[t]
        s = _at(v, pointer)
        if isinstance(s, str) and s in subs:
            return f"{t}.{s}"
        return "~" + t if t in _UNKNOWN_SUBTYPE else "~unknown"
    return t if t in _PLAIN else "~unknown"


class Line(RootModel):
    ${q3}One line of the protocol: .root is the line's own model.${q3}

    root: Annotated[
        Union[
${arms.map(([tag, def]) => `            Annotated[${def}, Tag(${JSON.stringify(tag)})],\n`).join("")}        ],
        Discriminator(_line_tag),
    ]


def decode(text: Union[str, bytes]) -> Any:
    ${q3}Decodes one line into its variant's model (an Unknown* model for a kind no release has).${q3}
    return Line.model_validate_json(text).root


def encode(model: BaseModel) -> str:
    ${q3}Encodes a model again: what was read, by alias, nothing added.${q3}
    return model.model_dump_json(by_alias=True, exclude_unset=True)


def kind(model: BaseModel) -> Optional[str]:
    ${q3}The variant's name in protocheck's index.json (result.success), or None for a kind no release has.${q3}
    return _KINDS.get(type(model).__name__)


_KINDS = {
${known.map(([def, name]) => `    ${JSON.stringify(def)}: ${JSON.stringify(name)},\n`).join("")}}

for _m in list(globals().values()):
    if isinstance(_m, type) and issubclass(_m, BaseModel) and _m.__module__ == __name__:
        _m.model_rebuild()
`);
  return out.join("");
}

// recursiveRefs finds the references (owner>target) that close a cycle of
// direct (not through a list or map) struct members: Rust boxes them.
function recursiveRefs(m) {
  const direct = new Map();
  const walk = (t, acc) => {
    if (t.k === "ref") acc.push(t.name);
    else if (t.k === "nullable") walk(t.of, acc);
    else if (t.k === "anyof") t.of.forEach((x) => walk(x, acc));
    return acc;
  };
  for (const [name, d] of m.defs) {
    if (d.kind === "object") direct.set(name, d.props.flatMap((p) => walk(p.t, [])));
    else if (d.kind === "union") direct.set(name, [...d.branches.map((b) => b.def), d.unknown]);
    else direct.set(name, walk(d.t, []));
  }
  const boxed = new Set();
  for (const [name, targets] of direct) {
    for (const t of targets) {
      // does t reach name?
      const seen = new Set();
      const stack = [t];
      while (stack.length) {
        const n = stack.pop();
        if (n === name) { boxed.add(`${name}>${t}`); break; }
        if (seen.has(n)) continue;
        seen.add(n);
        stack.push(...(direct.get(n) ?? []));
      }
    }
  }
  return boxed;
}

// ---- Writing and building.

// writeModels writes the sources of every artefact under out (ts/,
// python/, rust/) from the schemas under root.
export function writeModels(root, out, { version, cli }) {
  const read = (f) => JSON.parse(fs.readFileSync(path.join(root, "schemas", f), "utf8"));
  const index = read("index.json");
  const all = readModel(read(path.join(path.dirname(index.all_versions), "tolerant", "protocol.schema.json")), read(index.all_versions));
  for (const [name, d] of all.defs) if (d.kind === "union" && !d.unknown) throw new Error(`models.mjs: the union ${name} has no Unknown* branch`);
  const strict = readModel(read(index.union.strict), index);
  const opts = { version, cli };
  fs.rmSync(out, { recursive: true, force: true });
  const write = (f, text) => {
    fs.mkdirSync(path.dirname(path.join(out, f)), { recursive: true });
    fs.writeFileSync(path.join(out, f), text);
  };
  const tsHeader = (what) => `// ${what}\n// Generated by protocheck (internal/codegen/models.mjs) from its Go model; do not edit.\n`;
  write("ts/index.js", tsZod(all, opts));
  write("ts/index.d.ts", tsTypes(all, { tolerant: true, header: tsHeader(`Types of every line of the Claude Code CLI's stream-json protocol, of every\n// release protocheck pins (the last: ${cli}), tolerant: what a reader must take.`) }) + tsZodTypes(all));
  write("ts/strict.d.ts", tsTypes(strict, { tolerant: false, header: tsHeader(`Types of every line of the Claude Code CLI ${cli} stream-json protocol,\n// strict: what an SDK writes to this version.`) }));
  write("python/protocheck_protocol/__init__.py", python(all, opts));
  write("python/protocheck_protocol/py.typed", "");
  write("python/README.md", pythonReadme(opts));
  write("rust/src/lib.rs", rust(all, opts));
  write("rust/Cargo.toml", `[package]
name = "${CRATE}"
version = "${version}"
edition = "2021"
description = "Types of every line of the Claude Code CLI's stream-json protocol (every release to ${cli}): decode a line into a tagged enum and encode it back unchanged."
license = "MIT"
readme = "README.md"
keywords = ["claude-code", "stream-json", "protocol", "serde"]

[dependencies]
serde = { version = "1", features = ["derive"] }
serde_json = { version = "1", features = ["float_roundtrip"] }
`);
  write("rust/README.md", rustReadme(opts));
  fs.copyFileSync(path.join(here, "LICENSE"), path.join(out, "rust", "LICENSE"));
}

export const CRATE = "protocheck-protocol";
export const WHEEL = "protocheck-protocol";

// Debian's packaged crates (librust-serde-json-dev, librust-serde-derive-dev):
// the crate is packaged and built offline from them, crates.io not reached.
export const debianCrates = "/usr/share/cargo/registry";
export function offlineCargo(dir) {
  fs.mkdirSync(path.join(dir, ".cargo"), { recursive: true });
  fs.writeFileSync(path.join(dir, ".cargo", "config.toml"), `[source.crates-io]\nreplace-with = "debian"\n[source.debian]\ndirectory = "${debianCrates}"\n[net]\noffline = true\n`);
}

// buildWheel builds the wheel of src/python into dir and returns its path.
export function buildWheel(src, dir, { version, cli }) {
  return execFileSync(process.env.PYTHON ?? "python3", [path.join(here, "wheel.py"), path.join(src, "python"), dir, WHEEL, version,
    `Pydantic v2 models of every line of the Claude Code CLI's stream-json protocol (every release to ${cli})`, "pydantic>=2.6,<3"], { encoding: "utf8" }).trim();
}

// buildCrate packages src/rust with cargo package (in a copy beside an
// offline cargo configuration; verify: build it too) into dir and returns
// the .crate's path.
export function buildCrate(src, dir, { version }, { verify = true, target } = {}) {
  const work = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "crate-"));
  try {
    offlineCargo(work);
    fs.cpSync(path.join(src, "rust"), path.join(work, CRATE), { recursive: true });
    execFileSync("cargo", ["package", "--quiet", "--offline", "--allow-dirty", ...(verify ? [] : ["--no-verify"])], { cwd: path.join(work, CRATE), stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, CARGO_TARGET_DIR: target ?? path.join(work, "target"), RUSTFLAGS: "-A warnings" } });
    const name = `${CRATE}-${version}.crate`;
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(path.join(target ?? path.join(work, "target"), "package", name), path.join(dir, name));
    return path.join(dir, name);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

// ---- main: the sources (--out), or the files a user installs (--build).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith("--") ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
  const root = path.resolve(args.root ?? path.join(here, "..", ".."));
  if (!args.out === !args.build) {
    console.error("usage: node models.mjs [--root DIR] (--out DIR | --build DIR [--no-verify | --no-crate]) [--version V]");
    process.exit(2);
  }
  const release = JSON.parse(fs.readFileSync(path.join(here, "release.json"), "utf8"));
  const index = JSON.parse(fs.readFileSync(path.join(root, "schemas", "index.json"), "utf8"));
  const opts = { version: args.version ?? release.version, cli: index.protocol.cli_version };
  try {
    if (args.out) {
      writeModels(root, path.resolve(args.out), opts);
      console.log(`wrote ${args.out}: ts/, python/, rust/`);
    } else {
      const dir = path.resolve(args.build);
      const src = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "models-"));
      try {
        writeModels(root, src, opts);
        fs.rmSync(dir, { recursive: true, force: true });
        console.log(`wrote ${buildWheel(src, dir, opts)}`);
        if (!("no-crate" in args)) console.log(`wrote ${buildCrate(src, dir, opts, { verify: !("no-verify" in args) })}`);
      } finally {
        fs.rmSync(src, { recursive: true, force: true });
      }
    }
  } catch (e) {
    console.error(`models.mjs: ${e.message}${e.stderr ? "\n" + e.stderr : ""}`);
    process.exit(1);
  }
}

function pythonReadme({ version, cli }) {
  return `# protocheck-protocol ${version}

Pydantic v2 models of every line of the Claude Code CLI's stream-json
protocol, of every release protocheck pins (to ${cli}), generated from
protocheck's Go model.

\`\`\`python
import protocheck_protocol as pp

line = pp.decode(text)            # the variant's model, e.g. ResultSuccessLine
if isinstance(line, pp.ControlRequestCanUseToolLine):
    print(line.request.tool_name, line.request.input)
again = pp.encode(line)           # the same object: nothing dropped, no null added
\`\`\`

A kind no release has decodes into an \`Unknown*\` model; every model keeps
the members it does not name (\`extra="allow"\`, \`line.model_extra\`).
`;
}

function rustReadme({ version, cli }) {
  return `# protocheck-protocol ${version}

Types of every line of the Claude Code CLI's stream-json protocol, of every
release protocheck pins (to ${cli}), generated from protocheck's Go model.

\`\`\`rust
use protocheck_protocol::{decode, encode, ControlRequestLine, Line};

let line = decode(text)?;
if let Line::ControlRequest(ControlRequestLine::CanUseTool(r)) = &line {
    println!("{:?} wants {:?}", r.request.tool_name, r.request.input);
}
let again = encode(&line)?; // the same object: nothing dropped, no null added
\`\`\`

A kind no release has decodes into an \`Unknown\` variant; members a type
does not name are kept in its \`extra\` map.
`;
}
