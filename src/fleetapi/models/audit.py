"""The audit log (``user/audit/*``): what the account's sub-users did, for its master user."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset

__all__ = [
    "AUDIT_SORT_FIELDS",
    "MAX_AUDIT_ENTRIES",
    "AuditEntry",
    "AuditGrouping",
    "AuditLogListParams",
]

AuditGrouping = Literal["user", "action_date", "action", "default"]
"""How the entries are grouped: by sub-user, by day, by action, or not (``default``)."""

MAX_AUDIT_ENTRIES = 10_000
"""The most entries the mock's world keeps in its audit log (the oldest go first)."""

AUDIT_SORT_FIELDS = ("action", "action_date", "action_datetime", "user", "host")
"""What ``sort`` orders by (``user``: the sub-user's names; ``action_date``: the day alone)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class AuditLogListParams:
    """Parameters of ``user/audit/log/list``."""

    from_: dt.datetime
    """Entries from then on."""
    to: dt.datetime
    """Entries up to then."""
    subuser_ids: list[int] | Unset = UNSET
    """Only these sub-users' entries."""
    actions: list[str] | Unset = UNSET
    """Only these actions (``create``, ``checkin``...)."""
    limit: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """At most this many (a page)."""
    offset: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Skip this many first."""
    sort: list[str] | Unset = attrs.field(default=UNSET, metadata=rules(max_items=5))
    """``<field>=asc`` or ``=desc`` items (``["action_date=asc", "user=desc"]``); by
    ``action_date`` by default."""
    grouping: AuditGrouping = "default"
    """Entries of a group together, the groups in the order of ``sort``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class AuditEntry:
    """What a sub-user did."""

    id: int
    user_id: int
    """The master user of the account."""
    subuser_id: int
    """The sub-user who did it."""
    entry_category: str
    """What kind of object it touched (``task``, ``zone``, ``user``...)."""
    entry_id: int | None
    """The object, when the call names or makes one."""
    action: str
    """What it did (``create``, ``update``, ``checkin``...)."""
    payload: dict[str, Any] | None
    """The call's parameters, secrets masked, where it had some."""
    host: str
    """The address the request came from."""
    user_agent: str
    action_date: dt.datetime
    """When."""
