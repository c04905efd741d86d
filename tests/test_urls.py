"""URLs written without a scheme end their host at the domain, at a word boundary."""

from __future__ import annotations

import pytest

from summarizer.rules.urls import find_urls


@pytest.mark.parametrize(
    "text, expected",
    [
        pytest.param("Ask the self.community forum.", [], id="domain-inside-a-word"),
        pytest.param("Models at hub.commons.", [], id="com-starts-a-longer-word"),
        pytest.param("Mirrors at data.organic-lab.", [], id="org-before-a-hyphen"),
        pytest.param("See example.com.au/page.", [], id="host-goes-on-past-the-domain"),
        pytest.param("Code: github.com/a/b.", ["github.com/a/b"], id="path"),
        pytest.param("Try openai.com, or not.", ["openai.com"], id="comma-after-host"),
        pytest.param("Demo at foo.github.io.", ["foo.github.io"], id="stop-after-host"),
        pytest.param("Models at FOO.IO/x.", ["FOO.IO/x"], id="any-case"),
    ],
)
def test_scheme_less_urls_end_at_the_domain(text: str, expected: list[str]) -> None:
    assert find_urls(text) == expected


def test_a_url_with_a_scheme_is_kept_whole() -> None:
    assert find_urls("See https://self.community/x for it.") == ["https://self.community/x"]
