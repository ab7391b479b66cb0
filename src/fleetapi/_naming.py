"""The naming rule, once: a call's path names it in the SDK and on the command line.

Standard library only, so that the command line can apply it before anything else loads.
"""

from __future__ import annotations

import keyword

__all__ = ["cli_words", "sdk_attribute"]


def sdk_attribute(segment: str) -> str:
    """The Python attribute for one segment of a path: the segment itself, with a trailing
    underscore when it is a keyword (``data/import/list`` is ``client.data.import_.list``)."""
    return f"{segment}_" if keyword.iskeyword(segment) else segment


def cli_words(path: str) -> tuple[str, ...]:
    """The ``fleet`` command of the call ``path``: its segments in kebab case
    (``("tracker", "counter", "value", "get")``, ``("tracker", "get-state")``)."""
    return tuple(segment.replace("_", "-") for segment in path.split("/"))
