// Package integrations holds the tests of protocheck's integrations with
// other tools, which live outside Go code: the composite GitHub Action
// (action.yml at the repository's root), the pre-commit hook
// (.pre-commit-hooks.yaml) and the CLI release sentinel
// (.github/workflows/sentinel.yml, driven by .github/scripts/sentinel.sh).
// The tests run them as their hosts would, against sample transcripts, with
// a protocheck built from this checkout (the sentinel with npm, go and gh
// replaced by fakes). The package has no code of its own.
package integrations
