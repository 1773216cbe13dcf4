// zod.mjs lists the schemas one Claude Code CLI release validates its
// stream-json messages with (zod, or the zod-like library of later
// releases), for internal/gen/zodfacts (make zodfacts). It keeps names and
// shapes only (member names, kinds, literal and enum values, optional,
// nullable, default); no code and no description leaves this process.
//
// Usage: node zod.mjs FILE [TYPE,TYPE...]
//
// TYPEs are the message types of the wire model: an object schema with a
// literal type is a variant when its type is one of them or when it has a
// session_id member (an output message the model may lack); other typed
// objects (content blocks, server configs) are nested members only.
//
// FILE is a release's cli.js or its native executable (see extract.mjs), or
// a folder of modules that import one another (the tests' fixtures).
// The schema helpers are minified and renamed in every release, so they
// are recognised by shape, never by name:
//
//   - a namespace call `NS.object({...})`, `NS.string()`, `NS.literal(v)`
//     ... (zod 3 and 4 imported as a namespace): the method name says the
//     kind;
//   - a bare call `f({...})`, `f("system")` (helpers imported one by one,
//     from another module of a native executable): f is followed to its
//     definition, through imports and exports, and the kind is read from
//     what it builds: `new C({type:"string", ...})` (zod 4's definitions),
//     a class whose `get type()` returns the kind (directly or through its
//     superclass), or `$constructor("ZodString", ...)`;
//   - chained methods keep their names in every release: .optional(),
//     .nullable(), .nullish(), .default(), .array(), .or(), .and(),
//     .extend(), .merge(), .partial(), .pick(), .omit(), .describe(), ...
//   - a schema bound lazily, `X = W(() => schema)` and used as `X()`, is
//     read through (the memo helper W is recognised by that shape).
//
// A message variant is an object schema with a literal `type`: with a
// literal `subtype` it is "type.subtype"; with a member whose objects have
// a literal `subtype` (a control envelope's request or response) it is one
// variant per subtype, the envelope's members plus that body's. Objects
// with a literal `behavior` (the permission reply the CLI validates on
// stdin) are listed as payloads "behavior.<value>".
//
// Output (stdout, JSON): {"modules":N, "parsed":N, "parse_errors":N,
// "schemas":N, "helpers":{kind:N}, "variants":{name:{pointer:fact}},
// "payloads":{name:{pointer:fact}}, "unresolved":N} where a pointer is a
// JSON Pointer under the message ("/*" for array items and record values)
// and a fact is {"kind":..., "optional":true, "nullable":true,
// "default":true, "values":[...], "kinds":[...] (of a union)}.

import fs from "node:fs";
import { modulesOf, parse, isFunction, keyName, returnsOf } from "./extract.mjs";

const MAX_DEPTH = 8;

// Kinds a helper or a namespace method can build, by the name zod uses.
const FACTORIES = new Set([
  "object", "strictObject", "looseObject", "string", "number", "int", "boolean", "bigint", "date", "null", "undefined",
  "void", "unknown", "any", "never", "literal", "enum", "nativeEnum", "array", "record", "union", "discriminatedUnion",
  "lazy", "optional", "nullable", "nullish", "tuple", "intersection", "custom", "instanceof", "preprocess", "symbol",
  "nan", "map", "set", "promise", "function", "uuid", "email", "url", "iso", "coerce",
]);

// Chained methods that change the shape; any other method keeps it
// (describe, refine, min, max, int, url, regex, transform, brand, ...).
const NUMBERISH = new Set(["int", "positive", "negative", "nonnegative", "nonpositive", "finite", "safe", "multipleOf", "gt", "gte", "lt", "lte"]);

// modulesNamed returns [{name, text}] for FILE: the modules of a Bun
// executable with the paths its module graph gives them (so imports can be
// followed), else one module (cli.js) or unnamed modules.
export function modulesNamed(buf) {
  const named = bunGraph(buf);
  if (named) return named;
  return modulesOf(buf).map((text, i) => ({ name: "#" + i, text }));
}

// modulesIn reads a folder of modules (the tests' fixtures), named by
// their path below it as a Bun executable names them ("/x.js").
export function modulesIn(dir) {
  return fs.readdirSync(dir, { recursive: true }).filter((f) => /\.m?js$/.test(f)).sort()
    .map((f) => ({ name: "/" + f, text: fs.readFileSync(dir + "/" + f, "utf8") }));
}

// bunGraph reads the module graph of a Bun-compiled executable: behind the
// trailer "\n---- Bun! ----\n", the byte count of the graph, then a table of
// records whose first two (offset, length) pairs are a module's path and its
// text. The record size differs between Bun versions; the one whose records
// all name "/$bunfs/" paths is taken. Returns null when that fails.
function bunGraph(buf) {
  const trailer = Buffer.from("\n---- Bun! ----\n");
  const t = buf.lastIndexOf(trailer);
  if (t < 64) return null;
  const byteCount = Number(buf.readBigUInt64LE(t - 32));
  const modOff = buf.readUInt32LE(t - 24), modLen = buf.readUInt32LE(t - 20);
  const start = t - byteCount - 32;
  if (start < 0 || start + modOff + modLen > buf.length) return null;
  const sp = (o) => [buf.readUInt32LE(o), buf.readUInt32LE(o + 4)];
  const str = (o, l) => (start + o + l <= buf.length ? buf.toString("utf8", start + o, start + o + l) : "");
  // The record size: the one whose every record (of the first 64) names a
  // "/$bunfs/" path of a plausible length.
  let size = 0;
  for (let sz = 16; sz <= 128 && !size; sz += 4) {
    if (modLen % sz !== 0 || modLen / sz < 2) continue;
    let ok = true;
    for (let r = 0; r < Math.min(64, modLen / sz) && ok; r++) {
      const [no, nl] = sp(start + modOff + r * sz);
      ok = nl > 0 && nl < 4096 && str(no, 8) === "/$bunfs/";
    }
    if (ok) size = sz;
  }
  if (!size) return null;
  const out = [];
  for (let r = 0; r < modLen / size; r++) {
    const b = start + modOff + r * size;
    const [no, nl] = sp(b), [co, cl] = sp(b + 8);
    const name = str(no, nl);
    if (!name.endsWith(".js") && !name.endsWith(".mjs")) continue;
    out.push({ name, text: str(co, cl) });
  }
  return out.length ? out : null;
}

// Module holds what one parsed module binds at any level: the values
// assigned to a name, its function and class declarations, its imports
// and exports. Minified modules bind their top-level names once; inner
// scopes reuse short names, which is why an import wins over a local
// binding for helpers and a binding counts only when it reads as a schema.
class Module {
  constructor(name, ast) {
    this.name = name;
    this.bindings = new Map();
    this.funcs = new Map();
    this.classes = new Map();
    this.imports = new Map();
    this.exports = new Map();
    const push = (m, k, v) => {
      let l = m.get(k);
      if (!l) m.set(k, (l = []));
      l.push(v);
    };
    const stack = [ast];
    while (stack.length) {
      const n = stack.pop();
      switch (n.type) {
        case "VariableDeclarator":
          if (n.id.type === "Identifier" && n.init) push(this.bindings, n.id.name, n.init);
          break;
        case "AssignmentExpression":
          if (n.operator === "=" && n.left.type === "Identifier") push(this.bindings, n.left.name, n.right);
          break;
        case "FunctionDeclaration":
          if (n.id) push(this.funcs, n.id.name, n);
          break;
        case "ClassDeclaration":
          if (n.id) push(this.classes, n.id.name, n);
          break;
        case "ImportDeclaration":
          for (const s of n.specifiers) {
            if (s.type === "ImportSpecifier") this.imports.set(s.local.name, { from: n.source.value, name: s.imported.name ?? s.imported.value });
          }
          break;
        case "ExportNamedDeclaration":
          for (const s of n.specifiers ?? []) {
            const ex = s.exported.name ?? s.exported.value, lo = s.local.name ?? s.local.value;
            this.exports.set(ex, n.source ? { from: n.source.value, name: lo } : { local: lo });
          }
          break;
      }
      for (const k in n) {
        if (k === "type" || k === "start" || k === "end" || k === "raw" || (k === "value" && n.type === "Literal")) continue;
        const v = n[k];
        if (Array.isArray(v)) {
          for (let i = v.length - 1; i >= 0; i--) if (v[i] && typeof v[i].type === "string") stack.push(v[i]);
        } else if (v && typeof v === "object" && typeof v.type === "string") stack.push(v);
      }
    }
  }
}

export class Reader {
  constructor(modules) {
    this.texts = new Map(modules.map((m) => [m.name, m.text]));
    this.parsed = new Map(); // name -> Module|null
    this.parseErrors = 0;
    this.roles = new Map(); // module|name -> kind|null
    this.memo = new Map(); // binding node -> shape|null
    this.busy = new Set();
    this.helpers = {};
    this.unresolved = 0;
  }

  module(name) {
    if (this.parsed.has(name)) return this.parsed.get(name);
    const text = this.texts.get(name);
    let m = null;
    if (text !== undefined) {
      const ast = parse(text);
      if (ast) m = new Module(name, ast);
      else this.parseErrors++;
    }
    this.parsed.set(name, m);
    return m;
  }

  // define follows name in module m to its definition: [node, module]
  // where node is a function, a class or a bound value.
  define(m, name, depth = 0) {
    if (!m || depth > 8) return null;
    const imp = m.imports.get(name);
    if (imp) {
      const to = this.module(resolvePath(m.name, imp.from));
      if (!to) return null;
      const ex = to.exports.get(imp.name);
      if (!ex) return this.define(to, imp.name, depth + 1);
      if (ex.local) return this.define(to, ex.local, depth + 1);
      const to2 = this.module(resolvePath(to.name, ex.from));
      return to2 && this.define(to2, ex.name, depth + 1);
    }
    const f = m.funcs.get(name);
    if (f) return [f[0], m];
    const c = m.classes.get(name);
    if (c) return [c[0], m];
    const b = m.bindings.get(name);
    if (b) return [b[0], m];
    return null;
  }

  // role says what kind of schema the helper `name` builds in module m.
  role(m, name) {
    const key = m.name + "|" + name;
    if (this.roles.has(key)) return this.roles.get(key);
    this.roles.set(key, null);
    const d = this.define(m, name);
    let r = null;
    if (d && isFunction(d[0])) r = this.fnKind(d[0], d[1], 0);
    this.roles.set(key, r);
    if (r) this.helpers[r] = (this.helpers[r] ?? 0) + 1;
    return r;
  }

  fnKind(fn, m, depth) {
    if (depth > 3) return null;
    for (const ret of returnsOf(fn)) {
      const k = this.builds(ret, m, fn, depth);
      if (k) return k;
    }
    return null;
  }

  // builds reads the kind an expression constructs: `new C({type:k})`,
  // `new C(...)` of a class with `get type(){return k}`, or `g(C, ...)`
  // where g does one of those with its first parameter.
  builds(e, m, fn, depth) {
    if (!e) return null;
    if (e.type === "NewExpression") {
      const a = e.arguments[0];
      if (a && a.type === "ObjectExpression") {
        const tp = a.properties.find((p) => keyName(p) === "type");
        if (tp && tp.value.type === "Literal" && typeof tp.value.value === "string") return tp.value.value;
      }
      if (e.callee.type === "Identifier") {
        if (fn && fn.params.some((p) => p.type === "Identifier" && p.name === e.callee.name)) return "param";
        return this.classKind(m, e.callee.name, 0);
      }
      return null;
    }
    if (e.type === "CallExpression" && e.callee.type === "Identifier") {
      const d = this.define(m, e.callee.name);
      if (!d || !isFunction(d[0])) return null;
      const k = this.fnKind(d[0], d[1], depth + 1);
      if (k === "param" && e.arguments[0]?.type === "Identifier") return this.classKind(m, e.arguments[0].name, 0);
      return k === "param" ? null : k;
    }
    return null;
  }

  classKind(m, name, depth) {
    if (depth > 8) return null;
    const d = this.define(m, name);
    if (!d) return null;
    const [n, mm] = d;
    if (n.type === "ClassDeclaration" || n.type === "ClassExpression") {
      for (const el of n.body.body) {
        if (el.type === "MethodDefinition" && el.kind === "get" && keyName({ type: "Property", key: el.key, computed: el.computed }) === "type") {
          const rets = returnsOf(el.value);
          if (rets.length === 1 && rets[0].type === "Literal" && typeof rets[0].value === "string") return rets[0].value;
        }
      }
      if (n.superClass && n.superClass.type === "Identifier") return this.classKind(mm, n.superClass.name, depth + 1);
      return null;
    }
    // zod 4: const ZodString = $constructor("ZodString", ...)
    if (n.type === "CallExpression" && n.arguments[0]?.type === "Literal" && /^Zod[A-Z]/.test(String(n.arguments[0].value))) {
      const s = String(n.arguments[0].value).slice(3);
      return s[0].toLowerCase() + s.slice(1);
    }
    return null;
  }

  // binding evaluates the value bound to name in m as a schema.
  binding(m, name, call) {
    const d = this.define(m, name);
    if (!d) return null;
    const [n, mm] = d;
    if (isFunction(n) || n.type === "ClassDeclaration") {
      // function X(){return schema} used as X()
      if (!call || n.params.length > 0 || n.type === "ClassDeclaration") return null;
      return this.memoEval(n, mm, () => {
        for (const r of returnsOf(n)) {
          const s = this.eval(r, mm);
          if (s) return s;
        }
        return null;
      });
    }
    // all bindings of the name in its module: the first that reads as a schema
    const all = mm.bindings.get(name) ?? [n];
    for (const b of all) {
      const s = this.memoEval(b, mm, () => {
        const lazy = lazyBody(b);
        if (lazy) return call ? this.evalBody(lazy, mm) : null;
        return call ? null : this.eval(b, mm);
      });
      if (s) return s;
    }
    return null;
  }

  memoEval(node, m, f) {
    if (this.memo.has(node)) return this.memo.get(node);
    if (this.busy.has(node)) return { kind: "ref", recursive: true };
    this.busy.add(node);
    const s = f();
    this.busy.delete(node);
    this.memo.set(node, s);
    return s;
  }

  evalBody(fn, m) {
    for (const r of returnsOf(fn)) {
      const s = this.eval(r, m);
      if (s) return s;
    }
    return null;
  }

  // eval returns the shape a schema expression builds, or null.
  eval(e, m, depth = 0) {
    if (!e || depth > 60) return null;
    switch (e.type) {
      case "Identifier":
        return this.binding(m, e.name, false);
      case "SequenceExpression":
        return this.eval(e.expressions[e.expressions.length - 1], m, depth + 1);
      case "CallExpression":
        break;
      case "MemberExpression": {
        // X.shape.k: the member k of object schema X
        const o = e.object;
        if (e.computed || o.type !== "MemberExpression" || o.computed || o.property.name !== "shape") return null;
        const s = this.eval(o.object, m, depth + 1);
        return s?.kind === "object" ? s.members[e.property.name] ?? null : null;
      }
      default:
        return null;
    }
    const c = e.callee;
    const args = e.arguments;
    if (c.type === "Identifier") {
      if (args.length === 0) {
        const s = this.binding(m, c.name, true);
        if (s) return s;
      }
      const lazy = args.length === 1 && isFunction(args[0]) && args[0].params.length === 0 ? args[0] : null;
      const r = this.role(m, c.name);
      if (r) return this.factory(r, args, m, depth);
      if (lazy) return this.evalBody(lazy, m);
      return null;
    }
    if (c.type !== "MemberExpression" || c.computed) return null;
    const method = c.property.name;
    const recv = this.eval(c.object, m, depth + 1);
    if (recv) return this.chain(recv, method, args, m, depth);
    if (c.object.type === "Identifier" && FACTORIES.has(method)) return this.factory(method, args, m, depth);
    if (c.object.type === "MemberExpression" && !c.object.computed && c.object.property.name === "coerce") return this.factory(method, args, m, depth);
    return null;
  }

  chain(s, method, args, m, depth) {
    switch (method) {
      case "optional":
        return { ...s, optional: true };
      case "nullable":
        return { ...s, nullable: true };
      case "nullish":
        return { ...s, optional: true, nullable: true };
      case "default":
      case "prefault":
      case "catch":
        return { ...s, default: true };
      case "array":
        return { kind: "array", items: s };
      case "or": {
        const o = this.eval(args[0], m, depth + 1);
        return union([s, o ?? { kind: "unknown" }]);
      }
      case "and":
      case "merge": {
        const o = this.eval(args[0], m, depth + 1);
        if (s.kind === "object" && o?.kind === "object") return { ...s, members: { ...s.members, ...o.members } };
        return method === "merge" ? s : { kind: "intersection", of: [s, o ?? { kind: "unknown" }] };
      }
      case "extend":
      case "safeExtend": {
        if (s.kind !== "object") return s;
        const add = args[0]?.type === "ObjectExpression" ? this.members(args[0], m, depth) : (this.eval(args[0], m, depth + 1)?.members ?? {});
        return { ...s, members: { ...s.members, ...add } };
      }
      case "partial":
      case "deepPartial":
        if (s.kind !== "object") return s;
        return { ...s, members: Object.fromEntries(Object.entries(s.members).map(([k, v]) => [k, { ...v, optional: true }])) };
      case "required":
        if (s.kind !== "object") return s;
        return { ...s, members: Object.fromEntries(Object.entries(s.members).map(([k, v]) => [k, { ...v, optional: false }])) };
      case "pick":
      case "omit": {
        if (s.kind !== "object" || args[0]?.type !== "ObjectExpression") return s;
        const keys = new Set(args[0].properties.map(keyName));
        return { ...s, members: Object.fromEntries(Object.entries(s.members).filter(([k]) => keys.has(k) === (method === "pick"))) };
      }
      case "pipe": {
        const o = this.eval(args[0], m, depth + 1);
        return s.kind === "unknown" || s.kind === "any" ? o ?? s : s;
      }
      case "element":
        return s.kind === "array" ? s.items : null;
      case "unwrap":
        return { ...s, optional: false, nullable: false };
      case "keyof":
        return { kind: "enum", values: s.kind === "object" ? Object.keys(s.members) : [] };
    }
    if (NUMBERISH.has(method) && s.kind === "unknown") return { kind: "number" };
    return s;
  }

  members(obj, m, depth) {
    const out = {};
    for (const p of obj.properties) {
      if (p.type === "SpreadElement") {
        // ...X.shape
        let a = p.argument;
        if (a.type === "MemberExpression" && !a.computed && a.property.name === "shape") a = a.object;
        const s = this.eval(a, m, depth + 1);
        if (s?.kind === "object") Object.assign(out, s.members);
        else this.unresolved++;
        continue;
      }
      const k = keyName(p);
      if (k === null) {
        this.unresolved++;
        continue;
      }
      const s = this.eval(p.value, m, depth + 1);
      if (s) out[k] = s;
      else {
        out[k] = { kind: "unresolved" };
        this.unresolved++;
      }
    }
    return out;
  }

  factory(role, args, m, depth) {
    const a0 = args[0];
    switch (role) {
      case "object":
      case "strictObject":
      case "looseObject":
        if (a0 && a0.type === "ObjectExpression") return { kind: "object", members: this.members(a0, m, depth) };
        return { kind: "object", members: {} };
      case "literal": {
        const vs = literals(a0);
        return vs ? { kind: "literal", values: vs } : { kind: "literal" };
      }
      case "enum":
      case "nativeEnum": {
        let vs = a0?.type === "ArrayExpression" ? a0.elements.map((x) => (x && x.type === "Literal" ? x.value : undefined)) : null;
        if (a0?.type === "ObjectExpression") vs = a0.properties.map((p) => (p.value?.type === "Literal" ? p.value.value : undefined));
        if (a0?.type === "Identifier") {
          const d = this.define(m, a0.name);
          if (d && d[0].type === "ArrayExpression") vs = d[0].elements.map((x) => (x && x.type === "Literal" ? x.value : undefined));
        }
        return vs && vs.every((v) => v !== undefined) ? { kind: "enum", values: vs } : { kind: "enum" };
      }
      case "array":
        return { kind: "array", items: this.eval(a0, m, depth + 1) ?? { kind: "unknown" } };
      case "record":
        return { kind: "record", items: this.eval(args.length > 1 ? args[1] : a0, m, depth + 1) ?? { kind: "unknown" } };
      case "union":
      case "discriminatedUnion": {
        const arr = role === "union" ? a0 : args.find((x) => x.type === "ArrayExpression");
        if (arr?.type !== "ArrayExpression") return { kind: "union", of: [] };
        return union(arr.elements.map((x) => this.eval(x, m, depth + 1) ?? { kind: "unresolved" }));
      }
      case "lazy":
        if (a0 && isFunction(a0)) return this.evalBody(a0, m) ?? { kind: "ref" };
        return { kind: "ref" };
      case "optional":
        return { ...(this.eval(a0, m, depth + 1) ?? { kind: "unknown" }), optional: true };
      case "nullable":
        return { ...(this.eval(a0, m, depth + 1) ?? { kind: "unknown" }), nullable: true };
      case "nullish":
        return { ...(this.eval(a0, m, depth + 1) ?? { kind: "unknown" }), optional: true, nullable: true };
      case "default":
      case "prefault":
        return { ...(this.eval(a0, m, depth + 1) ?? { kind: "unknown" }), default: true };
      case "intersection": {
        const x = this.eval(a0, m, depth + 1), y = this.eval(args[1], m, depth + 1);
        if (x?.kind === "object" && y?.kind === "object") return { kind: "object", members: { ...x.members, ...y.members } };
        return { kind: "intersection", of: [x ?? { kind: "unknown" }, y ?? { kind: "unknown" }] };
      }
      case "tuple":
        return { kind: "tuple" };
      case "preprocess":
      case "pipe":
        return this.eval(args[1], m, depth + 1) ?? { kind: "unknown" };
      case "int":
      case "float32":
      case "float64":
      case "int32":
      case "uint32":
        return { kind: "number" };
      case "uuid":
      case "email":
      case "url":
      case "iso":
      case "cuid":
      case "template_literal":
        return { kind: "string" };
      case "instanceof":
      case "function":
        return { kind: "custom" };
      case "coerce":
        return null;
      case "param":
        return null;
    }
    return { kind: role };
  }
}

function literals(a) {
  if (!a) return null;
  if (a.type === "Literal") return [a.value];
  if (a.type === "UnaryExpression" && a.operator === "!" && a.argument.type === "Literal") return [!a.argument.value];
  if (a.type === "UnaryExpression" && a.operator === "-" && a.argument.type === "Literal") return [-a.argument.value];
  if (a.type === "ArrayExpression") {
    const out = [];
    for (const x of a.elements) {
      const v = literals(x);
      if (!v) return null;
      out.push(...v);
    }
    return out;
  }
  return null;
}

function union(of) {
  const out = [];
  for (const s of of) {
    if (s.kind === "union" && !s.optional && !s.nullable) out.push(...s.of);
    else out.push(s);
  }
  return { kind: "union", of: out };
}

// lazyBody returns the function of `W(() => schema)` (no parameters, the
// only argument), the memo helpers' shape.
function lazyBody(n) {
  if (n.type === "CallExpression" && n.arguments.length === 1 && isFunction(n.arguments[0]) && n.arguments[0].params.length === 0) return n.arguments[0];
  if (isFunction(n) && n.params.length === 0) return n;
  return null;
}

function resolvePath(from, to) {
  if (!to.startsWith(".")) return to;
  const dir = from.slice(0, from.lastIndexOf("/"));
  const parts = (dir + "/" + to).split("/");
  const out = [];
  for (const p of parts) {
    if (p === "..") out.pop();
    else if (p !== ".") out.push(p);
  }
  return out.join("/");
}

// facts flattens a shape into {pointer: fact} under at.
export function facts(s, at, out, depth = 0, seen = new Set(), stop = new Set(), done = new Map()) {
  if (!s || depth > MAX_DEPTH || seen.has(s)) return;
  // A schema shared by several places (union options that reuse one
  // member schema) is walked once per pointer.
  let at1 = done.get(s);
  if (!at1) done.set(s, (at1 = new Set()));
  if (at1.has(at)) return;
  at1.add(at);
  if (at !== "") out[at] = merge(out[at], fact(s));
  // A message nested in another (the pending requests of a control
  // response) is described under its own variant.
  if (at !== "" && objectsOf(s).some((o) => stop.has(o))) return;
  seen.add(s);
  const walk = (x, p) => {
    if (!x) return;
    if (x.kind === "object") for (const [k, v] of Object.entries(x.members)) facts(v, p + "/" + k.replace(/~/g, "~0").replace(/\//g, "~1"), out, depth + 1, seen, stop, done);
    else if (x.kind === "array" || x.kind === "record") {
      if (x.items) facts(x.items, p + "/*", out, depth + 1, seen, stop, done);
    } else if (x.kind === "union" || x.kind === "intersection") {
      for (const o of x.of) walk(o, p);
      // A member that not every object of a union has is optional.
      const objs = x.kind === "union" ? x.of.filter((o) => o.kind === "object") : [];
      if (objs.length > 1) {
        for (const k of new Set(objs.flatMap((o) => Object.keys(o.members)))) {
          if (objs.every((o) => k in o.members)) continue;
          const at = p + "/" + k.replace(/~/g, "~0").replace(/\//g, "~1");
          if (out[at]) out[at] = { ...out[at], optional: true };
        }
      }
    }
  };
  walk(s, at);
  seen.delete(s);
}

function fact(s) {
  const f = { kind: s.kind };
  if (s.kind === "union") {
    const kinds = new Set();
    const values = [];
    let nullable = !!s.nullable;
    for (const o of s.of) {
      if (o.kind === "null") {
        nullable = true;
        continue;
      }
      kinds.add(o.kind);
      if ((o.kind === "literal" || o.kind === "enum") && o.values) values.push(...o.values);
      if (o.nullable) nullable = true;
    }
    if (kinds.size === 1) {
      f.kind = [...kinds][0];
      if ((f.kind === "literal" || f.kind === "enum") && values.length) f.values = [...new Set(values)];
    } else f.kinds = [...kinds].sort();
    if (nullable) f.nullable = true;
  } else if (s.values) f.values = s.values;
  if (s.optional) f.optional = true;
  if (s.nullable) f.nullable = true;
  if (s.default) f.default = true;
  return f;
}

// merge joins two facts read at one pointer (from several variants of a
// union): kinds and values are joined, optional when either is.
function merge(a, b) {
  if (!a) return b;
  const kinds = new Set([...(a.kinds ?? [a.kind]), ...(b.kinds ?? [b.kind])]);
  const out = { kind: kinds.size === 1 ? [...kinds][0] : "union" };
  if (kinds.size > 1) out.kinds = [...kinds].sort();
  if (a.values || b.values) out.values = [...new Set([...(a.values ?? []), ...(b.values ?? [])])];
  if (a.optional || b.optional) out.optional = true;
  if (a.nullable || b.nullable) out.nullable = true;
  if (a.default || b.default) out.default = true;
  return out;
}

const literalOf = (s) => (s && s.kind === "literal" && s.values?.length === 1 && typeof s.values[0] === "string" ? s.values[0] : null);

function objectsOf(s) {
  if (!s) return [];
  if (s.kind === "object") return [s];
  if (s.kind === "union") return s.of.flatMap(objectsOf);
  return [];
}

// messages finds the variants among the object schemas read.
export function messages(shapes, types) {
  const found = []; // [into, name, shape, at, source]
  const stop = new Set();
  const seen = new Set();
  const visit = (s) => {
    for (const o of objectsOf(s)) {
      if (seen.has(o)) continue;
      seen.add(o);
      const type = literalOf(o.members.type);
      const behavior = literalOf(o.members.behavior);
      if (!type) {
        if (behavior) found.push(["payloads", "behavior." + behavior, o, "", o]);
        continue;
      }
      if (!types.has(type) && !o.members.session_id) continue;
      stop.add(o);
      const sub = o.members.subtype;
      if (sub && (sub.kind === "literal" || sub.kind === "enum") && sub.values) {
        for (const v of sub.values) found.push(["variants", type + "." + v, o, "", o]);
        continue;
      }
      let enveloped = false;
      for (const [k, v] of Object.entries(o.members)) {
        const bodies = objectsOf(v).filter((b) => literalOf(b.members.subtype));
        if (bodies.length === 0 || k === "message") continue;
        enveloped = true;
        const env = { kind: "object", members: { ...o.members } };
        delete env.members[k];
        for (const b of bodies) {
          const name = type + "." + literalOf(b.members.subtype);
          found.push(["variants", name, env, "", b]);
          found.push(["variants", name, b, "/" + k, b]);
        }
      }
      // The replayed user message is a variant of its own (its marker).
      if (!enveloped) found.push(["variants", type === "user" && literalOf(o.members.isReplay) === null && o.members.isReplay?.values?.[0] === true ? "user.replay" : type, o, "", o]);
    }
  };
  for (const s of shapes) visit(s);
  // The facts of each schema a variant is read from (an envelope and its
  // body make one), then joined: a member one schema has and another,
  // whose parent it has, lacks is optional.
  const per = new Map(); // into|name|source -> facts
  for (const [into, name, shape, at, source] of found) {
    const key = into + "|" + name + "|" + source;
    const f = per.get(key) ?? {};
    facts(shape, at, f, 0, new Set(), stop);
    per.set(key, f);
  }
  const out = { variants: {}, payloads: {} };
  const parentOf = (p) => p.slice(0, p.lastIndexOf("/"));
  const has = (f, p) => p === "" || p in f;
  for (const [key, f] of per) {
    const [into, name] = key.split("|");
    const dst = out[into][name];
    if (!dst) {
      out[into][name] = f;
      continue;
    }
    for (const p of Object.keys(dst)) if (!(p in f) && has(f, parentOf(p))) dst[p] = { ...dst[p], optional: true };
    for (const [p, x] of Object.entries(f)) {
      if (p in dst) dst[p] = merge(dst[p], x);
      else dst[p] = has(dst, parentOf(p)) ? { ...x, optional: true } : x;
    }
  }
  return out;
}

// read evaluates every binding of the modules that define message schemas.
export function read(mods, types = new Set()) {
  const rd = new Reader(mods);
  const want = /\(\s*"(?:control_request|control_response|result|rate_limit_event|stream_event|keep_alive)"\s*\)/;
  const shapes = [];
  let candidates = 0;
  for (const { name, text } of mods) {
    if (!want.test(text)) continue;
    candidates++;
    if (process.env.ZOD_DEBUG) console.error("module", name, text.length);
    const m = rd.module(name);
    if (!m) continue;
    for (const [bname, list] of m.bindings) {
      for (const b of list) {
        const lazy = lazyBody(b);
        const s = lazy ? rd.binding(m, bname, true) : b.type === "CallExpression" ? rd.binding(m, bname, false) : null;
        if (s && (s.kind === "object" || s.kind === "union")) shapes.push(s);
        if (s) break;
      }
    }
  }
  if (process.env.ZOD_DEBUG) console.error("evaluated", shapes.length, "schemas");
  const { variants, payloads } = messages(shapes, types);
  const sorted = (o) => Object.fromEntries(Object.keys(o).sort().map((k) => [k, Object.fromEntries(Object.keys(o[k]).sort().map((p) => [p, o[k][p]]))]));
  return {
    modules: mods.length,
    parsed: [...rd.parsed.values()].filter(Boolean).length,
    parse_errors: rd.parseErrors,
    candidates,
    schemas: shapes.length,
    helpers: Object.fromEntries(Object.keys(rd.helpers).sort().map((k) => [k, rd.helpers[k]])),
    unresolved: rd.unresolved,
    variants: sorted(variants),
    payloads: sorted(payloads),
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop())) {
  const [file, typeList] = process.argv.slice(2);
  if (!file) {
    console.error("usage: node zod.mjs FILE [TYPE,TYPE...]");
    process.exit(2);
  }
  let mods;
  try {
    mods = fs.statSync(file).isDirectory() ? modulesIn(file) : modulesNamed(fs.readFileSync(file));
  } catch (e) {
    console.error(`zod: ${e.message}`);
    process.exit(2);
  }
  process.stdout.write(JSON.stringify(read(mods, new Set((typeList ?? "").split(",").filter(Boolean))), null, 1) + "\n");
}
