//go:build race

package tap

// raceEnabled says the tests run under the race detector.
const raceEnabled = true
