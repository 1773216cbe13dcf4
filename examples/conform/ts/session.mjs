// A small program of the TypeScript SDK (@anthropic-ai/claude-agent-sdk)
// for protocheck conform: one prompt, streaming input (stdin stays open for
// the turn, so the SDK can answer the CLI's control requests), the CLI
// found at $PROTOCHECK_CLI (pathToClaudeCodeExecutable). It prints the kind
// of each message the SDK yields and exits 0 once a result came, 1 when
// none did; whatever the SDK throws ends it with exit 1.
//
// argv: the SDK's sdk.mjs.
const [sdkPath] = process.argv.slice(2);
const { query } = await import(sdkPath);

let done;
const finished = new Promise((r) => { done = r; });
async function* prompt() {
  yield { type: 'user', message: { role: 'user', content: 'hello' }, parent_tool_use_id: null, session_id: '' };
  await finished;
}

let results = 0;
try {
  for await (const m of query({ prompt: prompt(), options: { pathToClaudeCodeExecutable: process.env.PROTOCHECK_CLI, maxTurns: 1, stderr: () => {} } })) {
    console.log(m.type, m.subtype ?? '');
    if (m.type === 'result') {
      results++;
      done();
    }
  }
} catch (e) {
  console.error('the SDK threw:', e);
  process.exit(1);
}
process.exit(results ? 0 : 1);
