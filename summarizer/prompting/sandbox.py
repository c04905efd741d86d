"""The Jinja2 sandbox that prompt templates render in, with a bound on what they can build.

A template comes from a file anyone can put in ``./prompts``, so it is untrusted code twice
over: Jinja2's :class:`~jinja2.sandbox.SandboxedEnvironment` keeps it away from Python's
internals, and this module keeps it from building a huge string (``{{ 'A' * 200000000 }}``)
or a huge output. Every way a template makes text is bounded by the budget of the render in
progress (:func:`budget`): the operators ``*``, ``**``, ``+``, ``%`` and ``~``, the output
itself and every buffer (``{% set %}`` blocks, macros, filter blocks), method calls and
filters. What would go over is refused *before* it is built: a :class:`TemplateBudgetError`.

Time is bounded too: a render has a deadline (:func:`deadline`, :data:`RENDER_SECONDS` by
default). Every loop checks it as it goes (each ``{% for %}`` iterates through
:meth:`BoundedSandbox.ticked`), and so does every call, operator and filter, so that two
nested loops over 100,000 items stop within the deadline with a :class:`TemplateTimeoutError`
instead of running for hours. A render that hogs the thread would also hold back Ctrl-C,
which asyncio delivers to the event loop; the deadline is what lets it through.
"""

from __future__ import annotations

import contextvars
import functools
import re
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from jinja2 import StrictUndefined, nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.exceptions import TemplateRuntimeError
from jinja2.nodes import Concat
from jinja2.sandbox import ImmutableSandboxedEnvironment

#: Characters a template may build beyond what it is given (the abstract and its candidates).
TEMPLATE_BUDGET = 200_000
#: Bits of an integer a template may compute (``2 ** 10 ** 9`` would take seconds and 125 MB).
MAX_INT_BITS = 4096
#: Seconds one render may take; a prompt renders in well under a millisecond.
RENDER_SECONDS = 2.0
#: Loop iterations between two looks at the clock.
_TICKS = 256

_budget: contextvars.ContextVar[int] = contextvars.ContextVar(
    "summarizer_template_budget", default=TEMPLATE_BUDGET
)
_deadline: contextvars.ContextVar[float] = contextvars.ContextVar(
    "summarizer_template_deadline", default=float("inf")
)
_DIGITS = re.compile(r"\d+")


class TemplateBudgetError(TemplateRuntimeError):
    """A template tried to build more text than its render may produce."""


class TemplateTimeoutError(TemplateBudgetError):
    """A template ran past its render's deadline."""


@contextmanager
def deadline(seconds: float = RENDER_SECONDS) -> Iterator[None]:
    """Stop the renders inside once ``seconds`` have passed since entering."""
    token = _deadline.set(time.monotonic() + seconds)
    try:
        yield
    finally:
        _deadline.reset(token)


def _tick() -> None:
    if time.monotonic() > _deadline.get():
        raise TemplateTimeoutError(
            "the template ran past its deadline of "
            f"{RENDER_SECONDS:g} s for one message; a prompt needs no such loop"
        )


@contextmanager
def budget(chars: int) -> Iterator[None]:
    """Bound every string, list and the output of the renders inside to ``chars``."""
    token = _budget.set(chars)
    try:
        yield
    finally:
        _budget.reset(token)


def _refuse(what: str, size: int) -> TemplateBudgetError:
    return TemplateBudgetError(
        f"the template would build {what} of {size:,} characters or items, over the bound of "
        f"{_budget.get():,} for one message; a prompt needs no such text"
    )


def weight(value: Any, limit: int | None = None) -> int:
    """What ``value`` costs as text: characters of its strings, plus one per container item.

    A list that holds one string 1,000 times weighs 1,000 times that string, because that is
    what printing or joining it builds. Counting stops soon after ``limit`` (the budget by
    default), so that a deeply shared structure costs no more to weigh than the budget.
    """
    limit = _budget.get() if limit is None else limit
    total, stack = 0, [value]
    while stack and total <= limit:
        item = stack.pop()
        if isinstance(item, str | bytes):
            total += len(item)
        elif isinstance(item, dict):
            total += 1 + len(item)
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            total += 1 + len(item)
            stack.extend(item)
    return total


def _check(value: Any, what: str = "a value") -> Any:
    size = weight(value)
    if size > _budget.get():
        raise _refuse(what, size)
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
        raise TemplateBudgetError(f"the template computes an integer of over {MAX_INT_BITS} bits")
    return value


def _check_output(value: Any) -> Any:
    # ``{{ value }}`` turns the value into text: weigh it before it is.
    return _check(value, "an output")


def _check_count(count: Any, what: str) -> None:
    if isinstance(count, int) and not isinstance(count, bool) and count > _budget.get():
        raise _refuse(what, count)


def _check_format(fmt: Any) -> None:
    # A width or precision inside the format ('%999999999d', '{:>999999999}') builds text too.
    if isinstance(fmt, str):
        for digits in _DIGITS.findall(fmt):
            if len(digits) > 9 or int(digits) > _budget.get():
                raise _refuse("a formatted field", int(digits[:12]))


def _joined_size(items: list[Any], separator: str) -> int:
    return weight(items) + len(separator) * max(len(items) - 1, 0)


def _replace_size(text: str, old: str, new: str, count: Any) -> int:
    found = len(text) + 1 if old == "" else text.count(old) if old else 0
    if isinstance(count, int) and count >= 0:
        found = min(found, count)
    return len(text) + found * (len(new) - len(old))


def _precheck_method(obj: Any, args: tuple[Any, ...]) -> tuple[Any, ...]:
    """Refuse a str method call whose result would exceed the budget; returns the args."""
    target = getattr(obj, "__wrapped__", obj)
    owner, name = getattr(target, "__self__", None), getattr(target, "__name__", "")
    if not isinstance(owner, str):
        return args
    if name in ("format", "format_map"):
        _check_format(owner)
    elif name == "join" and args:
        items = list(args[0])  # a generator is read once, here, and passed on as a list
        _check_count(_joined_size(items, owner), "a joined string")
        args = (items, *args[1:])
    elif name == "replace" and len(args) >= 2 and all(isinstance(a, str) for a in args[:2]):
        count = args[2] if len(args) > 2 else -1
        _check_count(_replace_size(owner, args[0], args[1], count), "a replaced string")
    elif name == "expandtabs":
        tab = args[0] if args and isinstance(args[0], int) else 8
        _check_count(len(owner) + owner.count("\t") * tab, "an expanded string")
    return args


def _precheck_filter(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple:
    """Refuse a filter call whose result would exceed the budget; returns the args."""
    if not args:
        return args
    value, rest = args[0], args[1:]
    _check(value, f"the {name} filter's input")
    if name == "join":
        items = list(value)  # a generator is read once, here, and passed on as a list
        separator = rest[0] if rest else kwargs.get("d", "")
        _check_count(_joined_size(items, str(separator)), "a joined string")
        return (items, *rest)
    if isinstance(value, str):
        if name == "replace" and len(rest) >= 2:
            count = rest[2] if len(rest) > 2 else kwargs.get("count", -1)
            size = _replace_size(value, str(rest[0]), str(rest[1]), count)
            _check_count(size, "a replaced string")
        elif name == "indent":
            width = rest[0] if rest else kwargs.get("width", 4)
            per_line = len(width) if isinstance(width, str) else int(width or 0)
            _check_count(len(value) + (value.count("\n") + 1) * per_line, "an indented string")
        elif name == "wordwrap":
            width = rest[0] if rest else kwargs.get("width", 79)
            wrap = rest[2] if len(rest) > 2 else kwargs.get("wrapstring") or "\n"
            lines = len(value) // max(int(width or 1), 1) + 1
            _check_count(len(value) + lines * len(str(wrap)), "a wrapped string")
        elif name == "format":
            _check_format(value)
    return args


def _bounded_filter(name: str, func: Callable[..., Any]) -> Callable[..., Any]:
    passes = getattr(func, "jinja_pass_arg", None)  # context, eval context or environment

    @functools.wraps(func)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        _tick()
        head, args = (args[:1], args[1:]) if passes is not None else ((), args)
        for value in (*args[1:], *kwargs.values()):
            _check_count(value, f"the {name} filter's argument")
        args = _precheck_filter(name, args, kwargs)
        return _check(func(*head, *args, **kwargs), f"the {name} filter's result")

    return bounded


class _BoundedCodeGenerator(CodeGenerator):
    """Compiles ``a ~ b`` to a bounded join instead of Jinja2's unbounded ``str_join``, and
    every ``{% for %}`` to iterate through :meth:`BoundedSandbox.ticked`."""

    def visit_For(self, node: nodes.For, frame: Frame) -> None:  # noqa: N802 - Jinja2's name
        node.iter = nodes.Call(
            nodes.EnvironmentAttribute("ticked"), [node.iter], [], None, None, lineno=node.lineno
        )
        super().visit_For(node, frame)

    def visit_Concat(self, node: Concat, frame: Frame) -> None:
        self.write("environment.bounded_concat((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """A sandbox in which nothing grows past the render's budget.

    Immutable: a template cannot append to a list or update a dict, so every value it makes
    comes from an operator, a call or a filter, and each of those is checked.
    """

    code_generator_class = _BoundedCodeGenerator
    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def __init__(self, **options: Any) -> None:
        super().__init__(undefined=StrictUndefined, finalize=_check_output, **options)
        self.filters = {name: _bounded_filter(name, f) for name, f in self.filters.items()}

    def ticked(self, iterable: Iterable[Any]) -> Iterator[Any]:
        """``iterable``, looking at the render's deadline every few items."""
        for count, item in enumerate(iterable):
            if not count % _TICKS:
                _tick()
            yield item

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        _tick()
        if operator == "*":
            for seq, count in ((left, right), (right, left)):
                if isinstance(count, int) and isinstance(seq, str | bytes | list | tuple):
                    _check_count(weight(seq) * count, "a repeated string")
            if isinstance(left, int) and isinstance(right, int):
                if left.bit_length() + right.bit_length() > MAX_INT_BITS:
                    raise TemplateBudgetError("the template multiplies integers too large")
        elif operator == "**" and isinstance(left, int) and isinstance(right, int):
            if abs(left) > 1 and right * left.bit_length() > MAX_INT_BITS:
                raise TemplateBudgetError("the template raises an integer to too high a power")
        elif operator == "+":
            _check_count(weight(left) + weight(right), "a joined value")
        elif operator == "%":
            _check_format(left)
        return _check(super().call_binop(context, operator, left, right))

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        _tick()
        for value in (*args, *kwargs.values()):
            _check_count(value, "a call's argument")
        args = _precheck_method(__obj, args)
        return _check(super().call(__context, __obj, *args, **kwargs), "a call's result")

    def bounded_concat(self, parts: Iterable[Any]) -> str:
        """``a ~ b ~ c``: the parts as strings, refused before joining if over budget."""
        parts = tuple(parts)
        _check_count(sum(weight(p) for p in parts), "a joined string")
        texts = [str(p) for p in parts]
        _check_count(sum(map(len, texts)), "a joined string")
        return "".join(texts)

    def concat(self, parts: Iterable[Any]) -> str:  # type: ignore[override]
        """Every buffer and the output: joined only while under budget."""
        limit, total, texts = _budget.get(), 0, []
        for part in parts:
            text = str(part)
            total += len(text)
            if total > limit:
                raise _refuse("an output", total)
            texts.append(text)
        return "".join(texts)
