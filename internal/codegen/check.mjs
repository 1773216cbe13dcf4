// check.mjs: does code generated from protocheck's published schemas work?
//
//   node check.mjs --root ../.. --out DIR [--only ajv,jstt,qt-ts,qt-go,qt-py,qt-rs,dcg,gojs,typify,zod,models,qt-java,j2p] [--jobs 2] [--update-losses] [--update-docs]
//
// For each generator it writes the generated code and a harness under DIR,
// runs them over every line of the committed captures, prints one table row
// per (generator, language, profile) and writes DIR/table.json. It exits 1
// when any row fails (code that does not compile, a real line that does not
// type-check or loses a member in a round trip, a schema ajv refuses, a
// deliberately wrong line that compiles), 2 when it cannot run at all.
//
// The pinned tools are installed with `npm ci` in this folder; the Go test
// in this folder (codegen_test.go) runs this script.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { offlineCargo } from "./models.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith("--") ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const root = path.resolve(args.root ?? path.join(here, "..", ".."));
const out = path.resolve(args.out ?? fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "codegen-")));
const only = args.only ? new Set(args.only.split(",")) : null;
// With --jobs 2 the steps run in two processes of this script side by side
// (--only, each in a folder of its own under --out, writing its rows to
// --rows-out), and this one checks their rows together as one run's: the
// ledger, the docs' tables, table.json. Most steps keep one core busy, so
// on two cores the run takes about half the time. The groups keep the
// steps that share a cargo target folder (typify, models) together.
const stepOrder = ["ajv", "jstt", "qt-ts", "qt-go", "qt-py", "qt-rs", "dcg", "gojs", "typify", "zod", "models", "qt-java", "j2p"];
const jobGroups = [["qt-rs", "typify", "models", "qt-java", "j2p"], ["ajv", "jstt", "qt-ts", "qt-go", "qt-py", "dcg", "gojs", "zod"]];
const jobs = Number(args.jobs ?? 1) > 1 && !args["rows-out"] ? jobGroups.map((g) => g.filter((s) => !only || only.has(s))).filter((g) => g.length) : null;
const want = (step) => !jobs && (!only || only.has(step));
let currentStep = null; // the step whose rows row() records
fs.mkdirSync(out, { recursive: true });

const schemasDir = path.join(root, "schemas");
const index = JSON.parse(fs.readFileSync(path.join(schemasDir, "index.json"), "utf8"));
const profiles = index.profiles;
const rows = [];
let failed = false;

// The wall and CPU seconds since the previous row (the CPU of this process
// and of the tools it ran and waited for, from /proc/self/stat where there
// is one), printed beside each row: where a run's time goes.
const clockTick = 100; // USER_HZ: 100 on every Linux architecture
function cpuSeconds() {
  try {
    const f = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / clockTick;
  } catch {
    return NaN;
  }
}
let lastWall = Date.now(), lastCPU = cpuSeconds();

function row(r) {
  const wall = Date.now(), cpu = cpuSeconds();
  r.step = currentStep;
  r.time = `${Math.round((wall - lastWall) / 1000)} s, cpu ${Math.round(cpu - lastCPU)} s`;
  lastWall = wall;
  lastCPU = cpu;
  rows.push(r);
}

function run(cmd, argv, opts = {}) {
  try {
    return { ok: true, out: execFileSync(cmd, argv, { encoding: "utf8", maxBuffer: 1 << 28, stdio: ["pipe", "pipe", "pipe"], ...opts }) };
  } catch (e) {
    return { ok: false, out: (e.stdout ?? "") + (e.stderr ?? "") + (e.stdout || e.stderr ? "" : String(e)) };
  }
}

// ---- The real lines: every non-blank line of every committed capture of
// a CLI version the published schemas cover (the default set of
// schemas/index.json: older versions have sets of their own, which are not
// published), routed to its variant as the validator routes it.
const lines = [];
{
  const cmpVersion = (a, b) => {
    const x = a.split(".").map(Number), y = b.split(".").map(Number);
    for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
    return 0;
  };
  const index = JSON.parse(fs.readFileSync(path.join(root, "schemas", "index.json"), "utf8"));
  const published = (index.version_sets ?? []).find((s) => s.index === "index.json");
  const covered = (ver) => !published || (cmpVersion(ver, published.from) >= 0 && (!published.to || cmpVersion(ver, published.to) < 0));
  const capDir = path.join(root, "corpus", "captures");
  for (const ver of fs.readdirSync(capDir).sort()) {
    const dir = path.join(capDir, ver);
    if (!fs.statSync(dir).isDirectory() || !covered(ver)) continue;
    for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort()) {
      const text = fs.readFileSync(path.join(dir, f), "utf8");
      text.split("\n").forEach((raw, i) => {
        if (raw.trim() === "") return;
        const value = JSON.parse(raw);
        lines.push({ where: `corpus/captures/${ver}/${f}:${i + 1}`, raw, value, variant: route(value) });
      });
    }
  }
  const unrouted = lines.filter((l) => !l.variant);
  if (unrouted.length) {
    console.error(`check.mjs: ${unrouted.length} capture lines have no variant, e.g. ${unrouted[0].where}`);
    process.exit(2);
  }
  console.log(`${lines.length} real lines of ${new Set(lines.map((l) => l.where.split(":")[0])).size} captures, ${new Set(lines.map((l) => l.variant.name)).size} variants`);
}

function at(value, pointer) {
  let v = value;
  for (const tok of pointer.split("/").slice(1)) v = v && typeof v === "object" ? v[tok] : undefined;
  return v;
}

function route(value) {
  const cands = index.variants.filter((v) => v.type === value.type);
  let plain = null;
  for (const v of cands) {
    if (v.marker) {
      if (value[v.marker] === true) return v;
    } else if (v.subtype !== null) {
      if (at(value, index.subtype_paths[v.type]) === v.subtype) return v;
    } else plain = v;
  }
  return plain;
}

// memberPaths lists the JSON Pointers of every object member in v (array
// elements by index), for the round-trip comparison.
function memberPaths(v, at = "", outSet = new Set()) {
  if (Array.isArray(v)) v.forEach((e, i) => memberPaths(e, `${at}/${i}`, outSet));
  else if (v && typeof v === "object")
    for (const [k, c] of Object.entries(v)) {
      outSet.add(`${at}/${k}`);
      memberPaths(c, `${at}/${k}`, outSet);
    }
  return outSet;
}

const schemaFiles = [];
for (const p of profiles) {
  for (const f of fs.readdirSync(path.join(schemasDir, p)).sort()) schemaFiles.push(path.join(p, f));
}

// The processes of --jobs: each group's rows, when all have ended.
const jobRows = jobs && Promise.all(jobs.map((group, i) => new Promise((resolve) => {
  const dir = path.join(out, `job${i + 1}`), rowsOut = path.join(dir, "rows.json");
  const argv = [fileURLToPath(import.meta.url), "--root", root, "--out", dir, "--only", group.join(","), "--rows-out", rowsOut];
  const child = spawn(process.execPath, argv, { stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  child.stdout.on("data", (d) => (text += d));
  child.stderr.on("data", (d) => (text += d));
  child.on("close", (code) => {
    console.log(`== check.mjs --only ${group.join(",")} (exit ${code}):\n${text.trimEnd()}`);
    if (code !== 0 || !fs.existsSync(rowsOut)) {
      console.error(`check.mjs: the process of ${group.join(",")} failed (exit ${code})`);
      process.exit(2);
    }
    resolve(JSON.parse(fs.readFileSync(rowsOut, "utf8")));
  });
})));

// ---- ajv, strict mode: every schema file compiles.
if (want("ajv")) {
  currentStep = "ajv";
  const Ajv2020 = require("ajv/dist/2020").default;
  for (const p of profiles) {
    const problems = [];
    const files = schemaFiles.filter((f) => f.startsWith(p + "/"));
    for (const f of files) {
      const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
      ajv.addKeyword({ keyword: "discriminator", schemaType: "object" }); // OpenAPI's annotation
      try {
        ajv.compile(JSON.parse(fs.readFileSync(path.join(schemasDir, f), "utf8")));
      } catch (e) {
        problems.push(`${f}: ${e.message}`);
      }
    }
    // The union validates every real line (the tolerant one; the strict one
    // too, as the captures have nothing it refuses).
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    ajv.addKeyword({ keyword: "discriminator", schemaType: "object" });
    let validated = 0;
    try {
      const validate = ajv.compile(JSON.parse(fs.readFileSync(path.join(schemasDir, p, "protocol.schema.json"), "utf8")));
      for (const l of lines) {
        if (validate(l.value)) validated++;
        else problems.push(`${l.where}: ${l.variant.name}: ${ajv.errorsText(validate.errors).slice(0, 200)}`);
      }
    } catch (e) {
      problems.push(`${p}/protocol.schema.json: ${e.message}`);
    }
    row({ tool: "ajv 8 (strict: true)", language: "-", profile: p, compiles: `${files.length - problems.filter((x) => !x.startsWith("corpus/")).length}/${files.length}`, union: "oneOf", lines: `${validated}/${lines.length}`, ok: problems.length === 0, problems, note: "allowUnionTypes: type lists such as [\"string\", \"null\"]; addKeyword(\"discriminator\"), the annotation" });
  }
}

// ---- json-schema-to-typescript, then tsc --strict.
const jsttVersion = require("json-schema-to-typescript/package.json").version;
const { toSafeString: toSafeName } = require("json-schema-to-typescript/dist/src/utils.js");
const tsc = path.join(here, "node_modules", "typescript", "bin", "tsc");
if (want("jstt")) {
  currentStep = "jstt";
  const { compile } = await import("json-schema-to-typescript");
  const { toSafeString } = require("json-schema-to-typescript/dist/src/utils.js");
  const dir = path.join(out, "jstt");
  fs.mkdirSync(dir, { recursive: true });
  for (const p of profiles) {
    const schema = JSON.parse(fs.readFileSync(path.join(schemasDir, p, "protocol.schema.json"), "utf8"));
    let ts = await compile(schema, "Line", { bannerComment: "", unreachableDefinitions: true, format: false, additionalProperties: p === "tolerant" });
    ts += `\n/** One line of the protocol: every variant${p === "tolerant" ? ", and the Unknown* lines" : ""}. */\nexport type Line = ${toSafeString(schema.title)};\n`;
    fs.writeFileSync(path.join(dir, `types-${p}.ts`), ts);
    // One constant per real line, typed as its variant's type.
    const src = [`import type * as T from "./types-${p}";`];
    const where = {};
    for (const [i, l] of lines.entries()) {
      const name = toSafeString(l.variant.name + " line");
      src.push(`export const l${i}: T.${name} = ${l.raw};`);
      where[src.length] = `${l.where} (${name})`;
    }
    fs.writeFileSync(path.join(dir, `lines-${p}.ts`), src.join("\n") + "\n");
    fs.copyFileSync(path.join(here, "testdata", `narrow-${p}.ts`), path.join(dir, `narrow-${p}.ts`));
    // A name JSON Schema gives twice comes out as Name and Name1, Name2...
    const names = new Set([...ts.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]));
    const dupes = [...names].filter((n) => /\D\d$/.test(n) && names.has(n.replace(/\d$/, "")));
    const r = run(process.execPath, [tsc, "--strict", "--noEmit", "--skipLibCheck", "--target", "es2022", "--module", "nodenext", "--moduleResolution", "nodenext",
      path.join(dir, `types-${p}.ts`), path.join(dir, `lines-${p}.ts`), path.join(dir, `narrow-${p}.ts`)], { cwd: dir });
    const errs = r.out.split("\n").filter((x) => /error TS/.test(x));
    const lineErrs = new Set();
    const problems = [];
    for (const e of errs) {
      const m = e.match(/lines-\w+\.ts\((\d+),/);
      if (m) lineErrs.add(where[Number(m[1])] ?? `line ${m[1]}`);
      else problems.push(e.replace(dir + "/", ""));
    }
    for (const w of lineErrs) problems.push(`does not type-check: ${w}`);
    // A $ref with a description beside it becomes a copy of the type it
    // refers to, numbered (Usage1): the copies are the same type, and are
    // held to the ledger as "duplicate types" (publish.mjs drops those
    // descriptions before it writes the package's types, which have none).
    const dupeLoss = dupes.length ? [["(types)", `duplicate types: ${dupes.length}`]] : [];
    const union = /export type ContentBlock = \(TextBlock \|/.test(ts) && new RegExp(`export type ${toSafeString(schema.title)} = \\(AssistantLine \\|`).test(ts) ? "discriminated union" : "NOT a union";
    row({ tool: `json-schema-to-typescript ${jsttVersion}`, language: "TypeScript", profile: p, compiles: errs.length === lineErrs.size ? "yes" : "no", union,
      lines: `${lines.length - lineErrs.size}/${lines.length} type-check`, members_lost: 0, ok: problems.length === 0 && union !== "NOT a union", problems,
      lostMembers: dupeLoss, lossKey: `TypeScript/jstt/${p}`, failedLines: lineErrs.size,
      note: p === "tolerant" ? "Unknown* branches keep type: string, so === narrowing keeps them (no negated literal types in TS)" : "narrows on type, subtype, request.subtype; @ts-expect-error lines fail" });
  }
}

// ---- quicktype: TypeScript, Go, Python from the tolerant per-variant
// schemas of the variants the captures hold (one top-level type each: from
// the union, quicktype merges every variant into one class); decode every
// real line with its variant's type, encode it again, compare the members.
const qtVersion = require("quicktype/package.json").version;
const quicktype = path.join(here, "node_modules", "quicktype", "dist", "index.js");
const qtLangs = [
  { step: "qt-ts", language: "TypeScript", lang: "typescript", file: "line.ts", extra: [] },
  { step: "qt-go", language: "Go", lang: "go", file: "line.go", extra: ["--package", "main"] },
  { step: "qt-py", language: "Python", lang: "python", file: "line.py", extra: ["--python-version", "3.7"] },
  { step: "qt-rs", language: "Rust", lang: "rust", file: "src/line.rs", extra: ["--visibility", "public"] },
];
// Rust builds offline from Debian's packaged crates (librust-serde-json-dev,
// librust-serde-derive-dev under /usr/share/cargo/registry); crates.io is not
// reached. Without them the Rust row is skipped, unless PROTOCHECK_CODEGEN_RUST
// is set (as .ci/run does after installing them).
const debianCrates = "/usr/share/cargo/registry";
const haveRust = run("cargo", ["--version"]).ok && fs.existsSync(debianCrates) && fs.readdirSync(debianCrates).some((d) => d.startsWith("serde_json-"));
const captured = index.variants.filter((v) => lines.some((l) => l.variant === v));
const typeName = (v) => toSafeName(v.name + " line");
const linesFile = path.join(out, "lines.tsv");
fs.writeFileSync(linesFile, lines.map((l) => `${typeName(l.variant)}\t${l.raw}`).join("\n") + "\n");
for (const q of qtLangs) {
  if (!want(q.step)) continue;
  currentStep = q.step;
  const p = "tolerant";
  const dir = path.join(out, q.step);
  if (q.lang === "rust" && !haveRust) {
    const required = !!process.env.PROTOCHECK_CODEGEN_RUST;
    row({ tool: `quicktype ${qtVersion}`, language: q.language, profile: p, compiles: "skipped", union: "-", lines: "0", ok: !required,
      problems: required ? [`PROTOCHECK_CODEGEN_RUST is set, but cargo or Debian's serde crates (${debianCrates}) are missing`] : [], note: "skipped: no cargo or no Debian serde crates" });
    continue;
  }
  fs.mkdirSync(path.join(dir, "src"), { recursive: true });
  const sources = captured.map((v) => path.join(schemasDir, v.files[p]));
  const gen = run(process.execPath, [quicktype, "--src-lang", "schema", "--lang", q.lang, ...q.extra, "-o", path.join(dir, q.file), ...sources]);
  if (!gen.ok) {
    row({ tool: `quicktype ${qtVersion}`, language: q.language, profile: p, compiles: "generation failed", union: "-", lines: "0", ok: false, problems: gen.out.split("\n").slice(0, 5) });
    continue;
  }
  // The names quicktype gave the top-level types (it spells acronyms its
  // own way: SystemAPIRetryLine), matched to ours ignoring case and "_".
  const code = fs.readFileSync(path.join(dir, q.file), "utf8");
  const pattern = { typescript: /static to(\w+)\(json: string\)/g, go: /^func Unmarshal(\w+)\(data/gm, python: /^def (\w+)_from_dict\(s/gm, rust: /^pub struct (\w+)/gm }[q.lang];
  const generated = new Map([...code.matchAll(pattern)].map((m) => [m[1].replaceAll("_", "").toLowerCase(), m[1]]));
  const missing = captured.map(typeName).filter((n) => !generated.has(n.toLowerCase()));
  const names = captured.map(typeName).filter((n) => generated.has(n.toLowerCase()));
  const their = (n) => generated.get(n.toLowerCase());
  let r;
  switch (q.lang) {
    case "typescript": {
      r = run(process.execPath, [tsc, "--strict", "--skipLibCheck", "--target", "es2022", "--module", "es2022", "--outDir", path.join(dir, "js"), path.join(dir, "line.ts")], { cwd: dir });
      if (!r.ok) break;
      fs.writeFileSync(path.join(dir, "js", "package.json"), '{"type":"module"}\n');
      const lower = (n) => n[0].toLowerCase() + n.slice(1);
      fs.writeFileSync(path.join(dir, "js", "codecs.js"), `import { Convert } from "./line.js";\nexport const codecs = {\n${names.map((n) => `  ${n}: (s) => Convert.${lower(their(n))}ToJson(Convert.to${their(n)}(s)),`).join("\n")}\n};\n`);
      fs.copyFileSync(path.join(here, "testdata", "roundtrip.mjs"), path.join(dir, "js", "roundtrip.mjs"));
      r = run(process.execPath, [path.join(dir, "js", "roundtrip.mjs"), linesFile]);
      break;
    }
    case "go":
      fs.copyFileSync(path.join(here, "testdata", "roundtrip.go"), path.join(dir, "roundtrip.go"));
      fs.writeFileSync(path.join(dir, "codecs.go"), `package main\n\nvar codecs = map[string]func([]byte) ([]byte, error){\n${names.map((n) => `\t"${n}": func(b []byte) ([]byte, error) {\n\t\tv, err := Unmarshal${their(n)}(b)\n\t\tif err != nil {\n\t\t\treturn nil, err\n\t\t}\n\t\treturn v.Marshal()\n\t},`).join("\n")}\n}\n`);
      fs.writeFileSync(path.join(dir, "go.mod"), "module roundtrip\n\ngo 1.22\n");
      r = run("go", ["run", ".", linesFile], { cwd: dir, env: { ...process.env, GOWORK: "off", GOFLAGS: "" } });
      break;
    case "rust": {
      fs.mkdirSync(path.join(dir, ".cargo"), { recursive: true });
      fs.writeFileSync(path.join(dir, ".cargo", "config.toml"), `[source.crates-io]\nreplace-with = "debian"\n[source.debian]\ndirectory = "${debianCrates}"\n[net]\noffline = true\n`);
      fs.writeFileSync(path.join(dir, "Cargo.toml"), `[package]\nname = "roundtrip"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\nserde = { version = "1", features = ["derive"] }\nserde_json = "1"\n\n[workspace]\n`);
      fs.writeFileSync(path.join(dir, "src", "codecs.rs"), `use crate::line;\n\npub fn codec(name: &str, s: &str) -> Result<String, String> {\n    match name {\n${names.map((n) => `        "${n}" => serde_json::to_string(&serde_json::from_str::<line::${their(n)}>(s).map_err(|e| e.to_string())?).map_err(|e| e.to_string()),`).join("\n")}\n        _ => Err(format!("no type {}", name)),\n    }\n}\n`);
      fs.copyFileSync(path.join(here, "testdata", "roundtrip.rs"), path.join(dir, "src", "main.rs"));
      r = run("cargo", ["run", "--quiet", "--offline", "--", linesFile], { cwd: dir, env: { ...process.env, CARGO_TARGET_DIR: path.join(dir, "target"), RUSTFLAGS: "-A warnings" } });
      break;
    }
    case "python": {
      fs.writeFileSync(path.join(dir, "qtcodecs.py"), `from line import *\n\ncodecs = {\n${names.map((n) => `    "${n}": lambda v: ${their(n)}_to_dict(${their(n)}_from_dict(v)),`).join("\n")}\n}\n`);
      fs.copyFileSync(path.join(here, "testdata", "roundtrip.py"), path.join(dir, "roundtrip.py"));
      r = run(process.env.PYTHON ?? "python3", [path.join(dir, "roundtrip.py"), linesFile], { cwd: dir });
      break;
    }
  }
  const res = roundTripRow(q, p, r);
  if (missing.length) {
    res.ok = false;
    res.problems.unshift(`no generated type for ${missing.join(", ")}`);
  }
  row(res);
}

// ---- The ecosystems' own generators, run on the bundle of each profile
// as a user of each would run them (no hand edits): datamodel-code-generator
// (Python, pydantic v2), go-jsonschema (Go), typify (Rust), zod's
// z.fromJSONSchema (TypeScript, at run time). Each decodes every capture
// line of every rung (rootLines: not only the versions the default set
// covers) into the ROOT type its code has for a line (no dispatch of ours),
// encodes it again, and check.mjs compares the two exactly (rootDiff): a
// member dropped, one added (a null most often) or a value changed is a
// loss, held to testdata/losses.txt like quicktype's; a line the code
// refuses is "(not decoded)" there.
const linesByName = lines.map((l) => `${typeName(l.variant)}\t${l.raw}`).join("\n") + "\n";
const rootLines = [];
{
  const capDir = path.join(root, "corpus", "captures");
  for (const ver of fs.readdirSync(capDir).sort()) {
    const dir = path.join(capDir, ver);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort()) {
      fs.readFileSync(path.join(dir, f), "utf8").split("\n").forEach((raw, i) => {
        if (raw.trim() === "") return;
        const value = JSON.parse(raw);
        const v = route(value);
        rootLines.push({ where: `corpus/captures/${ver}/${f}:${i + 1}`, raw: raw.trim(), value, variant: v,
          name: v ? v.name : `(no variant: ${value.type}${typeof value.subtype === "string" ? "." + value.subtype : ""})` });
      });
    }
  }
  console.log(`${rootLines.length} lines of every rung (${new Set(rootLines.map((l) => l.where.split("/")[2])).size} versions) for the root round trips`);
}
const rootFile = path.join(out, "root-lines.jsonl");
fs.writeFileSync(rootFile, rootLines.map((l) => l.raw).join("\n") + "\n");

// rootDiff lists how b (the line encoded again) differs from a (the line):
// [kind, pointer], kind "-" (dropped), "+" (added), "+null" (added as
// null), "~" (another value or JSON type).
function rootDiff(a, b, at = "", out = []) {
  const obj = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (i >= b.length) out.push(["-", `${at}/${i}`]);
      else if (i >= a.length) out.push(["+", `${at}/${i}`]);
      else rootDiff(a[i], b[i], `${at}/${i}`, out);
    }
  } else if (obj(a) && obj(b)) {
    for (const k of Object.keys(a)) k in b ? rootDiff(a[k], b[k], `${at}/${k}`, out) : out.push(["-", `${at}/${k}`]);
    for (const k of Object.keys(b)) if (!(k in a)) out.push([b[k] === null ? "+null" : "+", `${at}/${k}`]);
  } else if (JSON.stringify(a) !== JSON.stringify(b)) out.push(["~", at]);
  return out;
}

// rootRow reads a root harness's output (one {"out"}|{"err"} per line of
// rootLines, after `skip` lines of its own) into a row.
function rootRow(gen, q, p, r, skip = 0) {
  const outLines = r.out.split("\n").filter((l) => l.startsWith("{"));
  const results = outLines.slice(skip).map((l) => JSON.parse(l));
  if (results.length !== rootLines.length) {
    return { language: q.language, profile: p, compiles: r.ok ? "yes" : "no", union: "-", lines: "0", ok: false,
      problems: [`${results.length} results for ${rootLines.length} lines`, ...r.out.split("\n").filter((l) => !l.startsWith("{")).slice(0, 8)] };
  }
  let exact = 0, decoded = 0;
  const count = { "-": 0, "+": 0, "+null": 0, "~": 0 };
  const lostMembers = [];
  const lossyLines = new Set();
  results.forEach((res, i) => {
    const l = rootLines[i];
    if (res.err !== undefined) {
      lostMembers.push([l.name, "(not decoded)"]);
      return;
    }
    decoded++;
    const diff = rootDiff(l.value, JSON.parse(res.out));
    if (!diff.length) exact++;
    else lossyLines.add(i);
    for (const [k, ptr] of diff) {
      count[k]++;
      const star = ptr.replace(/\/\d+(?=\/|$)/g, "/*");
      lostMembers.push([l.name, k === "-" ? star : `${k} ${star}`]);
    }
  });
  return { language: q.language, profile: p, compiles: "yes", union: "-", root: true, decoded, exact, count,
    lines: `${exact}/${rootLines.length} exact`, members_lost: count["-"] + count["+"] + count["+null"] + count["~"], lines_lossy: lossyLines.size,
    ok: true, problems: [], lostMembers, failedLines: 0, results };
}

const unionDefsAll = [...index.unions.map((u) => u.def ?? u.name)];
const ciRequired = process.env.CI === "true";
function missingTool(tool, language, what) {
  row({ tool, language, profile: "-", compiles: "skipped", union: "-", lines: "0", ok: !ciRequired,
    problems: ciRequired ? [`${what} is missing (run make codegen-deps); CI=true requires it`] : [], note: `skipped: ${what} is missing` });
}
const gens = [];
if (want("dcg")) gens.push("dcg");
if (want("gojs")) gens.push("gojs");
if (want("typify")) gens.push("typify");
if (want("zod")) gens.push("zod");
const dcgPython = process.env.PROTOCHECK_DCG ? path.join(process.env.PROTOCHECK_DCG, "python") : "";
const typifyBin = process.env.PROTOCHECK_TYPIFY ?? "";
const GOJS = "github.com/atombender/go-jsonschema@v0.24.1";
// The tolerant bundle of every version (index.json → all_versions: a
// member is required only when every release requires it) is measured
// too, as profile "all", with the generators that read it in seconds
// (datamodel-code-generator, zod): from it a line of any release lands on
// its own variant, not on a catch-all.
const allBundle = index.all_versions ? path.join(schemasDir, path.dirname(index.all_versions), "tolerant", "protocol.schema.json") : null;
for (const gen of gens) {
  currentStep = gen;
  for (const p of [...profiles, ...(allBundle && (gen === "dcg" || gen === "zod") ? ["all"] : [])]) {
    const bundle = p === "all" ? allBundle : path.join(schemasDir, p, "protocol.schema.json");
    const title = JSON.parse(fs.readFileSync(bundle, "utf8")).title;
    const dir = path.join(out, `${gen}-${p}`);
    fs.mkdirSync(dir, { recursive: true });
    const q = { language: { dcg: "Python", gojs: "Go", typify: "Rust", zod: "TypeScript" }[gen] };
    let tool, r, union = "-", unionProblems = [], rootType = "-", skip = 0;
    // the unions the bundle defines (a union no variant reaches is pruned)
    const bundleDefs = JSON.parse(fs.readFileSync(bundle, "utf8")).$defs;
    const unionDefs = unionDefsAll.filter((d) => d in bundleDefs);
    switch (gen) {
      case "dcg": {
        tool = "datamodel-code-generator 0.89.0 (pydantic v2)";
        if (!dcgPython || !fs.existsSync(dcgPython)) { if (p === profiles[0]) missingTool(tool, q.language, "datamodel-code-generator (PROTOCHECK_DCG)"); continue; }
        const g = run(dcgPython, ["-m", "datamodel_code_generator", "--input", bundle, "--input-file-type", "jsonschema", "--output-model-type", "pydantic_v2.BaseModel",
          "--class-name", "Line", "--output", path.join(dir, "models.py"), "--formatters", "black"]);
        if (!g.ok) { row({ tool, language: q.language, profile: p, compiles: "generation failed", union: "-", lines: "0", ok: false, problems: g.out.split("\n").slice(-6) }); continue; }
        fs.copyFileSync(path.join(here, "testdata", "root_dcg.py"), path.join(dir, "root_dcg.py"));
        r = run(dcgPython, [path.join(dir, "root_dcg.py"), rootFile, ...unionDefs], { cwd: dir });
        rootType = "Line (a RootModel of a union of the variants' models)";
        try {
          const head = JSON.parse(r.out.split("\n")[0]);
          union = head.union;
          unionProblems = head.union_problems;
          skip = 1;
        } catch {}
        break;
      }
      case "gojs": {
        tool = "go-jsonschema v0.24.1";
        const g = run("go", ["run", GOJS, "--only-models", "--package", "main", "--output", path.join(dir, "models.go"), bundle], { env: { ...process.env, GOFLAGS: "-mod=mod" } });
        if (!g.ok) { row({ tool, language: q.language, profile: p, compiles: "generation failed", union: "-", lines: "0", ok: false, problems: g.out.split("\n").slice(-6) }); continue; }
        const code = fs.readFileSync(path.join(dir, "models.go"), "utf8");
        for (const d of unionDefs) {
          if (new RegExp(`^type ${d} interface\\{\\}`, "m").test(code)) unionProblems.push(`union ${d} is interface{}`);
        }
        union = unionProblems.length ? "interface{}" : "merged struct (every union; aliases name the branches)";
        // the root: the type named after the bundle's title
        const want = toSafeName(title).toLowerCase().replace(/[^a-z0-9]/g, "");
        const name = [...code.matchAll(/^type (\w+) /gm)].map((m) => m[1]).find((n) => n.toLowerCase() === want);
        if (!name) {
          // go-jsonschema writes no type for a root without "type" (the
          // union alone): held to the ledger, so that the row says so and
          // fails when it changes.
          row({ tool, language: q.language, profile: p, compiles: "yes", union, root: true, rootType: "none (go-jsonschema writes no type for a root that is a union alone)",
            decoded: 0, exact: 0, count: { "-": 0, "+": 0, "+null": 0, "~": 0 }, lines: `0/${rootLines.length} exact`, members_lost: "-", ok: true, problems: [],
            lostMembers: [["(every line)", "(no root type)"]], failedLines: 0, lossKey: `${q.language}/${gen}/${p}` });
          continue;
        }
        rootType = `${name} (${new RegExp(`^type ${name} struct`, "m").test(code) ? "struct" : "not a struct"})`;
        fs.copyFileSync(path.join(here, "testdata", "root.go"), path.join(dir, "root.go"));
        fs.writeFileSync(path.join(dir, "root_type.go"), `package main\n\n// Root is the type go-jsonschema gives the bundle's root.\ntype Root = ${name}\n`);
        fs.writeFileSync(path.join(dir, "go.mod"), "module roundtrip\n\ngo 1.22\n");
        r = run("go", ["run", ".", rootFile], { cwd: dir, env: { ...process.env, GOWORK: "off", GOFLAGS: "" } });
        break;
      }
      case "typify": {
        tool = "typify 0.8.0 (library, internal/codegen/typify)";
        if (!typifyBin || !fs.existsSync(typifyBin) || !haveRust) { if (p === profiles[0]) missingTool(tool, q.language, "the typify driver (PROTOCHECK_TYPIFY), cargo or Debian's serde crates"); continue; }
        fs.mkdirSync(path.join(dir, "src"), { recursive: true });
        const g = run(typifyBin, ["typify", "--no-builder", bundle, "-o", path.join(dir, "src", "line.rs")]);
        if (!g.ok) { row({ tool, language: q.language, profile: p, compiles: "generation failed", union: "-", lines: "0", ok: false, problems: g.out.split("\n").slice(-6) }); continue; }
        const code = fs.readFileSync(path.join(dir, "src", "line.rs"), "utf8");
        for (const d of unionDefs) {
          if (!new RegExp(`(?:^|\\s)pub enum ${d} \\{`, "m").test(code) && new RegExp(`(?:^|\\s)pub struct ${d} `, "m").test(code)) unionProblems.push(`union ${d} is not an enum`);
        }
        // typify makes an enum of an anyOf only when its branches exclude
        // each other; the tolerant catch-all does not, so those unions are
        // structs of optional flattened branches: said, not failed.
        union = unionProblems.length ? `structs of optional flattened branches (${unionProblems.length} unions: the catch-all overlaps)` : "untagged enum (every nested union)";
        unionProblems = [];
        const want = title.toLowerCase().replace(/[^a-z0-9]/g, "");
        const m = [...code.matchAll(/(?:^|\s)pub (struct|enum) (\w+)/gm)].find((m) => m[2].toLowerCase() === want);
        if (!m) { row({ tool, language: q.language, profile: p, compiles: "no root type", union, lines: "0", ok: false, problems: [`no type named for the title ${title}`] }); continue; }
        rootType = `${m[2]} (${m[1] === "enum" ? (new RegExp(`#\\s*\\[serde\\s*\\(untagged\\)\\]\\s*pub enum ${m[2]} `).test(code) ? "untagged enum" : "enum") : "struct"})`;
        fs.mkdirSync(path.join(dir, ".cargo"), { recursive: true });
        fs.writeFileSync(path.join(dir, ".cargo", "config.toml"), `[source.crates-io]\nreplace-with = "debian"\n[source.debian]\ndirectory = "${debianCrates}"\n[net]\noffline = true\n`);
        fs.writeFileSync(path.join(dir, "Cargo.toml"), `[package]\nname = "roundtrip"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\nserde = { version = "1", features = ["derive"] }\nserde_json = "1"\n\n[workspace]\n`);
        fs.writeFileSync(path.join(dir, "src", "root.rs"), `/// The type typify gives the bundle's root.\npub type Root = crate::line::${m[2]};\n`);
        fs.copyFileSync(path.join(here, "testdata", "root.rs"), path.join(dir, "src", "main.rs"));
        r = run("cargo", ["run", "--quiet", "--offline", "--", rootFile], { cwd: dir, env: { ...process.env, CARGO_TARGET_DIR: path.join(out, "typify-target"), RUSTFLAGS: "-A warnings" } });
        break;
      }
      case "zod": {
        tool = `zod ${require("zod/package.json").version} (z.fromJSONSchema)`;
        fs.copyFileSync(path.join(here, "testdata", "root_zod.mjs"), path.join(dir, "root_zod.mjs"));
        r = run(process.execPath, [path.join(dir, "root_zod.mjs"), bundle, rootFile, path.join(here, "node_modules", "zod", "index.js")]);
        union = "z.union of every branch (types from json-schema-to-typescript)";
        rootType = "the schema of the bundle (z.union)";
        break;
      }
    }
    const res = rootRow(gen, q, p, r, skip);
    if (!r.ok && res.ok) { res.ok = false; res.problems.unshift(...r.out.split("\n").filter((l) => !l.startsWith("{")).slice(0, 8)); }
    res.tool = tool;
    res.union = union;
    res.rootType = rootType;
    if (gen === "dcg" && res.results) {
      // a line of a kind the index lists lands on its variant's model
      const known = rootLines.map((l, i) => [l, res.results[i]]).filter(([l, x]) => l.variant && x.out !== undefined);
      const landed = known.filter(([l, x]) => x.model === typeName(l.variant)).length;
      res.narrows = `yes: ${landed}/${known.length} decoded lines of a listed kind land on their variant's model; ${union}`;
      res.landed = `${landed}/${known.length}`;
    }
    delete res.results;
    if (unionProblems.length) { res.ok = false; res.problems.unshift(...unionProblems); }
    res.lossKey = `${q.language}/${gen}/${p}`;
    row(res);
  }
}

// ---- The ready models (models.mjs), as their users get them: publish.mjs
// writes the npm package (its models/), models.mjs --build the wheel and
// the crate, as make publish does; each is installed from its own file (npm install of the
// tarball, pip install of the wheel into a venv, a path dependency on the
// unpacked .crate) and decodes every capture line of every rung into its
// root type, and the synthetic lines of testdata/models-synthetic.txt (a
// kind and members no release has). Each row is a root row (rootRow); a
// line of a kind some release has must land on its own variant, a
// synthetic one where the file says, and all come back exactly.
if (want("models")) {
  currentStep = "models";
  const synth = fs.readFileSync(path.join(here, "testdata", "models-synthetic.txt"), "utf8").split("\n").filter((l) => l && !l.startsWith("#")).map((l) => {
    const [kind, raw] = l.split("\t");
    return { kind, raw, value: JSON.parse(raw) };
  });
  const linesAll = path.join(out, "models-lines.jsonl");
  fs.writeFileSync(linesAll, [...rootLines.map((l) => l.raw), ...synth.map((s) => s.raw)].join("\n") + "\n");
  const dir = path.join(out, "models");
  fs.mkdirSync(dir, { recursive: true });
  const pkg = path.join(dir, "pkg"), dist = path.join(dir, "dist");
  const steps = [
    { language: "TypeScript", tool: "@protocheck/schemas/models (npm tarball; zod 4)", rootType: "Line (a union of per-variant interfaces; zod schemas pick the variant by kind)" },
    { language: "Python", tool: "protocheck-protocol (wheel; pydantic v2)", rootType: "Line (a RootModel of a union discriminated by kind)" },
    { language: "Rust", tool: "protocheck-protocol (crate; serde)", rootType: "Line (an enum tagged on type, then on the subtype)" },    { language: "Go", tool: "protocheck's protocol package (Go module)", rootType: "protocol.Message (protocol.Decode: the variant's Go type, *protocol.Unknown for a kind it does not list)" },
  ];
  const cargoOK = haveRust;
  let built = null;
  if (!dcgPython || !fs.existsSync(dcgPython)) missingTool(steps[0].tool, "-", "datamodel-code-generator (PROTOCHECK_DCG), which publish.mjs needs");
  else {
    // the npm package, then the wheel and the crate (built below, as its
    // user builds it: not verified here)
    let p = run(process.execPath, [path.join(here, "publish.mjs"), "--root", root, "--out", pkg]);
    if (p.ok) p = run(process.execPath, [path.join(here, "models.mjs"), "--root", root, "--build", dist, cargoOK ? "--no-verify" : "--no-crate"]);
    if (!p.ok) row({ tool: "publish.mjs, models.mjs --build", language: "-", profile: "tolerant", compiles: "no", union: "-", lines: "0", ok: false, problems: p.out.split("\n").slice(-8) });
    else built = true;
  }
  for (const st of built ? steps : []) {
    const work = path.join(dir, st.language.toLowerCase());
    fs.rmSync(work, { recursive: true, force: true }); // no build of an earlier run is reused
    fs.mkdirSync(work, { recursive: true });
    let r;
    const started = Date.now();
    const problems = [];
    switch (st.language) {
      case "TypeScript": {
        const pack = run("npm", ["pack", "--loglevel=error", "--pack-destination", work], { cwd: pkg });
        if (!pack.ok) { r = pack; break; }
        const tgz = path.join(work, pack.out.trim().split("\n").pop());
        fs.writeFileSync(path.join(work, "package.json"), `{"name":"models-user","private":true,"type":"module"}\n`);
        const inst = run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", tgz], { cwd: work });
        if (!inst.ok) { r = inst; break; }
        for (const p of ["tolerant", "strict"]) {
          fs.copyFileSync(path.join(here, "testdata", `models-narrow-${p}.ts`), path.join(work, `narrow-${p}.ts`));
          const t = run(process.execPath, [tsc, "--strict", "--noEmit", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", `narrow-${p}.ts`], { cwd: work });
          if (!t.ok) problems.push(`the ${p} types do not narrow (testdata/models-narrow-${p}.ts): ${t.out.split("\n").filter((l) => /error TS/.test(l)).slice(0, 4).join("; ")}`);
        }
        fs.copyFileSync(path.join(here, "testdata", "models_root.mjs"), path.join(work, "models_root.mjs"));
        r = run(process.execPath, [path.join(work, "models_root.mjs"), linesAll], { cwd: work });
        break;
      }
      case "Python": {
        const whl = fs.readdirSync(dist).find((f) => f.endsWith(".whl"));
        const venv = path.join(work, "venv");
        // a fresh venv; pydantic comes from the pinned one of make codegen-deps
        let v = run(process.env.PYTHON ?? "python3", ["-m", "venv", venv]);
        if (v.ok) {
          const site = run(path.join(venv, "bin", "python"), ["-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).out.trim();
          const dcgSite = run(dcgPython, ["-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).out.trim();
          fs.writeFileSync(path.join(site, "zz-pydantic.pth"), dcgSite + "\n");
          v = run(path.join(venv, "bin", "pip"), ["install", "--quiet", "--no-deps", "--no-index", "--disable-pip-version-check", path.join(dist, whl)]);
        }
        if (!v.ok) { r = v; break; }
        r = run(path.join(venv, "bin", "python"), [path.join(here, "testdata", "models_root.py"), linesAll], { cwd: work });
        break;
      }
      case "Go": {
        // a module that requires protocheck's, replaced by this checkout
        const goVersion = fs.readFileSync(path.join(root, "go.mod"), "utf8").match(/^go (\S+)/m)[1];
        fs.writeFileSync(path.join(work, "go.mod"), `module models-user\n\ngo ${goVersion}\n\nrequire github.com/protocheck/protocheck v0.0.0\n\nreplace github.com/protocheck/protocheck => ${root}\n`);
        fs.copyFileSync(path.join(root, "go.sum"), path.join(work, "go.sum"));
        fs.copyFileSync(path.join(here, "testdata", "models_root.go"), path.join(work, "main.go"));
        r = run("go", ["run", ".", linesAll], { cwd: work, env: { ...process.env, GOWORK: "off", GOFLAGS: "-mod=mod" } });
        break;
      }
      case "Rust": {
        if (!cargoOK) { missingTool(st.tool, st.language, "cargo or Debian's serde crates"); continue; }
        const crate = fs.readdirSync(dist).find((f) => f.endsWith(".crate"));
        fs.mkdirSync(path.join(work, "deps"), { recursive: true });
        const x = run("tar", ["xzf", path.join(dist, crate), "-C", path.join(work, "deps")]);
        if (!x.ok) { r = x; break; }
        // the tarball's mtimes are old: a build of an earlier run in the
        // shared target folder must not pass for this one
        const now = new Date();
        fs.utimesSync(path.join(work, "deps", crate.replace(/\.crate$/, ""), "src", "lib.rs"), now, now);
        offlineCargo(work);
        const user = path.join(work, "user");
        fs.mkdirSync(path.join(user, "src"), { recursive: true });
        fs.writeFileSync(path.join(user, "Cargo.toml"), `[package]\nname = "models-user"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\nprotocheck-protocol = { path = "../deps/${crate.replace(/\.crate$/, "")}" }\nserde_json = "1"\n\n[workspace]\n`);
        fs.copyFileSync(path.join(here, "testdata", "models_root.rs"), path.join(user, "src", "main.rs"));
        // typify's target folder: serde and its derive macros, built there
        // already, are not built twice
        r = run("cargo", ["run", "--quiet", "--offline", "--", linesAll], { cwd: user, env: { ...process.env, CARGO_TARGET_DIR: path.join(out, "typify-target"), RUSTFLAGS: "-A warnings" } });
        break;
      }
    }
    const results = r.out.split("\n").filter((l) => l.startsWith("{"));
    const res = rootRow("models", { language: st.language }, "tolerant", { ok: r.ok, out: results.slice(0, rootLines.length).join("\n") + (r.ok ? "" : "\n" + r.out) });
    res.tool = st.tool;
    res.rootType = st.rootType;
    res.union = "tagged: each line's variant picked by its kind (type, subtype, marker), Unknown* for a kind no release has";
    res.lossKey = `${st.language}/models/tolerant`;
    if (!r.ok && res.ok) { res.ok = false; res.problems.unshift(...r.out.split("\n").filter((l) => !l.startsWith("{")).slice(0, 8)); }
    if (res.results) {
      // every line of a kind some release has lands on its own variant
      const known = rootLines.map((l, i) => [l, res.results[i]]).filter(([l, x]) => l.variant && x.out !== undefined);
      const landed = known.filter(([l, x]) => x.model === l.variant.name);
      res.narrows = `yes: ${landed.length}/${known.length} lines of a listed kind on their own variant`;
      res.landed = `${landed.length}/${known.length}`;
      if (landed.length < known.length) {
        res.ok = false;
        const [l, x] = known.find(([l, x]) => x.model !== l.variant.name);
        res.problems.push(`${known.length - landed.length} lines of a listed kind not on their variant, e.g. ${l.where} (${l.variant.name}) on ${x.model}`);
      }
      delete res.results;
    }
    // the synthetic lines: decoded where the file says, exact
    const sy = results.slice(rootLines.length).map((l) => JSON.parse(l));
    let synthOK = 0;
    synth.forEach((s, i) => {
      const x = sy[i];
      if (!x || x.err !== undefined) return res.problems.push(`synthetic line ${i + 1} (${s.kind}): ${x ? x.err : "no result"}`);
      const d = rootDiff(s.value, JSON.parse(x.out));
      if (x.model !== s.kind) res.problems.push(`synthetic line ${i + 1}: on ${x.model}, want ${s.kind}`);
      else if (d.length) res.problems.push(`synthetic line ${i + 1} (${s.kind}): ${d.map((e) => e.join(" ")).join(", ")}`);
      else synthOK++;
    });
    res.synthetic = `${synthOK}/${synth.length}`;
    res.problems.unshift(...problems);
    if (synthOK < synth.length || problems.length) res.ok = false;
    res.note = `synthetic lines (new kinds, new members): ${synthOK}/${synth.length} on the right model and exact; ${Math.round((Date.now() - started) / 1000)} s to install and run`;
    row(res);
  }
}

// ---- Java: quicktype's Java (tolerant per-variant files, like its other
// languages) and jsonschema2pojo 1.2.2 (each captured variant's file, both
// profiles, through the library its command line wraps: testdata/java/
// Gen.java), compiled with javac against Jackson, the library both
// annotate their classes for; testdata/java/RoundTrip.java decodes and
// encodes every real line with its variant's class (quicktype's through
// its Converter, jsonschema2pojo's with a plain ObjectMapper) and compares
// the members. The jars (pinned in java/pom.xml) are copied into
// .cache/codegen by make codegen-deps (PROTOCHECK_JAVA_LIB).
const javaLib = process.env.PROTOCHECK_JAVA_LIB ?? "";
const haveJava = run("javac", ["-version"]).ok && javaLib !== "" && fs.existsSync(javaLib) && fs.readdirSync(javaLib).some((f) => f.startsWith("jackson-databind-"));
const J2P = "jsonschema2pojo 1.2.2";
const javaSteps = [];
if (want("qt-java")) javaSteps.push({ gen: "qt", profile: "tolerant" });
if (want("j2p")) for (const p of profiles) javaSteps.push({ gen: "j2p", profile: p });
for (const { gen, profile: p } of javaSteps) {
  currentStep = gen === "qt" ? "qt-java" : "j2p";
  const tool = gen === "qt" ? `quicktype ${qtVersion}` : J2P;
  if (!haveJava) {
    if (gen === "qt" || p === profiles[0]) missingTool(tool, "Java", "javac or the Java jars (PROTOCHECK_JAVA_LIB)");
    continue;
  }
  const dir = path.join(out, `${gen}-java-${p}`);
  const src = path.join(dir, "src");
  fs.mkdirSync(src, { recursive: true });
  const cp = path.join(javaLib, "*");
  const classes = []; // TypeName, class, [converter, method prefix]
  let genFailed = null;
  if (gen === "qt") {
    fs.mkdirSync(path.join(src, "qt"), { recursive: true });
    const g = run(process.execPath, [quicktype, "--src-lang", "schema", "--lang", "java", "--package", "qt", "-o", path.join(src, "qt", "Converter.java"), ...captured.map((v) => path.join(schemasDir, v.files[p]))]);
    if (!g.ok) genFailed = g.out;
    else {
      const conv = fs.readFileSync(path.join(src, "qt", "Converter.java"), "utf8");
      const their = new Map([...conv.matchAll(/public static (\w+) (\w+)FromJsonString\(/g)].map((m) => [m[2].toLowerCase(), m[2]]));
      for (const v of captured) {
        const n = their.get(typeName(v).toLowerCase());
        if (n) classes.push([typeName(v), `qt.${n}`, "qt.Converter", n]);
      }
    }
  } else {
    const tools = path.join(out, "java-tools");
    if (!fs.existsSync(path.join(tools, "Gen.class"))) {
      fs.mkdirSync(tools, { recursive: true });
      const c = run("javac", ["-cp", cp, "-d", tools, path.join(here, "testdata", "java", "Gen.java")]);
      if (!c.ok) genFailed = c.out;
    }
    // one package per variant file: v<n>
    const pkg = (i) => `v${i}`;
    if (!genFailed) {
      const g = run("java", ["-cp", `${tools}${path.delimiter}${cp}`, "Gen", src, "17", ...captured.map((v, i) => `${path.join(schemasDir, v.files[p])}=${pkg(i)}`)]);
      if (!g.ok) genFailed = g.out.split("\n").filter((l) => !/^\s+at /.test(l)).join("\n");
    }
    if (!genFailed) {
      captured.forEach((v, i) => {
        const want = typeName(v).toLowerCase();
        const f = fs.readdirSync(path.join(src, pkg(i))).find((f) => f.replace(/\.java$/, "").toLowerCase() === want);
        if (f) classes.push([typeName(v), `${pkg(i)}.${f.replace(/\.java$/, "")}`]);
      });
    }
  }
  if (genFailed) {
    row({ tool, language: "Java", profile: p, compiles: "generation failed", union: "-", lines: "0", ok: false, problems: genFailed.split("\n").slice(0, 6), lossKey: `Java/${gen}/${p}` });
    continue;
  }
  const missing = captured.map(typeName).filter((n) => !classes.some((c) => c[0] === n));
  fs.writeFileSync(path.join(dir, "classes.tsv"), classes.map((c) => c.join("\t")).join("\n") + "\n");
  fs.writeFileSync(path.join(dir, "lines.tsv"), linesByName);
  fs.copyFileSync(path.join(here, "testdata", "java", "RoundTrip.java"), path.join(src, "RoundTrip.java"));
  const sources = [];
  const collect = (d) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) e.isDirectory() ? collect(path.join(d, e.name)) : e.name.endsWith(".java") && sources.push(path.join(d, e.name)); };
  collect(src);
  fs.writeFileSync(path.join(dir, "sources.txt"), sources.join("\n") + "\n");
  let r = run("javac", ["-nowarn", "-encoding", "UTF-8", "-cp", cp, "-d", path.join(dir, "classes"), `@${path.join(dir, "sources.txt")}`]);
  if (r.ok) r = run("java", ["-cp", `${path.join(dir, "classes")}${path.delimiter}${cp}`, "RoundTrip", path.join(dir, "lines.tsv"), path.join(dir, "classes.tsv")]);
  const res = roundTripRow({ language: "Java", lang: "java" }, p, r);
  res.tool = tool;
  res.language = "Java";
  res.lossKey = `Java/${gen}/${p}`;
  if (r.ok || res.compiles === "yes") {
    const code = sources.map((f) => fs.readFileSync(f, "utf8")).join("\n");
    res.union = gen === "qt"
      ? "no: a union is one merged class (ContentBlock holds every block's members)"
      : `no: anyOf is not read; a union is ${/@JsonAnySetter/.test(code) ? "an empty class whose members go to additionalProperties" : "an empty class"}`;
  } else if (!res.problems.length) {
    res.problems = r.out.split("\n").filter((l) => /error:/.test(l)).slice(0, 8);
  }
  if (missing.length) {
    res.ok = false;
    res.problems.unshift(`no generated class for ${missing.join(", ")}`);
  }
  row(res);
}

// roundTripRow reads a harness's report: its last line is JSON
// {"compiled":true,"ok":N,"failed":[[i,msg]...],"lost":[[i,[paths]]...],"added":N}.
function roundTripRow(q, p, r) {
  const last = r.out.trim().split("\n").pop();
  let rep;
  try {
    rep = JSON.parse(last);
  } catch {
    // rustc's errors are named (error[E0124]: ...): a generator's code that
    // does not compile for a known reason is held to testdata/losses.txt
    // as a loss of the whole variant set, "-" and "(does not compile)" with
    // the distinct errors, so that the ledger says why and fails when the
    // reason goes away. Any other failure fails.
    const errs = [...new Set([...r.out.matchAll(/^error\[E\d+\]: (.*)$/gm)].map((m) => m[1].replaceAll("\t", " ")))].sort();
    if (!r.ok && errs.length) {
      return { tool: `quicktype ${qtVersion}`, language: q.language, profile: p, compiles: "no", union: "-", lines: `0/${lines.length}`, members_lost: "-", ok: true, problems: [],
        lostMembers: errs.map((e) => ["-", `(does not compile) ${e}`]), failedLines: 0, note: `does not compile: ${errs.join("; ")}` };
    }
    return { tool: `quicktype ${qtVersion}`, language: q.language, profile: p, compiles: "no", union: "-", lines: "0", ok: false, problems: r.out.split("\n").slice(0, 8) };
  }
  const problems = [];
  for (const [i, msg] of rep.failed) problems.push(`${lines[i].where} (${lines[i].variant.name}): does not decode: ${String(msg).slice(0, 160)}`);
  let lost = 0;
  const lostMembers = [];
  for (const [i, paths] of rep.lost) {
    lost += paths.length;
    for (const p of paths) lostMembers.push([lines[i].variant.name, p.replace(/\/\d+(?=\/|$)/g, "/*")]);
  }
  return { tool: `quicktype ${qtVersion}`, language: q.language, profile: p, compiles: "yes", union: q.lang === "typescript" ? "union types; nested unions merged into one class" : "nested unions merged into one class",
    lines: `${rep.ok}/${lines.length} round-trip`, members_lost: lost, members_added: rep.added, ok: problems.length === 0, problems,
    lostMembers, failedLines: rep.failed.length, lines_lossy: rep.lost.length,
    note: rep.added ? `${rep.added} members added (null or empty for absent ones)` : "" };
}

// A process of --jobs hands its rows over; the one that started it checks
// them with the others'.
if (args["rows-out"]) {
  fs.writeFileSync(args["rows-out"], JSON.stringify(rows));
  process.exit(0);
}
if (jobs) {
  rows.push(...(await jobRows).flat());
  rows.sort((a, b) => stepOrder.indexOf(a.step) - stepOrder.indexOf(b.step)); // stable: each step's rows in their order
}

// ---- The members quicktype's Go and Python lose are known and listed, each
// with its cause, in testdata/losses.txt: a loss it does not list, or a
// listed one that no longer happens, fails. --update-losses rewrites it.
{
  const ledgerFile = path.join(here, "testdata", "losses.txt");
  const got = new Map();
  for (const r of rows) {
    for (const [variant, pointer] of r.lostMembers ?? []) {
      const k = `${r.lossKey ?? r.language}\t${variant}\t${pointer}`;
      got.set(k, (got.get(k) ?? 0) + 1);
    }
  }
  const text = fs.existsSync(ledgerFile) ? fs.readFileSync(ledgerFile, "utf8") : "";
  const header = text.split("\n").filter((l) => l.startsWith("#"));
  const listed = new Map(text.split("\n").filter((l) => l && !l.startsWith("#")).map((l) => {
    const f = l.split("\t");
    return [f.slice(0, 3).join("\t"), Number(f[3])];
  }));
  const ran = new Set(rows.map((r) => r.lossKey ?? r.language));
  if ("update-losses" in args) {
    // Languages that did not run (--only) keep their entries.
    const kept = [...listed].filter(([k]) => !ran.has(k.split("\t")[0]));
    const body = [...kept, ...got].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, n]) => `${k}\t${n}`);
    fs.writeFileSync(ledgerFile, [...header, ...body].join("\n") + "\n");
    console.log(`wrote ${ledgerFile}: ${body.length} entries`);
  } else {
    for (const r of rows) {
      if (!r.lostMembers) continue;
      const problems = [];
      const key = r.lossKey ?? r.language;
      for (const [k, n] of got) if (k.startsWith(key + "\t") && listed.get(k) !== n) problems.push(`not in testdata/losses.txt: ${k.replaceAll("\t", " ")} x${n}${listed.has(k) ? ` (listed x${listed.get(k)})` : ""}`);
      for (const [k, n] of listed) if (k.startsWith(key + "\t") && !got.has(k)) problems.push(`listed in testdata/losses.txt but no longer lost: ${k.replaceAll("\t", " ")} x${n}`);
      r.ok = r.ok && problems.length === 0 && !r.failedLines;
      r.problems = [...r.problems, ...problems];
      if (r.ok) r.note = (r.note ? r.note + "; " : "") + "every loss is listed in testdata/losses.txt";
    }
    for (const k of listed.keys()) if (!ran.has(k.split("\t")[0]) && !only) console.log(`losses.txt lists a language that did not run: ${k}`);
  }
}
// Whatever the ledger says, a can_use_tool request keeps its tool input
// (the command a permission prompt must show) in the code the package
// ships (pydantic's models, zod's converter) and in every generator's code
// used per variant. At the root, typify's tolerant struct drops the whole
// request (docs/codegen.md): the ledger holds that.
const rootLossAllowed = new Set(["Rust/typify/tolerant", "Rust/typify/strict", "Go/gojs/tolerant", "Go/gojs/strict"]);
for (const r of rows) {
  if (r.root && rootLossAllowed.has(r.lossKey)) continue;
  const lostInput = (r.lostMembers ?? []).filter(([v, p]) => v === "control_request.can_use_tool" && (p === "/request" || p.startsWith("/request/input")));
  if (lostInput.length) {
    r.ok = false;
    r.problems.push(`a can_use_tool request loses its tool input: ${[...new Set(lostInput.map(([, p]) => p))].join(", ")}`);
  }
}
failed = rows.some((r) => !r.ok);
for (const r of rows) {
  const rootCounts = r.root ? ` root=${r.rootType} decoded=${r.decoded}/${rootLines.length} dropped=${r.count["-"]} added=${r.count["+"] + r.count["+null"]} (null ${r.count["+null"]}) changed=${r.count["~"]}` : "";
  console.log(`${r.ok ? "ok  " : "FAIL"} ${r.tool.padEnd(26)} ${r.language.padEnd(10)} ${r.profile.padEnd(8)} compiles=${r.compiles} union=${r.union} lines=${r.lines} members_lost=${r.members_lost ?? "-"}${rootCounts}${r.note ? "  (" + r.note + ")" : ""}  [${r.time}]`);
  for (const p of (r.problems ?? []).slice(0, 10)) console.log("     " + p);
  if ((r.problems ?? []).length > 10) console.log(`     ... ${r.problems.length - 10} more`);
}

fs.writeFileSync(path.join(out, "table.json"), JSON.stringify({ lines: lines.length, root_lines: rootLines.length, rows: rows.map(({ lostMembers, ...r }) => r) }, null, 2) + "\n");

// The table of docs/codegen.md, between its markers: what each generator
// gives, from this run. It is held to the doc (a changed row fails, as a
// changed loss does); --update-docs rewrites it.
{
  const narrows = {
    "json-schema-to-typescript": "yes: unions of literal-typed interfaces narrow on type, subtype and request.subtype",
    quicktype: "TypeScript: per-variant types; Go, Python, Rust, Java: no (a union is one merged class)",
    jsonschema2pojo: "no: it does not read anyOf; a union is a class with no members of its own, each branch's members in its additionalProperties map",
    "datamodel-code-generator": "yes: every nested union a pydantic discriminated union (strict) or union (tolerant); Line a union of the variants' models",
    "go-jsonschema": "no: a union is one merged struct (aliases name its branches)",
    typify: "partly: every nested union an untagged enum; typify 0.8 reads const as a plain string, so a branch is picked by its members",
    zod: "at run time: z.union of every branch; the package's validate.d.ts types the result with json-schema-to-typescript's unions",
    ajv: "-",
  };
  // At the root: every line of every rung decoded into the root type.
  const rootMd = [`| generator | language | profile | root type | decoded | exact | dropped | added (of them null) | changed | a listed kind on its variant |`, "|---|---|---|---|---|---|---|---|---|---|"];
  for (const r of rows.filter((r) => r.root)) {
    rootMd.push(`| ${r.tool} | ${r.language} | ${r.profile === "all" ? "tolerant, every version (versions/all)" : r.profile} | ${r.rootType} | ${r.decoded}/${rootLines.length} | ${r.exact}/${rootLines.length} | ${r.count["-"]} | ${r.count["+"] + r.count["+null"]} (${r.count["+null"]}) | ${r.count["~"]} | ${r.landed ?? "-"} |`);
  }
  const md = ["| generator | language | profile | compiles without edits | narrows | lines round-tripped | members lost | members added (null, [] or {} for an absent one) |", "|---|---|---|---|---|---|---|---|"];
  for (const r of rows.filter((r) => !r.root)) {
    const name = r.tool.split(" ")[0];
    const lost = r.members_lost === undefined ? "-" : `${r.members_lost}${r.lines_lossy ? ` (${r.lines_lossy} lines)` : ""}`;
    const rt = r.lines.replace(" round-trip", "").replace(" type-check", " type-check");
    md.push(`| ${r.tool} | ${r.language} | ${r.profile} | ${r.compiles === "yes" || /^\d+\/\d+$/.test(r.compiles) ? (r.ok ? "yes" : "yes (fails a check)") : r.compiles} | ${r.narrows ?? narrows[name] ?? "-"} | ${rt} | ${lost} | ${r.members_added ?? "-"} |`);
  }
  const doc = path.join(root, "docs", "codegen.md");
  let text = fs.existsSync(doc) ? fs.readFileSync(doc, "utf8") : "";
  for (const [marker, table] of [["table", md.join("\n") + "\n"], ["root table", rootMd.join("\n") + "\n"]]) {
    fs.writeFileSync(path.join(out, `${marker.replace(" ", "-")}.md`), table);
    const begin = `<!-- ${marker}: node internal/codegen/check.mjs --update-docs -->\n`, end = `<!-- end of ${marker} -->`;
    const i = text.indexOf(begin), j = text.indexOf(end);
    if (i < 0 || j < i) {
      console.log(`docs/codegen.md has no ${marker} markers`);
    } else if ("update-docs" in args) {
      text = text.slice(0, i + begin.length) + table + text.slice(j);
    } else if (!only && text.slice(i + begin.length, j) !== table) {
      // The losses ledger holds every loss; the doc's tables are rewritten
      // from a full run.
      console.log(`note: the ${marker} of docs/codegen.md differs from this run (node check.mjs --update-docs, then review):\n${table}`);
    }
  }
  if ("update-docs" in args) {
    fs.writeFileSync(doc, text);
    console.log(`wrote the tables of ${doc}`);
  }
}
console.log(`wrote ${path.join(out, "table.json")}`);
process.exit(failed ? 1 : 0);
