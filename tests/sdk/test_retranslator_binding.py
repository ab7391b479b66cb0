"""Trackers bound to retranslators (``tracker/retranslator/*``) through the SDK (sync and
async) against the mock.

The demo world's tracker 1 is bound to retranslator 1 (Wialon IPS) with ``fake_device_id``
``AI568T``; tracker 6's tariff has no ``retranslation``, 5 is blocked, 7 is another
account's. The documented examples run in ``tests/mock/test_service_examples.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from fleetapi import (
    CloneNotAllowedError,
    DeviceBlockedError,
    EntityNotFoundError,
    OperationNotPermittedError,
    TariffRestrictionError,
    ValidationFailedError,
)
from fleetapi._types import UNSET
from fleetapi.models.retranslator import NewRetranslator, TrackerRetranslator
from fleetapi_mock import FleetMock

EGTS = 3
"""A demo protocol whose device IDs are 1 to 10 digits."""


def egts(client: Any) -> int:
    """A new EGTS retranslator of the demo account."""
    return int(
        client.retranslator.create(
            retranslator=NewRetranslator(
                name="Insurer", protocol_id=EGTS, address="egts.example", port=5001, enabled=True
            )
        )
    )


def test_bind_list_rebind_and_unbind(client: Any) -> None:
    demo = TrackerRetranslator(retranslator_id=1, fake_device_id="AI568T")
    assert client.tracker.retranslator.list(tracker_id=1) == [demo]
    assert client.tracker.retranslator.list(tracker_id=2) == []
    other = egts(client)
    client.tracker.retranslator.bind(tracker_id=1, retranslator_id=other, fake_device_id="42")
    assert client.tracker.retranslator.list(tracker_id=1) == [
        demo,
        TrackerRetranslator(retranslator_id=other, fake_device_id="42"),
    ]
    client.tracker.retranslator.bind(tracker_id=1, retranslator_id=other)  # replaces the binding
    assert client.tracker.retranslator.list(tracker_id=1)[1] == TrackerRetranslator(
        retranslator_id=other, fake_device_id=UNSET
    )
    client.tracker.retranslator.unbind(tracker_id=1, retranslator_id=1)
    assert [b.retranslator_id for b in client.tracker.retranslator.list(tracker_id=1)] == [other]
    client.tracker.retranslator.unbind(tracker_id=1, retranslator_id=1)  # not bound: nothing
    assert len(client.tracker.retranslator.list(tracker_id=1)) == 1


def test_a_fake_device_id_follows_the_protocol(client: Any, fleet_mock: FleetMock) -> None:
    other = egts(client)
    before = dict(fleet_mock.world.retranslator_bindings)
    with pytest.raises(ValidationFailedError) as info:
        client.tracker.retranslator.bind(tracker_id=2, retranslator_id=other, fake_device_id="AB")
    assert info.value.errors[0]["parameter"] == "fake_device_id"
    assert dict(fleet_mock.world.retranslator_bindings) == before
    client.tracker.retranslator.bind(tracker_id=2, retranslator_id=1, fake_device_id="AB-1")


@pytest.mark.parametrize(
    ("tracker_id", "retranslator_id", "error"),
    [
        (7, 1, EntityNotFoundError),  # another account's tracker
        (2, 99, EntityNotFoundError),
        (5, 1, DeviceBlockedError),
        (6, 1, TariffRestrictionError),  # no retranslation in its tariff
    ],
)
def test_bind_refusals_change_nothing(
    client: Any, fleet_mock: FleetMock, tracker_id: int, retranslator_id: int, error: type
) -> None:
    before = dict(fleet_mock.world.retranslator_bindings)
    with pytest.raises(error):
        client.tracker.retranslator.bind(tracker_id=tracker_id, retranslator_id=retranslator_id)
    if error is not TariffRestrictionError:
        with pytest.raises(error):
            client.tracker.retranslator.unbind(
                tracker_id=tracker_id, retranslator_id=retranslator_id
            )
    assert dict(fleet_mock.world.retranslator_bindings) == before


def test_a_clone_is_neither_bound_nor_unbound(client: Any, fleet_mock: FleetMock) -> None:
    fleet_mock.world.trackers.change(1, clone=True)
    with pytest.raises(CloneNotAllowedError):
        client.tracker.retranslator.bind(tracker_id=1, retranslator_id=1)
    with pytest.raises(CloneNotAllowedError):
        client.tracker.retranslator.unbind(tracker_id=1, retranslator_id=1)
    assert len(client.tracker.retranslator.list(tracker_id=1)) == 1


def test_list_of_a_tracker_not_at_hand(client: Any) -> None:
    with pytest.raises(DeviceBlockedError):
        client.tracker.retranslator.list(tracker_id=5)
    with pytest.raises(EntityNotFoundError):
        client.tracker.retranslator.list(tracker_id=7)


def test_deleting_a_retranslator_unbinds_its_trackers(client: Any) -> None:
    client.tracker.retranslator.bind(tracker_id=2, retranslator_id=1)
    client.retranslator.delete(retranslator_id=1)
    assert client.tracker.retranslator.list(tracker_id=1) == []
    assert client.tracker.retranslator.list(tracker_id=2) == []


def test_sub_users_list_the_bindings_of_their_trackers_only(fleet_mock: FleetMock) -> None:
    fleet_mock.world.users.change(2, trackers=[2])
    with fleet_mock.login("dispatcher", "demo") as sub_user:
        assert sub_user.tracker.retranslator.list(tracker_id=2) == []
        with pytest.raises(EntityNotFoundError):
            sub_user.tracker.retranslator.list(tracker_id=1)
        for call in (
            lambda: sub_user.tracker.retranslator.bind(tracker_id=2, retranslator_id=1),
            lambda: sub_user.tracker.retranslator.unbind(tracker_id=1, retranslator_id=1),
        ):
            with pytest.raises(OperationNotPermittedError):
                call()
