#!/usr/bin/env python3
"""protocheck harness (protocol 1) for the Python SDK, claude-agent-sdk.

Each line to judge goes through the SDK's own public query() with a custom
Transport that plays the CLI: it answers the SDK's initialize, prints the
line, and ends. What query() yields, swallows or raises is the verdict;
a spy on the SDK's parse_message tells a line its runtime handled (never
parsed) from one its parser dropped (parsed to None). The same transport
records what the SDK writes, for the write requests. See docs/harness.md.

Usage: harness.py [SDK_DIR], SDK_DIR holding the claude_agent_sdk package
(its dependencies in the running Python's environment).
"""
import asyncio
import dataclasses
import getpass
import json
import sys

if len(sys.argv) > 1:  # the folder the SDK is installed in (install.sh: one per version)
    sys.path.insert(0, sys.argv[1])

import claude_agent_sdk as sdk  # noqa: E402
from claude_agent_sdk import ClaudeAgentOptions, query
from claude_agent_sdk._internal import client as sdk_client
from claude_agent_sdk._internal.transport import Transport

try:  # the SDK's own line decoder (0.2.x); older ones json.loads each line
    from claude_agent_sdk._internal.transport.subprocess_cli import _parse_stdout_line as decode
except ImportError:
    decode = json.loads

parsed = []  # what the SDK's parse_message returned, per call
real_parse = sdk_client.parse_message


def spy(data):
    out = real_parse(data)
    parsed.append(out)
    return out


sdk_client.parse_message = spy


class FakeCLI(Transport):
    """Plays the CLI: answers initialize, then prints the lines and ends."""

    def __init__(self, lines):
        self.lines, self.writes, self.sent = lines, [], False
        self.queue = asyncio.Queue()

    async def connect(self):
        pass

    async def write(self, data):
        for part in data.splitlines():
            if not part.strip():
                continue
            msg = json.loads(part)
            self.writes.append(msg)
            if msg.get("type") == "control_request":  # initialize, interrupt: the CLI says yes
                await self.queue.put({"type": "control_response", "response": {
                    "subtype": "success", "request_id": msg["request_id"], "response": {}}})
            elif msg.get("type") == "user":
                await self.deliver()

    async def deliver(self):
        if not self.sent:
            self.sent = True
            for line in self.lines:
                await self.queue.put(line)
            await self.queue.put(None)

    async def read_messages(self):
        while True:
            item = await self.queue.get()
            if item is None:
                return
            if isinstance(item, str):  # the line as printed: the SDK's decoder reads it
                item = decode(item)
                if item is None:
                    continue
            yield item

    async def close(self):
        pass

    def is_ready(self):
        return True

    async def end_input(self):
        await self.deliver()


def members(obj, line):
    """Top-level members of the line the typed object keeps, keeps raw, loses."""
    kept, raw, lost = [], [], []
    fields = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)} if dataclasses.is_dataclass(obj) else {}
    raws = [v for k, v in fields.items() if k in ("data", "raw", "raw_data") and isinstance(v, dict)]
    for key in line:
        snake = "".join("_" + c.lower() if c.isupper() else c for c in key)
        nested = key == "message" and fields.get("content") is not None  # the SDK hoists message.content
        if key == "type" or nested or fields.get(key) is not None or fields.get(snake) is not None:
            kept.append(key)
        elif any(key in r for r in raws):
            raw.append(key)
        else:
            lost.append(key)
    return kept, raw, lost


async def read(text):
    parsed.clear()
    cli = FakeCLI([text])
    got = []
    try:
        async for m in query(prompt="protocheck", options=ClaudeAgentOptions(), transport=cli):
            got.append(m)
    except Exception as e:  # the SDK's own error is the verdict
        return {"verdict": "rejected", "error": f"{type(e).__name__}: {e}"[:2000]}
    if got:
        m = got[0]
        try:
            line = json.loads(text)
        except ValueError:
            line = {}
        kept, raw, lost = members(m, line if isinstance(line, dict) else {})
        body = line.get("message") if isinstance(line, dict) else None
        blocks = body.get("content") if isinstance(body, dict) else None
        content = getattr(m, "content", None)
        if isinstance(blocks, list) and isinstance(content, list) and len(content) < len(blocks):
            # the matrix counts a line with a block the SDK dropped as dropped
            return {"verdict": "dropped", "as": f"{type(m).__name__} ({len(blocks) - len(content)} of {len(blocks)} blocks dropped)",
                    "kept": kept, "raw": raw, "lost": lost}
        return {"verdict": "accepted", "as": type(m).__name__, "kept": kept, "raw": raw, "lost": lost}
    if parsed:
        return {"verdict": "dropped", "as": "None (parse_message)"}
    return {"verdict": "handled", "as": "Query (control routing)"}


async def write(name, p):
    """The SDK's own lines for a message, as the fake CLI records them."""
    if name in ("initialize", "user_message"):
        cli = FakeCLI([])
        async for _ in query(prompt=p.get("text", "hello"), options=ClaudeAgentOptions(), transport=cli):
            pass
        want = "control_request" if name == "initialize" else "user"
        return [w for w in cli.writes if w.get("type") == want][:1]
    if name in ("permission_allow", "permission_deny"):
        async def can_use_tool(tool, tool_input, ctx):
            if name == "permission_allow":
                return sdk.PermissionResultAllow(updated_input=tool_input)
            return sdk.PermissionResultDeny(message=p.get("message", "denied"))

        async def prompt():
            yield {"type": "user", "message": {"role": "user", "content": "hi"}, "parent_tool_use_id": None}

        req = {"type": "control_request", "request_id": p.get("request_id", "req_1"), "request": {
            "subtype": "can_use_tool", "tool_name": p.get("tool_name", "Bash"), "input": p.get("input", {}),
            "tool_use_id": p.get("tool_use_id", "toolu_1"), "permission_suggestions": None}}
        cli = FakeCLI([json.dumps(req)])
        async for _ in query(prompt=prompt(), options=ClaudeAgentOptions(can_use_tool=can_use_tool), transport=cli):
            pass
        await asyncio.sleep(0.05)  # the answer is written by a task of its own
        return [w for w in cli.writes if w.get("type") == "control_response"]
    if name == "hook_answer":
        async def hook(hook_input, tool_use_id, ctx):
            return {"continue_": True}

        async def prompt():
            yield {"type": "user", "message": {"role": "user", "content": "hi"}, "parent_tool_use_id": None}

        req = {"type": "control_request", "request_id": p.get("request_id", "req_3"), "request": {
            "subtype": "hook_callback", "callback_id": p.get("callback_id", "hook_0"), "input": p.get("input", {}),
            "tool_use_id": None}}
        cli = FakeCLI([json.dumps(req)])
        hooks = {"PreToolUse": [sdk.HookMatcher(matcher=None, hooks=[hook])]}
        async for _ in query(prompt=prompt(), options=ClaudeAgentOptions(hooks=hooks), transport=cli):
            pass
        await asyncio.sleep(0.05)
        return [w for w in cli.writes if w.get("type") == "control_response"]
    if name == "interrupt":
        cli = FakeCLI([])
        async with sdk.ClaudeSDKClient(options=ClaudeAgentOptions(), transport=cli) as client:
            await client.interrupt()
        return [w for w in cli.writes if (w.get("request") or {}).get("subtype") == "interrupt"]
    return None


def sample(f):
    """A value to try for an option, from its declared type; None: not tried."""
    a = str(f.type)
    if f.name in ("cli_path", "transport", "cwd") or "Callable" in a:
        return None  # the stand-in's own path; callbacks are not plain values
    if f.name == "user":
        return getpass.getuser()  # the CLI is run as that user: it must exist
    if f.default is False:
        return True
    if f.default_factory is list and "list[str]" in a:
        return ["x"]
    if f.default_factory is dict and "dict[str, str" in a:
        return {"x": "x"} if f.name != "extra_args" else {"x-flag": None}
    if f.default is None:
        first = a.split("|")[0].strip()  # "str | None", "int | None", "str | Path | None"
        return {"str": "x", "int": 3, "float": 1.5, "Path": "/tmp", "PermissionMode": "acceptEdits"}.get(first)
    return None


async def spawn_case(cli, options):
    """Has the SDK's own client spawn the stand-in CLI; returns what it raised."""
    client = sdk.ClaudeSDKClient(options=options)
    try:
        await asyncio.wait_for(client.connect(), 10)
    except Exception as e:  # the stand-in exits at once: expected
        return f"{type(e).__name__}: {e}"[:300]
    finally:
        try:
            await asyncio.wait_for(client.disconnect(), 5)
        except Exception:
            pass
    return ""


def spawn(cli, label):
    """Once with default options, once per option of ClaudeAgentOptions."""
    cases = [("", None)]
    for f in dataclasses.fields(ClaudeAgentOptions):
        v = sample(f)
        if v is not None:
            cases.append((f.name, v))
    out = []
    for i, (name, value) in enumerate(cases):
        with open(label, "w") as fh:
            fh.write(str(i))
        try:
            opts = ClaudeAgentOptions(cli_path=cli, **({name: value} if name else {}))
            err = asyncio.run(spawn_case(cli, opts))
        except Exception as e:
            err = f"{type(e).__name__}: {e}"[:300]
        out.append({"label": str(i), "option": name, "value": "" if value is None else json.dumps(value), "error": err})
    return out


def main():
    out = sys.stdout
    for raw in sys.stdin:
        req = json.loads(raw)
        ans = {"type": req["type"], "id": req["id"]}
        if req["type"] == "hello":
            ans.update(protocol=1, sdk="claude-agent-sdk", sdk_version=sdk.__version__, language="python",
                       capabilities=["read", "write", "spawn"])
        elif req["type"] == "spawn":
            ans["cases"] = spawn(req["cli"], req["label"])
        elif req["type"] == "read":
            ans.update(asyncio.run(read(req["line"])))
        elif req["type"] == "write":
            try:
                lines = asyncio.run(write(req["message"], req.get("params") or {}))
            except Exception as e:
                print(f"write {req['message']}: {type(e).__name__}: {e}", file=sys.stderr)
                lines = None
            if lines:
                ans["lines"] = lines
            else:
                ans["unsupported"] = True
        out.write(json.dumps(ans) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
