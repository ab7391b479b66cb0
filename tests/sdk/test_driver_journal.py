"""The driver journal (``driver/journal/*``): calls of the service's documentation, through the
SDK. Proposals are the trips of a tracker's points, divided where its driver changed; entries
are trips put in a category, listed, changed, deleted and downloaded. The documented examples
run in ``tests/mock/test_service_examples.py``."""

from __future__ import annotations

import datetime as dt
import io
import itertools

import attrs
import httpx
import pytest
from openpyxl import load_workbook

from fleetapi import (
    DeviceBlockedError,
    EntityMissingError,
    EntityNotFoundError,
    InvalidParametersError,
    OperationNotPermittedError,
    TimeSpanTooBigError,
)
from fleetapi.models.driver_journal import JournalEntryUpdate, NewJournalEntry
from fleetapi_mock import FleetMock

DAY = dt.datetime(2026, 1, 14), dt.datetime(2026, 1, 15)
"""The demo's day of van 1's trips (its first one is the demo's journal entry)."""
NOW = dt.datetime(2026, 1, 15, 9, 0)


def entry_of(proposal: object, kind: str = "work", **changes: object) -> NewJournalEntry:
    """A journal entry of a proposal."""
    fields = {a.name for a in attrs.fields(NewJournalEntry)}
    values = {name: getattr(proposal, name) for name in fields if hasattr(proposal, name)}
    return NewJournalEntry(**{**values, "type": kind, **changes})


def test_proposals_are_the_trips_of_the_period(fleet_client):
    proposals = fleet_client.driver.journal.proposal.list(tracker_id=1, from_=DAY[0], to=DAY[1])
    tracks = fleet_client.track.list(tracker_id=1, from_=DAY[0], to=DAY[1]).list
    assert [(p.start_date, p.end_date, p.length) for p in proposals] == [
        (t.start_date, t.end_date, t.length) for t in tracks
    ]
    assert [p.start_location.address for p in proposals] == [t.start_address for t in tracks]
    assert {p.employee_id for p in proposals} == {2}  # van 1's driver, no change recorded
    assert [p.overlapped for p in proposals] == [True] + [False] * (len(proposals) - 1)
    for before, after in itertools.pairwise(proposals):
        assert before.start_odometer < before.end_odometer <= after.start_odometer
    assert proposals[0].end_odometer - proposals[0].start_odometer == pytest.approx(
        proposals[0].length, abs=0.01
    )


def test_a_trip_is_divided_where_the_driver_changed(fleet_client, fleet_mock):
    route = [(52.50, 13.40), (52.52, 13.40), (52.54, 13.40)]
    start = NOW + dt.timedelta(minutes=1)
    points = fleet_mock.drive(2, route, start=start, speed=40, advance_clock=False)
    middle = points[len(points) // 2].get_time
    fleet_mock.clock.set(middle)
    fleet_client.tracker.employee.assign(tracker_id=2, new_employee_id=3)
    fleet_mock.clock.set(points[-1].get_time + dt.timedelta(minutes=5))
    whole = fleet_client.track.list(tracker_id=2, from_=NOW, to=points[-1].get_time).list
    assert len(whole) == 1
    first, second = fleet_client.driver.journal.proposal.list(
        tracker_id=2, from_=NOW, to=points[-1].get_time
    )
    assert (first.employee_id, second.employee_id) == (None, 3)
    assert (first.start_date, second.end_date) == (whole[0].start_date, whole[0].end_date)
    assert first.end_date < middle <= second.start_date
    assert first.length + second.length == pytest.approx(whole[0].length, abs=0.6)
    # a trip of the period is proposed whole
    later = fleet_client.driver.journal.proposal.list(
        tracker_id=2, from_=middle, to=points[-1].get_time
    )
    assert later == [first, second]


def test_entries_are_created_listed_changed_and_deleted(fleet_client):
    journal = fleet_client.driver.journal
    proposals = journal.proposal.list(tracker_id=1, from_=DAY[0], to=DAY[1])
    kinds = ["personal", "other", "work", "personal"]
    journal.entry.create(
        entries=[entry_of(p, k) for p, k in zip(proposals[1:], kinds, strict=False)]
    )
    listed = journal.entry.list(tracker_id=1, from_=DAY[0], to=DAY[1])
    assert [e.start_date for e in listed] == [p.start_date for p in proposals[:5]]
    assert [e.type for e in listed] == ["work", *kinds]
    assert all(
        p.overlapped for p in journal.proposal.list(tracker_id=1, from_=DAY[0], to=DAY[1])[:5]
    )
    personal = journal.entry.list(tracker_id=1, from_=DAY[0], to=DAY[1], types=["personal"])
    assert [e.type for e in personal] == ["personal", "personal"]
    by_type = journal.entry.list(
        tracker_id=1, from_=DAY[0], to=DAY[1], sort=["type=desc", "start_datetime=desc"]
    )
    assert [e.type for e in by_type] == ["work", "work", "personal", "personal", "other"]
    assert by_type[0].start_date > by_type[1].start_date
    # the period: entries ending after from and starting before to
    morning = journal.entry.list(
        tracker_id=1, from_=dt.datetime(2026, 1, 14, 7, 3), to=dt.datetime(2026, 1, 14, 8, 12)
    )
    assert [e.start_date for e in morning] == [p.start_date for p in proposals[:2]]
    # by IDs, whatever the period; the tracker and the period are needed without them
    named = journal.entry.list(
        tracker_id=1, from_=NOW, to=NOW + dt.timedelta(hours=1), entry_ids=[1, listed[1].id]
    )
    assert [e.id for e in named] == [1, listed[1].id]
    assert journal.entry.list(entry_ids=[listed[1].id, 424242]) == [listed[1]]
    with pytest.raises(InvalidParametersError) as info:
        journal.entry.list(tracker_id=1, from_=DAY[0])
    assert info.value.errors[0]["parameter"] == "to"
    journal.entry.update(
        entry=JournalEntryUpdate(id=listed[1].id, type="work", comment="Depot run")
    )
    changed = journal.entry.list(tracker_id=1, from_=DAY[0], to=DAY[1], entry_ids=[listed[1].id])
    assert (changed[0].type, changed[0].comment) == ("work", "Depot run")
    assert changed[0].start_location == listed[1].start_location  # the rest is kept
    journal.entry.delete(entry_ids=[listed[1].id, 424242])
    assert len(journal.entry.list(tracker_id=1, from_=DAY[0], to=DAY[1])) == 4
    with pytest.raises(EntityMissingError):
        journal.entry.update(entry=JournalEntryUpdate(id=listed[1].id, type="work"))


def test_what_create_and_list_refuse(fleet_client):
    journal = fleet_client.driver.journal
    (proposal, *_) = journal.proposal.list(tracker_id=1, from_=DAY[0], to=DAY[1])
    good = entry_of(proposal)
    cases = [
        (entry_of(proposal, tracker_id=7), EntityNotFoundError),  # another account's
        (entry_of(proposal, tracker_id=5), DeviceBlockedError),
        (entry_of(proposal, employee_id=424242), EntityMissingError),
        (entry_of(proposal, end_date=proposal.start_date), InvalidParametersError),
    ]
    for bad, error in cases:
        with pytest.raises(error):
            journal.entry.create(entries=[good, bad])  # all or none
    assert len(journal.entry.list(tracker_id=1, from_=DAY[0], to=DAY[1])) == 1
    with pytest.raises(EntityNotFoundError):
        journal.entry.list(tracker_id=7, from_=DAY[0], to=DAY[1])
    with pytest.raises(InvalidParametersError):
        journal.entry.list(tracker_id=1, from_=DAY[1], to=DAY[0])
    with pytest.raises(TimeSpanTooBigError):
        journal.proposal.list(tracker_id=1, from_=DAY[0] - dt.timedelta(days=100), to=DAY[1])
    with pytest.raises(InvalidParametersError):
        journal.entry.list(tracker_id=1, from_=DAY[0], to=DAY[1], sort=["speed=asc"])


def test_the_journal_downloads_as_a_file(fleet_client, fleet_mock):
    journal = fleet_client.driver.journal
    proposals = journal.proposal.list(tracker_id=1, from_=DAY[0], to=DAY[1])
    journal.entry.create(entries=[entry_of(proposals[1], "personal", comment="Lunch")])
    assert journal.entry.download(tracker_id=1, from_=DAY[0], to=DAY[1], format="pdf").startswith(
        b"%PDF"
    )
    content = journal.entry.download(
        tracker_id=1, from_=DAY[0], to=DAY[1], format="xlsx", group_by="type"
    )
    rows = [[c.value for c in row] for row in load_workbook(io.BytesIO(content)).active.iter_rows()]
    assert rows[0][:3] == ["Start", "End", "Type"]
    assert [r[0] if r[2] is None else r[2] for r in rows[1:]] == [
        "personal", "personal", "work", "work", "Total",
    ]  # fmt: skip
    assert rows[2][3] == "Ben J. Keller"
    assert rows[-1][6] == pytest.approx(proposals[0].length + proposals[1].length)
    with httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url) as http:
        body = {
            "hash": fleet_mock.session(), "tracker_id": 1, "format": "xlsx",
            "from": "2026-01-14 00:00:00", "to": "2026-01-15 00:00:00",
        }  # fmt: skip
        answer = http.post("/driver/journal/entry/download", json=body)
        assert "driver_journal.xlsx" in answer.headers["content-disposition"]
        answer = http.post(
            "/driver/journal/entry/download", json={**body, "add_filename_header": False}
        )
        assert "content-disposition" not in answer.headers


def test_rights_and_sight_of_sub_users(fleet_mock: FleetMock):
    with fleet_mock.login("dispatcher", "demo") as dispatcher:  # no tracker_update
        assert [
            e.id
            for e in dispatcher.driver.journal.entry.list(tracker_id=1, from_=DAY[0], to=DAY[1])
        ] == [1]
        for call in (
            lambda: dispatcher.driver.journal.entry.update(
                entry=JournalEntryUpdate(id=1, type="other")
            ),
            lambda: dispatcher.driver.journal.entry.delete(entry_ids=[1]),
        ):
            with pytest.raises(OperationNotPermittedError):
                call()
    with fleet_mock.world.lock:
        fleet_mock.world.users.change(2, trackers=[2], rights=["tracker_update"])
    with fleet_mock.login("dispatcher", "demo") as dispatcher:  # sees tracker 2 alone
        with pytest.raises(EntityNotFoundError):
            dispatcher.driver.journal.entry.list(tracker_id=1, from_=DAY[0], to=DAY[1])
        with pytest.raises(EntityNotFoundError):
            dispatcher.driver.journal.entry.update(entry=JournalEntryUpdate(id=1, type="other"))
        dispatcher.driver.journal.entry.delete(entry_ids=[1])  # not seen: skipped
    assert 1 in fleet_mock.world.journal_entries
