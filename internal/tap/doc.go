// Package tap runs the Claude Code CLI between an SDK and itself and sees
// both directions of the session: it passes the CLI's stdin, stdout and
// stderr through untouched, records every line into a duplex transcript
// (see validate's duplex.go) and hands each line to a checker that runs off
// the forwarding path.
//
// What the tap guarantees to both sides:
//   - bytes pass through as they come, in chunks: a partial line is
//     forwarded at once, nothing is held back to make a line whole, bytes
//     that are not UTF-8 pass as they are; a chunk's whole lines are
//     numbered just before it goes on, so that an answer is always
//     recorded after the line it answers;
//   - the CLI's stderr is the tap's own (the same file, inherited), so it
//     is not copied at all;
//   - a write that blocks (the SDK does not read stdout, the CLI does not
//     read stdin) blocks the reading side in turn: backpressure is kept;
//   - the checker gets lines through a queue bounded in lines and in
//     bytes and never slows the traffic: a line it has no room for is
//     counted (Result.Unchecked), never silently lost;
//   - SIGINT, SIGTERM and SIGHUP sent to the tap go to the CLI; a CLI
//     still running KillGrace after one is killed (SIGKILL, its process
//     group with it), so that a CLI that ignores them cannot keep the tap
//     alive;
//   - on Linux the CLI gets SIGKILL when the tap dies, however it dies
//     (a parent-death signal): a tap killed outright leaves no CLI behind;
//   - when the CLI exits, or the SDK closes stdin, the tap follows at once:
//     the CLI's stdin is closed, its stdout drained and closed.
//
// Session is the whole of one tapped session as 'protocheck tap' runs it
// (the fake API, the record, the checker, the run): Options in,
// SessionResult out; the CLI and conform both call it. Command is
// 'protocheck tap' whole: a Session with its record and findings files,
// its findings reported (internal/report) and its notes and exit status.
// Run is the pass-through itself.
package tap
