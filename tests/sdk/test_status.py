"""Working statuses (``status/*``) and vehicle statuses (``vehicle/status/listing/*``): calls
of the service's documentation.

The documented examples themselves run in ``tests/mock/test_service_examples.py``; here, the
rules each call keeps, through the SDK (sync and async). The demo world's courier listing 1
(statuses Free 1, Busy 2, On break 3, Off duty 4) is Anna's phone's (tracker 4), whose
employee set it to Free in the app this morning.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import attrs
import pytest

from fleetapi import (
    CloneNotAllowedError,
    DeviceBlockedError,
    DeviceLimitExceededError,
    EntityMissingError,
    EntityNotFoundError,
    EntriesMismatchError,
    InvalidParametersError,
    NoChangeNeededError,
    NonExistentEntitiesError,
    OperationNotPermittedError,
    OverQuotaError,
    TariffRestrictionError,
)
from fleetapi.models.rule import NewRule
from fleetapi.models.status import (
    MAX_STATUS_LISTINGS,
    MAX_WORK_STATUSES,
    NewStatusListing,
    NewWorkStatus,
    StatusListing,
    WorkStatus,
)
from fleetapi.models.vehicle import VehicleStatusEntry
from fleetapi_mock import FleetMock, World, demo_document
from fleetapi_mock.state.records import StatusListingRecord, WorkStatusRecord

NOW = dt.datetime(2026, 1, 15, 9, 0)
"""The demo world's clock (the demo user's time zone is UTC)."""

ANNA = 4
"""Anna's phone: the tracker of the demo's courier listing 1."""


def _listing(client: Any, listing_id: int = 1) -> StatusListing:
    return next(s for s in client.status.listing.list() if s.id == listing_id)


def _labels(client: Any, listing_id: int = 1) -> list[str]:
    return [s.label for s in client.status.list(listing_id=listing_id)]


def _new_listing(client: Any, label: str = "Night shift", *, supervisor: bool = True) -> int:
    listing = NewStatusListing(
        label=label, employee_controlled=True, supervisor_controlled=supervisor
    )
    listing_id: int = client.status.listing.create(listing=listing)
    return listing_id


def _new_status(client: Any, listing_id: int, label: str, color: str = "2196F3") -> int:
    status_id: int = client.status.create(
        listing_id=listing_id, status=NewWorkStatus(label=label, color=color)
    )
    return status_id


def _mock_with_dispatcher(**changes: Any) -> FleetMock:
    """The demo world whose sub-user ``dispatcher`` has ``changes`` (``rights``, ``trackers``)."""
    document = demo_document()
    dispatcher = next(u for u in document["users"] if u["login"] == "dispatcher")
    dispatcher.update(security_group_id=None, **changes)
    return FleetMock(document)


# --- Listings and their statuses ------------------------------------------------------------


def test_a_listing_is_made_empty_and_keeps_its_statuses_in_order(client: Any) -> None:
    listing_id = _new_listing(client)
    made = _listing(client, listing_id)
    assert (made.label, made.employee_controlled, made.supervisor_controlled) == (
        "Night shift",
        True,
        True,
    )
    assert made.entries == []
    assert client.status.list(listing_id=listing_id) == []
    ids = [_new_status(client, listing_id, label) for label in ("Ready", "Driving", "Done")]
    assert _listing(client, listing_id).entries == ids  # each joins at the end
    assert _labels(client, listing_id) == ["Ready", "Driving", "Done"]
    reordered = [ids[2], ids[0], ids[1]]
    changed = StatusListing(
        id=listing_id,
        label="Nights",
        employee_controlled=False,
        supervisor_controlled=True,
        entries=reordered,
    )
    client.status.listing.update(listing=changed)
    assert _listing(client, listing_id) == changed
    assert _labels(client, listing_id) == ["Done", "Ready", "Driving"]
    later = _new_status(client, listing_id, "Parked")
    assert _listing(client, listing_id).entries == [*reordered, later]
    assert _listing(client).entries == [1, 2, 3, 4]  # the demo's listing is untouched


@pytest.mark.parametrize(
    "entries",
    [[1, 2, 3], [1, 2, 3, 4, 4], [1, 2, 3, 4, 99], [1, 2, 3, 99]],
    ids=["missing", "twice", "unknown", "replaced"],
)
def test_a_listing_update_names_every_status_once(client: Any, entries: list[int]) -> None:
    before = _listing(client)
    changed = attrs.evolve(before, label="Changed", entries=entries)
    with pytest.raises(EntriesMismatchError):
        client.status.listing.update(listing=changed)
    assert _listing(client) == before


def test_a_listing_update_takes_no_status_of_another_listing(client: Any) -> None:
    other = _new_listing(client)
    foreign = _new_status(client, other, "Elsewhere")
    changed = attrs.evolve(_listing(client), entries=[1, 2, 3, 4, foreign])
    with pytest.raises(EntriesMismatchError):
        client.status.listing.update(listing=changed)
    assert client.status.list(listing_id=other)[0].id == foreign


def test_a_status_is_changed_and_deleted(client: Any) -> None:
    client.status.update(status=WorkStatus(id=2, label="Delivering", color="FF5252"))
    assert client.status.list(listing_id=1)[1] == WorkStatus(
        id=2, label="Delivering", color="FF5252"
    )
    client.status.delete(status_id=3)
    assert _listing(client).entries == [1, 2, 4]
    assert _labels(client) == ["Free", "Delivering", "Off duty"]


def test_what_is_not_the_accounts_answers_201(client: Any, fleet_mock: FleetMock) -> None:
    with fleet_mock.login("other", "other") as other:  # another account with the feature
        theirs = _new_listing(other, "Theirs")
        their_status = _new_status(other, theirs, "Away")
        assert other.status.listing.list()[0].id == theirs
        with pytest.raises(EntityNotFoundError):
            other.status.list(listing_id=1)
    assert [s.id for s in client.status.listing.list()] == [1]
    for call in (
        lambda: client.status.list(listing_id=theirs),
        lambda: client.status.create(
            listing_id=theirs, status=NewWorkStatus(label="X", color="000000")
        ),
        lambda: client.status.update(status=WorkStatus(id=their_status, label="X", color="000000")),
        lambda: client.status.delete(status_id=their_status),
        lambda: client.status.delete(status_id=999),
        lambda: client.status.listing.delete(listing_id=theirs),
        lambda: client.status.listing.update(
            listing=StatusListing(
                id=999, label="X", employee_controlled=True, supervisor_controlled=True, entries=[]
            )
        ),
    ):
        with pytest.raises(EntityNotFoundError):
            call()
    with pytest.raises(EntityMissingError):  # 204 for the listing this call refers to
        client.status.listing.tracker.assign(tracker_id=1, listing_id=theirs)


@pytest.mark.parametrize(
    "bad",
    [{"label": ""}, {"label": "x" * 256}, {"color": "#E57373"}, {"color": "red"}],
    ids=["blank", "long", "hash", "name"],
)
def test_labels_and_colors_are_checked(client: Any, bad: dict[str, str]) -> None:
    status = NewWorkStatus(**{"label": "Busy", "color": "E57373", **bad})
    with pytest.raises(InvalidParametersError) as info:
        client.status.create(listing_id=1, status=status)
    (field,) = bad
    assert [e["parameter"] for e in info.value.errors] == [f"status.{field}"]
    assert _labels(client) == ["Free", "Busy", "On break", "Off duty"]


def test_quotas_of_listings_and_statuses(client: Any, fleet_mock: FleetMock) -> None:
    world = fleet_mock.world
    for n in range(2, MAX_STATUS_LISTINGS + 1):
        world.status_listings[1000 + n] = StatusListingRecord(
            id=1000 + n, user_id=1, label=f"L{n}", employee_controlled=True,
            supervisor_controlled=True,
        )  # fmt: skip
    with pytest.raises(OverQuotaError):
        _new_listing(client)
    del world.status_listings[1000 + MAX_STATUS_LISTINGS]
    _new_listing(client)  # room again
    for n in range(5, MAX_WORK_STATUSES + 1):
        world.work_statuses[1000 + n] = WorkStatusRecord(
            id=1000 + n, user_id=1, listing_id=1002, label=f"S{n}", color="000000"
        )
    with pytest.raises(OverQuotaError):
        _new_status(client, 1, "One more")
    client.status.delete(status_id=4)
    _new_status(client, 1, "One more")


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
    listed = client.status.tracker.list(trackers=[ANNA, 1])
    assert listed["4"] == read
    assert (listed["1"].current_status, listed["1"].last_change) == (None, None)
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
    other = _new_listing(client)
    foreign = _new_status(client, other, "Elsewhere")
    for tracker_id, status_id in ((ANNA, foreign), (ANNA, 999), (1, 1)):  # 1 has no listing
        with pytest.raises(EntityMissingError):
            client.status.tracker.assign(tracker_id=tracker_id, new_status_id=status_id)
    assert client.status.tracker.read(tracker_id=ANNA).last_change.id == 1


def test_a_listing_supervisors_may_not_change_is_13(client: Any) -> None:
    employees_only = attrs.evolve(_listing(client), supervisor_controlled=False)
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
    other = _new_listing(client)
    ready = _new_status(client, other, "Ready")
    client.status.listing.tracker.assign(tracker_id=ANNA, listing_id=other)
    read = client.status.tracker.read(tracker_id=ANNA)
    assert read.current_status is None
    change = read.last_change
    assert (change.old_status_id, change.new_status_id, change.origin) == (1, None, "supervisor")
    assert fleet_mock.world.status_listings[1].trackers == []
    assert fleet_mock.world.status_listings[other].trackers == [ANNA]
    assert client.status.tracker.assign(tracker_id=ANNA, new_status_id=ready).old_status_id is None
    client.status.listing.tracker.assign(tracker_id=ANNA)  # none
    assert client.status.tracker.read(tracker_id=ANNA).current_status is None
    with pytest.raises(EntityMissingError):
        client.status.tracker.assign(tracker_id=ANNA, new_status_id=ready)
    client.status.listing.tracker.assign(tracker_id=ANNA)  # none again: nothing to record
    assert client.status.tracker.read(tracker_id=ANNA).last_change.new_status_id is None


def test_deleting_a_status_or_listing_leaves_its_trackers_without(client: Any) -> None:
    client.status.listing.tracker.assign(tracker_id=1, listing_id=1)
    client.status.tracker.assign(tracker_id=1, new_status_id=3)
    client.status.delete(status_id=1)  # Anna's
    anna = client.status.tracker.read(tracker_id=ANNA)
    assert anna.current_status is None
    assert (anna.last_change.old_status_id, anna.last_change.new_status_id) == (1, None)
    assert client.status.tracker.read(tracker_id=1).current_status.id == 3  # untouched
    client.status.listing.delete(listing_id=1)
    van = client.status.tracker.read(tracker_id=1)
    assert (van.current_status, van.last_change.old_status_id) == (None, 3)
    assert client.status.listing.list() == []
    with pytest.raises(EntityMissingError):
        client.status.listing.tracker.assign(tracker_id=1, listing_id=1)


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
    assert _listing(client).entries == [1, 2, 3, 4]
    assert world.status_listings[1].trackers == []
    assert not world.status_changes
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


# --- Rights and the tariff --------------------------------------------------------------------


def test_a_sub_user_needs_tracker_update_and_sight_of_the_tracker() -> None:
    without = _mock_with_dispatcher(rights=[], trackers=[1, ANNA])
    with without.login("dispatcher", "demo") as sub:
        assert [s.id for s in sub.status.listing.list()] == [1]  # reads need no right
        assert sub.status.tracker.read(tracker_id=ANNA).current_status.id == 1
        for call in (
            lambda: sub.status.tracker.assign(tracker_id=ANNA, new_status_id=2),
            lambda: sub.status.create(
                listing_id=1, status=NewWorkStatus(label="X", color="000000")
            ),
            lambda: sub.status.listing.tracker.assign(tracker_id=1, listing_id=1),
            lambda: sub.status.listing.delete(listing_id=1),
        ):
            with pytest.raises(OperationNotPermittedError):
                call()
    with_right = _mock_with_dispatcher(rights=["tracker_update"], trackers=[1])
    with with_right.login("dispatcher", "demo") as sub:
        assert [s.id for s in sub.status.listing.list()] == [1]  # the account's, all of them
        with pytest.raises(EntityNotFoundError):
            sub.status.tracker.assign(tracker_id=ANNA, new_status_id=2)
        with pytest.raises(EntityNotFoundError):
            sub.status.tracker.read(tracker_id=ANNA)
        with pytest.raises(NonExistentEntitiesError):
            sub.status.tracker.list(trackers=[1, ANNA])
        sub.status.listing.tracker.assign(tracker_id=1, listing_id=1)
        assert sub.status.tracker.assign(tracker_id=1, new_status_id=2).new_status_id == 2
    with with_right.login() as master:
        assert master.status.tracker.read(tracker_id=ANNA).current_status.id == 1


def test_without_a_tracker_on_a_tariff_with_statuses_every_call_is_236() -> None:
    document = demo_document()
    for tracker in document["trackers"]:
        if tracker["user_id"] == 1:
            tracker["tariff_id"] = 2  # Basic: no working statuses
    with FleetMock(document).login() as client:
        for call in (
            lambda: client.status.listing.list(),
            lambda: client.status.list(listing_id=1),
            lambda: client.status.tracker.read(tracker_id=ANNA),
            lambda: client.status.tracker.list(trackers=[ANNA]),
            lambda: client.status.tracker.assign(tracker_id=ANNA, new_status_id=2),
            lambda: _new_listing(client),
        ):
            with pytest.raises(TariffRestrictionError):
                call()
    blocked = next(t for t in document["trackers"] if t["id"] == 5)
    blocked["tariff_id"] = 1  # one tracker with the feature is enough, blocked or not
    with FleetMock(document).login() as client:
        assert client.status.tracker.read(tracker_id=ANNA).current_status.id == 1


# --- World documents --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("collection", "change", "fault"),
    [
        ("status_listings", {"trackers": [7]}, "status_listings[id=1].trackers"),
        ("work_statuses", {"listing_id": 9}, "work_statuses[id=1].listing_id"),
        ("status_changes", {"tracker_id": 99}, "status_changes[id=1].tracker_id"),
        ("vehicle_statuses", {"user_id": 2}, "vehicle_statuses[id=1].user_id"),
    ],
)
def test_a_world_document_refers_to_what_it_holds(
    collection: str, change: dict[str, Any], fault: str
) -> None:
    document = demo_document()
    document[collection][0].update(change)
    with pytest.raises(ValueError, match=re.escape(fault)):
        World.from_document(document)


def test_a_tracker_has_one_listing_at_most() -> None:
    document = demo_document()
    document["status_listings"].append(
        {"id": 2, "user_id": 1, "label": "Second", "employee_controlled": True,
         "supervisor_controlled": True, "trackers": [ANNA]}
    )  # fmt: skip
    with pytest.raises(ValueError, match="tracker 4 has listing 1"):
        World.from_document(document)


# --- Vehicle statuses -------------------------------------------------------------------------


def test_vehicle_statuses_are_replaced_whole(client: Any) -> None:
    assert [(s.id, s.order, s.label) for s in client.vehicle.status.listing.read()] == [
        (1, 0, "In service"),
        (2, 1, "In repair"),
    ]
    client.vehicle.status.listing.update(
        statuses=[
            VehicleStatusEntry(label="Ready", color="00E676"),
            VehicleStatusEntry(id=2, order=7, label="At the garage", color="FF9800"),
        ]
    )
    read = client.vehicle.status.listing.read()
    assert [(s.order, s.label, s.color) for s in read] == [
        (0, "Ready", "00E676"),
        (1, "At the garage", "FF9800"),
    ]
    assert read[1].id == 2
    assert read[0].id not in (1, 2)
    client.vehicle.status.listing.update(statuses=[])
    assert client.vehicle.status.listing.read() == []


@pytest.mark.parametrize("ids", [[1, 99], [1, 1]], ids=["unknown", "twice"])
def test_vehicle_status_ids_are_the_accounts_each_once(client: Any, ids: list[int]) -> None:
    entries = [VehicleStatusEntry(id=i, label="X", color="000000") for i in ids]
    with pytest.raises(InvalidParametersError) as info:
        client.vehicle.status.listing.update(statuses=entries)
    assert [e["parameter"] for e in info.value.errors] == ["statuses[1].id"]
    assert len(client.vehicle.status.listing.read()) == 2


def test_vehicle_statuses_are_the_accounts(fleet_mock: FleetMock) -> None:
    with fleet_mock.login("other", "other") as other:
        assert other.vehicle.status.listing.read() == []
        with pytest.raises(InvalidParametersError):  # the demo account's status 1
            other.vehicle.status.listing.update(
                statuses=[VehicleStatusEntry(id=1, label="Mine", color="000000")]
            )
    reader = _mock_with_dispatcher(rights=[])
    with reader.login("dispatcher", "demo") as sub:
        assert len(sub.vehicle.status.listing.read()) == 2
        with pytest.raises(OperationNotPermittedError):
            sub.vehicle.status.listing.update(statuses=[])
