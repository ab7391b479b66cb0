"""Rules and the events they make as positions arrive.

A rule works for the trackers bound to it, unless suspended, within its schedule (weekly
windows in the owner's time zone, or fixed periods), and, for the types that take zones as a
limit, inside its zones (outside with ``zone_limit_inverted``). Each recorded point is compared
with the tracker's point before it:

* ``inoutzone``: entering (``inzone``, ``primary_text``) or leaving (``outzone``,
  ``secondary_text``) one of the rule's zones;
* ``speedup``: the speed passing above the rule's ``param`` (km/h);
* ``track_change``: the tracker stopping (``track_end``, a parking starts, ``primary_text``)
  or moving off (``track_start``, ``secondary_text``), idle as its trip detection settings
  say (:func:`fleetapi_mock.domain.track.splitting_of`);
* ``input_change``: the digital input ``param`` switching on (``primary_text``) or off
  (``secondary_text``).

A tracker's working status changed through the API makes the events of
``work_status_change`` rules (:func:`record_work_status_events`): those whose ``status_ids``
name the new status (or name none).

What a device confirms makes events too (:func:`record_device_events`): ``output_change``
for the digital output ``param`` switching on (``primary_text``) or off (``secondary_text``),
``location_response`` for its answer to a location request.

Task statuses follow the world's clock without being stored
(:mod:`fleetapi_mock.domain.lifecycle`), so the events of ``task_status_change`` rules are
recorded when events are next read (:func:`current_events`): one per status reached (of the
rule's ``statuses``, by default arrived, done, delayed and failed), at the moment it was reached.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator
from typing import Final

from fleetapi._types import Unset
from fleetapi.models.rule import FixedInterval, WeeklyInterval, WeekTime
from fleetapi.models.task import Task
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.history import describe, record_event, visible_events
from fleetapi_mock.domain.lifecycle import END_STATES
from fleetapi_mock.domain.service_task import review_service_tasks
from fleetapi_mock.domain.task import Board
from fleetapi_mock.domain.track import splitting_of
from fleetapi_mock.domain.zone import contains
from fleetapi_mock.state.clock import zone as time_zone
from fleetapi_mock.state.records import EventRecord, RuleRecord, TrackPointRecord
from fleetapi_mock.state.world import World

__all__ = [
    "ZONE_RULES",
    "current_events",
    "record_device_events",
    "record_rule_events",
    "record_task_events",
    "record_work_status_events",
    "rule_works",
]

TASK_STATUSES: Final = ("arrived", "done", "delayed", "failed")
"""The statuses a ``task_status_change`` rule watches by default."""

ZONE_RULES: Final = frozenset({"inoutzone", "route"})
"""The rule types whose zones are what they watch (elsewhere, zones limit where rules work)."""


def _extended(rule: RuleRecord, name: str) -> object:
    params = rule.extended_params
    return None if isinstance(params, Unset) else params.get(name)


def _scheduled(world: World, rule: RuleRecord, time: dt.datetime) -> bool:
    """Whether ``time`` (UTC) falls in the rule's schedule (always without one)."""
    if isinstance(rule.schedule, Unset) or not rule.schedule:
        return True
    owner = world.users.get(rule.user_id)
    local = time.replace(tzinfo=dt.timezone.utc).astimezone(
        time_zone(owner.time_zone if owner else "UTC")
    )
    local = local.replace(tzinfo=None)
    week = (local.isoweekday() - 1) * 86400 + local.hour * 3600 + local.minute * 60 + local.second
    for interval in rule.schedule:
        if isinstance(interval, FixedInterval):
            if interval.from_ <= local <= interval.to:
                return True
        elif isinstance(interval, WeeklyInterval):
            start, end = _week_second(interval.from_), _week_second(interval.to)
            inside = start <= week <= end if start <= end else (week >= start or week <= end)
            if inside:
                return True
    return False


def _week_second(moment: WeekTime) -> int:
    """Seconds from Monday 00:00:00 to ``moment``."""
    hours, minutes, seconds = (int(part) for part in moment.time.split(":"))
    return (moment.weekday - 1) * 86400 + hours * 3600 + minutes * 60 + seconds


def rule_works(world: World, rule: RuleRecord, point: TrackPointRecord) -> bool:
    """Whether the rule watches the point: bound to its tracker, not suspended, in its
    schedule, and (for a type limited by zones) inside its zones, or outside them with
    ``zone_limit_inverted``."""
    if point.tracker_id not in rule.trackers or rule.suspended is True:
        return False
    if not _scheduled(world, rule, point.get_time):
        return False
    if rule.type in ZONE_RULES or not rule.zone_ids:
        return True
    inside = any(
        contains(world.zones[z], point.lat, point.lng) for z in rule.zone_ids if z in world.zones
    )
    return inside != bool(_extended(rule, "zone_limit_inverted"))


def _changes(
    world: World, rule: RuleRecord, before: TrackPointRecord, point: TrackPointRecord
) -> Iterator[tuple[str, bool, list[int]]]:
    """The events ``point`` makes for ``rule`` after ``before``: (event type, whether it is
    the rule's primary event, the zones concerned)."""
    if rule.type == "inoutzone":
        for zone_id in rule.zone_ids:
            record = world.zones.get(zone_id)
            if record is None:
                continue
            was = contains(record, before.lat, before.lng)
            now = contains(record, point.lat, point.lng)
            if was != now:
                yield ("inzone" if now else "outzone"), now, [zone_id]
    elif rule.type == "speedup" and not isinstance(rule.param, Unset):
        if before.speed <= rule.param < point.speed:
            yield "speedup", True, []
    elif rule.type == "track_change":
        idle = splitting_of(world.tracker_settings, point.tracker_id).idle
        if not idle(before) and idle(point):
            yield "track_end", True, []
        elif idle(before) and not idle(point):
            yield "track_start", False, []
    elif rule.type == "input_change" and not isinstance(rule.param, Unset):
        index = rule.param - 1
        earlier, switched_on = _input(before, index), _input(point, index)
        if earlier is not None and switched_on is not None and earlier != switched_on:
            yield "input_change", switched_on, []


def _input(point: TrackPointRecord, index: int) -> bool | None:
    if point.inputs is None or not 0 <= index < len(point.inputs):
        return None
    return point.inputs[index]


def record_rule_events(world: World, point: TrackPointRecord) -> list[EventRecord]:
    """Store the events the owner's rules make of ``point`` (a recorded one) after the
    tracker's point before it in time; none for its first point."""
    rules = world.owned_by(world.rules, world.trackers[point.tracker_id].user_id)
    before = world.point_before(point) if rules else None
    if before is None:
        return []
    made = []
    for rule in rules:
        if not rule_works(world, rule, point):
            continue
        for event, primary, zone_ids in _changes(world, rule, before, point):
            text = rule.primary_text if primary else rule.secondary_text
            made.append(
                record_event(
                    world,
                    point,
                    event,
                    text or describe(event),
                    rule_id=rule.id,
                    emergency=_emergency(rule),
                    zones=[(z, world.zones[z].label) for z in zone_ids],
                )
            )
    return made


def _emergency(rule: RuleRecord) -> bool:
    return _extended(rule, "emergency") is True or rule.alerts.emergency is True


def record_device_events(
    world: World,
    tracker_id: int,
    time: dt.datetime,
    changes: Iterable[tuple[str, bool, int | None]],
) -> list[EventRecord]:
    """Store the events the owner's rules make of what the tracker's device confirmed at
    ``time`` (UTC), at its position then. Each change is (the rule type and event, whether it
    is the rule's primary event, the number the rule's ``param`` must be or ``None``):
    ``("output_change", True, 2)`` for output 2 switched on. None for a tracker without a
    position."""
    tracker = world.trackers[tracker_id]
    state = tracker.state
    rules = world.owned_by(world.rules, tracker.user_id)
    if not rules or state.lat is None or state.lng is None:
        return []
    place = TrackPointRecord(tracker_id=tracker_id, get_time=time, lat=state.lat, lng=state.lng)
    wanted = list(changes)
    made = []
    for rule in rules:
        if not rule_works(world, rule, place):
            continue
        for event, primary, number in wanted:
            if rule.type != event or (number is not None and rule.param != number):
                continue
            text = rule.primary_text if primary else rule.secondary_text
            made.append(
                record_event(
                    world, place, event, text or describe(event), rule_id=rule.id,
                    emergency=_emergency(rule),
                )
            )  # fmt: skip
    return made


def record_work_status_events(
    world: World, place: TrackPointRecord, status_id: int, label: str
) -> list[EventRecord]:
    """Store the events the owner's ``work_status_change`` rules make of the tracker's working
    status changing to ``status_id`` (labelled ``label``) at ``place`` (the tracker's position
    then): each rule that works there and then and whose ``status_ids`` name the status, or
    name none."""
    owner = world.trackers[place.tracker_id].user_id
    made = []
    for rule in world.owned_by(world.rules, owner):
        if rule.type != "work_status_change" or not rule_works(world, rule, place):
            continue
        watched = _extended(rule, "status_ids")
        if isinstance(watched, list) and watched and status_id not in watched:
            continue
        text = rule.primary_text or f"{describe('work_status_change')}: {label}"
        made.append(
            record_event(
                world, place, "work_status_change", text, rule_id=rule.id,
                emergency=_emergency(rule),
            )
        )  # fmt: skip
    return made


def record_task_events(ctx: Context) -> list[EventRecord]:
    """Record the events of ``task_status_change`` rules up to now not recorded yet: for each
    task of a bound tracker, its arrival and its end state, when the rule watches them and
    its schedule holds the moment."""
    world = ctx.world
    rules = [r for r in world.rules.values() if r.type == "task_status_change"]
    rules = [r for r in rules if r.suspended is not True]
    if not rules:
        return []
    board = Board(ctx)
    seen = {
        (e.rule_id, e.extra.task_id, e.time)
        for e in world.events.values()
        if e.event == "task_status_change" and not isinstance(e.extra, Unset)
    }
    made = []
    for rule in rules:
        watched = _extended(rule, "statuses")
        statuses = set(watched) if isinstance(watched, list) else set(TASK_STATUSES)
        for task in world.owned_by(world.tasks, rule.user_id):
            if task.tracker_id is None or task.tracker_id not in rule.trackers:
                continue
            for status, moment in _reached(board, task):
                key = (rule.id, task.id, moment)
                if status not in statuses or key in seen or not _scheduled(world, rule, moment):
                    continue
                seen.add(key)
                place = TrackPointRecord(
                    tracker_id=task.tracker_id,
                    get_time=moment,
                    lat=task.location.lat,
                    lng=task.location.lng,
                    address=task.location.address or "",
                )
                text = rule.primary_text or f"{describe('task_status_change')}: {status}"
                concerns: dict[str, int] = {"task_id": task.id}
                if task.parent_id is not None:
                    concerns["parent_task_id"] = task.parent_id
                made.append(
                    record_event(
                        world, place, "task_status_change", text, rule_id=rule.id,
                        concerns=concerns,
                    )
                )  # fmt: skip
    return made


def _reached(board: Board, task: Task) -> list[tuple[str, dt.datetime]]:
    """The statuses the task reached by itself, and when: its arrival, then its end."""
    if task.status != "assigned":
        return []
    progress = board.progress(task)
    reached = []
    if progress.status == "arrived":
        reached.append(("arrived", progress.status_change_date))
    elif progress.arrival_date is not None:
        arrived = progress.arrival_date + dt.timedelta(minutes=task.min_arrival_duration)
        reached.append(("arrived", arrived))
    if progress.status in END_STATES:
        reached.append((progress.status, progress.status_change_date))
    return reached


def current_events(ctx: Context) -> list[EventRecord]:
    """The events the caller sees, by ID, once the task and service task events up to now
    are recorded."""
    record_task_events(ctx)
    review_service_tasks(ctx.world)
    return visible_events(ctx)
