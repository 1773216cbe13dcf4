// The ajv side of the faulty-path benchmark (bench/faults.sh). It reads the
// schema document protocheck's validator compiles (bench/faults writes it:
// the version set's union, lowered to the dispatch on discriminators, with
// the index's variants), compiles it once with ajv's draft 2020-12 class,
// ajv-formats and allErrors, and checks each line against the definition of
// the variant its type/subtype selects, as protocheck dispatches. It prints
// one JSON line: lines, invalid, unknown, elapsed_ms (from first byte read
// to last line checked).
//
// usage: node faults.mjs <bundle.json> <file.jsonl>
import fs from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { checkFile } from "./dispatch.mjs";

const [bundleFile, file] = process.argv.slice(2);
const bundle = JSON.parse(fs.readFileSync(bundleFile, "utf8"));
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const id = bundle.schema.$id;
ajv.addSchema(bundle.schema);

checkFile(file, bundle.variants.map((v) => ({
  type: v.Type, subtype: v.Subtype, marker: v.Marker,
  validate: ajv.getSchema(`${id}#/$defs/${v.Name}`),
})), bundle.subtype_paths);
