#!/usr/bin/env python3
"""A small program of the Python SDK (claude-agent-sdk) for protocheck conform.

One prompt through the SDK's ClaudeSDKClient (streaming mode: its stdin
stays open for the turn, so it can answer the CLI's control requests), the
CLI found at $PROTOCHECK_CLI (the
shim conform writes; the SDK's cli_path option). It prints the kind of each
message the SDK yields and exits 0 once a result came, 1 when none did;
whatever the SDK raises ends it with a traceback (exit 1).

Usage: session.py [SDK_DIR], SDK_DIR holding the claude_agent_sdk package
(one folder per pinned version, as .cache/harness lays them out).
"""
import asyncio
import os
import sys

if len(sys.argv) > 1:
    sys.path.insert(0, sys.argv[1])

from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient  # noqa: E402


async def main():
    options = ClaudeAgentOptions(cli_path=os.environ["PROTOCHECK_CLI"], max_turns=1)
    results = 0
    async with ClaudeSDKClient(options=options) as client:
        await client.query("hello")
        async for message in client.receive_response():
            kind = type(message).__name__
            print(kind, getattr(message, "subtype", ""), flush=True)
            results += kind == "ResultMessage"
    return 0 if results else 1


sys.exit(asyncio.run(main()))
