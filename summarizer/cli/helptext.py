"""Help that reads as words: ``FILE...``, ``TEXT``, ``INTEGER``, and nothing after a flag.

typer marks a value with its Python type (``<str>``, ``<int range>``, ``<list[str]>``), a flag
with ``<bool>``, and a required argument in the usage line with braces (``{inputs}...``).
:class:`WordedGroup`, the root command's class, gives every command under it parameters that
name their values the way command-line tools do: a metavar where one is given, else a word
for the type (``TEXT``, ``INTEGER``, ``NUMBER``, ``PATH``), the choices of a choice, nothing
for a flag, and ``NAME...`` or ``[NAME]...`` for arguments in the usage line.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from typer.core import TyperArgument, TyperGroup, TyperOption

__all__ = ["WordedGroup", "type_word"]

_WORDS = {"str": "TEXT", "int": "INTEGER", "float": "NUMBER", "bool": "BOOLEAN"}


def type_word(param: TyperArgument | TyperOption) -> str:
    """The word for the value ``param`` takes: ``a|b`` for choices, else ``TEXT``, ``PATH``..."""
    desc = param.type_descriptor
    if desc.is_choice:
        return "|".join(str(getattr(c, "value", c)) for c in desc.choices or ())
    if desc.is_path or desc.is_file:
        return "PATH"
    annotation = desc.annotation
    if desc.is_list or desc.is_tuple:
        annotation = next(iter(getattr(annotation, "__args__", ())), str)
    name = getattr(annotation, "__name__", "str")
    if name in {"Path", "PurePath"}:
        return "PATH"
    return _WORDS.get(name, name.upper())


class _WordedOption(TyperOption):
    """An option whose help names its value in a word, and a flag's nothing."""

    __slots__ = ()

    def display_type_rich(self, ctx: Any) -> str | None:
        if self.is_flag or self.count:
            return None
        word = self.metavar or type_word(self)
        return word + "..." if self.nargs != 1 and not self.metavar else word


class _WordedArgument(TyperArgument):
    """An argument named in capitals (or by its metavar), ``...`` after one that repeats."""

    __slots__ = ()

    def _name(self) -> str:
        return self.metavar or (self.name or "").upper()

    def _rich_display_name(self) -> str:
        return self._name() + ("..." if self.nargs != 1 else "")

    def _usage_display_name(self) -> str:
        name = self._name() if self.required else f"[{self._name()}]"
        return name + ("..." if self.nargs != 1 else "")

    def display_type_rich(self, ctx: Any) -> str | None:
        return None if self.metavar else type_word(self)


_CLASSES: dict[type, type] = {TyperOption: _WordedOption, TyperArgument: _WordedArgument}


def _reword(param: Any) -> Any:
    worded = _CLASSES.get(type(param))
    if worded is not None:
        param.__class__ = worded  # the same object: its cached state and identity stay
    return param


@cache
def _worded(cls: type) -> type:
    """``cls`` with worded parameters (the help option too): a subclass that adds no slots,
    so that a command built by typer can be given it in place."""
    if getattr(cls, "_worded", False):
        return cls

    def get_params(self: Any, ctx: Any) -> list[Any]:
        return [_reword(p) for p in cls.get_params(self, ctx)]

    return type(cls.__name__, (cls,), {"__slots__": (), "_worded": True, "get_params": get_params})


def _reword_tree(command: Any) -> None:
    command.__class__ = _worded(type(command))
    for sub in getattr(command, "commands", {}).values():
        _reword_tree(sub)


class WordedGroup(TyperGroup):
    """The root command's class: every command under it gets worded help."""

    _worded = True

    def get_params(self, ctx: Any) -> list[Any]:
        return [_reword(p) for p in super().get_params(ctx)]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for sub in self.commands.values():
            _reword_tree(sub)
