"""Grounding: finding verbatim items in the abstract under the guide's normalization."""

from __future__ import annotations

import pytest

from summarizer.schemas.grounding import _fold, find_span, is_grounded, normalize

ABSTRACT = (
    "We propose ImbSAM, built on Sharpness-Aware  Minimization, and the Droplet3D-4M\n"
    "dataset. On ImageNet-LT it improves accuracy by 4.8. It reaches 45% recall, "
    "87.7\\% top-1 and 4.85 FID, with 1,113 pairs."
)


@pytest.mark.parametrize(
    "item, expected",
    [
        pytest.param("ImbSAM", "ImbSAM", id="exact"),
        pytest.param("imbsam", "ImbSAM", id="case"),
        pytest.param("IMAGENET-lt", "ImageNet-LT", id="case-mixed"),
        pytest.param(
            "Sharpness-Aware Minimization", "Sharpness-Aware  Minimization", id="whitespace-run"
        ),
        pytest.param("Droplet3D 4M", "Droplet3D-4M", id="space-for-hyphen"),
        pytest.param(
            "the Droplet3D-4M dataset", "the Droplet3D-4M\ndataset", id="newline-in-abstract"
        ),
        pytest.param("sharpness aware", "Sharpness-Aware", id="hyphen-for-space"),
        pytest.param("87.7%", "87.7\\%", id="percent-for-latex"),
        pytest.param("87.7\\%", "87.7\\%", id="latex-for-latex"),
        pytest.param("45%", "45%", id="percent"),
        pytest.param("4.8", "4.8", id="number-before-full-stop"),
        pytest.param("4.85", "4.85", id="longer-number"),
        pytest.param("1,113", "1,113", id="thousands-comma"),
        pytest.param("  ImbSAM ", "ImbSAM", id="item-padded"),
    ],
)
def test_found_and_span_points_at_original_text(item: str, expected: str) -> None:
    span = find_span(item, ABSTRACT)
    assert span is not None
    start, end = span
    assert ABSTRACT[start:end] == expected
    assert is_grounded(item, ABSTRACT)


@pytest.mark.parametrize(
    "item",
    [
        pytest.param("5%", id="5%-inside-45%"),
        pytest.param("SAM", id="acronym-inside-name"),
        pytest.param("ImageNe", id="prefix-of-word"),
        pytest.param("1,11", id="prefix-of-number"),
        pytest.param("ImageNet-21K", id="absent"),
        pytest.param("", id="empty"),
        pytest.param("  \n", id="whitespace-only"),
    ],
)
def test_not_found(item: str) -> None:
    assert find_span(item, ABSTRACT) is None
    assert not is_grounded(item, ABSTRACT)


def test_4_8_not_inside_4_85() -> None:
    assert find_span("4.8", "It reaches 4.85 FID.") is None
    assert find_span("4.8", "It reaches 4.8, then more.") == (11, 14)
    assert find_span("4.8", "It reaches 4.8.") == (11, 14)


def test_first_occurrence_wins() -> None:
    text = "ImbSAM beats SAM. ImbSAM is fast."
    assert find_span("imbsam", text) == (0, 6)
    assert find_span("SAM", text) == (13, 16)


@pytest.mark.parametrize(
    "item, text, expected",
    [
        pytest.param(
            "Quill3D",
            "We release Quill3D-9M and train Quill3D, a model.",
            "Quill3D, a",
            id="prefix",
        ),
        pytest.param("Quill3D", "We train Mini-Quill3D and then Quill3D.", "Quill3D.", id="suffix"),
        pytest.param(
            "Quill", "Quill_v2 and Quill\u2011Net and Quill.", "Quill.", id="underscore-hyphen"
        ),
        pytest.param(
            "Quill3D",
            "Quill3D\u2010L beats Quill3D\u2013based ones.",
            "Quill3D\u2013",
            id="en-dash",
        ),
        pytest.param(
            "Quill3D", "Quill3D - a model, and Quill3D-9M.", "Quill3D - a", id="spaced-dash"
        ),
        pytest.param("quill3d", "Quill3D-9M and QUILL3D.", "QUILL3D.", id="case"),
        pytest.param(
            "Quill3D", "Only Quill3D-9M is named, and Quill3D-S.", "Quill3D-9M is", id="only-longer"
        ),
        pytest.param(
            "Quill3D-9M", "Quill3D-9M-L and Quill3D-9M.", "Quill3D-9M.", id="hyphenated-item"
        ),
        pytest.param("9M", "Quill3D-9M and 9M.", "9M.", id="number-after-hyphen"),
    ],
)
def test_span_is_a_whole_name_mention_when_there_is_one(
    item: str, text: str, expected: str
) -> None:
    # Droplet3D's span was the start of "Droplet3D-4M", so the digest marked one name twice.
    span = find_span(item, text)
    assert span is not None
    assert text[span[0] :].startswith(expected), text[span[0] :]
    assert normalize(text[span[0] : span[1]]) == normalize(item)


def test_whole_name_spans_of_two_names_do_not_overlap() -> None:
    from summarizer.schemas.paper_summary import PaperSummary, spans

    text = "We introduce Quill3D-9M, a dataset, and train Quill3D, a generative model."
    data = {
        "tldr": "A dataset and a model for 3D generation.",
        "problem": "3D generation lacks data.",
        "contribution_types": ["dataset", "method"],
        "introduces": ["Quill3D-9M", "Quill3D"],
        "domain": "computer_vision",
        "keywords": ["Quill3D", "dataset", "generative model"],
    }
    summary = PaperSummary.model_validate(data, context={"abstract": text})
    (a, b), (c, d) = spans(summary, text)["introduces"]
    assert (text[a:b], text[c:d]) == ("Quill3D-9M", "Quill3D")
    assert b <= c


def test_unicode_dashes_match_hyphen() -> None:
    text = "We train Droplet3D\u20134M and Glocal\u2010IB."
    span = find_span("Droplet3D-4M", text)
    assert span is not None and text[span[0] : span[1]] == "Droplet3D\u20134M"
    assert is_grounded("Glocal-IB", text)


@pytest.mark.parametrize(
    "text, expected",
    [
        pytest.param("  Big\t\nModel  ", "big model", id="whitespace"),
        pytest.param("Droplet3D-4M", "droplet3d 4m", id="hyphen"),
        pytest.param("87.7\\%", "87.7%", id="latex-percent"),
        pytest.param("a - b", "a b", id="spaced-hyphen"),
    ],
)
def test_normalize(text: str, expected: str) -> None:
    assert normalize(text) == expected


@pytest.mark.parametrize(
    "item, text",
    [
        pytest.param("5%", "accuracy rises by 4.5% overall", id="5%-inside-4.5%"),
        pytest.param("8", "a gain of 4.8 points", id="8-inside-4.8"),
        pytest.param("113 pairs", "with 1,113 pairs", id="113-inside-1,113"),
    ],
)
def test_number_not_found_after_decimal_point(item: str, text: str) -> None:
    assert find_span(item, text) is None


@pytest.mark.parametrize(
    "text",
    [
        "  Gains of 4.8\\% on  CIFAR-100 \u2013 and 45 %. ",
        "ΟΔΥΣΣΕΥΣ and İstanbul\u00a0multi\u2010task\tlearning",
        "a\\\\%b -- c\u2212d\n\ne",
        "",
    ],
)
def test_normal_form_is_the_folded_text(text):
    # normalize() skips the index map that spans need; it must give the same text.
    assert normalize(text) == _fold(text)[0].strip()


def test_fast_fold_equals_the_character_by_character_fold():
    import random

    from summarizer.schemas.grounding import _fold_by_character

    from .conftest import SEEDS

    texts = [p for f in sorted(SEEDS.iterdir()) for p in f.read_text().split("\n\n")]
    alphabet = "aB9 .%\\-\u2013\u2212\t\n\u00a0Σİ"
    rng = random.Random(5)
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30))) for _ in range(3000)]
    texts += ["  Gains on  CIFAR-100 \u2013 and 45 %. ", "-a-", " ", "x"]
    fast_paths = 0
    for text in texts:
        assert _fold(text) == _fold_by_character(text), repr(text)
        fast_paths += "\\%" not in text and "Σ" not in text and "İ" not in text
    assert fast_paths > 500  # the fast path was the one compared, not only the fallback


def test_the_cached_fold_skips_the_index_map_only_where_positions_hold():
    from summarizer.schemas.grounding import _folded

    from .conftest import SEEDS

    texts = [p for f in sorted(SEEDS.iterdir()) for p in f.read_text().split("\n\n")]
    texts += ["a  b", " a", "a -- b", "a-b c\u2013d", "4.8\\% gain", "ΣΑ b", "İ x", "x"]
    skipped = 0
    for text in texts:
        hay, where = _folded(text)
        norm, reference = _fold(text)
        assert hay == norm, repr(text)
        if where is None:
            skipped += 1
            assert reference == list(range(len(text))), repr(text)
        else:
            assert list(where) == reference, repr(text)
    assert skipped > 100 and skipped < len(texts)  # both kinds were compared


def _span_by_pattern(item: str, abstract: str):
    """find_span's rule written as one regular expression over the normal form."""
    import re

    from summarizer.schemas.grounding import _folded, normalize

    needle = normalize(item)
    if not needle:
        return None
    hay, where = _folded(abstract)
    left = r"(?<![0-9a-z])" if needle[0].isalnum() else ""
    if needle[0].isdigit():
        left += r"(?<![0-9][.,])"
    right = r"(?![0-9a-z])" if needle[-1].isalnum() else ""
    if needle[-1].isdigit():
        right = r"(?![0-9a-z]|[.,][0-9])"
    spans = []
    # Every occurrence, overlapping ones too: a lookahead matches the empty string.
    for match in re.finditer("(?=(" + left + re.escape(needle) + right + "))", hay):
        start, end = match.start(1), match.end(1)
        if where is not None:  # else every position of the normal form is the abstract's
            start, end = where[start], where[end - 1] + 1
        spans.append((start, end))
    # The first whole name: not continued, in the abstract, by a word character or a hyphen
    # and a word character, on a side where the item has a letter or digit.
    # An item that opens with a dash: first an occurrence with a sign before it, a dash
    # that follows no letter, digit, underscore, "$" or "}", and that is not continued after it.
    if item.lstrip()[:1] in "-\u2010\u2011\u2012\u2013\u2212":
        for start, end in spans:
            sign = re.search(r"(?<![\w$}])[-\u2010\u2011\u2012\u2013\u2212]$", abstract[:start])
            after = needle[-1].isalnum() and re.match(r"\w|[-\u2010\u2011]\w", abstract[end:])
            if sign and not after:
                return start - 1, end
    for start, end in spans:
        after = needle[-1].isalnum() and re.match(r"\w|[-\u2010\u2011]\w", abstract[end:])
        before = needle[0].isalnum() and re.search(r"(\w|\w[-\u2010\u2011])$", abstract[:start])
        if not after and not before:
            return start, end
    return spans[0] if spans else None


def test_find_span_follows_the_token_rule_of_its_pattern():
    import random

    rng = random.Random(11)
    alphabet = "ab1 2.,-%é²"
    pairs = [
        ("4.8", "up 4.85 and 4.8."),
        ("8", "4.8 and 8"),
        ("113", "1,113 or 113,"),
        ("CIFAR-10", "CIFAR-100 and CIFAR-10"),
        ("ab", "abab ab"),
        ("2", "²2"),
        ("Droplet3D", "Droplet3D-4M and Droplet3D"),
        ("Net", "Res-Net and Net-2 and Net"),
        ("ab", "ab_c ab-é ab"),
    ]
    for _ in range(4000):
        hay = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 24)))
        needle = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 3)))
        pairs.append((needle, hay))
    found = 0
    for item, abstract in pairs:
        expected = _span_by_pattern(item, abstract)
        assert find_span(item, abstract) == expected, (item, abstract)
        found += expected is not None
    assert found > 500  # spans were found and compared, not only misses
