"""``summarizer cache`` and ``summarizer engine``: the response cache and a long-lived engine."""

from __future__ import annotations

from typing import Annotated

import typer

from .options import CacheDir, EngineModel, ModelPath, cache_dir_of, layered_settings, out

cache_app = typer.Typer(help="Inspect or clear the response cache.", no_args_is_help=True)
engine_app = typer.Typer(
    help="Start, stop or show a long-lived local engine.", no_args_is_help=True
)


@cache_app.command("stats")
def cache_stats(cache_dir: CacheDir = None) -> None:
    """Show where the cache is and how big it is."""
    from ..run.cache import ResultCache

    cache = ResultCache(cache_dir_of(cache_dir))
    info = cache.stats()
    cache.close()
    out.print(
        f"directory  {info['directory']}\nentries    {info['entries']}\n"
        f"size       {info['bytes'] / 1e6:.2f} MB",
        soft_wrap=True,  # a path cut across lines cannot be copied
    )


@cache_app.command("clear")
def cache_clear(cache_dir: CacheDir = None) -> None:
    """Delete every cached response."""
    from ..run.cache import ResultCache

    cache = ResultCache(cache_dir_of(cache_dir))
    removed = cache.clear()  # also what SQLite cannot open: nothing in it is read
    if removed is None:
        out.print(
            f"removed the cache at {cache.directory} (unreadable, so not counted)",
            soft_wrap=True,  # a path cut across lines cannot be copied
        )
    else:
        out.print(f"removed {removed} cached responses")


@engine_app.command("start")
def engine_start(
    cache_dir: CacheDir = None,
    model_path: ModelPath = None,
    n_ctx: Annotated[int, typer.Option(help="Context window in tokens.")] = 4096,
    engine_model: EngineModel = None,
) -> None:
    """Start a local engine that stays up for later runs."""
    from ..engine.local import start_daemon

    chosen = layered_settings(cache_dir=cache_dir, engine_model=engine_model)
    info = start_daemon(chosen.cache_dir, model_path, n_ctx, engine_model=chosen.engine_model)
    out.print(f"engine running: {info.base_url} (model {info.model}, pid {info.pid})")


@engine_app.command("status")
def engine_status(cache_dir: CacheDir = None) -> None:
    """Show the long-lived local engine, if one is running."""
    from ..engine.local import running_engine

    info = running_engine(cache_dir_of(cache_dir))
    if info is None:
        out.print("no engine running")  # an answer, not an error: exit 0
        return
    out.print(
        f"engine running: {info.base_url}\nmodel {info.model} ({info.model_path})\n"
        f"pid {info.pid}, n_ctx {info.n_ctx}, since {info.started_at}"
    )


@engine_app.command("stop")
def engine_stop(cache_dir: CacheDir = None) -> None:
    """Stop the long-lived local engine."""
    from ..engine.local import stop_daemon

    stopped = stop_daemon(cache_dir_of(cache_dir))
    out.print("engine stopped" if stopped else "no engine was running")
