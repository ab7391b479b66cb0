"""Working status listings and their statuses (``status/*``): calls of the service's
documentation; the rights and the tariff feature they need, and the world documents holding
them.

The documented examples themselves run in ``tests/mock/test_service_examples.py``; here, the
rules each call keeps, through the SDK (sync and async). :mod:`status_helpers` describes the
demo world's courier listing.
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest
from status_helpers import (
    ANNA,
    labels_of,
    listing_of,
    mock_with_dispatcher,
    new_listing,
    new_status,
)

from fleetapi import (
    EntityMissingError,
    EntityNotFoundError,
    EntriesMismatchError,
    InvalidParametersError,
    NonExistentEntitiesError,
    OperationNotPermittedError,
    OverQuotaError,
    TariffRestrictionError,
)
from fleetapi.models.status import (
    MAX_STATUS_LISTINGS,
    MAX_WORK_STATUSES,
    NewWorkStatus,
    StatusListing,
    WorkStatus,
)
from fleetapi_mock import FleetMock, World, demo_document
from fleetapi_mock.state.records import StatusListingRecord, WorkStatusRecord

# --- Listings and their statuses ------------------------------------------------------------


def test_a_listing_is_made_empty_and_keeps_its_statuses_in_order(client: Any) -> None:
    listing_id = new_listing(client)
    made = listing_of(client, listing_id)
    assert (made.label, made.employee_controlled, made.supervisor_controlled) == (
        "Night shift",
        True,
        True,
    )
    assert made.entries == []
    assert client.status.list(listing_id=listing_id) == []
    ids = [new_status(client, listing_id, label) for label in ("Ready", "Driving", "Done")]
    assert listing_of(client, listing_id).entries == ids  # each joins at the end
    assert labels_of(client, listing_id) == ["Ready", "Driving", "Done"]
    reordered = [ids[2], ids[0], ids[1]]
    changed = StatusListing(
        id=listing_id,
        label="Nights",
        employee_controlled=False,
        supervisor_controlled=True,
        entries=reordered,
    )
    client.status.listing.update(listing=changed)
    assert listing_of(client, listing_id) == changed
    assert labels_of(client, listing_id) == ["Done", "Ready", "Driving"]
    later = new_status(client, listing_id, "Parked")
    assert listing_of(client, listing_id).entries == [*reordered, later]
    assert listing_of(client).entries == [1, 2, 3, 4]  # the demo's listing is untouched


@pytest.mark.parametrize(
    "entries",
    [[1, 2, 3], [1, 2, 3, 4, 4], [1, 2, 3, 4, 99], [1, 2, 3, 99]],
    ids=["missing", "twice", "unknown", "replaced"],
)
def test_a_listing_update_names_every_status_once(client: Any, entries: list[int]) -> None:
    before = listing_of(client)
    changed = attrs.evolve(before, label="Changed", entries=entries)
    with pytest.raises(EntriesMismatchError):
        client.status.listing.update(listing=changed)
    assert listing_of(client) == before


def test_a_listing_update_takes_no_status_of_another_listing(client: Any) -> None:
    other = new_listing(client)
    foreign = new_status(client, other, "Elsewhere")
    changed = attrs.evolve(listing_of(client), entries=[1, 2, 3, 4, foreign])
    with pytest.raises(EntriesMismatchError):
        client.status.listing.update(listing=changed)
    assert client.status.list(listing_id=other)[0].id == foreign


def test_a_status_is_changed_and_deleted(client: Any) -> None:
    client.status.update(status=WorkStatus(id=2, label="Delivering", color="FF5252"))
    assert client.status.list(listing_id=1)[1] == WorkStatus(
        id=2, label="Delivering", color="FF5252"
    )
    client.status.delete(status_id=3)
    assert listing_of(client).entries == [1, 2, 4]
    assert labels_of(client) == ["Free", "Delivering", "Off duty"]


def test_what_is_not_the_accounts_answers_201(client: Any, fleet_mock: FleetMock) -> None:
    with fleet_mock.login("other", "other") as other:  # another account with the feature
        theirs = new_listing(other, "Theirs")
        their_status = new_status(other, theirs, "Away")
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
    assert labels_of(client) == ["Free", "Busy", "On break", "Off duty"]


def test_quotas_of_listings_and_statuses(client: Any, fleet_mock: FleetMock) -> None:
    world = fleet_mock.world
    for n in range(2, MAX_STATUS_LISTINGS + 1):
        world.status_listings[1000 + n] = StatusListingRecord(
            id=1000 + n, user_id=1, label=f"L{n}", employee_controlled=True,
            supervisor_controlled=True,
        )  # fmt: skip
    with pytest.raises(OverQuotaError):
        new_listing(client)
    del world.status_listings[1000 + MAX_STATUS_LISTINGS]
    new_listing(client)  # room again
    for n in range(5, MAX_WORK_STATUSES + 1):
        world.work_statuses[1000 + n] = WorkStatusRecord(
            id=1000 + n, user_id=1, listing_id=1002, label=f"S{n}", color="000000"
        )
    with pytest.raises(OverQuotaError):
        new_status(client, 1, "One more")
    client.status.delete(status_id=4)
    new_status(client, 1, "One more")


# --- Rights and the tariff --------------------------------------------------------------------


def test_a_sub_user_needs_tracker_update_and_sight_of_the_tracker() -> None:
    without = mock_with_dispatcher(rights=[], trackers=[1, ANNA])
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
    with_right = mock_with_dispatcher(rights=["tracker_update"], trackers=[1])
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
            lambda: new_listing(client),
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
