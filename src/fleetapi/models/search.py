"""Search conditions: the ``conditions`` filter of ``task/list`` and ``tracker/location/link/list``.

The specification does not show the object; its shape comes from the service's documentation
(``NOTES.md``). A condition is a JSON object told apart by its ``type`` key:

* ``and`` / ``or`` join 2 to 60 nested ``conditions``;
* ``not`` negates one nested ``condition``;
* ``eq``, ``contains`` and ``in`` compare a ``field`` (a built-in field name or a custom field
  ID) with a ``value``;
* ``period`` keeps the entities whose date/time ``field`` lies within ``value`` (``from``,
  ``to``).

The top-level array of a call is AND-joined. A call accepts at most 60 conditions, nested ones
included.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, ClassVar

import attrs

from fleetapi._rules import rules
from fleetapi._types import tagged_union

__all__ = [
    "AndCondition",
    "ContainsCondition",
    "EqCondition",
    "InCondition",
    "NotCondition",
    "OrCondition",
    "Period",
    "PeriodCondition",
    "SearchCondition",
]


@attrs.frozen(kw_only=True, weakref_slot=False)
class Period:
    """A closed date/time interval: ``from`` and ``to``."""

    from_: dt.datetime
    to: dt.datetime


@attrs.frozen(kw_only=True, weakref_slot=False)
class AndCondition:
    """True when every nested condition holds (``{"type": "and", "conditions": [...]}``)."""

    TAG: ClassVar[str] = "and"

    conditions: list[SearchCondition] = attrs.field(metadata=rules(min_items=2, max_items=60))
    """2 to 60 conditions."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class OrCondition:
    """True when at least one nested condition holds (``{"type": "or", "conditions": [...]}``)."""

    TAG: ClassVar[str] = "or"

    conditions: list[SearchCondition] = attrs.field(metadata=rules(min_items=2, max_items=60))
    """2 to 60 conditions."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NotCondition:
    """True when the nested condition does not hold (``{"type": "not", "condition": {...}}``)."""

    TAG: ClassVar[str] = "not"

    condition: SearchCondition


@attrs.frozen(kw_only=True, weakref_slot=False)
class EqCondition:
    """The ``field`` equals the number ``value`` (text fields compare numerically too)."""

    TAG: ClassVar[str] = "eq"

    field: str
    """A built-in field name (``id``, ``employee``, ``form``...) or a custom field ID."""
    value: float
    """A number; IDs of linked entities (``employee``, ``form``) compare by this value."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ContainsCondition:
    """The ``field`` contains the text ``value`` (numbers match by their digits too)."""

    TAG: ClassVar[str] = "contains"

    field: str
    value: str = attrs.field(metadata=rules(min_length=1, max_length=760))
    """Not empty, at most 760 characters."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class InCondition:
    """The ``field`` equals one of the ``value`` items (``status`` in a set of statuses...)."""

    TAG: ClassVar[str] = "in"

    field: str
    value: list[Any]
    """JSON scalars: strings or numbers, as the field holds them."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class PeriodCondition:
    """The date/time ``field`` lies between ``value.from`` and ``value.to``."""

    TAG: ClassVar[str] = "period"

    field: str
    value: Period


SearchCondition = (
    AndCondition
    | OrCondition
    | NotCondition
    | EqCondition
    | ContainsCondition
    | InCondition
    | PeriodCondition
)
"""One search condition, told apart on the wire by its ``type`` key."""

tagged_union(SearchCondition, tag="type")
