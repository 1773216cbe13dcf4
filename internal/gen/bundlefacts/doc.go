// Command bundlefacts reads the Claude Code CLI's own JavaScript, release by
// release, and lists the member names it writes on each stream-json output
// variant: internal/gen/versionfacts/bundle.json, evidence for the version
// facts and for the coverage report (docs/coverage.md). `make bundlefacts`
// runs it on every CLI installed under .cache/cli; it keeps the entries of
// releases not installed, so one more rung is one more run.
//
//	go run ./internal/gen/bundlefacts [-cli-dir .cache/cli] [FOLDER...]
//	go run ./internal/gen/bundlefacts -coverage > docs/coverage.md
//
// A FOLDER is an npm install of one release (node_modules/@anthropic-ai/...):
// claude-code up to 2.1.112 ships cli.js; later releases ship a native
// executable in a platform package (claude-code-linux-x64, or the Agent
// SDK's claude-agent-sdk-linux-x64), whose JavaScript modules are stored as
// text. extract/extract.mjs parses them with acorn (pinned in
// extract/package-lock.json, installed with npm ci) and finds the object
// literals that build each output message; only names and shapes are kept.
package main
