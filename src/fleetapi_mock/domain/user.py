"""What the user calls share: the audit log of what sub-users do.

Every call a sub-user makes that changes something (a call not declared ``safe``) and
succeeds is written to the account's audit log by the router (:func:`audit`): its category is
the call's path without its action (``tracker/rule/create``: ``tracker_rule``), its action the
path's last word, its object the ID the call answers or names, its payload the parameters
with their secrets masked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from fleetapi._endpoint import Endpoint
from fleetapi.models.audit import MAX_AUDIT_ENTRIES
from fleetapi_mock.state.records import AuditRecord, UserRecord
from fleetapi_mock.state.world import World

__all__ = ["audit"]

_PAYLOAD_VALUE_CHARACTERS: Final = 256
"""A payload keeps text up to this long (the rest is cut)."""


def _kept(value: Any) -> Any:
    """A payload's value: scalars as they are (text cut short), the rest by its kind."""
    if isinstance(value, str):
        return value[:_PAYLOAD_VALUE_CHARACTERS]
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return "<object>" if isinstance(value, Mapping) else "<list>"


def audit(
    world: World,
    endpoint: Endpoint,
    user: UserRecord,
    fields: Mapping[str, Any],
    *,
    shown: Mapping[str, Any],
    answered_id: int | None,
    host: str,
    user_agent: str,
) -> None:
    """Write a sub-user's successful change to its account's audit log (``shown``: its
    fields with their secrets masked)."""
    category, _, action = endpoint.path.rpartition("/")
    named = fields.get(f"{category.rpartition('/')[2]}_id")
    entry_id = answered_id if answered_id is not None else named if isinstance(named, int) else None
    record = AuditRecord(
        id=world.ids.next("audit_log"),
        user_id=user.account_id,
        subuser_id=user.id,
        entry_category=category.replace("/", "_"),
        entry_id=entry_id,
        action=action,
        payload={k: _kept(v) for k, v in shown.items() if k != "hash"} or None,
        host=host,
        user_agent=user_agent[:_PAYLOAD_VALUE_CHARACTERS],
        action_date=world.now().replace(microsecond=0),
    )
    world.audit_log[record.id] = record
    while len(world.audit_log) > MAX_AUDIT_ENTRIES:
        del world.audit_log[next(iter(world.audit_log))]
