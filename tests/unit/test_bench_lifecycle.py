"""Task progress reads only the points it needs, and answers as a replay of every point does.

``iter_visits`` skips the points before a task's window by bisection, skips most distance
computations by latitude, and stops looking once no visit can count; these tests compare it
with the plain replay the lifecycle defines, on random days of points.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterator, Sequence

import attrs
import pytest
from gpxpy.geo import haversine_distance

from fleetapi.models.task import Task
from fleetapi_mock.domain import lifecycle
from fleetapi_mock.domain.lifecycle import Visit, evaluate_task, visits
from fleetapi_mock.state.records import TrackPointRecord
from fleetapi_mock.state.world import demo_world

DAY = dt.datetime(2026, 1, 14, 9, 0)
CENTRE = (52.5163, 13.3777)


def replayed_visits(
    task: Task, points: Sequence[TrackPointRecord], start: dt.datetime, now: dt.datetime
) -> list[Visit]:
    """Every point replayed in order: a visit starts at the first point inside (not before
    ``start``) and ends at the first point outside after ``start``."""
    radius = task.location.radius if isinstance(task.location.radius, int) else 0
    found: list[Visit] = []
    enter: dt.datetime | None = None
    for point in points:
        if point.get_time > now:
            break
        distance = haversine_distance(task.location.lat, task.location.lng, point.lat, point.lng)
        inside = distance <= radius
        moment = max(point.get_time, start)
        if inside and enter is None:
            enter = moment
        elif not inside and enter is not None:
            if point.get_time > start:
                found.append(Visit(enter, moment))
            enter = None
    if enter is not None:
        found.append(Visit(enter, None))
    return found


def random_day(rng: random.Random, radius: int) -> list[TrackPointRecord]:
    """A day of points every minute, wandering in and out of the zone (some only a metre
    outside, some north or south of it, some east or west)."""
    points = []
    spot = (0.0, 0.0)
    for minute in range(24 * 60):
        if rng.random() < 0.08:
            scale = rng.choice([0.2, 0.99, 1.0, 1.02, 3.0])
            bearing = rng.choice([(1, 0), (0, 1), (0.7, 0.7), (-1, 0), (0, -1)])
            metres = radius * scale
            spot = (bearing[0] * metres / 111_320, bearing[1] * metres / 67_800)
        points.append(
            TrackPointRecord(
                tracker_id=3,
                get_time=DAY + dt.timedelta(minutes=minute),
                lat=CENTRE[0] + spot[0],
                lng=CENTRE[1] + spot[1],
            )
        )
    return points


def random_task(rng: random.Random) -> Task:
    """A demo task moved onto ``CENTRE`` with a random window and durations."""
    template = demo_world().tasks[1]
    opens = DAY + dt.timedelta(minutes=rng.randrange(0, 22 * 60))
    return attrs.evolve(
        template,
        location=attrs.evolve(template.location, lat=CENTRE[0], lng=CENTRE[1], radius=100),
        from_=opens,
        to=opens + dt.timedelta(minutes=rng.randrange(10, 180)),
        status="assigned",
        status_change_date=opens - dt.timedelta(minutes=rng.randrange(0, 120)),
        max_delay=rng.choice([0, 15, 60]),
        min_arrival_duration=rng.choice([0, 2, 10]),
        min_stay_duration=rng.choice([0, 5, 30]),
    )


@pytest.mark.parametrize("seed", range(40))
def test_visits_are_those_of_a_replay_of_every_point(seed: int):
    rng = random.Random(seed)
    task = random_task(rng)
    points = random_day(rng, 100)
    start = max(task.status_change_date, task.from_)
    for now in (start - dt.timedelta(hours=1), start, task.to, DAY + dt.timedelta(days=1)):
        assert visits(task, points, start, now) == replayed_visits(task, points, start, now)


@pytest.mark.parametrize("seed", range(40))
def test_task_progress_is_that_of_a_replay_of_every_point(
    seed: int, monkeypatch: pytest.MonkeyPatch
):
    rng = random.Random(seed)
    task = random_task(rng)
    points = random_day(rng, 100)
    times = [task.from_ + dt.timedelta(minutes=m) for m in range(-30, 300, 17)]
    forms = (None, task.from_ + dt.timedelta(minutes=rng.randrange(0, 120)))
    answers = [
        evaluate_task(task, points, now, needs_form=f is not None, form_submitted=f)
        for now in times
        for f in forms
    ]

    def replay(
        task: Task,
        points: Sequence[TrackPointRecord],
        start: dt.datetime,
        now: dt.datetime,
        *,
        until: dt.datetime | None = None,
    ) -> Iterator[Visit]:
        return iter(replayed_visits(task, points, start, now))

    monkeypatch.setattr(lifecycle, "iter_visits", replay)
    assert answers == [
        evaluate_task(task, points, now, needs_form=f is not None, form_submitted=f)
        for now in times
        for f in forms
    ]
    assert {a.status for a in answers} != {"assigned"}  # the days do move tasks


def walk(inside_from: dt.datetime) -> list[TrackPointRecord]:
    """A day of points every minute: far from ``CENTRE`` until ``inside_from``, then in it."""
    return [
        TrackPointRecord(
            tracker_id=3,
            get_time=moment,
            lat=CENTRE[0] if moment >= inside_from else CENTRE[0] + 0.01,
            lng=CENTRE[1],
        )
        for moment in (DAY + dt.timedelta(minutes=m) for m in range(24 * 60))
    ]


@pytest.mark.parametrize(
    ("enter_after_to", "min_arrival", "arrives"),
    [
        (dt.timedelta(minutes=10), 0, True),  # at the deadline (to + 10 minutes)
        (dt.timedelta(minutes=8), 2, True),  # arrival complete exactly at the deadline
        (dt.timedelta(minutes=9), 2, False),  # arrival complete a minute too late
        (dt.timedelta(minutes=11), 0, False),  # entered after the deadline
    ],
)
def test_an_arrival_right_at_the_deadline_counts(
    enter_after_to: dt.timedelta, min_arrival: int, arrives: bool
):
    """The stay is too short to complete: the task fails at its deadline either way, but
    only an arrival by the deadline is recorded."""
    task = attrs.evolve(
        random_task(random.Random(0)),
        from_=DAY + dt.timedelta(hours=1),
        to=DAY + dt.timedelta(hours=3),
        status_change_date=DAY,
        max_delay=10,
        min_arrival_duration=min_arrival,
        min_stay_duration=60,
    )
    enter = task.to + enter_after_to
    progress = evaluate_task(task, walk(enter), DAY + dt.timedelta(hours=5))
    assert progress.status == "failed"
    assert progress.arrival_date == (enter if arrives else None)
