"""Reading an account into a world: which calls, in what order, into which records."""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Any, Final
from zoneinfo import ZoneInfo

import attrs

from fleetapi._converter import format_datetime
from fleetapi_mock.snapshot.account import CALLS as ACCOUNT_CALLS
from fleetapi_mock.snapshot.account import (
    LISTS,
    read_account,
    read_lists,
    read_states,
    read_subusers,
    tracker_record,
)
from fleetapi_mock.snapshot.devices import CALLS as DEVICE_CALLS
from fleetapi_mock.snapshot.devices import read_counters, read_devices
from fleetapi_mock.snapshot.events import EVENTS
from fleetapi_mock.snapshot.shaping import PAGE, Progress, Reader, Step, Taking
from fleetapi_mock.snapshot.window import CALLS as WINDOW_CALLS
from fleetapi_mock.snapshot.window import read_window
from fleetapi_mock.state.world import World

__all__ = [
    "EVENTS",
    "LISTS",
    "PAGE",
    "READ_CALLS",
    "Progress",
    "Reader",
    "Snapshot",
    "Step",
    "take_snapshot",
]

READ_CALLS: Final = (*ACCOUNT_CALLS, *DEVICE_CALLS, *WINDOW_CALLS)
"""Every call a snapshot makes: each only reads (a test holds the source's journal to them)."""


@attrs.frozen(kw_only=True)
class Snapshot:
    """A world document made from an account, and the credentials drawn for it."""

    document: dict[str, Any]
    """The world document (``fleetapi-mock-world/2``)."""
    login: str
    """The account's login, kept."""
    password: str = attrs.field(repr=False)
    """The password drawn for the login (never the account's own)."""
    api_key: str = attrs.field(repr=False)
    """An API key drawn for the account."""
    counts: dict[str, int]
    """Records read, by collection."""
    subusers: dict[str, str] = attrs.field(factory=dict, repr=False)
    """The password drawn for each sub-user, by login."""


def take_snapshot(
    client: Reader,
    *,
    since: dt.datetime,
    until: dt.datetime,
    progress: Progress | None = None,
    seed: int | None = None,
) -> Snapshot:
    """The account ``client`` acts for as a world: its entities, its tasks of the window
    ``since`` to ``until`` (the user's time) and its trackers' points of that window."""
    info = client.request("user/get_info")
    user = info["user_info"]
    zone = ZoneInfo(user.get("time_zone") or "UTC")
    trackers = client.request("tracker/list")["list"]
    states, now = read_states(client, [t["id"] for t in trackers], zone)
    world = World(now=now, seed=seed)
    master = int(user["id"])
    password, api_key = secrets.token_urlsafe(12), secrets.token_hex(16)
    read_account(world, info, master, password, api_key)
    taking = Taking(
        client=client,
        world=world,
        account=master,
        zone=zone,
        counts={},
        told=progress or (lambda step: None),
    )
    read_lists(taking)
    for row in trackers:
        state = states.get(str(row["id"]))
        world.trackers[row["id"]] = tracker_record(row, master, state, zone)
    taking.finish("trackers", len(world.trackers))
    passwords = read_subusers(taking)
    unblocked = [row["id"] for row in trackers if not row["source"].get("blocked")]
    read_devices(taking, unblocked)
    read_counters(taking, unblocked)
    period = {"from": format_datetime(since), "to": format_datetime(until)}
    read_window(taking, period, since, until, unblocked)
    document = world.to_document()
    document["description"] = f"A snapshot of the account {user['login']} ({format_datetime(now)})"
    return Snapshot(
        document=document,
        login=user["login"],
        password=password,
        api_key=api_key,
        counts=taking.counts,
        subusers=passwords,
    )
