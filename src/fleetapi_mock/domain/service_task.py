"""Service tasks as the mock works them out: their progress toward their limits, their notices
and their answers.

Nothing is stored as it moves, as for the task lifecycle (:mod:`fleetapi_mock.domain.lifecycle`):
an :class:`Evaluator` works a task out at the world's time from its ``start``, its conditions,
the clock and the counters of its vehicle's tracker (:func:`~fleetapi_mock.domain.sensor.counter_at`
and :func:`~fleetapi_mock.domain.sensor.counter_series`), so that the same world asked at the
same time answers the same. A condition is reached at a moment: a date condition at its date
(``notification_interval`` days before it for ``notified``), a counter condition at the point
whose counter first reached ``start`` plus its limit (less ``notification_interval``).

:func:`review_service_tasks` tells what was reached: it records the event of each status a task
reached since its stored ``status`` (at the moment and place it was reached), mails
``notifications.emails`` and stores the status. The tracker's points being recorded, the
history and the service task calls run it; the clock alone does not.
"""

from __future__ import annotations

import bisect
import datetime as dt
from collections.abc import Iterable, Sequence
from typing import Final, TypeVar

import attrs

from fleetapi._types import UNSET, Unset
from fleetapi.models.reading import CounterType
from fleetapi.models.service_task import (
    CounterCondition,
    DateCondition,
    ServicePrediction,
    ServiceTask,
    ServiceTaskConditions,
    ServiceTaskCounters,
    ServiceTaskStatus,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.history import record_event
from fleetapi_mock.domain.mail import send_mail
from fleetapi_mock.domain.sensor.counters import counter_at, counter_series, counter_setting
from fleetapi_mock.domain.sensor.values import Reading
from fleetapi_mock.state.bounds import WORLD_TIME_MAX, WORLD_TIME_MIN
from fleetapi_mock.state.records import (
    ServiceMark,
    ServiceTaskRecord,
    TrackerRecord,
    TrackPointRecord,
)
from fleetapi_mock.state.world import World

__all__ = [
    "NOTICES",
    "RANK",
    "Evaluator",
    "Progress",
    "Step",
    "answered_status",
    "later",
    "reports_ignition",
    "review_service_tasks",
    "wire_service_task",
]

RANK: Final[dict[str, int]] = {"created": 0, "notified": 1, "expired": 2, "done": 3}
"""The statuses in the order a task goes through them."""

NOTICES: Final[dict[str, tuple[str, str]]] = {
    "notified": ("service_task_notified", "Service work due soon"),
    "expired": ("service_task_expired", "Service work due"),
}
"""The event type and message of each status a task tells of."""

_STAGES: Final[tuple[ServiceTaskStatus, ServiceTaskStatus]] = ("notified", "expired")
"""The statuses a condition reaches on its way to its limit."""

_COUNTERS: Final[tuple[tuple[str, CounterType], ...]] = (
    ("mileage", "odometer"),
    ("engine_hours", "engine_hours"),
)
"""The counter conditions and the tracker counters they count by."""


@attrs.frozen
class Step:
    """A status a task reached by one of its conditions, when, and where its tracker was."""

    status: ServiceTaskStatus
    moment: dt.datetime
    place: TrackPointRecord | None


@attrs.define
class _Found:
    """What a task's conditions give as they are worked out: steps, shares of their limits
    and predicted ends."""

    steps: list[Step] = attrs.Factory(list)
    shares: list[float] = attrs.Factory(list)
    ends: list[dt.datetime] = attrs.Factory(list)


@attrs.frozen
class Progress:
    """A task worked out at a moment: the status its conditions give (done aside), the steps
    that got it there, the counters now, how worn it is and when it should end."""

    status: ServiceTaskStatus
    steps: tuple[Step, ...]
    current: ServiceMark
    wear: int
    predicted: dt.datetime | None
    counters_missing: bool
    """A counter condition cannot be worked out: the vehicle has no tracker."""


def reports_ignition(tracker: TrackerRecord, points: Sequence[TrackPointRecord]) -> bool:
    """Whether the tracker reports its ignition (so counts engine hours)."""
    return tracker.state.ignition is not None or any(p.ignition is not None for p in points)


def answered_status(record: ServiceTaskRecord, progress: Progress) -> ServiceTaskStatus:
    """The status the API answers: ``done`` once set, else the furthest of the stored one
    and the one the conditions give."""
    if record.status == "done" or RANK[record.status] >= RANK[progress.status]:
        return record.status
    return progress.status


def later(moment: dt.datetime, seconds: float) -> dt.datetime:
    """``moment`` plus ``seconds``, at most the last time a world holds."""
    room = (WORLD_TIME_MAX - moment).total_seconds()
    return WORLD_TIME_MAX if seconds >= room else moment + dt.timedelta(seconds=seconds)


def _days_before(moment: dt.datetime, days: int) -> dt.datetime:
    room = (moment - WORLD_TIME_MIN).days
    return WORLD_TIME_MIN if days >= room else moment - dt.timedelta(days=days)


def _share(used: float, limit: float) -> float:
    return 1.0 if limit <= 0 else used / limit


class Evaluator:
    """Works service tasks out at one moment of a world, reading each tracker's counters once."""

    def __init__(self, world: World, now: dt.datetime | None = None) -> None:
        self.world = world
        self.now = (world.now() if now is None else now).replace(microsecond=0)
        self._series: dict[tuple[int, str], list[Reading]] = {}
        self._values: dict[tuple[int, str], float | None] = {}

    def tracker(self, record: ServiceTaskRecord) -> TrackerRecord | None:
        """The tracker of the task's vehicle, if it has one."""
        vehicle = self.world.vehicles.get(record.vehicle_id)
        if vehicle is None or vehicle.tracker_id is None:
            return None
        return self.world.trackers.get(vehicle.tracker_id)

    def value(self, tracker: TrackerRecord, kind: CounterType) -> float | None:
        """The tracker's counter now (``None``: it has none)."""
        key = (tracker.id, kind)
        if key not in self._values:
            self._values[key] = counter_at(self.world, tracker, kind, self.now)
        return self._values[key]

    def mark(self, tracker: TrackerRecord | None) -> ServiceMark:
        """Now and the tracker's counters now (0 for a counter that counted nothing yet, null
        for the engine hours of a tracker without ignition)."""
        if tracker is None:
            return ServiceMark(date=self.now)
        hours = self.value(tracker, "engine_hours")
        if hours is None and reports_ignition(tracker, self.world.points_of(tracker.id)):
            hours = 0.0
        return ServiceMark(
            date=self.now, mileage=self.value(tracker, "odometer") or 0.0, engine_hours=hours
        )

    def _readings(self, tracker: TrackerRecord, kind: CounterType) -> list[Reading]:
        key = (tracker.id, kind)
        if key not in self._series:
            found = counter_series(self.world, tracker, kind, WORLD_TIME_MIN, self.now)
            self._series[key] = found or []
        return self._series[key]

    def _place(self, tracker: TrackerRecord, moment: dt.datetime) -> TrackPointRecord | None:
        """Where the tracker was at ``moment`` (its last point by then, else its state), as a
        point of that time; ``None`` when it never told where it was."""
        points = self.world.points_of(tracker.id)
        index = bisect.bisect_right(points, moment, key=lambda p: p.get_time)
        if index:
            last = points[index - 1]
            return attrs.evolve(last, get_time=moment, event=None)
        state = tracker.state
        if state.lat is None or state.lng is None:
            return None
        return TrackPointRecord(
            tracker_id=tracker.id, get_time=moment, lat=state.lat, lng=state.lng
        )

    def _crossing(
        self, tracker: TrackerRecord, kind: CounterType, start: dt.datetime, threshold: float
    ) -> tuple[dt.datetime, TrackPointRecord | None] | None:
        """When (and at which point) the counter first reached ``threshold`` after ``start``."""
        readings = self._readings(tracker, kind)
        first = bisect.bisect_left(readings, start, key=lambda r: r.time)
        for reading in readings[first:]:
            if reading.value >= threshold:
                points = self.world.points_of(tracker.id)
                at = bisect.bisect_left(points, reading.time, key=lambda p: p.get_time)
                return reading.time, points[at] if at < len(points) else None
        current = self.value(tracker, kind)
        if current is not None and current >= threshold:  # a value set, no point since
            moment = min(max(start, counter_setting(tracker, kind).time or start), self.now)
            return moment, self._place(tracker, moment)
        return None

    def progress(self, record: ServiceTaskRecord) -> Progress:
        """The task worked out now (its counters frozen at its completion once done)."""
        tracker = self.tracker(record)
        current = self.mark(tracker)
        until = record.completion if record.completion is not None else current
        conditions = record.conditions
        found = _Found()
        if isinstance(conditions.date, DateCondition):
            self._by_date(record, conditions.date, tracker, until, found)
        missing = False
        for name, kind in _COUNTERS:
            condition = getattr(conditions, name)
            if not isinstance(condition, CounterCondition):
                continue
            if tracker is None:
                missing = True
                continue
            self._by_counter(record, name, kind, condition, tracker, until, found)
        steps = sorted(found.steps, key=lambda s: (s.moment, RANK[s.status]))
        status: ServiceTaskStatus = "created"
        for step in steps:
            if RANK[step.status] > RANK[status]:
                status = step.status
        wear = round(min(1.0, max(0.0, max(found.shares, default=0.0))) * 100)
        predicted = record.completion.date if record.completion else min(found.ends, default=None)
        return Progress(status, tuple(steps), current, wear, predicted, missing)

    def _by_date(
        self,
        record: ServiceTaskRecord,
        condition: DateCondition,
        tracker: TrackerRecord | None,
        until: ServiceMark,
        found: _Found,
    ) -> None:
        """The steps, share and end of a date condition."""
        start, end = record.start, condition.end
        before = condition.notification_interval
        notify = _days_before(end, before if isinstance(before, int) else 0)
        for status, moment in zip(_STAGES, (notify, end), strict=True):
            if moment <= until.date:
                when = max(moment, start.date)
                place = self._place(tracker, when) if tracker else None
                found.steps.append(Step(status, when, place))
        span = (end - start.date).total_seconds()
        found.shares.append(_share((until.date - start.date).total_seconds(), span))
        found.ends.append(end)

    def _by_counter(
        self,
        record: ServiceTaskRecord,
        name: str,
        kind: CounterType,
        condition: CounterCondition,
        tracker: TrackerRecord,
        until: ServiceMark,
        found: _Found,
    ) -> None:
        """The steps, share and end of a mileage or engine hours condition."""
        start = record.start
        began = getattr(start, name) or 0.0
        reached = getattr(until, name) or 0.0
        before = condition.notification_interval
        limit = float(condition.limit)
        notice = limit - (before if isinstance(before, int) else 0)
        expired: dt.datetime | None = None
        for status, threshold in zip(_STAGES, (began + notice, began + limit), strict=True):
            crossing: tuple[dt.datetime, TrackPointRecord | None] | None = None
            if began >= threshold:  # reached as it started
                crossing = (start.date, self._place(tracker, start.date))
            elif record.completion is None or reached >= threshold:
                crossing = self._crossing(tracker, kind, start.date, threshold)
            if crossing is None or crossing[0] > until.date:
                continue
            step = Step(status, max(crossing[0], start.date), crossing[1])
            found.steps.append(step)
            expired = step.moment if status == "expired" else expired
        used = reached - began
        found.shares.append(_share(used, limit))
        if used >= limit and expired is not None:
            found.ends.append(expired)
        elif 0 < used < limit:
            pace = (until.date - start.date).total_seconds() / used
            found.ends.append(later(until.date, (limit - used) * pace))


def review_service_tasks(world: World, trackers: Iterable[int] | None = None) -> None:
    """Tell what the open service tasks reached since their stored status (of the vehicles of
    ``trackers``, else all): an event of the tracker for each status, at the moment and place
    it was reached (``notified`` is not told when ``expired`` came at the same moment), an
    e-mail to each address of the task's notifications; then store the status. Cheap without
    open tasks."""
    records = [r for r in world.service_tasks.values() if r.status in ("created", "notified")]
    if not records:
        return
    wanted = None if trackers is None else set(trackers)
    evaluator = Evaluator(world)
    for record in records:
        tracker = evaluator.tracker(record)
        if wanted is not None and (tracker is None or tracker.id not in wanted):
            continue
        progress = evaluator.progress(record)
        first: dict[str, Step] = {}
        for step in progress.steps:
            if RANK[step.status] > RANK[record.status]:
                first.setdefault(step.status, step)
        if not first:
            continue
        expired = first.get("expired")
        for status, step in sorted(first.items(), key=lambda item: RANK[item[0]]):
            if status == "notified" and expired is not None and expired.moment == step.moment:
                continue  # due at once: told as expired alone
            _tell(world, record, tracker, step)
        world.service_tasks.change(record.id, status=max(first, key=RANK.__getitem__))


def _tell(
    world: World, record: ServiceTaskRecord, tracker: TrackerRecord | None, step: Step
) -> None:
    """The event and the e-mails of a status ``record`` reached."""
    event, text = NOTICES[step.status]
    message = f"{text}: {record.description}"
    if tracker is not None and step.place is not None:
        place = attrs.evolve(step.place, get_time=step.moment, event=None)
        record_event(world, place, event, message, concerns={"service_task_id": record.id})
    vehicle = world.vehicles.get(record.vehicle_id)
    owner = world.users.get(vehicle.user_id) if vehicle is not None else None
    if owner is None:
        return
    label = vehicle.label if vehicle is not None else ""
    for address in dict.fromkeys(record.notifications.emails):
        send_mail(
            world,
            owner,
            to=address,
            kind="service_task",
            subject=f"{message} ({label})",
            text=f"{text} for {label}: {record.description}, {step.status} at "
            f"{step.moment:%Y-%m-%d %H:%M:%S} UTC.",
            values={"service_task_id": str(record.id), "status": step.status},
        )


def _counters(ctx: Context, mark: ServiceMark) -> ServiceTaskCounters:
    def whole(value: float | None) -> int | None:
        return None if value is None else int(value)

    return ServiceTaskCounters(
        mileage=whole(mark.mileage),
        date=ctx.user_time(mark.date),
        engine_hours=whole(mark.engine_hours),
    )


_C = TypeVar("_C", CounterCondition, DateCondition)


def _shown(condition: _C | Unset | None) -> _C | None:
    """A condition as answered: null when the task has none, its intervals null when not
    set."""
    if condition is None or isinstance(condition, Unset):
        return None
    return attrs.evolve(
        condition,
        notification_interval=_or_none(condition.notification_interval),
        repeat_interval=_or_none(condition.repeat_interval),
    )


def _or_none(value: int | Unset | None) -> int | None:
    return value if isinstance(value, int) else None


def wire_service_task(
    ctx: Context, record: ServiceTaskRecord, progress: Progress, *, prediction: bool = True
) -> ServiceTask:
    """The API's object of a task worked out as ``progress`` (dates in the caller's zone)."""
    vehicle = ctx.world.vehicles.get(record.vehicle_id)
    given = record.conditions
    date = given.date
    conditions = ServiceTaskConditions(
        mileage=_shown(given.mileage),
        date=_shown(attrs.evolve(date, end=ctx.user_time(date.end)))
        if isinstance(date, DateCondition)
        else None,
        engine_hours=_shown(given.engine_hours),
    )
    completion = record.completion
    return ServiceTask(
        id=record.id,
        vehicle_id=record.vehicle_id,
        vehicle_label=vehicle.label if vehicle is not None else "",
        description=record.description,
        comment=record.comment,
        status=answered_status(record, progress),
        repeat=record.repeat,
        unplanned=record.unplanned,
        cost=record.cost,
        conditions=conditions,
        notifications=record.notifications,
        file_ids=list(record.file_ids),
        start=_counters(ctx, record.start),
        completion=None if completion is None else _counters(ctx, completion),
        completion_date=None if completion is None else ctx.user_time(completion.date),
        current_position=_counters(ctx, progress.current),
        prediction=ServicePrediction(
            end_date=ctx.optional_user_time(progress.predicted), wear_percentage=progress.wear
        )
        if prediction
        else UNSET,
    )
