// extract.mjs lists the member names that one Claude Code CLI release's own
// JavaScript writes on each stream-json output message, for
// internal/gen/bundlefacts (make bundlefacts). It reads names and shapes
// only: nothing of the bundle's code leaves this process.
//
// Usage: node extract.mjs SPEC.json FILE
//
// SPEC.json describes the output variants of the wire model (written by the
// Go driver from protocol.Variants):
//
//	{"variants":[{"name":"system.init","type":"system","subtype":"init",
//	  "marker":"","envelope":"","session":true,"bundle_only":false}, ...],
//	 "wire_names":["apiKeySource", ...]}
//
// The spec leaves out the members the model knows from bundle.json alone
// (session and wire_names count only the others; bundle_only marks a
// variant with no other member), so that what this script reads does not
// depend on what it read before.
//
// FILE is a release's cli.js, or the native executable of newer releases
// (a Bun-compiled binary: its JavaScript modules are stored as text, each
// starting with a "// @bun" line and ending at a NUL byte).
//
// Every module is parsed with acorn. An object literal builds an output
// message when it has a literal `type` of an output variant's type (and a
// literal subtype where the type has subtypes: `subtype`, or the subtype of
// its `request`/`response` body for control messages), and, for a variant
// whose model carries session_id, a `session_id` member of its own, or
// else no camelCase key the wire does not use (see loose: the CLI's
// internal messages share types with the output but have camelCase keys;
// they are counted as "rejected"). Control bodies the CLI sends are also found on their own:
// an object literal with no `type` whose `subtype` is a control_request
// subtype the CLI sends, or "success"/"error" with a `request_id` (a
// control_response body).
//
// Members are the object's own keys, the keys of spreads that resolve to an
// object literal bound in the same function, and keys assigned to the object
// in the same function (`x.k = v` where `x` holds the literal). Nested
// members are read where the value resolves to object literals (directly,
// through a local binding, a conditional, an array literal, or the object
// a `.map(fn)` callback returns, as array items "/*"). What does not resolve
// (a spread of anything else, a computed key) is listed under "unresolved"
// with its pointer, never guessed.
//
// Output (stdout, JSON): {"modules":N, "parse_errors":N,
//   "variants":{name:[pointer...]}, "internal":{name:[pointer...]} (the
//   members of the rejected literals of system variants: the CLI's internal
//   system messages), "matches":{name:N}, "rejected":{name:N},
//   "unresolved":{name:["/ptr: what"...]}, "unknown":{name:N}}
// where "unknown" counts object literals of an output type with a subtype
// the spec does not list (a variant the model may lack; their members are
// under "variants" too).

import fs from "node:fs";
import * as acorn from "acorn";
import { modulesOf } from "../../cliinstall/modules.mjs";

const MAX_DEPTH = 5;

export { modulesOf };

export function parse(text) {
  const opts = {
    ecmaVersion: "latest",
    allowHashBang: true,
    allowReturnOutsideFunction: true,
    allowAwaitOutsideFunction: true,
    allowImportExportEverywhere: true,
    allowReserved: true,
  };
  try {
    return acorn.parse(text, { ...opts, sourceType: "module" });
  } catch (e1) {
    try {
      return acorn.parse(text, { ...opts, sourceType: "script" });
    } catch (e2) {
      return null;
    }
  }
}

export const isFunction = (n) =>
  n.type === "FunctionDeclaration" || n.type === "FunctionExpression" || n.type === "ArrowFunctionExpression";

export function keyName(p) {
  if (p.type !== "Property") return null;
  if (!p.computed) {
    if (p.key.type === "Identifier") return p.key.name;
    if (p.key.type === "Literal") return String(p.key.value);
    return null;
  }
  if (p.key.type === "Literal" && (typeof p.key.value === "string" || typeof p.key.value === "number")) return String(p.key.value);
  if (p.key.type === "TemplateLiteral" && p.key.expressions.length === 0) return p.key.quasis[0].value.cooked;
  return null;
}

function propOf(obj, name) {
  let found = null;
  for (const p of obj.properties) if (keyName(p) === name) found = p;
  return found;
}

// stringsOf returns the string literals an expression can take, or null
// when one of its values is not a literal.
function stringsOf(n) {
  if (!n) return null;
  if (n.type === "Literal" && typeof n.value === "string") return [n.value];
  if (n.type === "TemplateLiteral" && n.expressions.length === 0) return [n.quasis[0].value.cooked];
  if (n.type === "ConditionalExpression") {
    const a = stringsOf(n.consequent), b = stringsOf(n.alternate);
    return a && b ? [...a, ...b] : null;
  }
  return null;
}

class Scope {
  constructor(parent) {
    this.parent = parent;
    this.declared = new Map(); // name -> [ObjectExpression]
    this.other = new Set(); // names also bound to something not an object literal
    this.assigns = []; // [name, key|null, value]
    this.memberAssigns = new Map(); // name -> [[key|null, value]] (null: not resolved)
  }
  // declare binds name in this scope: to obj, an object literal; to
  // something else (null); or to nothing yet (undefined: `let x;`).
  declare(name, obj) {
    let l = this.declared.get(name);
    if (!l) this.declared.set(name, (l = []));
    if (obj) l.push(obj);
    else if (obj === null) this.other.add(name);
  }
  // objects returns the object literals name holds where every value
  // bound to it is one (else none: a name reused for other values).
  objects(name) {
    const o = this.owner(name);
    if (!o || o.other.has(name)) return [];
    return o.declared.get(name).map((x) => [x, o]);
  }
  owner(name) {
    for (let s = this; s; s = s.parent) if (s.declared.has(name)) return s;
    return null;
  }
}

function declarePattern(scope, p) {
  if (!p) return;
  switch (p.type) {
    case "Identifier": scope.declare(p.name, null); break;
    case "AssignmentPattern": declarePattern(scope, p.left); break;
    case "RestElement": declarePattern(scope, p.argument); break;
    case "ArrayPattern": for (const e of p.elements) declarePattern(scope, e); break;
    case "ObjectPattern": for (const q of p.properties) declarePattern(scope, q.type === "RestElement" ? q.argument : q.value); break;
  }
}

// walkModule visits every node once (iteratively: minified code nests
// deeply), building the scopes, and returns the candidate object literals.
function walkModule(ast, wants) {
  const objScope = new Map(); // candidate ObjectExpression -> Scope
  const fnScope = new Map(); // function node -> Scope
  const bound = new Map(); // ObjectExpression -> [Scope, name]
  const scopes = [];
  const root = new Scope(null);
  scopes.push(root);
  const stack = [[ast, root]];
  while (stack.length) {
    const [n, sc0] = stack.pop();
    let sc = sc0;
    if (isFunction(n)) {
      sc = new Scope(sc0);
      scopes.push(sc);
      fnScope.set(n, sc);
      if (n.type === "FunctionDeclaration" && n.id) sc0.declare(n.id.name, null);
      for (const p of n.params) declarePattern(sc, p);
    }
    switch (n.type) {
      case "VariableDeclarator":
        if (n.id.type === "Identifier") {
          sc.declare(n.id.name, !n.init ? undefined : n.init.type === "ObjectExpression" ? n.init : null);
          if (n.init && n.init.type === "ObjectExpression") bound.set(n.init, [sc, n.id.name]);
        } else declarePattern(sc, n.id);
        break;
      case "AssignmentExpression":
        if (n.left.type === "Identifier") {
          const obj = n.operator === "=" && n.right.type === "ObjectExpression" ? n.right : null;
          sc.assigns.push([n.left.name, undefined, obj]);
          if (obj) bound.set(obj, [sc, n.left.name]);
        } else if (n.left.type === "MemberExpression" && n.left.object.type === "Identifier") {
          const pr = n.left.property;
          const key = !n.left.computed && pr.type === "Identifier" ? pr.name
            : pr.type === "Literal" && typeof pr.value === "string" ? pr.value : null;
          sc.assigns.push([n.left.object.name, key, n.right]);
        }
        break;
      case "CallExpression": {
        const c = n.callee;
        if (c.type === "MemberExpression" && !c.computed && c.object.type === "Identifier" && c.object.name === "Object" &&
            c.property.name === "assign" && n.arguments[0] && n.arguments[0].type === "Identifier") {
          for (const a of n.arguments.slice(1)) {
            if (a.type === "ObjectExpression") for (const p of a.properties) sc.assigns.push([n.arguments[0].name, keyName(p), p.type === "Property" ? p.value : null]);
            else sc.assigns.push([n.arguments[0].name, null, null]);
          }
        }
        break;
      }
      case "ObjectExpression":
        if (wants(n)) objScope.set(n, sc);
        break;
      case "CatchClause":
        declarePattern(sc, n.param);
        break;
    }
    for (const k in n) {
      if (k === "type" || k === "start" || k === "end" || k === "raw" || k === "value" && n.type === "Literal") continue;
      const v = n[k];
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) if (v[i] && typeof v[i].type === "string") stack.push([v[i], sc]);
      } else if (v && typeof v === "object" && typeof v.type === "string") {
        stack.push([v, sc]);
      }
    }
  }
  // Assignments: to a name bound to an object literal, as another binding;
  // to a member, as a member of the object the name holds.
  for (const s of scopes) {
    for (const [name, key, value] of s.assigns) {
      const o = s.owner(name) ?? root;
      if (key === undefined) {
        o.declare(name, value);
        continue;
      }
      let l = o.memberAssigns.get(name);
      if (!l) o.memberAssigns.set(name, (l = []));
      l.push([key, value]);
    }
  }
  return { objScope, fnScope, bound };
}

// Extraction of one release.
export function extract(spec, modules) {
  const out = { modules: 0, parse_errors: 0, variants: {}, internal: {}, matches: {}, rejected: {}, unresolved: {}, unknown: {} };
  const byType = new Map(); // type -> [variant]
  const byName = new Map();
  for (const v of spec.variants) {
    byName.set(v.name, v);
    if (!byType.has(v.type)) byType.set(v.type, []);
    byType.get(v.type).push(v);
  }
  const wireNames = new Set(spec.wire_names ?? []);
  const hasSubtypes = (t) => byType.get(t).some((v) => v.subtype !== "");
  const bodySubtypes = new Map(); // bare control body subtype -> variant type
  for (const v of spec.variants) if (v.envelope && v.subtype) bodySubtypes.set(v.subtype, v.type);

  // into is where add records: out.variants, or out.internal while the
  // members of a rejected (internal) literal are read.
  let into = out.variants;
  const add = (name, ptr) => {
    const s = (into[name] ??= new Set());
    if (ptr) s.add(ptr);
  };
  const note = (name, what) => {
    const m = (out.unresolved[name] ??= new Map());
    m.set(what, (m.get(what) ?? 0) + 1);
  };
  const count = (field, name) => (out[field][name] = (out[field][name] ?? 0) + 1);

  const wants = (n) => {
    for (const p of n.properties) {
      const k = keyName(p);
      if (k === "type") {
        const s = stringsOf(p.value);
        if (s && s.some((t) => byType.has(t))) return true;
      } else if (k === "subtype") {
        const s = stringsOf(p.value);
        if (s && s.some((t) => bodySubtypes.has(t))) return true;
      }
    }
    return false;
  };

  for (const text of modules) {
    // A module with neither key holds no message. One with a subtype but
    // no type may build a bare control request body (2.1.332 builds the
    // elicitation request in a module of its own, and sends it from
    // another); only those are read there: the typeless modules' success
    // and error bodies with a request_id are not the CLI's replies on
    // stdout (no capture shows their members).
    const typeless = !/\btype:|["']type["']/.test(text);
    if (typeless && !/\bsubtype:|["']subtype["']/.test(text)) continue;
    const ast = parse(text);
    if (!ast) {
      out.parse_errors++;
      continue;
    }
    out.modules++;
    const { objScope, fnScope, bound } = walkModule(ast, wants);

    // values returns the object literals an expression evaluates to
    // (objs) and the object literals it holds as array items (items);
    // opaque says part of it did not resolve.
    const values = (n, sc, r = { objs: [], items: [], opaque: false }, depth = 0) => {
      if (!n || depth > 8) return r;
      switch (n.type) {
        case "ObjectExpression": r.objs.push([n, sc]); break;
        case "Identifier":
          r.objs.push(...sc.objects(n.name));
          break;
        case "ConditionalExpression": values(n.consequent, sc, r, depth + 1); values(n.alternate, sc, r, depth + 1); break;
        case "LogicalExpression": values(n.left, sc, r, depth + 1); values(n.right, sc, r, depth + 1); break;
        case "SequenceExpression": values(n.expressions[n.expressions.length - 1], sc, r, depth + 1); break;
        case "AwaitExpression": values(n.argument, sc, r, depth + 1); break;
        case "ArrayExpression":
          for (const e of n.elements) {
            if (!e) continue;
            const x = values(e.type === "SpreadElement" ? e.argument : e, sc, undefined, depth + 1);
            if (e.type === "SpreadElement") r.items.push(...x.items);
            else r.items.push(...x.objs);
          }
          break;
        case "CallExpression": {
          const c = n.callee;
          const fn = n.arguments[0];
          if (c.type === "MemberExpression" && !c.computed && (c.property.name === "map" || c.property.name === "flatMap") && fn && isFunction(fn)) {
            const fs = fnScope.get(fn) ?? sc;
            for (const ret of returnsOf(fn)) {
              const x = values(ret, fs, undefined, depth + 1);
              r.items.push(...x.objs);
              if (c.property.name === "flatMap") r.items.push(...x.items);
            }
          }
          break;
        }
      }
      return r;
    };

    // members records the keys of object literal o (and what resolves
    // into it) under ptr for variant name.
    const members = (name, o, sc, ptr, depth, seen) => {
      if (depth > MAX_DEPTH || seen.has(o)) return;
      seen.add(o);
      const keys = [];
      for (const p of o.properties) {
        if (p.type === "SpreadElement") {
          const x = values(p.argument, sc);
          if (x.objs.length === 0) note(name, (ptr || "/") + ": spread of a value not resolved");
          for (const [so, ss] of x.objs) members(name, so, ss, ptr, depth, seen);
          continue;
        }
        const k = keyName(p);
        if (k === null) {
          note(name, (ptr || "/") + ": computed key not resolved");
          continue;
        }
        keys.push([k, p.kind === "init" ? p.value : null]);
      }
      const b = bound.get(o);
      if (b) {
        const l = b[0].owner(b[1])?.memberAssigns.get(b[1]) ?? [];
        for (const [k, v] of l) {
          if (k === null) note(name, (ptr || "/") + ": member assigned with a key not resolved");
          else keys.push([k, v]);
        }
      }
      for (const [k, v] of keys) {
        const at = ptr + "/" + k.replace(/~/g, "~0").replace(/\//g, "~1");
        add(name, at);
        if (!v) continue;
        const x = values(v, sc);
        for (const [so, ss] of x.objs) members(name, so, ss, at, depth + 1, seen);
        for (const [so, ss] of x.items) members(name, so, ss, at + "/*", depth + 1, seen);
      }
      seen.delete(o);
    };

    const hasKey = (o, sc, key, depth = 0) => {
      if (depth > 4) return false;
      for (const p of o.properties) {
        if (p.type === "SpreadElement") {
          for (const [so, ss] of values(p.argument, sc).objs) if (hasKey(so, ss, key, depth + 1)) return true;
        } else if (keyName(p) === key) return true;
      }
      const b = bound.get(o);
      return !!b && (b[0].owner(b[1])?.memberAssigns.get(b[1]) ?? []).some(([k]) => k === key);
    };

    // loose accepts an object literal of a variant that carries
    // session_id but lacks it (the CLI adds session_id to many messages
    // where it sends them) when it does not look like one of the CLI's
    // internal messages: every key is lower case or a name the wire model
    // uses (internal messages have camelCase keys: isMeta, requestId,
    // compactMetadata), and it has a key besides its discriminators (two
    // for a type without subtypes: {type:"user", user_id} is no message).
    const loose = (o, v) => {
      let own = 0;
      for (const p of o.properties) {
        const k = keyName(p);
        if (k === null) continue;
        if (/[A-Z]/.test(k) && !wireNames.has(k)) return false;
        if (k !== "type" && k !== "subtype") own++;
      }
      return own >= (v.subtype ? 1 : 2);
    };

    for (const [o, sc] of objScope) {
      const tp = propOf(o, "type");
      const types = tp ? stringsOf(tp.value) : null;
      if (!tp) {
        // A bare control body.
        const st = stringsOf(propOf(o, "subtype")?.value) ?? [];
        for (const s of st) {
          const type = bodySubtypes.get(s);
          if (!type) continue;
          if (type === "control_response" && (typeless || !hasKey(o, sc, "request_id"))) continue;
          const v = byName.get(type + "." + s);
          if (!v) continue;
          count("matches", v.name);
          add(v.name, "");
          members(v.name, o, sc, "/" + v.envelope, 0, new Set());
        }
        continue;
      }
      for (const t of types ?? []) {
        const vs = byType.get(t);
        if (!vs) continue;
        const env = vs[0].envelope;
        let names;
        if (env) {
          const body = propOf(o, env);
          const bodies = body ? values(body.value, sc).objs : [];
          names = [];
          for (const [bo] of bodies) for (const s of stringsOf(propOf(bo, "subtype")?.value) ?? []) names.push(t + "." + s);
          if (names.length === 0) {
            // The body is built elsewhere (and found on its own above):
            // the envelope's members hold for every variant of the type.
            names = vs.map((v) => v.name);
          }
        } else if (hasSubtypes(t)) {
          const s = stringsOf(propOf(o, "subtype")?.value);
          if (!s) {
            if (!propOf(o, "subtype") || !hasKey(o, sc, "session_id")) continue;
            note(t + ".?", "object literals with a subtype not resolved");
            continue;
          }
          names = s.map((x) => t + "." + x);
        } else {
          const marked = vs.filter((v) => v.marker);
          names = [t];
          for (const v of marked) {
            const mp = propOf(o, v.marker);
            if (!mp) continue;
            const lit = mp.value.type === "Literal" ? mp.value.value
              : mp.value.type === "UnaryExpression" && mp.value.operator === "!" && mp.value.argument.type === "Literal" ? !mp.value.argument.value
              : undefined;
            if (lit === true) names = [v.name];
            else if (lit === undefined) names = [t, v.name];
          }
        }
        for (const name of names) {
          const v = byName.get(name);
          if (v && v.session && !hasKey(o, sc, "session_id") && !loose(o, v)) {
            count("rejected", name);
            if (process.env.BUNDLEFACTS_DEBUG) console.error("rejected", name, o.properties.map((p) => p.type === "SpreadElement" ? "..." : keyName(p)).join(","));
            if (v.type === "system") {
              // The CLI's internal system messages (camelCase keys, no
              // session_id) reach stdout on some paths (plan mode prints
              // its informational message as it is): their members are
              // kept apart, as weaker evidence.
              into = out.internal;
              members(name, o, sc, "", 0, new Set());
              into = out.variants;
            }
            continue;
          }
          if (!v || v.bundle_only) {
            // An output type with a subtype the model does not list, or
            // lists from this bundle alone: counted only when it looks
            // like an output message.
            if (byType.get(t).some((x) => x.session) && !hasKey(o, sc, "session_id")) continue;
            if (!v) count("unknown", name);
          }
          count("matches", name);
          if (process.env.BUNDLEFACTS_DEBUG) console.error("accepted", name, o.start, o.properties.map((p) => p.type === "SpreadElement" ? "..." : keyName(p)).join(","));
          add(name, "");
          members(name, o, sc, "", 0, new Set());
        }
      }
    }
  }
  const sorted = (o, f) => Object.fromEntries(Object.keys(o).sort().map((k) => [k, f(o[k])]));
  out.variants = sorted(out.variants, (s) => [...s].sort());
  out.internal = sorted(out.internal, (s) => [...s].sort());
  out.matches = sorted(out.matches, (x) => x);
  out.rejected = sorted(out.rejected, (x) => x);
  out.unknown = sorted(out.unknown, (x) => x);
  out.unresolved = sorted(out.unresolved, (m) => [...m].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([w, n]) => `${w} (${n})`));
  return out;
}

// returnsOf lists the expressions a function returns (not those of the
// functions nested in it).
export function returnsOf(fn) {
  if (fn.body.type !== "BlockStatement") return [fn.body];
  const out = [];
  const stack = [fn.body];
  while (stack.length) {
    const n = stack.pop();
    if (n.type === "ReturnStatement") {
      if (n.argument) out.push(n.argument);
      continue;
    }
    for (const k in n) {
      const v = n[k];
      if (Array.isArray(v)) {
        for (const x of v) if (x && typeof x.type === "string" && !isFunction(x)) stack.push(x);
      } else if (v && typeof v === "object" && typeof v.type === "string" && !isFunction(v)) stack.push(v);
    }
  }
  return out;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop())) {
  const [specPath, file] = process.argv.slice(2);
  if (!specPath || !file) {
    console.error("usage: node extract.mjs SPEC.json FILE");
    process.exit(2);
  }
  let spec, buf;
  try {
    spec = JSON.parse(fs.readFileSync(specPath, "utf8"));
    buf = fs.readFileSync(file);
  } catch (e) {
    console.error(`extract: ${e.message}`);
    process.exit(2);
  }
  const out = extract(spec, modulesOf(buf));
  process.stdout.write(JSON.stringify(out, null, 1) + "\n");
}
