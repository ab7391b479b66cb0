"""``history/asset/list`` and ``count``: the events of the trackers of vehicles and employees."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from fleetapi import Client, EntityNotFoundError, LimitTooBigError, TimeSpanTooBigError
from fleetapi.models.track import AssetRef
from fleetapi_mock import FleetMock

START, END = dt.datetime(2026, 1, 14), dt.datetime(2026, 1, 15, 9)
"""The demo's events: tracker 1 (Van 1, driven by Ben Keller) speeds and brakes hard; tracker
4 (Anna Schmidt's phone) sends an SOS."""

VAN_1, ANNA = AssetRef(id=1, type="vehicle"), AssetRef(id=1, type="employee")


@pytest.fixture
def master() -> Iterator[Client]:
    with FleetMock().login("demo", "demo") as client:
        yield client


def test_the_events_of_an_assets_tracker_carry_the_assets_label(master: Client) -> None:
    van = master.history.asset.list(assets=[VAN_1], from_=START, to=END)
    assert sorted(e.event for e in van.list) == ["harsh_braking", "speeding"]
    assert all(e.message.startswith("Van 1: ") for e in van.list)
    assert van.limit_exceeded is False
    anna = master.history.asset.list(assets=[ANNA], from_=START, to=END)
    assert [(e.event, e.message.split(":")[0]) for e in anna.list] == [("sos", "Anna Schmidt")]
    plain = master.history.asset.list(
        assets=[ANNA], from_=START, to=END, add_asset_label=False, add_tracker_label=True
    )
    assert plain.list[0].message.startswith("Anna's phone: ")


def test_without_assets_every_asset_of_the_kinds_asked_for_counts(master: Client) -> None:
    everything = master.history.asset.count(from_=START, to=END)
    assert (everything.total, everything.total_unread) == (3, 2)  # one is read already
    employees = master.history.asset.list(asset_types=["employee"], from_=START, to=END)
    # Ben drives Van 1: his tracker's events are the van's, labelled with the vehicle
    assert [e.message.split(":")[0] for e in employees.list] == ["Van 1", "Van 1", "Anna Schmidt"]
    newest = master.history.asset.list(from_=START, to=END, ascending=False, limit=1)
    assert ([e.event for e in newest.list], newest.limit_exceeded) == (["sos"], True)
    sos = master.history.asset.count(from_=START, to=END, events=["sos"])
    assert sos.total == 1


def test_an_asset_that_is_not_the_accounts_and_bad_periods_are_refused(master: Client) -> None:
    with pytest.raises(EntityNotFoundError):  # vehicle 5 is another account's
        master.history.asset.list(assets=[AssetRef(id=5, type="vehicle")], from_=START, to=END)
    with pytest.raises(TimeSpanTooBigError):
        master.history.asset.count(from_=START - dt.timedelta(days=100), to=END)
    with pytest.raises(LimitTooBigError):
        master.history.asset.list(from_=START, to=END, limit=1001)
