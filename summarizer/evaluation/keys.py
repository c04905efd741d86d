"""Matching keys of the scorers: names, numeric values and URLs, and token overlap."""

from __future__ import annotations

import re
from collections.abc import Iterable


def item_key(text: str) -> str:
    """Set-matching key: case, punctuation, spaces and a trailing plural ``s`` dropped.

    Hyphen, space and nothing are all the same here (``MS-COCO`` == ``MS COCO`` ==
    ``MSCOCO``) because the guide lists both punctuation and hyphen-vs-space as irrelevant.
    The plural ``s`` is dropped from the end of the item, not from ``ss`` (``Class``).
    """
    key = "".join(ch for ch in text.casefold() if ch.isalnum())
    if len(key) >= 3 and key.endswith("s") and not key.endswith("ss"):
        key = key[:-1]
    return key


_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_DECIMAL = re.compile(r"\d+\.\d+")
_BOUND = re.compile(r"^[<>=~+\u2248\u2264\u2265\u223c]+")


def value_key(value: str) -> str:
    """Numeric-value key: ``87.7\\%`` == ``87.7 %`` == ``>87.7%``, ``1,113`` == ``1113``.

    A leading bound or ``+`` is dropped (the number is the same claim); a minus is kept.
    Trailing zeros of a decimal are dropped so ``45.80%`` == ``45.8%``; units are kept.
    """
    text = value.replace("\\%", "%").replace("\u2212", "-").replace("\u00d7", "x")
    text = "".join(text.split()).casefold()
    text = _BOUND.sub("", text)
    text = _THOUSANDS.sub("", text)
    return _DECIMAL.sub(lambda m: m.group(0).rstrip("0").rstrip("."), text)


_URL_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*://", re.IGNORECASE)
_URL_TRAILING = "/.,;:!?)]}>\"'"


def url_key(url: str | None) -> str | None:
    """URL key: no scheme, no ``www.``, lower-case host, no trailing slash or punctuation."""
    if url is None:
        return None
    text = _URL_SCHEME.sub("", url.strip())
    if text.lower().startswith("www."):
        text = text[4:]
    host, sep, path = text.partition("/")
    text = (host.lower() + sep + path).rstrip(_URL_TRAILING)
    return text or None


def distinct(items: Iterable[str]) -> list[str]:
    """Items with duplicates (same :func:`item_key`) and empty ones removed, first kept."""
    out: dict[str, str] = {}
    for item in items:
        out.setdefault(item_key(item), item)
    out.pop("", None)
    return list(out.values())
