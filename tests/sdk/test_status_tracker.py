"""A tracker's working status (``status/tracker/*``, ``status/listing/tracker/assign``): the
change and its checks, the tracker's listing, the events of ``work_status_change`` rules.

Through the SDK (sync and async); :mod:`status_helpers` describes the demo world's courier
listing of Anna's phone.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import attrs
import pytest
from status_helpers import ANNA, NOW, listing_of, new_listing, new_status

from fleetapi import (
    CloneNotAllowedError,
    DeviceBlockedError,
    DeviceLimitExceededError,
    EntityMissingError,
    EntityNotFoundError,
    NoChangeNeededError,
    NonExistentEntitiesError,
    OperationNotPermittedError,
)
from fleetapi.models.rule import NewRule
from fleetapi.models.status import WorkStatus
from fleetapi_mock import FleetMock, World

# --- A tracker's status -----------------------------------------------------------------------


def test_assigning_a_status_records_the_change(client: Any, fleet_mock: FleetMock) -> None:
    state = fleet_mock.world.trackers[ANNA].state
    change = client.status.tracker.assign(tracker_id=ANNA, new_status_id=2)
    assert (change.old_status_id, change.new_status_id) == (1, 2)
    assert (change.origin, change.changed) == ("supervisor", NOW)
    assert (change.location.lat, change.location.lng) == (state.lat, state.lng)
    read = client.status.tracker.read(tracker_id=ANNA)
    assert read.current_status == WorkStatus(id=2, label="Busy", color="E57373")
    assert read.last_change == change
    listed = client.status.tracker.list(trackers=[ANNA, 2])
    assert listed["4"] == read
    assert (listed["2"].current_status, listed["2"].last_change) == (None, None)
    with pytest.raises(NoChangeNeededError):
        client.status.tracker.assign(tracker_id=ANNA, new_status_id=2)
    again = client.status.tracker.assign(tracker_id=ANNA, new_status_id=1)
    assert (again.id > change.id, again.old_status_id, again.new_status_id) == (True, 2, 1)


def test_the_demo_status_was_set_by_the_employee(client: Any) -> None:
    read = client.status.tracker.read(tracker_id=ANNA)
    assert read.current_status.label == "Free"
    assert (read.last_change.origin, read.last_change.old_status_id) == ("employee", 4)
    assert read.last_change.location.address.startswith("Pariser Platz 1")


def test_a_status_outside_the_trackers_listing_is_204(client: Any) -> None:
    other = new_listing(client)
    foreign = new_status(client, other, "Elsewhere")
    for tracker_id, status_id in ((ANNA, foreign), (ANNA, 999), (2, 1)):  # 2 has no listing
        with pytest.raises(EntityMissingError):
            client.status.tracker.assign(tracker_id=tracker_id, new_status_id=status_id)
    assert client.status.tracker.read(tracker_id=ANNA).last_change.id == 1


def test_a_listing_supervisors_may_not_change_is_13(client: Any) -> None:
    employees_only = attrs.evolve(listing_of(client), supervisor_controlled=False)
    client.status.listing.update(listing=employees_only)
    with pytest.raises(OperationNotPermittedError):
        client.status.tracker.assign(tracker_id=ANNA, new_status_id=2)
    assert client.status.tracker.read(tracker_id=ANNA).current_status.id == 1


def test_the_tracker_is_checked(client: Any, fleet_mock: FleetMock) -> None:
    client.status.listing.tracker.assign(tracker_id=3, listing_id=1)
    fleet_mock.world.trackers.change(3, clone=True)
    for missing in (999, 7):  # unknown, another account's
        with pytest.raises(EntityNotFoundError):
            client.status.tracker.read(tracker_id=missing)
        with pytest.raises(EntityNotFoundError):
            client.status.tracker.assign(tracker_id=missing, new_status_id=1)
        with pytest.raises(EntityNotFoundError):
            client.status.listing.tracker.assign(tracker_id=missing, listing_id=1)
    for blocked, error in ((5, DeviceBlockedError), (3, CloneNotAllowedError)):
        with pytest.raises(error):
            client.status.tracker.read(tracker_id=blocked)
        with pytest.raises(error):
            client.status.tracker.assign(tracker_id=blocked, new_status_id=1)
        with pytest.raises(error):
            client.status.listing.tracker.assign(tracker_id=blocked, listing_id=1)


def test_a_list_of_trackers_refuses_those_it_may_not_read(
    client: Any, fleet_mock: FleetMock
) -> None:
    with pytest.raises(NonExistentEntitiesError) as info:
        client.status.tracker.list(trackers=[ANNA, 7, 5, 999])
    assert all(str(t) in info.value.description for t in (7, 5, 999))
    assert list(client.status.tracker.list(trackers=[ANNA, ANNA])) == ["4"]
    fleet_mock.world.dealers.change(1, device_limit=2)
    with pytest.raises(DeviceLimitExceededError):
        client.status.tracker.list(trackers=[ANNA])


# --- A tracker's listing ----------------------------------------------------------------------


def test_a_tracker_changing_listing_loses_a_status_not_in_it(
    client: Any, fleet_mock: FleetMock
) -> None:
    client.status.listing.tracker.assign(tracker_id=ANNA, listing_id=1)  # the same: no change
    assert client.status.tracker.read(tracker_id=ANNA).last_change.id == 1
    other = new_listing(client)
    ready = new_status(client, other, "Ready")
    client.status.listing.tracker.assign(tracker_id=ANNA, listing_id=other)
    read = client.status.tracker.read(tracker_id=ANNA)
    assert read.current_status is None
    change = read.last_change
    assert (change.old_status_id, change.new_status_id, change.origin) == (1, None, "supervisor")
    assert fleet_mock.world.status_listings[1].trackers == [1]  # Van 1 stays
    assert fleet_mock.world.status_listings[other].trackers == [ANNA]
    assert client.status.tracker.assign(tracker_id=ANNA, new_status_id=ready).old_status_id is None
    client.status.listing.tracker.assign(tracker_id=ANNA)  # none
    assert client.status.tracker.read(tracker_id=ANNA).current_status is None
    with pytest.raises(EntityMissingError):
        client.status.tracker.assign(tracker_id=ANNA, new_status_id=ready)
    client.status.listing.tracker.assign(tracker_id=ANNA)  # none again: nothing to record
    assert client.status.tracker.read(tracker_id=ANNA).last_change.new_status_id is None


def test_deleting_a_status_or_listing_leaves_its_trackers_without(client: Any) -> None:
    client.status.listing.tracker.assign(tracker_id=2, listing_id=1)
    client.status.tracker.assign(tracker_id=2, new_status_id=3)
    client.status.delete(status_id=1)  # Anna's
    anna = client.status.tracker.read(tracker_id=ANNA)
    assert anna.current_status is None
    assert (anna.last_change.old_status_id, anna.last_change.new_status_id) == (1, None)
    assert client.status.tracker.read(tracker_id=2).current_status.id == 3  # untouched
    client.status.listing.delete(listing_id=1)
    van = client.status.tracker.read(tracker_id=2)
    assert (van.current_status, van.last_change.old_status_id) == (None, 3)
    assert client.status.listing.list() == []
    with pytest.raises(EntityMissingError):
        client.status.listing.tracker.assign(tracker_id=2, listing_id=1)


def test_a_changed_status_shows_in_the_trackers_current_one(client: Any) -> None:
    client.status.update(status=WorkStatus(id=1, label="Available", color="00E676"))
    read = client.status.tracker.read(tracker_id=ANNA)
    assert read.current_status == WorkStatus(id=1, label="Available", color="00E676")
    assert read.last_change.id == 1  # an edit of the status is no change of the tracker's


def test_a_removed_tracker_leaves_its_listing(client: Any, fleet_mock: FleetMock) -> None:
    world = fleet_mock.world
    state = attrs.evolve(world.trackers[ANNA].state, connection_status="just_registered")
    world.trackers.change(ANNA, state=state)
    client.status.tracker.assign(tracker_id=ANNA, new_status_id=2)
    client.tracker.corrupt(tracker_id=ANNA)
    assert listing_of(client).entries == [1, 2, 3, 4]
    assert world.status_listings[1].trackers == [1]  # Van 1's
    assert {c.tracker_id for c in world.status_changes.values()} == {1}  # Anna's are gone
    assert World.from_document(world.to_document()).status_listings.keys() == {1}


# --- Events -----------------------------------------------------------------------------------


def _events(client: Any) -> list[Any]:
    entries = client.history.tracker.list(
        trackers=[ANNA], from_=NOW - dt.timedelta(hours=1), to=NOW + dt.timedelta(hours=1)
    ).list
    return [e for e in entries if e.event == "work_status_change"]


def test_a_work_status_change_rule_records_the_statuses_it_watches(client: Any) -> None:
    watching = client.tracker.rule.create(
        rule=NewRule(
            type="work_status_change",
            name="Busy couriers",
            trackers=[ANNA],
            primary_text="Courier is busy",
            extended_params={"status_ids": [2]},
        )
    )
    client.status.tracker.assign(tracker_id=ANNA, new_status_id=3)
    assert _events(client) == []
    client.status.tracker.assign(tracker_id=ANNA, new_status_id=2)
    (event,) = _events(client)
    assert (event.rule_id, event.time) == (watching, NOW)
    assert event.message == "Anna's phone: Courier is busy"  # the history names the tracker
    every = client.tracker.rule.create(
        rule=NewRule(type="work_status_change", name="Any", trackers=[ANNA])
    )
    client.status.tracker.assign(tracker_id=ANNA, new_status_id=4)
    assert [(e.rule_id, e.message) for e in _events(client)[1:]] == [
        (every, "Anna's phone: Work status changed: Off duty")
    ]
    client.tracker.rule.update(rule=attrs.evolve(client.tracker.rule.list()[-1], suspended=True))
    client.status.tracker.assign(tracker_id=ANNA, new_status_id=1)
    assert len(_events(client)) == 2
    assert "work_status_change" in {t.type for t in client.history.type.list()}
