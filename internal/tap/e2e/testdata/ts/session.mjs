// One session of the TypeScript SDK through protocheck tap (run by the
// tap's end-to-end test): a tool use with a permission prompt (canUseTool),
// a PreToolUse hook, a control request round trip (setPermissionMode), and
// an interrupt. argv: the SDK's sdk.mjs, the shim. Prints one JSON line of
// what the session saw.
const [sdkPath, shim] = process.argv.slice(2);
const { query } = await import(sdkPath);

const seen = { permissions: 0, hooks: 0, results: [], interrupted: false, setMode: false, errors: [] };
let next; // resolves when the session may send its next user message
const gate = () => new Promise((r) => { next = r; });
let wait = gate();

async function* prompt() {
  yield { type: 'user', message: { role: 'user', content: 'Create tapped.txt' }, parent_tool_use_id: null, session_id: '' };
  await wait;
  wait = gate();
  yield { type: 'user', message: { role: 'user', content: 'Run a slow command' }, parent_tool_use_id: null, session_id: '' };
  await wait;
}

const q = query({
  prompt: prompt(),
  options: {
    pathToClaudeCodeExecutable: shim,
    permissionMode: 'default',
    canUseTool: async (tool, input) => {
      seen.permissions++;
      return { behavior: 'allow', updatedInput: input };
    },
    hooks: {
      PreToolUse: [{ matcher: 'Bash', hooks: [async () => { seen.hooks++; return { continue: true }; }] }],
    },
    stderr: () => {},
  },
});

let turn = 0;
try {
  for await (const m of q) {
    if (m.type === 'assistant' && turn === 1 && m.message.content.some((b) => b.type === 'tool_use')) {
      // The slow command runs once it is allowed: interrupt it.
      setTimeout(() => { q.interrupt().then(() => { seen.interrupted = true; }, (e) => seen.errors.push('interrupt: ' + e)); }, 1500);
    }
    if (m.type === 'result') {
      seen.results.push(m.subtype);
      turn++;
      if (turn === 1) {
        await q.setPermissionMode('default');
        seen.setMode = true;
      }
      next();
    }
  }
} catch (e) {
  seen.errors.push(String(e));
}
console.log(JSON.stringify(seen));
