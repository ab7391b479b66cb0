"""The audit log of the account's sub-users."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fleetapi._endpoint import NoParams
from fleetapi._types import Unset
from fleetapi.endpoints.user import USER_AUDIT_CHECKIN, USER_AUDIT_LOG_LIST
from fleetapi.models.audit import AUDIT_SORT_FIELDS, AuditEntry, AuditLogListParams
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.search import page
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import AuditRecord, convert


def _keys(ctx: Context) -> dict[str, Callable[[AuditRecord], Any]]:
    """The sort key of each field ``sort`` and ``grouping`` name."""
    users = ctx.world.users

    def names(entry: AuditRecord) -> tuple[str, ...]:
        user = users.get(entry.subuser_id)
        if user is None:
            return ("", "", "")
        return (user.last_name, user.first_name, user.profile.middle_name)

    return {
        "action": lambda e: e.action,
        "action_date": lambda e: e.action_date.date(),
        "action_datetime": lambda e: e.action_date,
        "user": names,
        "host": lambda e: e.host,
    }


def _order(params: AuditLogListParams) -> list[tuple[str, bool]]:
    """The fields of ``sort`` with their direction (descending: true); 7 for another."""
    items = ["action_date=asc"] if isinstance(params.sort, Unset) else params.sort
    order = []
    for index, item in enumerate(items):
        field, _, direction = item.partition("=")
        if field not in AUDIT_SORT_FIELDS or direction not in ("asc", "desc"):
            known = ", ".join(AUDIT_SORT_FIELDS)
            raise invalid(f"sort[{index}]", f"<field>=asc or =desc, the field one of {known}")
        order.append((field, direction == "desc"))
    return order


@handles(USER_AUDIT_LOG_LIST)
def user_audit_log_list(ctx: Context, params: AuditLogListParams) -> list[AuditEntry]:
    """The account's entries of the period, filtered, sorted, grouped and paged."""
    start, end = ctx.period(params.from_, params.to)
    order = _order(params)
    wanted = None if isinstance(params.subuser_ids, Unset) else set(params.subuser_ids)
    actions = None if isinstance(params.actions, Unset) else set(params.actions)
    found = [
        e
        for e in ctx.owned(ctx.world.audit_log)
        if start <= e.action_date <= end
        and (wanted is None or e.subuser_id in wanted)
        and (actions is None or e.action in actions)
    ]
    keys = _keys(ctx)
    for field, descending in reversed(order):
        found.sort(key=keys[field], reverse=descending)
    if params.grouping != "default":
        group = keys[params.grouping]
        first: dict[Any, int] = {}
        for index, entry in enumerate(found):
            first.setdefault(group(entry), index)
        found.sort(key=lambda e: first[group(e)])
    shown = page(found, params.offset, params.limit)
    return [convert(AuditEntry, e, action_date=ctx.user_time(e.action_date)) for e in shown]


@handles(USER_AUDIT_CHECKIN)
def user_audit_checkin(ctx: Context, params: NoParams) -> None:
    """Nothing beside the audit entry the router writes for a sub-user."""
