"""A fast OpenAI-compatible chat completions server on loopback, for client-overhead runs.

It answers every ``POST /v1/chat/completions`` at once with a JSON answer that is valid
for the request's response schema (``response_format`` of type ``json_schema`` or
``json_object`` with a ``schema``) and grounded in the abstract of the last user
message: the tldr and problem are sentences in the summarizer's own voice that do not
copy the abstract, the keywords are words of the abstract. ``GET /v1/models`` lists one
model. Raw asyncio HTTP/1.1 with keep-alive, one process, no framework: it serves
several thousand requests per second on one core, so the client is what gets measured.

Run it alone with ``python -m bench.fast_server [--port N]``; it prints
``listening on PORT`` once it accepts connections.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import signal
import sys
from typing import Any

MODEL = "fast"
_WORD = re.compile(r"[A-Za-z][A-Za-z-]{5,}")
_STOP = {
    "between",
    "however",
    "through",
    "therefore",
    "without",
    "results",
    "approach",
    "propose",
    "proposed",
    "demonstrate",
    "significantly",
    "existing",
    "achieves",
}


def _abstract(messages: list[dict[str, Any]]) -> str:
    for message in reversed(messages):
        if message.get("role") == "user":
            content = message.get("content")
            text = content if isinstance(content, str) else json.dumps(content)
            return text.split("Abstract:", 1)[-1].strip()
    return ""


def _keywords(abstract: str, n: int = 3) -> list[str]:
    found: list[str] = []
    for word in _WORD.findall(abstract):
        low = word.lower()
        if low not in _STOP and low not in {w.lower() for w in found}:
            found.append(word)
            if len(found) == n:
                break
    while len(found) < n:
        found.append(("method", "evaluation", "analysis")[len(found)])
    return found


def _value(name: str, schema: dict[str, Any], abstract: str, defs: dict[str, Any]) -> Any:
    if "$ref" in schema:
        schema = defs.get(schema["$ref"].rsplit("/", 1)[-1], {})
    for key in ("anyOf", "oneOf"):
        if key in schema:
            options = [s for s in schema[key] if s.get("type") != "null"]
            return _value(name, options[0], abstract, defs) if options else None
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    if kind == "object":
        return _object(schema, abstract, defs)
    if kind == "array":
        if name == "keywords":
            return _keywords(abstract, max(3, schema.get("minItems", 0)))
        # as few items as the schema allows: "contribution_types" needs one
        item = schema.get("items") or {}
        return [_value(name, item, abstract, defs) for _ in range(schema.get("minItems", 0))]
    if kind == "string":
        if name == "tldr":
            return "This paper presents a method for the task it studies and reports its gains."
        if name == "problem":
            return "Existing approaches leave this task slow or inaccurate in practice."
        return "yes"
    if kind in ("integer", "number"):
        return 0
    if kind == "boolean":
        return False
    return None


def _object(schema: dict[str, Any], abstract: str, defs: dict[str, Any]) -> dict[str, Any]:
    properties = schema.get("properties", {})
    return {k: _value(k, v, abstract, defs) for k, v in properties.items()}


def answer(body: dict[str, Any]) -> str:
    """The assistant's message content for one request body."""
    response_format = body.get("response_format") or {}
    schema = response_format.get("schema")
    if schema is None and isinstance(response_format.get("json_schema"), dict):
        schema = response_format["json_schema"].get("schema")
    abstract = _abstract(body.get("messages") or [])
    if not schema:
        schema = {
            "type": "object",
            "properties": {
                "tldr": {"type": "string"},
                "problem": {"type": "string"},
                "keywords": {"type": "array"},
            },
        }
    return json.dumps(_object(schema, abstract, schema.get("$defs", {})))


def completion(body: dict[str, Any], n: int) -> bytes:
    content = answer(body)
    prompt_tokens = sum(len(str(m.get("content", ""))) for m in body.get("messages") or []) // 4
    completion_tokens = len(content) // 4
    return json.dumps(
        {
            "id": f"cmpl-{n}",
            "object": "chat.completion",
            "created": 0,
            "model": body.get("model", MODEL),
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "finish_reason": "stop",
                }
            ],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
            },
        }
    ).encode()


_MODELS = json.dumps({"object": "list", "data": [{"id": MODEL, "object": "model"}]}).encode()


class HttpProtocol(asyncio.Protocol):
    """HTTP/1.1 with keep-alive and Content-Length bodies (what httpx sends)."""

    served = 0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport: asyncio.Transport = transport  # type: ignore[assignment]
        self.buffer = b""

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = self.buffer[:end].decode("latin-1")
            lines = head.split("\r\n")
            method, path, _ = lines[0].split(" ", 2)
            length = 0
            close = False
            for line in lines[1:]:
                name, _, value = line.partition(":")
                name = name.strip().lower()
                if name == "content-length":
                    length = int(value.strip())
                elif name == "connection" and value.strip().lower() == "close":
                    close = True
            if len(self.buffer) < end + 4 + length:
                return
            raw = self.buffer[end + 4 : end + 4 + length]
            self.buffer = self.buffer[end + 4 + length :]
            self._respond(method, path, raw)
            if close:
                self.transport.close()
                return

    def _respond(self, method: str, path: str, raw: bytes) -> None:
        if method == "GET" and path.rstrip("/").endswith("/models"):
            self._send(200, _MODELS)
        elif method == "POST" and path.rstrip("/").endswith("/chat/completions"):
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                self._send(400, b'{"error": {"message": "invalid JSON"}}')
                return
            HttpProtocol.served += 1
            self._send(200, completion(body, HttpProtocol.served))
        else:
            self._send(404, b'{"error": {"message": "not found"}}')

    def _send(self, status: int, payload: bytes) -> None:
        reason = {200: "OK", 400: "Bad Request", 404: "Not Found"}[status]
        self.transport.write(
            f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(payload)}\r\n\r\n".encode()
            + payload
        )


async def serve(port: int = 0, ready: Any = None) -> None:
    """Serve on 127.0.0.1:port until cancelled; ``ready(port)`` is called once listening."""
    loop = asyncio.get_running_loop()
    server = await loop.create_server(HttpProtocol, "127.0.0.1", port, backlog=1024)
    bound = server.sockets[0].getsockname()[1]
    if ready is not None:
        ready(bound)
    async with server:
        await server.serve_forever()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()

    def ready(port: int) -> None:
        print(f"listening on {port}", flush=True)

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        asyncio.run(serve(args.port, ready))
    except (KeyboardInterrupt, SystemExit):
        pass


if __name__ == "__main__":
    main()
