"""Trusted numbers (``tracker/trusted_number/*``) and contacts (``tracker/contact/list``)
through the SDK (sync and async) against the mock.

The demo world's tracker 1 has two trusted numbers; the demo account has no contacts (a test
world adds one). The documented examples run in ``tests/mock/test_service_examples.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from fleetapi import (
    DeviceBlockedError,
    EntityNotFoundError,
    InvalidParametersError,
    OperationNotPermittedError,
)
from fleetapi.models.tracker_contact import MAX_TRUSTED_NUMBERS
from fleetapi_mock import FleetMock, WorldDocumentError, demo_document

DEMO_NUMBERS = ["4915100000101", "4930123456"]


def test_update_replaces_the_list(client: Any) -> None:
    assert client.tracker.trusted_number.list(tracker_id=1) == DEMO_NUMBERS
    assert client.tracker.trusted_number.list(tracker_id=2) == []
    new = ["496156680001", "496156680000", "496156680001"]
    client.tracker.trusted_number.update(tracker_id=2, list=new)
    assert client.tracker.trusted_number.list(tracker_id=2) == new[:2]  # the repeat kept once
    assert client.tracker.trusted_number.list(tracker_id=1) == DEMO_NUMBERS
    client.tracker.trusted_number.update(tracker_id=1, list=[])
    assert client.tracker.trusted_number.list(tracker_id=1) == []


@pytest.mark.parametrize(
    "number",
    ["+496156680000", "123456789", "1234567890123456", "49 6156 680000", "49615668000a", ""],
)
def test_a_number_is_10_to_15_digits(client: Any, fleet_mock: FleetMock, number: str) -> None:
    with pytest.raises(InvalidParametersError) as info:
        client.tracker.trusted_number.update(tracker_id=1, list=["496156680000", number])
    assert info.value.errors[0]["parameter"] == "list[1]"
    assert client.tracker.trusted_number.list(tracker_id=1) == DEMO_NUMBERS


def test_the_number_of_trusted_numbers_is_limited(client: Any) -> None:
    many = [f"49615668{n:04d}" for n in range(MAX_TRUSTED_NUMBERS + 1)]
    with pytest.raises(InvalidParametersError):
        client.tracker.trusted_number.update(tracker_id=1, list=many)
    client.tracker.trusted_number.update(tracker_id=1, list=many[:-1])
    assert len(client.tracker.trusted_number.list(tracker_id=1)) == MAX_TRUSTED_NUMBERS


@pytest.mark.parametrize(
    ("tracker_id", "error"),
    [(5, DeviceBlockedError), (7, EntityNotFoundError), (999, EntityNotFoundError)],
)
def test_trusted_numbers_of_a_tracker_not_at_hand(
    client: Any, tracker_id: int, error: type[Exception]
) -> None:
    with pytest.raises(error):
        client.tracker.trusted_number.list(tracker_id=tracker_id)
    with pytest.raises(error):
        client.tracker.trusted_number.update(tracker_id=tracker_id, list=["496156680000"])


def test_a_sub_user_needs_tracker_update_and_sees_its_trackers(fleet_mock: FleetMock) -> None:
    fleet_mock.world.users.change(2, trackers=[2])
    with fleet_mock.login("dispatcher", "demo") as sub_user:
        with pytest.raises(EntityNotFoundError):
            sub_user.tracker.trusted_number.list(tracker_id=1)
        assert sub_user.tracker.trusted_number.list(tracker_id=2) == []
        with pytest.raises(OperationNotPermittedError):
            sub_user.tracker.trusted_number.update(tracker_id=2, list=["496156680000"])
    fleet_mock.world.users.change(2, rights=["tracker_update"])
    with fleet_mock.login("dispatcher", "demo") as sub_user:
        sub_user.tracker.trusted_number.update(tracker_id=2, list=["496156680000"])
        assert sub_user.tracker.trusted_number.list(tracker_id=2) == ["496156680000"]


def _with_a_contact(**contact: Any) -> dict[str, Any]:
    """The demo world where the account ``other`` shares its tracker 7 with ``demo``."""
    document = demo_document()
    document["contacts"] = [{"id": 1, "user_id": 1, "contact_id": 3, "tracker_ids": [7]}]
    document["contacts"][0].update(contact)
    return document


def test_the_contacts_and_the_users_own_trackers(client: Any) -> None:
    answer = client.tracker.contact.list()
    assert answer.contacts == []
    assert [t.id for t in answer.trackers] == [t.id for t in client.tracker.list()]


def test_a_contact_shows_its_user_and_shared_trackers() -> None:
    mock = FleetMock(_with_a_contact())
    with mock.login() as client:
        (contact,) = client.tracker.contact.list().contacts
        assert (contact.user_id, contact.first_name, contact.last_name) == (3, "Olga", "Other")
        assert [(t.id, t.label) for t in contact.trackers] == [(7, "Other company car")]
        with pytest.raises(EntityNotFoundError):  # sharing its location opens nothing else
            client.tracker.read(tracker_id=7)
    mock.world.users.change(2, trackers=[3])
    with mock.login("dispatcher", "demo") as sub_user:
        answer = sub_user.tracker.contact.list()
        assert [t.id for t in answer.trackers] == [3]
        assert [c.user_id for c in answer.contacts] == [3]
    with mock.login("other", "other") as other:
        assert other.tracker.contact.list().contacts == []


@pytest.mark.parametrize(
    ("contact", "problem"),
    [
        ({"tracker_ids": [1]}, ("contacts[id=1].tracker_id", "no tracker 1 of the owner")),
        ({"contact_id": 2}, ("contacts[id=1].contact_id", "no master user 2")),
        ({"contact_id": 1}, ("contacts[id=1].contact_id", "a contact is another account")),
    ],
)
def test_a_world_checks_its_contacts(contact: dict[str, Any], problem: tuple[str, str]) -> None:
    with pytest.raises(WorldDocumentError) as info:
        FleetMock(_with_a_contact(**contact))
    assert problem in info.value.errors
