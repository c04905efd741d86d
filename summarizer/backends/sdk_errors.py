"""The one boundary where openai SDK exceptions become the summarizer error tree.

Every message says what to do, names the endpoint without its credentials, and never
holds the API key: a key of 4 or more characters is masked wherever the endpoint's text
quotes it, before that text is cut to length (so a key across the cut is masked too);
endpoint text that holds a shorter key is withheld, since masking "ab" everywhere would
wreck the message.
"""

from __future__ import annotations

import openai

from ..errors import AuthenticationError, BackendError, RateLimitError
from ..settings.config import redact_url, scrub
from .base import retry_after
from .bounds import AnswerTooLarge, mask, quote
from .direct import BrokenResponse

_RETRY_HINT = "; rerun with the same output to retry failed items"


def _status_detail(exc: openai.APIStatusError, secret: str | None) -> str:
    body = exc.body
    if isinstance(body, dict):
        error = body.get("error")
        message = body.get("message") or (error.get("message") if isinstance(error, dict) else "")
        if isinstance(message, str) and message.strip():
            return quote(message.strip(), secret) or "its message is withheld: it quotes the key"
    return (exc.response.reason_phrase or "").strip() or "no detail"


def translate(
    exc: BaseException, tries: int | None = None, secret: str | None = None
) -> BackendError:
    """Turn an openai SDK exception into the summarizer error tree.

    ``tries`` is how many HTTP requests the call made (the client's retries included).
    ``secret`` (the API key) never reaches the message: a key of 4 or more characters is
    masked wherever the endpoint's text quotes it (before that text is cut to length, so a
    key across the cut is masked too); endpoint text that holds a shorter key is withheld.
    Credentials in the endpoint URL are scrubbed the same way.
    """
    error = _translate(exc, tries, secret)
    message = mask(str(error), secret)
    url = _request_url(exc)
    error.args = (scrub(message, url) if url else message,)
    return error


# httpx's and aiohttp's names for a connection that could not be opened (aiohttp's
# transport for the SDK reports a refused connection as a ConnectTimeout caused by a
# ClientConnectorError, so the whole chain of causes is looked at).
_CANNOT_CONNECT = {
    "ConnectError",
    "ConnectTimeout",
    "ClientConnectorError",
    "ClientConnectorDNSError",
    "ClientConnectorSSLError",
    "ClientConnectorCertificateError",
    "ConnectionTimeoutError",
    "ConnectionRefusedError",
}


def _causes(exc: BaseException) -> list[BaseException]:
    chain: list[BaseException] = []
    seen: BaseException | None = exc.__cause__
    while seen is not None and seen not in chain:
        chain.append(seen)
        seen = seen.__cause__
    return chain


def _request_url(exc: BaseException) -> str | None:
    try:
        return str(exc.request.url)  # type: ignore[attr-defined]
    except Exception:  # no request attached  # noqa: BLE001
        return None


def _cannot_connect(exc: BaseException, after: str, secret: str | None) -> BackendError | None:
    """The error for a connection that was never opened ("could not connect to URL")."""
    causes = _causes(exc)
    if not any(type(c).__name__ in _CANNOT_CONNECT for c in causes):
        return None
    deepest = causes[-1]
    if isinstance(deepest, TimeoutError) or "Timeout" in type(deepest).__name__:
        detail: str | None = "timed out"
    else:
        detail = quote(str(deepest).strip() or type(deepest).__name__, secret)
    where = redact_url(_request_url(exc)) or "the endpoint"
    for path in ("/chat/completions", "/models"):
        where = where.removesuffix(path)
    return BackendError(
        f"could not connect to {where}{after} ({detail or 'no detail'}); "
        "check that the server is running and the URL is right",
        exc,
    )


def _translate(exc: BaseException, tries: int | None, secret: str | None) -> BackendError:
    after = f" after {tries} requests" if tries and tries > 1 else ""
    if isinstance(exc, openai.RateLimitError):
        wait = retry_after(exc.response.headers) if exc.response is not None else None
        return RateLimitError(
            f"rate limited by the endpoint (HTTP 429: {_status_detail(exc, secret)}){after}"
            f"{_RETRY_HINT}",
            exc,
            wait,
        )
    if isinstance(exc, openai.AuthenticationError):
        return AuthenticationError(
            "the endpoint refused the API key; check the variable named by --api-key-env", exc
        )
    if isinstance(exc, (openai.APITimeoutError, openai.APIConnectionError)):
        refused = _cannot_connect(exc, after, secret)
        if refused is not None:
            return refused
    if isinstance(exc, openai.APITimeoutError):
        return BackendError(
            f"the endpoint did not answer in time{after} (raise --timeout?){_RETRY_HINT}", exc
        )
    if isinstance(exc, openai.APIConnectionError):
        cause = exc.__cause__
        detail = quote(str(cause).strip(), secret, 300) if cause is not None else ""
        if isinstance(cause, AnswerTooLarge):
            return BackendError(f"{cause} (a summary is a few KB; is this the right URL?)", exc)
        if isinstance(cause, BrokenResponse):
            return BackendError(f"the endpoint sent a broken response{after}: {detail}", exc)
        detail = f"{type(cause).__name__}: {detail}" if cause is not None else str(exc)
        return BackendError(f"the connection to the endpoint failed{after} ({detail})", exc)
    if isinstance(exc, openai.APIStatusError):
        retry = _RETRY_HINT if exc.status_code >= 500 or exc.status_code in {408, 409} else ""
        return BackendError(
            f"the endpoint answered HTTP {exc.status_code} ({_status_detail(exc, secret)})"
            f"{after}{retry}",
            exc,
        )
    return BackendError(f"{type(exc).__name__}: {exc}", exc)


def openai_cause(exc: BaseException) -> BaseException | None:
    """The first openai SDK exception in the chain of causes and contexts of ``exc``."""
    seen = exc
    while seen is not None:
        if isinstance(seen, openai.OpenAIError):
            return seen
        seen = seen.__cause__ or seen.__context__  # type: ignore[assignment]
    return None
