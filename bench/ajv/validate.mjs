// The ajv side of protocheck's benchmark. It loads the same per-variant
// schemas protocheck embeds (schemas/<profile>/*.schema.json), compiles each
// once with ajv's draft 2020-12 class and ajv-formats, and checks every line
// of an NDJSON file against the schema its type/subtype selects, the way
// protocheck dispatches. It prints one JSON line: lines, invalid, unknown,
// elapsed_ms (from first byte read to last line checked).
//
// usage: node validate.mjs <schemas-dir> <profile> <file.jsonl> [first|all]
// "all" collects every error of a line (allErrors), as protocheck reports
// them all; the default stops at a line's first error.
import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { checkFile } from "./dispatch.mjs";

const [schemasDir, profile, file, mode = "first"] = process.argv.slice(2);
const index = JSON.parse(fs.readFileSync(path.join(schemasDir, "index.json"), "utf8"));
const ajv = new Ajv2020({ strict: false, allErrors: mode === "all" });
addFormats(ajv);

// Compile once; checkFile dispatches as protocheck does.
checkFile(file, index.variants.map((v) => ({
  type: v.type, subtype: v.subtype, marker: v.marker,
  validate: ajv.compile(JSON.parse(fs.readFileSync(path.join(schemasDir, v.files[profile]), "utf8"))),
})), index.subtype_paths);
