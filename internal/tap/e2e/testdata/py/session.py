"""One session of the Python SDK through protocheck tap (run by the tap's
end-to-end test): a tool use with a permission prompt (can_use_tool), a
PreToolUse hook, a control request round trip (set_permission_mode), and an
interrupt. argv: the shim. Prints one JSON line of what the session saw."""

import asyncio
import json
import sys

from claude_agent_sdk import (
    ClaudeAgentOptions,
    ClaudeSDKClient,
    HookMatcher,
    PermissionResultAllow,
    ResultMessage,
    AssistantMessage,
    ToolUseBlock,
)

seen = {"permissions": 0, "hooks": 0, "results": [], "interrupted": False, "setMode": False, "errors": []}


async def allow(tool, tool_input, context):
    seen["permissions"] += 1
    return PermissionResultAllow(updated_input=tool_input)


async def hook(hook_input, tool_use_id, context):
    seen["hooks"] += 1
    return {"continue_": True}


async def main(shim):
    options = ClaudeAgentOptions(
        cli_path=shim,
        permission_mode="default",
        can_use_tool=allow,
        hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[hook])]},
        stderr=lambda line: None,
    )
    async with ClaudeSDKClient(options=options) as client:
        await client.query("Create tapped.txt")
        async for m in client.receive_response():
            if isinstance(m, ResultMessage):
                seen["results"].append(m.subtype)
        await client.set_permission_mode("default")
        seen["setMode"] = True
        await client.query("Run a slow command")
        async for m in client.receive_response():
            if isinstance(m, AssistantMessage) and any(isinstance(b, ToolUseBlock) for b in m.content):
                async def later():
                    await asyncio.sleep(1.5)
                    await client.interrupt()
                    seen["interrupted"] = True
                asyncio.create_task(later())
            if isinstance(m, ResultMessage):
                seen["results"].append(m.subtype)


try:
    asyncio.run(main(sys.argv[1]))
except Exception as e:  # the verdict is the test's: report, do not hide
    seen["errors"].append(repr(e))
print(json.dumps(seen))
