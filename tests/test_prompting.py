"""Prompt templates (strict TOML, sandboxed Jinja2, hashes) and the per-abstract answer model."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from summarizer.errors import PromptError
from summarizer.io.inputs import Paper
from summarizer.prompting.strategy import MODEL_FIELDS, answer_model, plan
from summarizer.prompting.templates import available, load_prompt, messages_hash
from summarizer.schemas.paper_summary import PaperSummary

from .support.cli import endpoint_args, run_cli
from .support.fake_openai import FakeOpenAI

ABSTRACT = (
    "We propose ImbSAM for long-tailed recognition. On ImageNet-LT it improves tail accuracy "
    "by 4.8%. Code: https://github.com/Foo/ImbSAM."
)
VARS = {"abstract": ABSTRACT, "title": "", "names": ["ImbSAM"], "numbers": [], "urls": []}

MINIMAL = """\
name = "mine"
version = {version}
system = "Summarize the abstract as JSON."
user = "Abstract: {{{{ abstract }}}}"
"""


@pytest.fixture(autouse=True)
def no_user_prompts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Neither the user's config dir nor a ./prompts of the working dir can leak in."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    (tmp_path / "cwd").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# --- loading ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ref, prompt_id, strategy",
    [
        pytest.param("default", "default.v2", "cues", id="default"),
        pytest.param("candidates", "candidates.v1", "candidates", id="candidates"),
        pytest.param("naive", "naive.v1", "free", id="naive"),
        pytest.param("naive-grammar", "naive-grammar.v1", "free", id="naive-grammar"),
        pytest.param("default.v1", "default.v1", "cues", id="default-with-version"),
    ],
)
def test_bundled_prompts_load_and_render(ref: str, prompt_id: str, strategy: str) -> None:
    prompt = load_prompt(ref)
    assert prompt.id == prompt_id
    assert prompt.spec.strategy == strategy
    assert len(prompt.template_hash) == 16
    messages = prompt.render(VARS, [])
    assert messages[0]["role"] == "system" and messages[0]["content"]
    assert messages[-1]["role"] == "user"


def test_unknown_prompt_name_lists_the_available_ones() -> None:
    with pytest.raises(PromptError, match=r"no prompt named 'nope' \(available: .*default\.v1"):
        load_prompt("nope")


def test_user_template_by_path(tmp_path: Path) -> None:
    path = _write(tmp_path / "elsewhere" / "mine.v1.toml", MINIMAL.format(version=1))
    prompt = load_prompt(str(path))
    assert prompt.id == "mine.v1"
    assert prompt.path == str(path)
    assert prompt.render(VARS, [])[-1]["content"] == f"Abstract: {ABSTRACT}"


def test_user_template_by_name_from_cwd_prompts(tmp_path: Path) -> None:
    _write(Path("prompts") / "mine.v1.toml", MINIMAL.format(version=1))
    _write(Path("prompts") / "mine.v2.toml", MINIMAL.format(version=2))
    assert load_prompt("mine").id == "mine.v2"  # the highest version
    assert load_prompt("mine.v1").id == "mine.v1"


def test_cwd_prompt_shadows_the_bundled_one() -> None:
    version = load_prompt("default").spec.version  # the bundled default's newest
    text = MINIMAL.format(version=version).replace('name = "mine"', 'name = "default"')
    path = _write(Path("prompts") / f"default.v{version}.toml", text)
    assert Path(load_prompt("default").path).resolve() == path.resolve()


def test_missing_prompt_file() -> None:
    with pytest.raises(PromptError, match="does not exist"):
        load_prompt("no/such/file.toml")


# --- unversioned files: the user's own prompts ---------------------------------------------

BUNDLED_DIR = Path(__file__).resolve().parents[1] / "prompts"


def test_an_unversioned_copy_is_listed_and_loaded_by_its_file_name() -> None:
    raw = (BUNDLED_DIR / "default.v1.toml").read_bytes()
    copy = Path("prompts") / "mine.toml"
    copy.parent.mkdir()
    copy.write_bytes(raw)  # still says name = "default", version = 1 inside
    assert available()["mine"].resolve() == copy.resolve()
    prompt = load_prompt("mine")
    assert (prompt.id, prompt.name, prompt.spec.version) == ("mine", "mine", None)
    assert prompt.spec.strategy == "cues"
    assert prompt.template_hash == hashlib.sha256(raw).hexdigest()[:16]
    assert load_prompt(str(copy)).id == "mine"  # by path, the same name


def test_an_unversioned_file_may_leave_out_name_and_version(tmp_path: Path) -> None:
    text = 'system = "Summarize the abstract as JSON."\nuser = "Abstract: {{ abstract }}"\n'
    _write(Path("prompts") / "short_one.toml", text)
    assert load_prompt("short_one").id == "short_one"
    elsewhere = _write(tmp_path / "elsewhere" / "lab-notes.toml", text)
    assert load_prompt(str(elsewhere)).id == "lab-notes"


def test_a_versioned_file_must_give_its_name_and_version(tmp_path: Path) -> None:
    text = MINIMAL.format(version=1).replace("version = 1\n", "")
    path = _write(tmp_path / "mine.v1.toml", text)
    with pytest.raises(PromptError, match=r"version: Field required .*rename it NAME\.toml"):
        load_prompt(str(path))


def test_the_exact_name_wins_over_the_highest_version() -> None:
    _write(Path("prompts") / "mine.v2.toml", MINIMAL.format(version=2))
    _write(Path("prompts") / "mine.toml", MINIMAL.format(version=7))
    assert load_prompt("mine").id == "mine"
    assert load_prompt("mine.v2").id == "mine.v2"
    assert {"mine", "mine.v2"} <= set(available())


def test_an_unknown_name_states_the_naming_rule_and_the_files_it_cannot_reach() -> None:
    _write(Path("prompts") / "my.prompt.toml", MINIMAL.format(version=1))
    with pytest.raises(PromptError) as err:
        load_prompt("my.prompt")
    message = str(err.value)
    assert "no prompt named 'my.prompt'" in message
    assert "NAME.toml or NAME.vN.toml" in message
    assert str(Path.cwd() / "prompts") in message
    assert f"{Path.cwd() / 'prompts' / 'my.prompt.toml'} does not follow that rule" in message
    assert "my.prompt" not in available()


def _summarize(cwd: Path, server: FakeOpenAI, out: str) -> dict:
    args = ["summarize", "in.jsonl", "-o", out, "--prompt", "mine", "--mode", "json_schema"]
    done = run_cli([*args, *endpoint_args(server.base_url)], cwd, timeout=60)
    assert done.returncode == 0, done.stderr
    (record,) = [json.loads(line) for line in (cwd / out).read_text().splitlines()]
    return record


def test_summarize_with_an_unversioned_prompt_records_its_name_and_keys_by_its_bytes() -> None:
    from .support.abstracts import ABSTRACT as PAPER
    from .support.abstracts import answer

    cwd = Path.cwd()
    (cwd / "in.jsonl").write_text(json.dumps({"id": "p1", "abstract": PAPER}) + "\n")
    mine = cwd / "prompts" / "mine.toml"
    mine.parent.mkdir()
    mine.write_bytes((BUNDLED_DIR / "naive.v1.toml").read_bytes())
    listed = run_cli(["prompts"], cwd, env={"COLUMNS": "300"}, timeout=60)
    assert listed.returncode == 0, listed.stderr
    assert any(line.split()[:2] == ["mine", "free"] for line in listed.stdout.splitlines())

    with FakeOpenAI(default=answer()) as server:
        first = _summarize(cwd, server, "a.jsonl")
        assert first["meta"]["prompt"] == "mine" and not first["meta"]["cached"]
        assert first["meta"]["template_hash"] == load_prompt("mine").template_hash
        assert _summarize(cwd, server, "b.jsonl")["meta"]["cached"]
        mine.write_text(mine.read_text() + "\n# edited\n")  # other bytes: another key
        edited = _summarize(cwd, server, "c.jsonl")
        assert not edited["meta"]["cached"]
        assert edited["meta"]["template_hash"] != first["meta"]["template_hash"]
        assert len(server.requests) == 2


def test_template_hash_follows_the_file(tmp_path: Path) -> None:
    path = _write(tmp_path / "mine.v1.toml", MINIMAL.format(version=1))
    first = load_prompt(str(path)).template_hash
    assert load_prompt(str(path)).template_hash == first
    path.write_text(MINIMAL.format(version=1) + 'description = "changed"\n', encoding="utf-8")
    assert load_prompt(str(path)).template_hash != first


@pytest.mark.parametrize(
    "text, message",
    [
        pytest.param(
            MINIMAL.format(version=1) + "temprature = 0.2\n",
            "temprature: Extra inputs are not permitted",
            id="unknown-key",
        ),
        pytest.param(
            MINIMAL.format(version=1) + '[[examples]]\nabstract = "x"\nanswer = {}\nnote = "y"\n',
            "examples.0.note",
            id="unknown-key-in-example",
        ),
        pytest.param(MINIMAL.format(version=0), "version", id="version-0"),
        pytest.param('name = "mine"\nversion = 1\nsystem = "s"\n', "user", id="missing-user"),
        pytest.param(
            MINIMAL.format(version=1) + 'strategy = "magic"\n', "strategy", id="bad-strategy"
        ),
        pytest.param("name = = 1\n", "not valid TOML", id="bad-toml"),
        pytest.param(
            MINIMAL.format(version=1).replace("{{ abstract }}", "{{ abstract }"),
            "mine.v1",
            id="broken-jinja",
        ),
    ],
)
def test_bad_template_file_is_refused(tmp_path: Path, text: str, message: str) -> None:
    path = _write(tmp_path / "mine.v1.toml", text)
    with pytest.raises(PromptError, match=message.replace(".", r"\.")):
        load_prompt(str(path))


# --- rendering -------------------------------------------------------------------------------


def _prompt_with_user(tmp_path: Path, user: str) -> object:
    text = MINIMAL.format(version=1).replace('"Abstract: {{ abstract }}"', f"'''{user}'''")
    return load_prompt(str(_write(tmp_path / "mine.v1.toml", text)))


def test_undefined_variable_is_an_error(tmp_path: Path) -> None:
    prompt = _prompt_with_user(tmp_path, "{{ abstract }} {{ venue }}")
    with pytest.raises(PromptError, match="venue"):
        prompt.render(VARS, [])  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "user",
    [
        pytest.param("{{ ''.__class__.__mro__[1].__subclasses__() }}", id="subclasses"),
        pytest.param("{{ abstract.__class__.__init__.__globals__ }}", id="globals"),
    ],
)
def test_sandbox_escape_is_refused(tmp_path: Path, user: str) -> None:
    prompt = _prompt_with_user(tmp_path, user)
    with pytest.raises(PromptError, match="failed to render: access to attribute .* is unsafe"):
        prompt.render(VARS, [])  # type: ignore[attr-defined]


def test_abstract_is_in_the_last_message_after_examples() -> None:
    prompt = load_prompt("candidates")
    paper = Paper(id="x", abstract=ABSTRACT, title="A title")
    messages = plan(paper, prompt, PaperSummary).messages
    assert ABSTRACT in messages[-1]["content"]
    assert messages[-1]["role"] == "user"
    assert all(ABSTRACT not in m["content"] for m in messages[:-1])
    # The default prompt's worked examples come first, as user/assistant turns.
    roles = [m["role"] for m in messages]
    assert roles == ["system"] + ["user", "assistant"] * len(prompt.spec.examples) + ["user"]
    assert "ImbSAM" in messages[-1]["content"].split("Candidate names:")[1]


def test_messages_hash_changes_with_the_abstract() -> None:
    prompt = load_prompt("naive")
    one = prompt.render(VARS, [])
    again = prompt.render(dict(VARS), [])
    other = prompt.render({**VARS, "abstract": ABSTRACT + " More."}, [])
    assert messages_hash(one) == messages_hash(again)
    assert messages_hash(one) != messages_hash(other)
    assert len(messages_hash(one)) == 16


# --- the per-abstract answer model -----------------------------------------------------------


def test_answer_model_enum_is_exactly_the_names() -> None:
    names = ("ImbSAM", "ImageNet-LT", "SAM")
    schema = answer_model(names).model_json_schema()
    props = schema["properties"]
    for field in ("introduces", "datasets"):
        assert props[field]["type"] == "array"
        assert props[field]["items"]["enum"] == list(names)
    assert props["introduces"]["maxItems"] == 3
    assert sorted(schema["required"]) == sorted(MODEL_FIELDS)
    assert set(props) == set(MODEL_FIELDS)
    assert "results" not in props and "code_url" not in props


def test_answer_model_without_names_allows_no_items() -> None:
    schema = answer_model(()).model_json_schema()
    for field in ("introduces", "datasets"):
        assert schema["properties"][field]["maxItems"] == 0
        assert "enum" not in schema["properties"][field]["items"]
    assert sorted(schema["required"]) == sorted(MODEL_FIELDS)


def test_answer_model_refuses_a_name_outside_the_enum() -> None:
    from pydantic import ValidationError

    model = answer_model(("ImbSAM",))
    answer = {
        "tldr": "A method.",
        "problem": "A gap.",
        "contribution_types": ["method"],
        "introduces": ["FlatNet"],
        "datasets": [],
        "tasks": [],
        "domain": "other",
        "keywords": ["a", "b", "c"],
    }
    with pytest.raises(ValidationError, match="Input should be 'ImbSAM'") as caught:
        model.model_validate(answer)
    assert [e["loc"] for e in caught.value.errors()] == [("introduces", 0)]
    assert model.model_validate({**answer, "introduces": ["ImbSAM"]}).introduces == ["ImbSAM"]


def test_default_plan_chooses_result_subjects_knowing_the_papers_own_names_and_datasets() -> None:
    abstract = (
        "We propose GridSeg, a novel method for segmentation. Trained on CIFAR-10 and "
        "Cityscapes benchmarks, it reaches 81.2% mIoU, and Cityscapes alone gives 2,975 images."
    )
    paper = Paper(id="x", abstract=abstract, title=None)
    finished = plan(paper, load_prompt("default"), PaperSummary).finish(
        answer_model(()).model_construct()
    )
    assert finished["datasets"] == ["CIFAR-10", "Cityscapes"]
    subjects = {r["value"]: r["subject"] for r in finished["results"]}
    # no dataset is a subject; the paper's own name stands where no other name is before
    assert subjects == {"81.2%": "GridSeg", "2,975": "GridSeg"}


def _at_bound(text: str, filler: str, bound: int) -> str:
    """``text`` then ``filler`` repeated, cut at ``bound`` characters, then a full stop: what
    the grammar lets through when the model would have gone on."""
    return (text + filler * 40)[:bound] + "."


def test_a_sentence_stopped_at_the_grammar_bound_ends_at_a_whole_clause() -> None:
    from summarizer.schemas.prose_bounds import TEXT_BOUNDS, end_cleanly

    bound = TEXT_BOUNDS["tldr"]
    clause = (
        "propose a smoothness optimization algorithm for the recognition tasks of real-world "
        "data sets with long tails"
    )
    text = "The authors " + _at_bound(f"{clause}, which addresses ", "the tail classes ", bound)
    assert len(clause) > len(text) / 2  # the clause keeps at least half
    assert end_cleanly("tldr", text) == f"The authors {clause}."
    # no clause boundary: the last (maybe partial) word goes, then the words left dangling
    flat = "The authors " + _at_bound("study ", "models of vision and language on ", bound)
    ended = end_cleanly("tldr", flat)
    assert flat.startswith(ended[:-1]) and len(ended) < len(flat)
    assert ended[:-1].rsplit(" ", 1)[-1] in {"models", "vision", "language"}
    # a sentence that ended before the bound is the model's own ending
    short = "The authors propose a method, which works."
    assert end_cleanly("tldr", short) == short
    first = (
        "Models trained on a stream of tasks forget the classes of earlier tasks when they learn "
        "new ones from their data"
    )
    problem = _at_bound(f"{first}; and ", "need more memory ", TEXT_BOUNDS["problem"])
    assert end_cleanly("problem", problem) == f"{first}."
    assert end_cleanly("keywords", problem) == problem  # only the bounded fields


def test_the_default_plan_ends_a_cut_tldr_cleanly() -> None:
    from summarizer.prompting.strategy import TEXT_BOUNDS, text_model

    made = (
        "propose GridSeg, a grid-based method for the segmentation of large aerial images that "
        "come from satellites"
    )
    tldr = "The authors " + _at_bound(
        f"{made}, and test ", "it on many images ", TEXT_BOUNDS["tldr"]
    )
    answer = text_model().model_construct(
        tldr=tldr, problem="Segmentation is slow.", keywords=["a", "b", "c"]
    )
    abstract = "We propose GridSeg, a novel method for segmentation."
    paper = Paper(id="x", abstract=abstract, title=None)
    finished = plan(paper, load_prompt("default"), PaperSummary).finish(answer)
    assert finished["tldr"] == f"The authors {made}."
    assert finished["problem"] == "Segmentation is slow."


# --- a template cannot build a huge prompt ---------------------------------------------------

_BIG = "{% set x = 'A' * 100000 %}"


@pytest.mark.parametrize(
    "user",
    [
        pytest.param("{{ 'A' * 200000000 }}", id="string-times-int"),
        pytest.param("{{ 200000000 * 'A' }}", id="int-times-string"),
        pytest.param(_BIG + "{% set l = [x] * 100000 %}{{ l }}", id="list-of-one-big-string"),
        pytest.param(_BIG + "{% set y = x ~ x ~ x %}{{ y|length }}", id="tilde-concat"),
        pytest.param(_BIG + "{{ x + x + x }}", id="plus"),
        pytest.param("{% for i in range(100000) %}{{ abstract }}{% endfor %}", id="loop-output"),
        pytest.param(
            "{% set y %}{% for i in range(100000) %}{{ abstract }}{% endfor %}{% endset %}"
            "{{ y|length }}",
            id="block-set-buffer",
        ),
        pytest.param(
            "{% macro m() %}{% for i in range(100000) %}{{ abstract }}{% endfor %}{% endmacro %}"
            "{{ m()|length }}",
            id="macro-buffer",
        ),
        pytest.param("{{ abstract|replace('', abstract) }}", id="replace-filter"),
        pytest.param("{{ abstract.replace('', abstract) }}", id="replace-method"),
        pytest.param("{{ ([abstract] * 50)|join }}", id="join-filter"),
        pytest.param("{{ ''.join([abstract] * 50) }}", id="join-method"),
        pytest.param("{{ 'a'|center(999999999) }}", id="center-width"),
        pytest.param("{{ ('x\n' * 50000)|indent(1000) }}", id="indent"),
        pytest.param("{{ '%999999999d' % 1 }}", id="percent-width"),
        pytest.param("{{ '{:>999999999}'.format(1) }}", id="format-width"),
        pytest.param("{{ lipsum(n=1000000) }}", id="lipsum"),
        pytest.param("{{ 2 ** 999999999 }}", id="huge-power"),
        pytest.param(
            "{% set a = [abstract, abstract, abstract, abstract] %}{% set b = [a, a, a, a] %}"
            "{% set c = [b, b, b, b] %}{% set d = [c, c, c, c] %}{{ d }}",
            id="nested-literals",
        ),
    ],
)
def test_a_template_cannot_build_a_huge_prompt(tmp_path: Path, user: str) -> None:
    import time
    import tracemalloc

    prompt = _prompt_with_user(tmp_path, user)
    variables = {**VARS, "abstract": "word " * 4000}
    tracemalloc.start()
    started = time.perf_counter()
    try:
        with pytest.raises(PromptError, match="failed to render: the template"):
            prompt.render(variables, [])  # type: ignore[attr-defined]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20_000_000, f"{peak:,} bytes built before the refusal"
    assert time.perf_counter() - started < 10


def test_the_bound_leaves_room_for_the_abstract_and_an_ordinary_template(tmp_path: Path) -> None:
    from summarizer.prompting.sandbox import TEMPLATE_BUDGET

    user = (
        "{{ '-' * 80 }}\n{% for n in names %}- {{ n|upper }}\n{% endfor %}"
        "{{ names|join(', ') }} {{ abstract|truncate(50000) }}\n{{ ('x' * 1000) ~ abstract }}"
    )
    prompt = _prompt_with_user(tmp_path, user)
    variables = {**VARS, "abstract": "word " * 20_000}  # a 100,000-character abstract
    content = prompt.render(variables, [])[-1]["content"]  # type: ignore[attr-defined]
    assert "IMBSAM" in content and len(content) > 150_000
    assert len(content) < TEMPLATE_BUDGET + 2 * len(variables["abstract"])
