"""HTML pages from Jinja2 templates with autoescape: every value is escaped unless it is
markup built on purpose (:class:`~markupsafe.Markup`, such as a highlighted abstract).

Values are escaped with :func:`html.escape` (quotes included), the way the pieces built in
Python are, so a page reads the same whichever side escaped a value.
"""

from __future__ import annotations

import functools
from html import escape
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup


def _escaped(value: Any) -> Markup:
    return value if isinstance(value, Markup) else Markup(escape(str(value), quote=True))


@functools.cache
def environment(package: str) -> Environment:
    """The template environment of ``package``'s ``templates`` folder."""
    return Environment(
        loader=PackageLoader(package, "templates"),
        autoescape=True,
        finalize=_escaped,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def render(package: str, template: str, **values: Any) -> str:
    """The template ``template`` of ``package`` rendered with ``values``."""
    return environment(package).get_template(template).render(**values)
