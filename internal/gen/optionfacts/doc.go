// Command optionfacts reads the command-line options of each Claude Code CLI
// release from its own code and writes them to corpus/argv/options.json,
// which package argv embeds (`protocheck schemas options`, the argv check).
// `make optionfacts` runs it on every CLI installed under .cache/cli; it
// keeps the entries of releases not installed, so one more rung is one
// more run:
//
//	go run ./internal/gen/optionfacts -cli-dir .cache/cli [FOLDER...]
//	go run ./internal/gen/optionfacts -check
//	go run ./internal/gen/optionfacts -spawns [-harness-dir .cache/harness]
//	go run ./internal/gen/optionfacts -table
//
// -spawns has each installed real-SDK harness that can (corpus/harness:
// the "spawn" request) drive its SDK's own spawn code against a stand-in
// CLI that records argv, with default options and once per option, into
// corpus/argv/spawns.json; -table writes docs/argv.md from both files
// (the other modes write it too: the table always follows the facts).
//
// A FOLDER is an npm install of one release: claude-code up to 2.1.112
// ships cli.js; later releases ship a native executable in a platform
// package, whose JavaScript modules are stored as text. extract/options.mjs
// parses them with acorn (pinned in extract/package-lock.json, installed
// with npm ci) and reads the root command's commander calls by shape; only
// flag names and shapes are kept. Each release's own --help is then run
// (offline, in a temporary HOME) and must list exactly the options read
// that it does not hide; a release that disagrees is not written.
//
// -check reads nothing installed: it fails when options.json is not as
// the generator writes it, or lacks a rung of the ladder (protocol.Rungs).
package main
