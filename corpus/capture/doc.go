// Package capture is the corpus pipeline's first job: it runs the real
// Claude Code CLI through a scripted Scenario against a fake Messages API
// (Run), makes the transcript comparable from run to run (Normalizer),
// compares a fresh capture with the committed golden structurally (Diff),
// and captures every scenario again to report drift (Regress). It also
// surveys the committed captures (Survey) for the release ladder.
//
// A scenario is code that runs on the host: see ../README.md.
package capture
