"""bench/fast_server.py with a delay per answer and a garbage answer on demand, for Ray tests.

Each chat completion is answered after ``--latency`` seconds (so that a test can kill a run
while records are still coming), with the bench server's valid, grounded answer; an abstract
that holds :data:`GARBAGE` is answered with text that is no JSON at all. Run it as
``python -m tests.slow_fast_server --latency 0.05``; it prints ``listening on PORT``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import sys
from dataclasses import dataclass
from typing import Any

from bench import fast_server
from bench.run import FastServer

GARBAGE = "GARBAGE-ANSWER-PLEASE"


def _reply(body: dict[str, Any], n: int) -> bytes:
    if GARBAGE not in json.dumps(body.get("messages") or []):
        return fast_server.completion(body, n)
    reply = json.loads(fast_server.completion(body, n))
    reply["choices"][0]["message"]["content"] = "I would rather not answer in JSON."
    return json.dumps(reply).encode()


class _Slow(fast_server.HttpProtocol):
    latency = 0.0

    def _respond(self, method: str, path: str, raw: bytes) -> None:
        if not (method == "POST" and path.rstrip("/").endswith("/chat/completions")):
            super()._respond(method, path, raw)
            return
        body = json.loads(raw or b"{}")
        fast_server.HttpProtocol.served += 1
        payload = _reply(body, fast_server.HttpProtocol.served)
        asyncio.get_running_loop().call_later(self.latency, self._answer, payload)

    def _answer(self, payload: bytes) -> None:
        if not self.transport.is_closing():
            self._send(200, payload)


async def _serve(latency: float) -> None:
    _Slow.latency = latency
    loop = asyncio.get_running_loop()
    server = await loop.create_server(_Slow, "127.0.0.1", 0, backlog=1024)
    print(f"listening on {server.sockets[0].getsockname()[1]}", flush=True)
    async with server:
        await server.serve_forever()


@dataclass
class SlowServer(FastServer):
    """The server as a child process on a free loopback port."""

    latency: float = 0.0

    def command(self) -> list[str]:
        return [sys.executable, "-m", "tests.slow_fast_server", "--latency", str(self.latency)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.0)
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        asyncio.run(_serve(args.latency))
    except (KeyboardInterrupt, SystemExit):
        pass


if __name__ == "__main__":
    main()
