"""Prompt templates: versioned TOML files rendered with sandboxed Jinja2.

A template file ``NAME.vN.toml`` (a released version, known as ``NAME.vN``) or ``NAME.toml``
(the user's own, unversioned, known as ``NAME``: its file name is its name) holds the system
text, the user text (a Jinja2 template; the abstract goes last so that a server that reuses
the prompt prefix evaluates the fixed part once), optional worked examples, and the strategy:

- ``candidates``: code finds the candidate names, numbers and URLs; the model picks
  names from the candidates (an enum in the per-abstract schema, enforced by the
  engine's grammar where it has one) and writes the free-text fields; ``results`` and
  ``code_url`` come from code.
- ``cues``: as ``candidates``, but code also picks the new names, the datasets, the
  domain, the contribution types and the tasks from the abstract's wording; the model
  writes the free-text fields (tldr, problem, and keywords unless ``keywords = "code"``
  has code choose them).
- ``free``: the model writes every field; grounding is checked and re-asked.

``reask`` turns instructor's re-asks on validation errors on or off (``max_retries``
of them; at temperature 0 sampled tries follow, and ``greedy_reasks = false`` skips the
greedy re-asks, which tend to repeat the failed answer); ``ground = "drop"`` drops
ungrounded items instead of re-asking for them; ``repair = true`` keeps the first sentence
of a free-text field written as several instead of re-asking; ``grammar = false`` keeps the
schema out of the engine's decoder even where it could constrain it.

Templates are looked up by name in ``./prompts``, the user's config directory
(``~/.config/summarizer/prompts``) and the bundled ones, or taken from a path. Whatever the
name, the hash of the file's bytes goes into every record and the cache key.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tomllib
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from jinja2 import TemplateError
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..errors import PromptError
from .sandbox import TEMPLATE_BUDGET, BoundedSandbox, budget, deadline, weight

_ENV = BoundedSandbox(autoescape=False, keep_trailing_newline=False)
# What a template's own mistakes raise while it renders ('a' + 1, 1 / 0, deep recursion).
_RENDER_ERRORS = (TemplateError, ArithmeticError, TypeError, ValueError, RecursionError)
_FILE = re.compile(r"^(?P<name>[A-Za-z0-9_\-]+)\.v(?P<version>\d+)\.toml$")
_UNVERSIONED = re.compile(r"^[A-Za-z0-9_\-]+\.toml$")
_RULE = (
    "a prompt is found by name as NAME.toml or NAME.vN.toml (NAME of letters, digits, '-' "
    "and '_') in {dirs}; or pass the path of a .toml file"
)


class Example(BaseModel):
    """A worked example: an abstract and the answer the model should give for it."""

    model_config = ConfigDict(extra="forbid")

    abstract: str
    answer: dict[str, Any]


class PromptSpec(BaseModel):
    """The contents of one prompt template file."""

    model_config = ConfigDict(extra="forbid")

    # Required in a versioned file; an unversioned file is named by its file name instead.
    name: str | None = None
    version: int | None = Field(default=None, ge=1)
    description: str = ""
    strategy: Literal["cues", "candidates", "free"] = "free"
    reask: bool = True
    max_retries: int = Field(default=2, ge=0, le=10)
    ground: Literal["reask", "drop"] = "reask"
    repair: bool = False
    grammar: bool = True
    #: Under ``cues``: the model also chooses, among the phrases of each number's sentence,
    #: the metric of every number the rules leave without one, in the same request.
    bind_metrics: bool = False
    #: Under ``cues``: who writes ``keywords``, the model in its answer or code
    #: (:func:`summarizer.rules.keywords.choose_keywords`), which leaves them out of it.
    keywords: Literal["model", "code"] = "model"
    #: At temperature 0, whether a failed answer is first re-asked greedily (``max_retries``
    #: times, with the errors in the conversation) before the sampled tries; ``false`` goes
    #: to the sampled tries at once.
    greedy_reasks: bool = True
    system: str
    user: str
    examples: list[Example] = Field(default_factory=list)

    def first_retries(self, retries: int, temperature: float) -> int:
        """The re-asks of an abstract's first request: none at temperature 0 with
        ``greedy_reasks = false``, so that a failed greedy answer goes straight to the
        sampled tries; else ``retries``."""
        return 0 if temperature == 0 and not self.greedy_reasks else retries

    @model_validator(mode="after")
    def _code_keywords_need_cues(self) -> PromptSpec:
        if self.keywords == "code" and self.strategy != "cues":
            raise ValueError('keywords = "code" needs strategy = "cues"')
        return self


@dataclass(frozen=True)
class Prompt:
    """A loaded template: its spec, where it came from, and the hash of its file."""

    spec: PromptSpec
    path: str
    template_hash: str

    @property
    def name(self) -> str:
        """The prompt's name: ``default`` for ``default.v1``, ``mine`` for ``mine.toml``."""
        return self.spec.name or Path(self.path).stem

    @property
    def id(self) -> str:
        """What records call it: ``NAME.vN`` for a versioned file, ``NAME`` for another."""
        if self.spec.version is None:
            return self.name
        return f"{self.name}.v{self.spec.version}"

    @cached_property
    def _templates(self) -> tuple[Any, Any]:
        try:
            return _ENV.from_string(self.spec.system), _ENV.from_string(self.spec.user)
        except TemplateError as exc:
            raise PromptError(f"prompt {self.id} ({self.path}): {exc}") from exc

    def render(self, variables: dict[str, Any], examples: list[tuple[dict, dict]]) -> list[dict]:
        """The chat messages for one abstract.

        Args:
            variables: template variables for the abstract (``abstract``, ``title``,
                ``names``, ...).
            examples: (variables, answer) pairs for the worked examples, rendered as
                user/assistant turns before the abstract.
        """
        system, user = self._templates

        def render(template: Any, values: dict[str, Any]) -> str:
            # A template may add TEMPLATE_BUDGET characters to what it is given, no more.
            given = variable_weight if values is variables else weight(values, limit=1 << 62)
            with budget(TEMPLATE_BUDGET + given), deadline():
                return template.render(**values).strip()

        variable_weight = weight(variables, limit=1 << 62)

        try:
            messages = [{"role": "system", "content": render(system, variables)}]
            for example_vars, answer in examples:
                messages.append({"role": "user", "content": render(user, example_vars)})
                messages.append(
                    {"role": "assistant", "content": json.dumps(answer, ensure_ascii=False)}
                )
            messages.append({"role": "user", "content": render(user, variables)})
        except _RENDER_ERRORS as exc:
            raise PromptError(f"prompt {self.id} ({self.path}) failed to render: {exc}") from exc
        return messages


def messages_hash(messages: list[dict]) -> str:
    """The hash of rendered messages (first 16 hex digits of a sha256)."""
    blob = json.dumps(messages, sort_keys=True, ensure_ascii=False).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


def _bundled_dir() -> Path | None:
    bundled = resources.files("summarizer") / "_bundled" / "prompts"
    if bundled.is_dir():
        return Path(str(bundled))
    checkout = Path(__file__).resolve().parents[2] / "prompts"
    return checkout if checkout.is_dir() else None


def search_dirs() -> list[Path]:
    """Where prompt names are looked up, first match wins."""
    config_home = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    dirs = [Path.cwd() / "prompts", config_home / "summarizer" / "prompts"]
    bundled = _bundled_dir()
    if bundled:
        dirs.append(bundled)
    return dirs


def available() -> dict[str, Path]:
    """Every prompt id (``NAME.vN``, or ``NAME`` for an unversioned file) that can be loaded
    by name, and its file; a file earlier in :func:`search_dirs` shadows a later one."""
    found: dict[str, Path] = {}
    for directory in reversed(search_dirs()):
        if directory.is_dir():
            for path in sorted(directory.glob("*.toml")):
                if _UNVERSIONED.match(path.name) or _FILE.match(path.name):
                    found[path.stem] = path
    return found


def _misnamed() -> list[Path]:
    """The .toml files of the search dirs that no name can reach (``my.prompt.toml``)."""
    return [
        path
        for directory in search_dirs()
        if directory.is_dir()
        for path in sorted(directory.glob("*.toml"))
        if not (_UNVERSIONED.match(path.name) or _FILE.match(path.name))
    ]


def _resolve(ref: str) -> Path:
    path = Path(ref)
    if path.suffix == ".toml" or os.sep in ref:
        if not path.is_file():
            raise PromptError(f"prompt file {ref} does not exist")
        return path
    files = available()
    if ref in files:
        return files[ref]
    versions = []
    for file in files.values():
        match = _FILE.match(file.name)
        if match and match["name"] == ref:
            versions.append((int(match["version"]), file))
    if not versions:
        names = ", ".join(sorted(files)) or "none"
        dirs = ", ".join(str(d) for d in search_dirs()[:2]) + " or the bundled prompts"
        unreachable = "".join(f"; {p} does not follow that rule" for p in _misnamed()[:3])
        raise PromptError(
            f"no prompt named {ref!r} (available: {names}); {_RULE.format(dirs=dirs)}{unreachable}"
        )
    return max(versions)[1]


def origin_note(ref: str) -> str | None:
    """A line to show when the prompt ``ref`` names comes from the working directory's
    ``prompts/`` (a cloned folder can bring one that shadows the bundled prompt), else None."""
    path = Path(ref)
    if path.suffix == ".toml" or os.sep in ref:
        return None  # a file the user named
    try:
        found = _resolve(ref)
    except PromptError:
        return None  # the run reports it
    local = Path.cwd() / "prompts"
    bundled = _bundled_dir()
    if found.parent.resolve() != local.resolve():
        return None
    if bundled is not None and local.resolve() == bundled.resolve():
        return None  # the checkout's own prompts, run from its root
    name = found.name.split(".")[0]
    shadows = bundled is not None and any(
        p.name.split(".")[0] == name for p in bundled.glob("*.toml")
    )
    what = f"instead of the bundled {name!r} prompt" if shadows else "not from the package"
    return f"prompt {ref!r} is read from {found} in the working directory, {what}"


def load_prompt(ref: str) -> Prompt:
    """Load a prompt by name (``default``, ``default.v1``, ``mine``) or by path to a .toml file.

    A file named ``NAME.vN.toml`` must give its ``name`` and ``version``. Any other file is
    unversioned and known by its file name: ``mine.toml`` is ``mine`` in records, whatever
    name and version it holds (a copy of ``default.v1.toml`` still says ``default``).

    Raises:
        PromptError: no such prompt, or the file is not a valid template.
    """
    path = _resolve(ref)
    raw = path.read_bytes()
    try:
        data = tomllib.loads(raw.decode("utf-8"))
        spec = PromptSpec.model_validate(data)
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise PromptError(f"prompt file {path} is not valid TOML: {exc}") from exc
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise PromptError(f"prompt file {path}: {where}: {first['msg']}") from exc
    if _FILE.match(path.name):
        missing = [field for field in ("name", "version") if getattr(spec, field) is None]
        if missing:
            raise PromptError(
                f"prompt file {path}: {missing[0]}: Field required (a versioned file, "
                "NAME.vN.toml, gives its name and version; rename it NAME.toml to leave "
                "them out)"
            )
    else:
        spec = spec.model_copy(update={"name": None, "version": None})
    prompt = Prompt(spec=spec, path=str(path), template_hash=hashlib.sha256(raw).hexdigest()[:16])
    prompt._templates  # noqa: B018  (fail on a broken template at load time)
    return prompt
