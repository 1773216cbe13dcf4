// options.mjs lists the command-line options that one Claude Code CLI
// release declares on its root command (`claude [options] [prompt]`, what
// an SDK spawns), for internal/gen/optionfacts (make optionfacts). It keeps
// names and shapes only: flag names, whether a value follows, choices,
// hidden; no description leaves this process (a deprecation's "use --x"
// is kept as the flag name it points to).
//
// Usage: node options.mjs FILE
//
// FILE is a release's cli.js, or the native executable of newer releases
// (a Bun-compiled binary whose JavaScript modules are stored as text, each
// from a "// @bun" line to a NUL byte).
//
// The CLI builds its commands with commander, minified: the names of the
// Command and Option classes change per release, so calls are read by
// shape. The root command is the receiver of the call chain that holds
// `.name("claude")`; its options are the calls, in that chain and in any
// chain on the same receiver (or on the binding the chain is assigned to)
// in the same function, before any `.command(...)` in the chain:
//
//	.option(FLAGS, ...)  .requiredOption(FLAGS, ...)
//	.addOption(new C(FLAGS, ...).choices([...]).hideHelp())
//	.helpOption(FLAGS, ...)  .version(V, FLAGS, ...)
//
// FLAGS, an Option and its choices are read through a binding of the
// nearest scope that binds the name (`let y=new C(..); y.hideHelp();
// n.addOption(y)`), a ternary of two spellings of one option (hidden on a
// condition), or a name bound to one string in the whole file. What still
// does not resolve is counted under "unresolved", never guessed.
//
// Output (stdout, JSON): {"modules":N, "parse_errors":N, "roots":N,
//   "allow_unknown":bool, "unresolved":N, "options":[{"flags":"-p, --print",
//   "via":"option", "hidden":"" | "yes" | "conditional", "choices":[...],
//   "required":bool, "deprecated":bool, "replacement":"--x",
//   "conditional":bool}, ...]}
// "conditional" marks an option declared under an if, a ternary or a
// logical operator: a release may leave it out at run time.

import fs from "node:fs";
import * as acorn from "acorn";
import { modulesOf } from "../../cliinstall/modules.mjs";


function parse(text) {
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
  } catch {
    try {
      return acorn.parse(text, { ...opts, sourceType: "script" });
    } catch {
      return null;
    }
  }
}

const isFunction = (n) =>
  n.type === "FunctionDeclaration" || n.type === "FunctionExpression" || n.type === "ArrowFunctionExpression";

// Bindings of the module being read, by the scope that holds them (the
// nearest block, function or program): minified names repeat across
// scopes, so a name resolves to the bindings of the nearest scope that
// binds it, and only when they all agree. constsText holds every
// name="--flag" of all modules: a flag's name bound in another module
// resolves when it is bound to one value only.
let scoped = new Map(); // scope node -> Map(name -> [init])
let parentsCur = new Map();
let callsCur = [];
let constsText = "";
let usedAt = null; // the scope a resolved binding was found in

const isScope = (n) => n.type === "BlockStatement" || n.type === "Program" || isFunction(n);

function bindingsOf(n) {
  for (let a = parentsCur.get(n); a; a = parentsCur.get(a)) {
    const m = scoped.get(a);
    if (m && m.has(n.name)) return [a, m.get(n.name)];
  }
  return [null, []];
}

function resolve(n, read) {
  if (!n || n.type !== "Identifier") return null;
  const [scope, inits] = bindingsOf(n);
  const vals = inits.map(read);
  if (!vals.length || vals.some((v) => v === null)) return null;
  const k = JSON.stringify(vals[0]);
  if (!vals.every((v) => JSON.stringify(v) === k)) return null;
  usedAt = scope;
  return vals[0];
}

function constFlag(name) {
  const re = new RegExp("[,;{( ]" + name.replace(/\$/g, "\\$") + '="(--?[A-Za-z0-9][^"]*)"', "g");
  const vals = new Set([...constsText.matchAll(re)].map((m) => m[1]));
  return vals.size === 1 ? [...vals][0] : null;
}

function str(n) {
  if (!n) return null;
  if (n.type === "Identifier") {
    const v = resolve(n, (i) => (i.type === "Identifier" ? null : str(i)));
    return v !== null ? v : bindingsOf(n)[1].length ? null : constFlag(n.name);
  }
  if (n.type === "Literal" && typeof n.value === "string") return n.value;
  if (n.type === "TemplateLiteral" && n.expressions.length === 0) return n.quasis[0].value.cooked;
  return null;
}

// truth says what a literal argument is as a boolean: true, false, or
// null when it is not a literal (!0 and !1 are the minifier's booleans).
function truth(n) {
  if (!n) return true;
  if (n.type === "Literal") return !!n.value;
  if (n.type === "UnaryExpression" && n.operator === "!" && n.argument.type === "Literal") return !n.argument.value;
  return null;
}

// methodCall returns [receiver, method, args] of `recv.method(args)`.
function methodCall(n) {
  if (n.type !== "CallExpression" || n.callee.type !== "MemberExpression" || n.callee.computed) return null;
  if (n.callee.property.type !== "Identifier") return null;
  return [n.callee.object, n.callee.property.name, n.arguments];
}

// chainOf unrolls a call chain a.b(..).c(..) into its base and its calls,
// innermost first.
function chainOf(n) {
  const calls = [];
  let cur = n;
  for (;;) {
    const m = methodCall(cur);
    if (!m) break;
    calls.push({ method: m[1], args: m[2] });
    cur = m[0];
  }
  calls.reverse();
  return { base: cur, calls };
}

// optionOf reads `new C(FLAGS, ...)` with the calls made on it, through a
// binding or a ternary (`c ? o : o.hideHelp()`: hidden on a condition).
function optionOf(n) {
  if (n.type === "Identifier") {
    const o = resolve(n, (i) => (i.type === "Identifier" ? null : optionOf(i)));
    if (!o) return null;
    // Calls on the binding in its scope: y.hideHelp(); n.addOption(y).
    const scope = usedAt;
    for (const c of callsCur) {
      const m = methodCall(c);
      if (!m || m[0].type !== "Identifier" || m[0].name !== n.name || m[1] !== "hideHelp") continue;
      const p = parentsCur.get(c);
      if (!p || (p.type !== "ExpressionStatement" && p.type !== "SequenceExpression")) continue; // a value, not a statement
      const [s2] = bindingsOf(m[0]);
      if (s2 !== scope) continue;
      const t = truth(m[2][0]);
      o.hidden = t === null ? "conditional" : t ? "yes" : "";
    }
    return o;
  }
  if (n.type === "ConditionalExpression") {
    const a = optionOf(n.consequent), b = optionOf(n.alternate);
    if (!a || !b || a.flags !== b.flags) return null;
    if ((a.hidden || "") !== (b.hidden || "")) a.hidden = "conditional";
    return a;
  }
  const { base, calls } = chainOf(n);
  let o;
  if (base.type === "NewExpression") {
    const flags = str(base.arguments[0]);
    if (flags === null || !flags.trimStart().startsWith("-")) return null;
    o = { flags, desc: str(base.arguments[1]) };
  } else if (base.type === "Identifier" && calls.length) {
    o = optionOf(base);
    if (!o) return null;
    o = { ...o };
  } else return null;
  for (const c of calls) {
    if (c.method === "hideHelp") {
      const t = truth(c.args[0]);
      o.hidden = t === null ? "conditional" : t ? "yes" : "";
    } else if (c.method === "choices") {
      const strings = (a) => (a && a.type === "ArrayExpression" ? a.elements.map(str) : null);
      let ch = strings(c.args[0]);
      if (!ch && c.args[0] && c.args[0].type === "Identifier") ch = resolve(c.args[0], strings);
      if (ch && ch.every((x) => x !== null)) o.choices = ch;
    } else if (c.method === "makeOptionMandatory") {
      o.required = truth(c.args[0]) !== false;
    }
  }
  return o;
}

// deprecation reads a description for "deprecated" and the flag it points
// to; only the flag's name is kept.
function deprecation(desc, flags) {
  if (!desc || !/deprecated/i.test(desc)) return {};
  const own = new Set(flags.match(/--?[A-Za-z0-9][\w-]*/g) || []);
  const m = desc.match(/\buse\s+(--[A-Za-z0-9][\w-]*)/i);
  const out = { deprecated: true };
  if (m && !own.has(m[1])) out.replacement = m[1];
  return out;
}

// conditionalWithin says whether node sits in a branch of an if or a
// ternary, or on the right of a logical operator, that the root chain is
// not in (parents: node -> parent; rootUp: the root chain and its
// ancestors).
function conditionalWithin(node, rootUp, parents) {
  for (let ch = node, n = parents.get(node); n; ch = n, n = parents.get(n)) {
    if (rootUp.has(ch)) return false;
    if (isFunction(n)) return false;
    const branch =
      ((n.type === "IfStatement" || n.type === "ConditionalExpression") && ch !== n.test) ||
      (n.type === "LogicalExpression" && ch === n.right);
    if (branch) return true;
  }
  return false;
}

export function extract(modules) {
  const out = { modules: 0, parse_errors: 0, roots: 0, allow_unknown: false, unresolved: 0, options: [] };
  const seen = new Set();
  constsText = modules.filter((t) => t.includes('="--')).join("\n");
  for (const text of modules) {
    out.modules++;
    if (!text.includes('name("claude")') && !text.includes("name('claude')")) continue;
    const ast = parse(text);
    if (!ast) {
      out.parse_errors++;
      continue;
    }
    // One walk: parents, enclosing functions, bindings and the calls.
    scoped = new Map();
    const parents = new Map();
    parentsCur = parents;
    const bind = (decl, name, init) => {
      let a = decl;
      do a = parents.get(a); while (a && !isScope(a));
      if (!a) return;
      if (!scoped.has(a)) scoped.set(a, new Map());
      const m = scoped.get(a);
      if (!m.has(name)) m.set(name, []);
      m.get(name).push(init);
    };
    const fnOf = new Map();
    const calls = [];
    const stack = [[ast, null, null]];
    while (stack.length) {
      const [n, parent, fn] = stack.pop();
      parents.set(n, parent);
      const here = isFunction(n) ? n : fn;
      if (n.type === "CallExpression") {
        calls.push(n);
        fnOf.set(n, fn);
      }
      if (n.type === "VariableDeclarator" && n.id.type === "Identifier" && n.init) bind(n, n.id.name, n.init);
      for (const k in n) {
        if (k === "type" || k === "start" || k === "end") continue;
        const v = n[k];
        if (Array.isArray(v)) {
          for (const x of v) if (x && typeof x.type === "string") stack.push([x, n, here]);
        } else if (v && typeof v === "object" && typeof v.type === "string") stack.push([v, n, here]);
      }
    }
    // The root chains: outermost calls whose chain names "claude".
    const roots = [];
    for (const c of calls) {
      const p = parents.get(c);
      if (p && p.type === "MemberExpression" && p.object === c) continue; // not the outermost call
      const { base, calls: cs } = chainOf(c);
      const i = cs.findIndex((x) => x.method === "name" && str(x.args[0]) === "claude");
      if (i < 0 || cs.slice(0, i).some((x) => x.method === "command")) continue;
      if (base.type !== "Identifier") continue;
      const names = new Set([base.name]);
      if (p && p.type === "VariableDeclarator" && p.id.type === "Identifier") names.add(p.id.name);
      if (p && p.type === "AssignmentExpression" && p.left.type === "Identifier") names.add(p.left.name);
      const up = new Set();
      for (let n = c; n; n = parents.get(n)) up.add(n);
      roots.push({ fn: fnOf.get(c), names, up });
    }
    if (!roots.length) continue;
    callsCur = calls;
    out.roots += roots.length;
    for (const c of calls) {
      const p = parents.get(c);
      if (p && p.type === "MemberExpression" && p.object === c) continue;
      const { base, calls: cs } = chainOf(c);
      if (base.type !== "Identifier") continue;
      const root = roots.find((r) => r.fn === fnOf.get(c) && r.names.has(base.name));
      if (!root) continue;
      const cond = conditionalWithin(c, root.up, parents);
      for (const x of cs) {
        if (x.method === "command" || x.method === "addCommand") break;
        let o = null;
        switch (x.method) {
          case "option":
          case "requiredOption": {
            const flags = str(x.args[0]);
            if (flags === null) {
              out.unresolved++;
              continue;
            }
            o = { flags, desc: str(x.args[1]), via: x.method, required: x.method === "requiredOption" };
            break;
          }
          case "addOption": {
            o = x.args[0] && optionOf(x.args[0]);
            if (!o) {
              out.unresolved++;
              continue;
            }
            o.via = "addOption";
            break;
          }
          case "helpOption":
          case "version": {
            const flags = str(x.args[x.method === "version" ? 1 : 0]);
            if (flags === null) continue; // commander's default flags
            o = { flags, desc: null, via: x.method };
            break;
          }
          case "allowUnknownOption":
            if (truth(x.args[0]) !== false) out.allow_unknown = true;
            continue;
          default:
            continue;
        }
        const entry = {
          flags: o.flags,
          via: o.via,
          hidden: o.hidden || "",
          choices: o.choices || [],
          required: !!o.required,
          ...deprecation(o.desc, o.flags),
          conditional: cond,
        };
        const key = JSON.stringify(entry);
        if (seen.has(key)) continue;
        seen.add(key);
        out.options.push(entry);
      }
    }
  }
  return out;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop())) {
  const [file] = process.argv.slice(2);
  if (!file) {
    console.error("usage: node options.mjs FILE");
    process.exit(2);
  }
  let buf;
  try {
    buf = fs.readFileSync(file);
  } catch (e) {
    console.error(`options: ${e.message}`);
    process.exit(2);
  }
  process.stdout.write(JSON.stringify(extract(modulesOf(buf)), null, 1) + "\n");
}
