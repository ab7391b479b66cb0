"""The driver journal as the mock answers it: entries on the wire, and the proposals made from
a tracker's trips.

Proposals are the trips :mod:`fleetapi_mock.domain.track` splits from the tracker's points
(:func:`~fleetapi_mock.domain.track.trips_of`, with its trip detection settings), as
``track/list`` answers them by default (no single report, no trip shorter than
:data:`~fleetapi_mock.domain.track.MIN_TRACK_POINTS` points or
:data:`~fleetapi_mock.domain.track.MIN_TRACK_LENGTH_KM`), whole, up to now. The world keeps a
tracker's last driver change alone (``employee_changes``): a trip it falls in is divided
there, the part after it driven by the employee it bound, the part before by nobody known.
Without a change, the employee bound to the tracker now drove.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from fleetapi.models.driver_journal import JournalEntry, JournalLocation, JournalProposal
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.employee import driver_of
from fleetapi_mock.domain.gazetteer import nearest_address
from fleetapi_mock.domain.sensor.counters import counter_at
from fleetapi_mock.domain.track import (
    MIN_TRACK_LENGTH_KM,
    MIN_TRACK_POINTS,
    length_km,
    splitting_of,
    trips_of,
)
from fleetapi_mock.state.records import (
    JournalEntryRecord,
    TrackerRecord,
    TrackPointRecord,
    convert,
)

__all__ = ["entries_of", "proposals", "wire_entry"]


def wire_entry(ctx: Context, record: JournalEntryRecord) -> JournalEntry:
    """The API's entry of a record, its dates in the caller's time zone."""
    return convert(
        JournalEntry,
        record,
        start_date=ctx.user_time(record.start_date),
        end_date=ctx.user_time(record.end_date),
    )


def entries_of(ctx: Context, tracker_id: int) -> list[JournalEntryRecord]:
    """The account's entries of the tracker, by ID."""
    return [e for e in ctx.owned(ctx.world.journal_entries) if e.tracker_id == tracker_id]


def _location(ctx: Context, point: TrackPointRecord) -> JournalLocation:
    address = point.address
    if not address:
        entry = nearest_address(ctx.world, point.lat, point.lng)
        address = entry.address if entry is not None else ""
    return JournalLocation(lat=point.lat, lng=point.lng, address=address)


def _parts(
    points: Sequence[TrackPointRecord], change: dt.datetime | None
) -> list[Sequence[TrackPointRecord]]:
    """A trip's points, divided at ``change`` when it falls inside the trip."""
    if change is None or not points[0].get_time < change <= points[-1].get_time:
        return [points]
    split = next(i for i, p in enumerate(points) if p.get_time >= change)
    return [part for part in (points[:split], points[split:]) if len(part) > 1]


def proposals(
    ctx: Context, tracker: TrackerRecord, start: dt.datetime, end: dt.datetime
) -> list[JournalProposal]:
    """The trips of ``tracker`` with points from ``start`` to ``end`` (UTC) and up to now,
    as proposals for the journal (see the module)."""
    world = ctx.world
    now = ctx.now()
    last = min(end, now)
    if last < start:
        return []
    track = world.track_points.track(tracker.id)
    trips = trips_of(track, splitting=splitting_of(world.tracker_settings, tracker.id))
    change = world.employee_changes.get(tracker.id)
    bound = driver_of(ctx, tracker.id)
    entries = entries_of(ctx, tracker.id)
    found = []
    for trip in trips.between(start, last):
        points = trip.within(trip.points[0].get_time, now)
        if trip.single or len(points) < MIN_TRACK_POINTS or length_km(points) < MIN_TRACK_LENGTH_KM:
            continue
        for part in _parts(points, change.changed if change is not None else None):
            first, final = part[0], part[-1]
            if change is None:
                driver = bound.id if bound is not None else None
            else:
                driver = change.new_employee_id if first.get_time >= change.changed else None
            overlapped = any(
                e.start_date <= final.get_time and e.end_date >= first.get_time for e in entries
            )
            found.append(
                JournalProposal(
                    tracker_id=tracker.id,
                    employee_id=driver,
                    start_date=ctx.user_time(first.get_time),
                    end_date=ctx.user_time(final.get_time),
                    start_location=_location(ctx, first),
                    end_location=_location(ctx, final),
                    length=round(length_km(part), 3),
                    start_odometer=_odometer(ctx, tracker, first.get_time),
                    end_odometer=_odometer(ctx, tracker, final.get_time),
                    overlapped=overlapped,
                )
            )
    return found


def _odometer(ctx: Context, tracker: TrackerRecord, moment: dt.datetime) -> float | None:
    value = counter_at(ctx.world, tracker, "odometer", moment)
    return None if value is None else round(value, 3)
