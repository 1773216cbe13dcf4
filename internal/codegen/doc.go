// Package codegen holds protocheck's check that the published schemas
// generate working code, and the writer of the release folder: an npm
// project (package.json and its lock, installed by make codegen-deps with
// npm ci) that pins json-schema-to-typescript, quicktype, ajv and
// TypeScript, and three scripts run by node.
//
//   - check.mjs: ajv (strict) compiles every schema and validates every
//     capture line; json-schema-to-typescript's types, compiled by tsc
//     --strict, type-check every line as its variant's type and narrow as
//     testdata/narrow-*.ts expects; quicktype's TypeScript, Go, Python and
//     Rust compile and round-trip every line, losing no member but those
//     testdata/losses.txt lists with their cause. Rust builds offline from
//     Debian's serde crates (librust-serde-json-dev,
//     librust-serde-derive-dev); without them its row is skipped, unless
//     PROTOCHECK_CODEGEN_RUST is set.
//     Then the ecosystems' own generators on each profile's bundle:
//     datamodel-code-generator (Python, pydantic v2; requirements.txt, a
//     venv under .cache/codegen), go-jsonschema (go run at a pinned
//     version), typify (the typify 0.8.0 library driven by
//     internal/codegen/typify, built once into .cache/codegen)
//     and zod's z.fromJSONSchema: every capture line of every rung is
//     decoded into the root type each writes (testdata/root*), encoded
//     again and compared exactly (dropped, added and changed members);
//     losses are held to testdata/losses.txt, the tables are
//     docs/codegen.md's (--update-docs).
//     The ready models (step models): publish.mjs's npm package and
//     models.mjs --build's wheel and crate, each installed from its file
//     (npm install, pip install into a venv, a path dependency on the
//     unpacked .crate), and the protocol package from a Go module that
//     requires this one; every line of every rung lands on its variant and
//     comes back exactly, and testdata/models-synthetic.txt's lines (kinds
//     and members no release has) land on Unknown* or their variant.
//   - models.mjs: writes the ready models from the schemas of every
//     version (schemas/versions/all) and index.json's unions: TypeScript
//     (zod schemas, a decoder, types of both profiles that narrow),
//     Python (pydantic v2, extra="allow"; a wheel by wheel.py) and Rust
//     (serde; an enum tagged on type, then the subtype, with Unknown
//     variants and flattened extra members; a crate by cargo package).
//   - publish.mjs: writes dist/schemas/<version>, the @protocheck/schemas
//     package (both profiles, index.json, windows.json, the bundles, the
//     fallback unknown.schema.json, the older version sets, .d.ts types,
//     validate.js, models/ (the TypeScript ready models), the Python
//     models, README, CHANGELOG, LICENSE,
//     package.json at release.json's version), each schema's $id naming
//     its content (?sha256=), held against testdata/published.ids, the
//     previous version's $ids. make publish runs it, then npm pack.
//
// The tests in this folder run both, with PROTOCHECK_CODEGEN set (make
// codegen, which CI runs); go test ./... alone skips them.
package codegen
