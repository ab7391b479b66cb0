"""Rules, and the trackers they are bound to.

Rules are the account's; a sub-user sees and binds only its own trackers, and sees only the
zones in its sight. The events rules
make as positions arrive are :mod:`fleetapi_mock.domain.rule`'s.
"""

from __future__ import annotations

import attrs

from fleetapi._errors import EntityMissingError, EntityNotFoundError, InvalidParametersError
from fleetapi._types import Unset
from fleetapi.endpoints.rule import (
    TRACKER_RULE_BIND,
    TRACKER_RULE_CREATE,
    TRACKER_RULE_DELETE,
    TRACKER_RULE_LIST,
    TRACKER_RULE_UNBIND,
    TRACKER_RULE_UPDATE,
)
from fleetapi.models.rule import (
    NewRule,
    Rule,
    RuleBindParams,
    RuleCreateParams,
    RuleDeleteParams,
    RuleListParams,
    RuleUpdateParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.rule import ZONE_RULES
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import RuleRecord, convert


def _visible(ctx: Context) -> set[int]:
    return {t.id for t in ctx.visible_trackers()}


def _hidden_zones(ctx: Context, zone_ids: list[int]) -> list[int]:
    """Those of ``zone_ids`` the caller may not see (a sub-user's unbound zones)."""
    return [z for z in zone_ids if ctx.visible_zone(z) is None]


def wire_rule(ctx: Context, record: RuleRecord) -> Rule:
    """The API's rule: the trackers and zones the caller may see; ``param`` 0 and
    ``suspended`` false when never given; ``zone_id`` the first zone (0 without)."""
    visible = _visible(ctx)
    hidden = set(_hidden_zones(ctx, record.zone_ids))
    zones = [z for z in record.zone_ids if z not in hidden]
    return convert(
        Rule,
        record,
        trackers=[t for t in record.trackers if t in visible],
        zone_ids=zones,
        param=0 if isinstance(record.param, Unset) else record.param,
        suspended=record.suspended is True,
        schedule=[] if isinstance(record.schedule, Unset) else record.schedule,
        zone_id=zones[0] if zones else 0,
    )


def _numbered(ctx: Context, rule: NewRule) -> NewRule:
    """``rule`` with each tracker once and an ``interval_id`` for each window of its
    schedule that has none (after the largest of the world's)."""
    schedule = rule.schedule
    if not isinstance(schedule, Unset):
        used = [
            i.interval_id
            for r in ctx.world.rules.values()
            if not isinstance(r.schedule, Unset)
            for i in r.schedule
            if not isinstance(i.interval_id, Unset)
        ]
        next_id = max(used, default=0) + 1
        numbered = []
        for interval in schedule:
            if isinstance(interval.interval_id, Unset):
                interval = attrs.evolve(interval, interval_id=next_id)
                next_id += 1
            numbered.append(interval)
        schedule = numbered
    return attrs.evolve(rule, trackers=list(dict.fromkeys(rule.trackers)), schedule=schedule)


def _checked(ctx: Context, rule: NewRule, kept: tuple[int, ...] = ()) -> None:
    """204 for a tracker or a zone the caller may not see; 7 for what the rule's type needs
    (with the zones ``kept``, which an update leaves bound)."""
    hidden = [t for t in rule.trackers if ctx.visible_tracker(t) is None]
    if hidden:
        raise EntityMissingError("no such trackers: " + ", ".join(map(str, hidden)))
    zones = [ctx.visible_zone(z) for z in rule.zone_ids]
    missing = [z for z, found in zip(rule.zone_ids, zones, strict=True) if found is None]
    if missing:
        raise EntityMissingError("no such zones: " + ", ".join(map(str, missing)))
    zones = [ctx.world.zones.get(z) for z in kept] + zones
    rule = attrs.evolve(rule, zone_ids=[*kept, *rule.zone_ids])
    problem: tuple[str, str] | None = None
    if rule.type in ZONE_RULES and not rule.zone_ids:
        problem = ("rule.zone_ids", f"a {rule.type} rule needs a zone")
    elif rule.type == "route" and any(z is not None and z.type != "sausage" for z in zones):
        problem = ("rule.zone_ids", "a route rule takes route (sausage) zones")
    elif rule.type == "offline" and rule.zone_ids:
        problem = ("rule.zone_ids", "an offline rule takes no zones")
    elif rule.type in ("speedup", "input_change") and isinstance(rule.param, Unset):
        problem = ("rule.param", f"is required for a {rule.type} rule")
    if problem is not None:
        raise InvalidParametersError(errors=[{"parameter": problem[0], "error": problem[1]}])


def _own_rule(ctx: Context, rule_id: int) -> RuleRecord:
    record = ctx.owned_get(ctx.world.rules, rule_id)
    if record is None:
        raise EntityNotFoundError(f"no rule {rule_id}")
    return record


@handles(TRACKER_RULE_LIST)
def tracker_rule_list(ctx: Context, params: RuleListParams) -> list[Rule]:
    """The account's rules by ID, or those bound to ``tracker_id``."""
    rules = ctx.owned(ctx.world.rules)
    if not isinstance(params.tracker_id, Unset):
        if ctx.visible_tracker(params.tracker_id) is None:
            raise EntityNotFoundError(f"no tracker {params.tracker_id}")
        rules = [r for r in rules if params.tracker_id in r.trackers]
    return [wire_rule(ctx, r) for r in rules]


@handles(TRACKER_RULE_CREATE)
def tracker_rule_create(ctx: Context, params: RuleCreateParams) -> int:
    """Store the rule; its ID."""
    _checked(ctx, params.rule)
    rule = _numbered(ctx, params.rule)
    rule_id = ctx.world.ids.next("rules")
    ctx.world.rules[rule_id] = convert(RuleRecord, rule, id=rule_id, user_id=ctx.account.id)
    return rule_id


@handles(TRACKER_RULE_UPDATE)
def tracker_rule_update(ctx: Context, params: RuleUpdateParams) -> None:
    """Replace the rule; trackers and zones the caller cannot see stay bound."""
    current = _own_rule(ctx, params.rule.id)
    zones_kept = _hidden_zones(ctx, current.zone_ids)
    _checked(ctx, params.rule, tuple(zones_kept))
    visible = _visible(ctx)
    kept = [t for t in current.trackers if t not in visible]
    ctx.world.rules[current.id] = convert(
        RuleRecord,
        _numbered(ctx, params.rule),
        user_id=current.user_id,
        auto_created=current.auto_created,
        zone_id=0,
        trackers=list(dict.fromkeys([*kept, *params.rule.trackers])),
        zone_ids=list(dict.fromkeys([*zones_kept, *params.rule.zone_ids])),
    )


@handles(TRACKER_RULE_DELETE)
def tracker_rule_delete(ctx: Context, params: RuleDeleteParams) -> None:
    """Delete the rule; its events stay."""
    del ctx.world.rules[_own_rule(ctx, params.rule_id).id]


@handles(TRACKER_RULE_BIND)
def tracker_rule_bind(ctx: Context, params: RuleBindParams) -> None:
    """Bind the trackers the caller may see; others are ignored."""
    record = _own_rule(ctx, params.rule_id)
    visible = _visible(ctx)
    added = [t for t in params.trackers if t in visible]
    trackers = list(dict.fromkeys([*record.trackers, *added]))
    ctx.world.rules[record.id] = attrs.evolve(record, trackers=trackers)


@handles(TRACKER_RULE_UNBIND)
def tracker_rule_unbind(ctx: Context, params: RuleBindParams) -> None:
    """Unbind the trackers the caller may see; others are ignored."""
    record = _own_rule(ctx, params.rule_id)
    gone = set(params.trackers) & _visible(ctx)
    ctx.world.rules[record.id] = attrs.evolve(
        record, trackers=[t for t in record.trackers if t not in gone]
    )
