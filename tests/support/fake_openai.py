"""A scripted OpenAI-compatible chat completions server on loopback, for retry logic tests.

It answers each POST /v1/chat/completions with the next scripted reply (a dict that is
JSON-encoded as the assistant's message content, a raw string, or a :class:`Status` for an
HTTP error such as a 429 with Retry-After), and records every request body and its
headers. It is a real HTTP server: the client, instructor and the pipeline run unchanged
against it.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Status:
    """A scripted HTTP error reply, e.g. ``Status(429, {"retry-after-ms": "10"})``."""

    code: int
    headers: dict[str, str] = field(default_factory=dict)
    message: str = "scripted error"


class FakeOpenAI:
    def __init__(
        self, replies: list[Any] | None = None, default: Any = None, bare: bool = False
    ) -> None:
        """``bare``: answer with the choices alone (no id, model, finish reason or usage)."""
        self.replies = list(replies or [])
        self.default = default
        self.bare = bare
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []  # each request's headers, names lower-cased
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:  # /v1/models
                self._send(200, {"object": "list", "data": [{"id": "fake", "object": "model"}]})

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                with server._lock:
                    server.requests.append(body)
                    server.headers.append({k.lower(): v for k, v in self.headers.items()})
                    reply = server.replies.pop(0) if server.replies else server.default
                if isinstance(reply, Status):
                    error = {"message": reply.message, "type": "error", "code": reply.code}
                    self._send(reply.code, {"error": error}, reply.headers)
                    return
                content = reply if isinstance(reply, str) else json.dumps(reply)
                if server.bare:
                    self._send(200, {"choices": [{"message": {"content": content}}]})
                    return
                self._send(
                    200,
                    {
                        "id": f"cmpl-{len(server.requests)}",
                        "object": "chat.completion",
                        "created": 0,
                        "model": body.get("model", "fake"),
                        "choices": [
                            {
                                "index": 0,
                                "message": {"role": "assistant", "content": content},
                                "finish_reason": "stop",
                            }
                        ],
                        "usage": {
                            "prompt_tokens": 100,
                            "completion_tokens": 20,
                            "total_tokens": 120,
                        },
                    },
                )

            def _send(
                self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None
            ) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> FakeOpenAI:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
