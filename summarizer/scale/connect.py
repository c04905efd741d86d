"""Connecting to the Ray cluster that ``RAY_ADDRESS`` names, within a deadline.

``ray.init`` on an address where no cluster answers does not fail: Ray 2.60 tries 20 times,
each try waiting some 40 s (5 s for a channel, 5 s for its pubsub, 30 s for the cluster's
id), and its C++ client holds the thread that called it all the while, so Ctrl-C and
SIGTERM wait as well. Here:

1. the address is read as Ray reads it (:func:`parse_address`): one that is not an address
   is one :class:`~summarizer.errors.ConfigError`, before Ray dials anything;
2. what Ray will dial (it replaces a loopback host by the machine's address, and reads
   ``auto`` from the files ``ray start`` leaves) gets a plain TCP connection first, so a
   refused or unroutable address fails at once;
3. then ``ray.init``; both run in a thread of their own, and the caller waits at most
   :data:`CONNECT_SECONDS` for them, in short slices, so a signal ends the wait at once.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import ConfigError

#: The longest a run waits for a cluster to take its driver (TCP connection and ``ray.init``).
CONNECT_SECONDS = 30
#: What ``RAY_ADDRESS`` may hold, for the messages.
FORMS = (
    "give the head node's host:port (as `ray start --head` prints it), ray://host:port "
    "for Ray Client, or auto; or unset it to start a local instance for this run"
)
_HOST = re.compile(r"[A-Za-z0-9_.-]+")
_IPV6 = re.compile(r"[0-9A-Fa-f:.%]+")
#: How often the waiting thread looks at signals: one that lands in another thread (Ray's
#: own) only sets a flag, which the main thread reads between two slices.
_SLICE = 0.1


@dataclass(frozen=True)
class Address:
    """``RAY_ADDRESS`` as Ray reads it: ``auto``, ``host:port``, or ``ray://host:port``."""

    text: str
    host: str = ""
    port: int = 0
    client: bool = False


def cluster_address() -> str | None:
    """``$RAY_ADDRESS``; None when it is unset, empty or ``local`` (Ray's word for a new
    local instance, which this run then starts as its own)."""
    value = os.environ.get("RAY_ADDRESS", "").strip()
    return None if value in ("", "local") else value


def parse_address(value: str) -> Address:
    """``value`` read as a Ray address.

    Raises:
        ConfigError: it is not one (a dashboard URL, no port, a port out of range, ...).
    """
    text = value.strip()
    if text == "auto":
        return Address(text)
    scheme, sep, rest = text.partition("://")
    if sep and scheme in ("http", "https"):
        raise ConfigError(
            f"RAY_ADDRESS={value!r}: that is a dashboard URL (for `ray job submit "
            f"--address`), not the cluster's address; {FORMS}"
        )
    if sep and scheme != "ray":
        raise ConfigError(f"RAY_ADDRESS={value!r}: not a Ray address; {FORMS}")
    parsed = _host_port(rest if sep else text)
    if parsed is None:
        raise ConfigError(f"RAY_ADDRESS={value!r}: not a Ray address; {FORMS}")
    return Address(text, *parsed, client=bool(sep))


def _host_port(text: str) -> tuple[str, int] | None:
    if text.startswith("["):
        host, _, tail = text[1:].partition("]")
        port = tail[1:] if tail.startswith(":") else ""
        pattern = _IPV6
    else:
        host, _, port = text.rpartition(":")
        pattern = _HOST
    if not pattern.fullmatch(host) or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    return host, int(port)


def _shown(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _dialled(address: Address) -> tuple[str, int]:
    """Where Ray will dial for ``address``."""
    if address.client:
        return address.host, address.port
    from ray._private import services

    try:
        target = services.canonicalize_bootstrap_address(address.text)
    except ConnectionError as exc:  # auto, and no instance runs here
        raise ConfigError(
            "RAY_ADDRESS=auto: no Ray instance runs on this machine; start one with "
            "`ray start --head`, name a cluster's host:port, or unset RAY_ADDRESS to start "
            "a local instance for this run"
        ) from exc
    except ValueError as exc:
        raise ConfigError(f"RAY_ADDRESS={address.text!r}: not a Ray address; {FORMS}") from exc
    parsed = _host_port(target or "")
    if parsed is None:
        raise ConfigError(f"RAY_ADDRESS={address.text!r}: Ray reads it as {target!r}; {FORMS}")
    return parsed


def _unreachable(
    address: Address, target: tuple[str, int] | None, why: str, seconds: float | None = None
) -> ConfigError:
    where = address.text.removeprefix("ray://")
    if target is not None and _shown(*target) != where:
        where += f" (dialled as {_shown(*target)})"
    if seconds is not None:
        where += f" within {seconds:g} s"
    return ConfigError(
        f"cannot reach the Ray cluster at {where}: {why}; check RAY_ADDRESS: "
        + FORMS.removeprefix("give ")
    )


def _probe(host: str, port: int, seconds: float) -> str | None:
    """Why ``host:port`` takes no TCP connection ("" for no answer within ``seconds``);
    None when it does."""
    try:
        with socket.create_connection((host, port), timeout=max(seconds, 0.1)):
            return None
    except socket.gaierror:
        return "unknown host"
    except ConnectionRefusedError:
        return "connection refused, nothing listens on that port"
    except TimeoutError:
        return ""
    except OSError as exc:
        return str(exc.strerror or exc)


def connect(ray: Any, address: Address, **init: Any) -> None:
    """``ray.init(address=..., **init)``, given up after :data:`CONNECT_SECONDS`.

    ``ray.init`` runs in a thread that is not the main one, so Ray sets no SIGTERM handler
    of its own (it would exit with status 15): the caller's stays.

    Raises:
        ConfigError: the cluster cannot be reached within the deadline (the message says
            why and what to check).
    """
    seconds = CONNECT_SECONDS
    deadline = time.monotonic() + seconds
    target: list[tuple[str, int]] = []
    stage = ["resolving the address"]  # what the deadline interrupted, for the message

    def work() -> None:
        target.append(_dialled(address))
        stage[0] = "no answer to a TCP connection"
        why = _probe(*target[0], deadline - time.monotonic())
        if why == "":
            raise _unreachable(address, target[0], stage[0], seconds)
        if why is not None:
            raise _unreachable(address, target[0], why)
        stage[0] = "it takes connections but does not answer as Ray does"
        try:
            ray.init(address=address.text, **init)
        except ConnectionError as exc:  # Ray's own retries ran out first
            raise _unreachable(address, target[0], str(exc)) from exc

    try:
        within(seconds, work, undo=ray.shutdown)
    except TimeoutError:
        raise _unreachable(address, target[0] if target else None, stage[0], seconds) from None


def within(seconds: float, work: Callable[[], Any], undo: Callable[[], Any]) -> Any:
    """``work()`` in a daemon thread, waited for at most ``seconds``; its result, or what it
    raised. A signal handler that raises (Ctrl-C) ends the wait at once.

    ``work`` cannot be stopped: when the wait ends first, it runs on, and ``undo()`` is
    called if it then succeeds, so nothing it made outlives the caller's interest.

    Raises:
        TimeoutError: ``work`` was still running after ``seconds``.
    """
    lock = threading.Lock()
    finished = threading.Event()
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            result, error = work(), None
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting thread
            result, error = None, exc
        with lock:
            outcome.update(result=result, error=error)
            finished.set()
            late = outcome.get("abandoned", False)
        if late and error is None:
            with contextlib.suppress(Exception):
                undo()

    threading.Thread(target=run, name="summarizer-ray-connect", daemon=True).start()
    deadline = time.monotonic() + seconds
    try:
        while not finished.wait(min(_SLICE, max(deadline - time.monotonic(), 0))):
            if time.monotonic() >= deadline:
                break
    finally:
        with lock:
            if not finished.is_set():
                outcome["abandoned"] = True
    if outcome.get("abandoned"):
        raise TimeoutError(f"still running after {seconds} s")
    if outcome["error"] is not None:
        raise outcome["error"]
    return outcome["result"]
