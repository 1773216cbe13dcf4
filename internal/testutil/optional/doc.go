// Package optional is the one way a test skips for want of something
// optional: a browser, the shared corpus beside the repository, a pinned
// CLI, an installed schema or tool. Outside CI such a test skips; under CI
// (CI=true, as .ci/run runs) it fails, so nothing a CI run is meant to
// check can be skipped there unnoticed. TestEverySkipIsListed holds every
// other t.Skip in the project to a short list of skips of another kind
// (testing.Short, the platform), so a new optional skip cannot bypass this.
package optional
