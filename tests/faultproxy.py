"""A fault-injecting HTTP proxy on loopback, in front of an OpenAI-compatible endpoint.

Requests pass through to the upstream endpoint unchanged, except those that a plan
names: ``proxy.plan("Item07", "429", "503")`` makes the first request whose body holds
``Item07`` answer 429 and the second 503; later ones pass. ``then="503"`` keeps
failing after the listed faults (a permanent fault). Faults:

==============  ================================================================
``timeout``     hold the request for ``hold`` seconds (past the client timeout)
``429``         HTTP 429 with ``Retry-After: <retry_after>``
``500/502/503`` that status with an OpenAI-style error body
``drop``        a 200 whose body stops halfway: the connection closes mid-body
``truncate``    a 200 whose JSON body is cut in half (Content-Length fits the cut)
``cut``         a well-formed completion whose content is half a JSON answer
``schema``      a completion whose content is JSON that fails the summary schema
``empty``       a completion whose content is the empty string
``echo``        HTTP 400 whose error message quotes the request's Authorization
``trickle``     a 200 whose body comes one byte every ``trickle`` seconds
``endless``     a 200 with a chunked body that never ends
``huge``        a 200 that declares a 100 MB body and starts sending it
``bloat``       a completion whose content is ``bloat`` characters of invalid JSON
==============  ================================================================

``trickle`` never leaves a gap as long as the client's timeout between bytes, so only a
deadline on the whole answer ends it; ``endless`` and ``huge`` end only at a size cap.

``latency`` delays every request that passes (a slow endpoint). Every request is logged
as an :class:`Event` (marker, fault or ``pass``, status, start and end times), so tests
can check what was retried and how long the client waited between tries.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

FAULTS = (
    "timeout",
    "429",
    "500",
    "502",
    "503",
    "drop",
    "truncate",
    "cut",
    "schema",
    "empty",
    "echo",
    "trickle",
    "endless",
    "huge",
    "bloat",
)
HUGE = 100 * 1024 * 1024
ENDLESS_BEFORE_STALL = 64 * 1024 * 1024


@dataclass
class Event:
    marker: str | None
    fault: str  # one of FAULTS, or "pass"
    status: int | None
    started: float
    ended: float = 0.0


def completion(content: str, model: str = "proxy") -> dict[str, Any]:
    """An OpenAI chat completion holding ``content`` as the assistant's message."""
    return {
        "id": "cmpl-fault",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }


# JSON, but not a summary: wrong types and missing required fields.
SCHEMA_FAILURE = json.dumps({"tldr": 42, "keywords": "not a list", "domain": ["x"]})
HALF_ANSWER = '{"tldr": "A method that improves accuracy", "problem": "Existing meth'


class FaultProxy:
    """A threaded HTTP server on 127.0.0.1 forwarding to ``upstream`` (a ``.../v1`` URL)."""

    def __init__(
        self,
        upstream: str,
        *,
        hold: float = 5.0,
        retry_after: float = 1.0,
        latency: float = 0.0,
        trickle: float = 0.3,
        bloat: int = 1_000_000,
    ) -> None:
        parts = urlsplit(upstream)
        self.upstream_host = parts.hostname or "127.0.0.1"
        self.upstream_port = parts.port or 80
        self.hold = hold
        self.retry_after = retry_after
        self.latency = latency
        self.trickle = trickle
        self.bloat = bloat
        self.events: list[Event] = []
        self.echoed: list[str] = []
        self._plans: dict[str, list[str]] = {}
        self._then: dict[str, str | None] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                proxy._forward(self, b"", None)

            def do_POST(self) -> None:
                self.answered: float | None = None
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                marker, fault = proxy._next_fault(body)
                event = Event(marker, fault or "pass", None, time.monotonic())
                with proxy._lock:
                    proxy.events.append(event)
                try:
                    if fault is None:
                        proxy._stop.wait(proxy.latency)
                        event.status = proxy._forward(self, body, event)
                    else:
                        event.status = proxy._inject(self, fault)
                except (BrokenPipeError, ConnectionResetError):
                    self.close_connection = True  # the client gave up (or was killed)
                finally:
                    # The client may act on an answer as soon as its last bytes are written;
                    # stamped before that write, a gap to the next request is never shortened
                    # by this thread waiting for a busy machine's CPU.
                    event.ended = self.answered or time.monotonic()

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.httpd.block_on_close = False
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    # -- scripting ---------------------------------------------------------------------------

    def plan(self, marker: str, *faults: str, then: str | None = None) -> None:
        """Apply ``faults`` in turn to requests holding ``marker``; then ``then`` forever."""
        for fault in (*faults, then):
            if fault is not None and fault not in FAULTS:
                raise ValueError(f"unknown fault {fault!r}; one of {', '.join(FAULTS)}")
        with self._lock:
            self._plans[marker] = list(faults)
            self._then[marker] = then

    def _next_fault(self, body: bytes) -> tuple[str | None, str | None]:
        with self._lock:
            for marker, faults in self._plans.items():
                if marker.encode() in body:
                    if faults:
                        return marker, faults.pop(0)
                    return marker, self._then[marker]
        return None, None

    def requests_for(self, marker: str) -> list[Event]:
        with self._lock:
            return [e for e in self.events if e.marker == marker]

    # -- answering ---------------------------------------------------------------------------

    def _forward(self, handler: BaseHTTPRequestHandler, body: bytes, event: Event | None) -> int:
        conn = http.client.HTTPConnection(self.upstream_host, self.upstream_port, timeout=600)
        try:
            headers = {"content-type": handler.headers.get("content-type", "application/json")}
            if auth := handler.headers.get("authorization"):
                headers["authorization"] = auth
            conn.request(handler.command, handler.path, body=body or None, headers=headers)
            upstream = conn.getresponse()
            data = upstream.read()
            self._send(
                handler,
                upstream.status,
                data,
                upstream.getheader("content-type", "application/json"),
            )
            return upstream.status
        finally:
            conn.close()

    def _inject(self, handler: BaseHTTPRequestHandler, fault: str) -> int | None:
        if fault == "timeout":
            self._stop.wait(self.hold)
            handler.close_connection = True
            return None
        if fault == "429":
            error = {"error": {"message": "Rate limit reached", "type": "rate_limit_exceeded"}}
            self._send(
                handler,
                429,
                json.dumps(error).encode(),
                extra={"retry-after": f"{self.retry_after:g}"},
            )
            return 429
        if fault == "echo":
            auth = handler.headers.get("authorization", "")
            with self._lock:
                self.echoed.append(auth)
            error = {"error": {"message": f"Incorrect API key provided: {auth}", "type": "auth"}}
            self._send(handler, 400, json.dumps(error).encode())
            return 400
        if fault in {"500", "502", "503"}:
            error = {"error": {"message": f"injected {fault}", "type": "server_error"}}
            self._send(handler, int(fault), json.dumps(error).encode())
            return int(fault)
        if fault in {"trickle", "endless", "huge"}:
            return self._stream(handler, fault)
        bloated = '{"tldr": "' + "x" * self.bloat
        content = {"cut": HALF_ANSWER, "schema": SCHEMA_FAILURE, "empty": "", "bloat": bloated}
        data = json.dumps(completion(content.get(fault, "{}"))).encode()
        if fault == "drop":
            handler.send_response(200)
            handler.send_header("content-type", "application/json")
            handler.send_header("content-length", str(len(data)))
            handler.end_headers()
            handler.answered = time.monotonic()
            handler.wfile.write(data[: len(data) // 2])
            handler.wfile.flush()
            handler.close_connection = True
            return 200
        if fault == "truncate":
            data = data[: len(data) // 2]
        self._send(handler, 200, data)
        return 200

    def _stream(self, handler: BaseHTTPRequestHandler, fault: str) -> int:
        """A body that only a deadline or a size cap ends; stops when the client hangs up."""
        handler.close_connection = True
        handler.send_response(200)
        handler.send_header("content-type", "application/json")
        if fault == "trickle":
            data = json.dumps(completion(SCHEMA_FAILURE)).encode()
            handler.send_header("content-length", str(len(data)))
            handler.end_headers()
            for byte in data:
                if self._stop.wait(self.trickle):
                    break
                handler.wfile.write(bytes([byte]))
                handler.wfile.flush()
            return 200
        chunk = b" " * 65536
        if fault == "huge":
            handler.send_header("content-length", str(HUGE))
            handler.end_headers()
            for _ in range(HUGE // len(chunk)):
                if self._stop.is_set():
                    break
                handler.wfile.write(chunk)
            return 200
        handler.send_header("transfer-encoding", "chunked")
        handler.end_headers()
        frame = b"%x\r\n%s\r\n" % (len(chunk), chunk)
        # Past 64 MB it stalls instead (the body still never ends): a client without a
        # cap then fails on its timeout, not by filling the test machine's memory.
        for _ in range(ENDLESS_BEFORE_STALL // len(chunk)):
            if self._stop.is_set():
                break
            handler.wfile.write(frame)
        self._stop.wait(self.hold)
        return 200

    @staticmethod
    def _send(
        handler: BaseHTTPRequestHandler,
        status: int,
        data: bytes,
        content_type: str = "application/json",
        extra: dict[str, str] | None = None,
    ) -> None:
        handler.send_response(status)
        handler.send_header("content-type", content_type)
        handler.send_header("content-length", str(len(data)))
        for name, value in (extra or {}).items():
            handler.send_header(name, value)
        handler.end_headers()
        handler.answered = time.monotonic()
        handler.wfile.write(data)
        handler.wfile.flush()

    # -- lifetime ----------------------------------------------------------------------------

    def __enter__(self) -> FaultProxy:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self.httpd.shutdown()
        self.httpd.server_close()
