"""The tracker-driven task lifecycle, as one transition table.

A task's `status`, `arrival_date`, `stay_duration` and `status_change_date` follow from
what is stored (the status the API last set: `unassigned` or `assigned`, and when), the
assigned tracker's recorded points (`world.track_points`) and the world clock. Nothing is
scheduled: `evaluate_task` replays the points of the task's window (`iter_visits`) each time a
task is read or listed, so the answer is the same whenever the same world is asked at the same
time (deterministic, and right after the clock moves or points are added).

The events and what they do (`TRANSITIONS`):

| State | Event | Next | When |
|---|---|---|---|
| assigned | `arrive` | arrived | a visit has lasted `min_arrival_duration`, by the deadline |
| assigned | `deadline` | failed | the deadline (`to + max_delay`) passes without an arrival |
| arrived | `complete` | done | during the visit, by `to`: stay and form conditions met (*) |
| arrived | `complete_late` | delayed | the same, after `to` but by the deadline |
| arrived | `leave` | faulty | the visit ends before the conditions are met |
| arrived | `deadline` | failed | the deadline passes while inside, conditions unmet |

(*) The stay in the zone reached `min_stay_duration`, and the task's form, if it has one, is
submitted.

The edges the documentation leaves open, decided here:

* A visit is a run of points inside the zone (distance to the centre at most the radius); it
  starts at the first point inside and ends at the first point outside. A tracker whose last
  point is inside is taken to be still inside. Only time after both the assignment and
  `from` counts: a tracker already inside when the window opens enters at `from`.
* `arrival_date` is when the counted visit began; the status changes (`status_change_date`)
  `min_arrival_duration` later. Visits shorter than `min_arrival_duration` are ignored.
* `stay_duration` counts the seconds of the arrival's visit, from entry until now, or until
  the task reached its end state. Leaving the zone after arriving ends the task as `faulty`:
  a second visit does not resume it.
* Unassigned tasks never move by themselves (no executor can fail them). Tasks stored in
  another state (world documents may hold `arrived` or end states) keep it.
* Ties are broken in the order complete, leave, deadline.

Routes (`evaluate_route`) derive from their checkpoints: `assigned` until a checkpoint
leaves `assigned`, then `arrived` until all have ended; then `done` when every checkpoint
is done in order (completion times follow `order`), `delayed` when they all completed in
order and some late, `failed` when none completed, else `faulty`.
"""

from __future__ import annotations

import bisect
import datetime as dt
import enum
import itertools
from collections.abc import Iterator, Mapping, Sequence
from typing import Final

import attrs
from gpxpy.geo import ONE_DEGREE, haversine_distance

from fleetapi.models.task import Route, Task, TaskStatus
from fleetapi_mock.state.records import TrackPointRecord

__all__ = [
    "ACTIVE_STATES",
    "END_STATES",
    "TRANSITIONS",
    "Event",
    "Progress",
    "evaluate_route",
    "evaluate_task",
    "iter_visits",
    "visits",
]

ACTIVE_STATES: Final[frozenset[str]] = frozenset({"unassigned", "assigned", "arrived"})
END_STATES: Final[frozenset[str]] = frozenset({"done", "delayed", "failed", "faulty"})
EDITABLE_STATES: Final[frozenset[str]] = frozenset({"unassigned", "assigned"})
"""The states in which `task/update`, `task/assign` and `task/transmute` are accepted."""


class Event(enum.Enum):
    """What can happen to a task, in tie-breaking order."""

    ARRIVE = "arrive"
    COMPLETE = "complete"
    COMPLETE_LATE = "complete_late"
    LEAVE = "leave"
    DEADLINE = "deadline"


TRANSITIONS: Final[Mapping[tuple[TaskStatus, Event], TaskStatus]] = {
    ("assigned", Event.ARRIVE): "arrived",
    ("assigned", Event.DEADLINE): "failed",
    ("arrived", Event.COMPLETE): "done",
    ("arrived", Event.COMPLETE_LATE): "delayed",
    ("arrived", Event.LEAVE): "faulty",
    ("arrived", Event.DEADLINE): "failed",
}
"""(state, event) -> next state: the whole tracker-driven lifecycle of a task."""

_PRIORITY: Final = {event: index for index, event in enumerate(Event)}


@attrs.frozen(kw_only=True)
class Progress:
    """The tracker-driven fields of a task at one moment (world time, naive UTC)."""

    status: TaskStatus
    status_change_date: dt.datetime
    arrival_date: dt.datetime | None
    stay_duration: int
    """Seconds."""


@attrs.frozen
class Visit:
    """A stay inside a zone: entry time and exit time (`None`: still inside)."""

    enter: dt.datetime
    exit: dt.datetime | None


def visits(
    task: Task, points: Sequence[TrackPointRecord], start: dt.datetime, now: dt.datetime
) -> list[Visit]:
    """The visits of `task`'s zone in `points` (time-ordered), counted from `start`."""
    return list(iter_visits(task, points, start, now))


def iter_visits(
    task: Task,
    points: Sequence[TrackPointRecord],
    start: dt.datetime,
    now: dt.datetime,
    *,
    until: dt.datetime | None = None,
) -> Iterator[Visit]:
    """The visits of :func:`visits`, one at a time, reading only the points they need.

    The points up to `start` are skipped by bisection (only whether the last of them is inside
    counts), and with `until` no visit entering after it is looked for.
    """
    radius = task.location.radius if isinstance(task.location.radius, int) else 0
    lat, lng = task.location.lat, task.location.lng
    # A point whose latitude alone is farther than the radius is outside: this skips most
    # haversine computations (the distance is never below the latitude difference).
    margin = radius + 1.0

    def inside(point: TrackPointRecord) -> bool:
        if abs(point.lat - lat) * ONE_DEGREE > margin:
            return False
        return haversine_distance(lat, lng, point.lat, point.lng) <= radius

    first = bisect.bisect_right(points, min(start, now), key=_point_time)
    enter: dt.datetime | None = start if first and inside(points[first - 1]) else None
    for index in range(first, len(points)):
        point = points[index]
        if point.get_time > now:
            break
        if enter is None and until is not None and point.get_time > until:
            return
        is_inside = inside(point)
        if is_inside and enter is None:
            enter = point.get_time
        elif not is_inside and enter is not None:
            yield Visit(enter, point.get_time)
            enter = None
    if enter is not None:
        yield Visit(enter, None)


def _point_time(point: TrackPointRecord) -> dt.datetime:
    return point.get_time


def _stored(task: Task) -> Progress:
    return Progress(
        status=task.status,
        status_change_date=task.status_change_date,
        arrival_date=task.arrival_date,
        stay_duration=task.stay_duration,
    )


def evaluate_task(
    task: Task,
    points: Sequence[TrackPointRecord],
    now: dt.datetime,
    *,
    form_submitted: dt.datetime | None = None,
    needs_form: bool = False,
) -> Progress:
    """The task's tracker-driven fields at `now`.

    Args:
        task: The stored task (date/times in world time).
        points: The assigned tracker's points, in time order.
        now: The world time.
        form_submitted: When the task's form was submitted (`None`: not yet).
        needs_form: Whether the task has a form that must be submitted to complete it.
    """
    if task.status != "assigned" or task.tracker_id is None:
        return _stored(task)
    start = max(task.status_change_date, task.from_)
    deadline = task.to + dt.timedelta(minutes=task.max_delay)
    min_arrival = dt.timedelta(minutes=task.min_arrival_duration)
    min_stay = dt.timedelta(minutes=task.min_stay_duration)
    state: TaskStatus = "assigned"
    changed = task.status_change_date
    visit: Visit | None = None
    for candidate in iter_visits(task, points, start, now, until=deadline):
        arrive_at = candidate.enter + min_arrival
        end = candidate.exit if candidate.exit is not None else now
        if arrive_at <= end and arrive_at <= deadline:
            visit = candidate
            break
    while True:
        events: list[tuple[dt.datetime, Event]] = [(deadline, Event.DEADLINE)]
        if state == "assigned" and visit is not None:
            events.append((visit.enter + min_arrival, Event.ARRIVE))
        if state == "arrived" and visit is not None:
            if visit.exit is not None:
                events.append((visit.exit, Event.LEAVE))
            if not needs_form or form_submitted is not None:
                complete_at = max(visit.enter + min_stay, changed, form_submitted or changed)
                if visit.exit is None or complete_at < visit.exit:
                    late = complete_at > task.to
                    events.append((complete_at, Event.COMPLETE_LATE if late else Event.COMPLETE))
        due = [e for e in events if e[0] <= now and (state, e[1]) in TRANSITIONS]
        if not due:
            break
        moment, event = min(due, key=lambda e: (e[0], _PRIORITY[e[1]]))
        state = TRANSITIONS[(state, event)]
        changed = moment
        if state in END_STATES:
            break
    if visit is None or state == "assigned" or (state == "failed" and changed < visit.enter):
        return Progress(
            status=state, status_change_date=changed, arrival_date=None, stay_duration=0
        )
    until = changed if state in END_STATES else now
    return Progress(
        status=state,
        status_change_date=changed,
        arrival_date=visit.enter,
        stay_duration=int((until - visit.enter).total_seconds()),
    )


def evaluate_route(
    route: Route, checkpoints: Sequence[tuple[Task, Progress]]
) -> tuple[TaskStatus, dt.datetime]:
    """A route's status and status change date from its checkpoints' progress, in order."""
    if route.status not in ACTIVE_STATES or route.tracker_id is None or not checkpoints:
        return route.status, route.status_change_date
    progress = [p for _, p in checkpoints]
    if all(p.status == "assigned" for p in progress):
        return "assigned", route.status_change_date
    latest = max(p.status_change_date for p in progress)
    if any(p.status in ACTIVE_STATES for p in progress):
        return "arrived", max(latest, route.status_change_date)
    completed = [p for p in progress if p.status in ("done", "delayed")]
    in_order = all(
        a.status_change_date <= b.status_change_date for a, b in itertools.pairwise(progress)
    )
    if not completed:
        return "failed", latest
    if len(completed) == len(progress) and in_order:
        late = any(p.status == "delayed" for p in progress)
        return ("delayed" if late else "done"), latest
    return "faulty", latest
