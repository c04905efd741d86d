"""The scripted OpenAI-compatible chat completions server on loopback that every test talks to.

It answers each POST /v1/chat/completions with the next scripted reply (a dict that is
JSON-encoded as the assistant's message content, a raw string, or a :class:`Status` for an
HTTP error such as a 429 with Retry-After), and records every request body and its
headers. It is a real HTTP server: the client, instructor and the pipeline run unchanged
against it.

Options make it behave like the servers a run meets: an API key it checks, the models it
lists, the structured-output modes it honours (answering each in its own shape), a reply
chosen from the request, and requests held until the test releases them.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Status:
    """A scripted HTTP error reply, e.g. ``Status(429, {"retry-after-ms": "10"})``."""

    code: int
    headers: dict[str, str] = field(default_factory=dict)
    message: str = "scripted error"


def mode_of(body: dict[str, Any]) -> str:
    """Which structured-output mode a chat request uses, from its shape."""
    rf = body.get("response_format") or {}
    if rf.get("type") == "json_schema":
        return "json_schema"
    if rf.get("type") == "json_object":
        return "json_object_schema" if "schema" in rf else "json"
    return "tools" if body.get("tools") else "md_json"


def _message(body: dict[str, Any], content: str, shaped: bool) -> dict[str, Any]:
    """The assistant message carrying ``content``; ``shaped``: in the request's mode's form."""
    mode = mode_of(body) if shaped else None
    if mode == "tools":
        call = {"name": body["tools"][0]["function"]["name"], "arguments": content}
        return {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": "c1", "type": "function", "function": call}],
        }
    if mode == "md_json":
        content = f"```json\n{content}\n```"
    return {"role": "assistant", "content": content}


class FakeOpenAI:
    """The fake endpoint; use it as a context manager, its URL is :attr:`base_url`."""

    def __init__(
        self,
        replies: list[Any] | None = None,
        default: Any = None,
        bare: bool = False,
        *,
        key: str | None = None,
        models: Collection[str] = ("fake",),
        accepts: Collection[str] | None = None,
        respond: Callable[[dict[str, Any]], Any] | None = None,
        hold_after: int | None = None,
    ) -> None:
        """Args:
        replies: the replies to the first requests, in turn; ``default`` after them.
        bare: answer with the choices alone (no id, model, finish reason or usage).
        key: the API key it takes; a request without ``Bearer KEY`` gets HTTP 401.
        models: what GET /v1/models lists.
        accepts: the modes (:func:`mode_of`) it honours, answering a tool call for ``tools``
            and a fenced block for ``md_json``; another mode gets HTTP 400, and ``json_schema``
            HTTP 500 as from llama-cpp-python's server. None: every reply is plain content.
        respond: the reply to a request body, in place of ``replies`` and ``default``.
        hold_after: requests after this many wait until :meth:`release` (60 s at most).
        """
        self.replies = list(replies or [])
        self.default = default
        self.bare = bare
        self.key = key
        self.models = list(models)
        self.accepts = None if accepts is None else set(accepts)
        self.respond = respond
        self.hold_after = hold_after
        self.gate = threading.Event()
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []  # each request's headers, names lower-cased
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _authorized(self) -> bool:
                expected = None if server.key is None else f"Bearer {server.key}"
                if expected is None or self.headers.get("authorization") == expected:
                    return True
                self._error(Status(401, message="invalid api key"))
                return False

            def do_GET(self) -> None:  # /v1/models
                if self._authorized():
                    data = [{"id": name, "object": "model"} for name in server.models]
                    self._send(200, {"object": "list", "data": data})

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                with server._lock:
                    server.requests.append(body)
                    server.headers.append({k.lower(): v for k, v in self.headers.items()})
                    held = (
                        server.hold_after is not None and len(server.requests) > server.hold_after
                    )
                if not self._authorized():
                    return
                mode = mode_of(body)
                if server.accepts is not None and mode not in server.accepts:
                    code = 500 if mode == "json_schema" else 400
                    self._error(Status(code, message=f"{mode} unsupported"))
                    return
                if held:
                    server.gate.wait(60)
                reply = server._reply(body)
                if isinstance(reply, Status):
                    self._error(reply)
                    return
                content = reply if isinstance(reply, str) else json.dumps(reply)
                message = _message(body, content, server.accepts is not None)
                if server.bare:  # not even the message's role
                    self._send(200, {"choices": [{"message": {"content": content}}]})
                    return
                self._send(
                    200,
                    {
                        "id": f"cmpl-{len(server.requests)}",
                        "object": "chat.completion",
                        "created": 0,
                        "model": body.get("model", "fake"),
                        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                        "usage": {
                            "prompt_tokens": 100,
                            "completion_tokens": 20,
                            "total_tokens": 120,
                        },
                    },
                )

            def _error(self, status: Status) -> None:
                error = {"message": status.message, "type": "error", "code": status.code}
                self._send(status.code, {"error": error}, status.headers)

            def _send(
                self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None
            ) -> None:
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    for name, value in (headers or {}).items():
                        self.send_header(name, value)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:  # the client went away, e.g. interrupted while held
                    pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def _reply(self, body: dict[str, Any]) -> Any:
        with self._lock:
            if self.respond is not None:
                return self.respond(body)
            return self.replies.pop(0) if self.replies else self.default

    def release(self) -> None:
        """Answer the held requests, and every later one at once."""
        self.gate.set()

    def __enter__(self) -> FakeOpenAI:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
        self.httpd.shutdown()
        self.httpd.server_close()
