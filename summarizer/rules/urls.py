"""URLs in an abstract: ``code_url`` is the first of them."""

from __future__ import annotations

import re

from .analysis import Analysis, analysed
from .wordlists import alternation, words

# Without "http" or "www.", a URL is known by its domain (data/url_domains.txt): "github.com/x".
# The host ends at the domain: "self.community" and "example.com.au" hold no "self.com" or
# "example.com".
_URL = re.compile(
    r"(?:https?://|www\.)[^\s<>\"'{}|\\^`\]\[]+"
    + r"|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:"
    + alternation("url_domains")
    + r")(?!\.?[a-z0-9-])(?:/[^\s<>\"'{}|\\^`\]\[]*)?",
    re.IGNORECASE,
)
_URL_TRAIL = ".,;:!?)]}>'\""
# Every match of _URL holds one of these (lower-cased): a text without any has no URL.
_URL_MARKS = ("http", "www.", *(f".{domain}" for domain in words("url_domains")))


def url_matches(abstract: str | Analysis) -> tuple[re.Match[str], ...]:
    """Where the URLs of ``abstract`` are (an :class:`Analysis` keeps them)."""
    return analysed(abstract).kept(_url_matches)


# A code host named without a path is no link to code: "released on github.com".
_BARE_HOSTS = frozenset(("github.com", "gitlab.com", "huggingface.co", "bitbucket.org"))


def _is_url(match: re.Match[str]) -> bool:
    """A match with a scheme, "www." or a path is a URL; a bare domain is one when it is
    written in lower case ("alignmentpretraining.ai") or is a project page
    ("MMFormalizer.github.io"), not a product's or a company's name ("Claude.ai", "JD.com",
    "FLUX.1.dev") nor a code host alone ("available on github.com")."""
    url = match.group(0).rstrip(_URL_TRAIL)
    if url.lower().startswith(("http", "www.")) or "/" in url:
        return True
    if url.lower().endswith((".github.io", ".gitlab.io")):
        return True  # "MMFormalizer.github.io": a project page
    return url == url.lower() and url not in _BARE_HOSTS


def _url_matches(analysis: Analysis) -> tuple[re.Match[str], ...]:
    if not any(mark in analysis.low for mark in _URL_MARKS):
        return ()
    return tuple(m for m in _URL.finditer(analysis.text) if _is_url(m))


def blank_urls(text: str) -> str:
    """``text`` with each URL written over by spaces (the same length, so offsets hold): a
    name in a URL ("github.io/SceneLCM/") is no mention of it."""
    if not any(mark in text.lower() for mark in _URL_MARKS):
        return text
    return _URL.sub(lambda m: " " * len(m.group(0)) if _is_url(m) else m.group(0), text)


def url_free_sentences(abstract: str | Analysis) -> tuple[tuple[str, str], ...]:
    """Each sentence of the abstract beside its copy with the URLs blanked (:func:`blank_urls`),
    made once per paper (an :class:`Analysis` keeps them)."""
    return analysed(abstract).kept(_url_free_sentences)


def _url_free_sentences(analysis: Analysis) -> tuple[tuple[str, str], ...]:
    return tuple((s, blank_urls(s)) for s in analysis.sentence_texts)


def find_urls(abstract: str | Analysis) -> list[str]:
    """URLs in order of appearance, as written, without trailing punctuation or markup."""
    out = []
    for match in url_matches(abstract):
        url = match.group(0)
        url = re.split(r"[{}]", url)[0]
        while url and url[-1] in _URL_TRAIL:
            if url[-1] == ")" and url.count("(") >= url.count(")"):
                break  # a balanced closing parenthesis belongs to the URL
            url = url[:-1]
        if "." in url and url not in out:
            out.append(url)
    return out
