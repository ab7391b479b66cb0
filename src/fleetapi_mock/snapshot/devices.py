"""Reading what the trackers carry: their sensors, and the account's rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from fleetapi_mock.snapshot.shaping import Taking, structure
from fleetapi_mock.state.world import World

__all__ = ["CALLS", "read_devices"]

CALLS: Final = ("tracker/sensor/list", "tracker/rule/list")
"""The calls this module makes."""


def read_devices(taking: Taking, unblocked: Sequence[int]) -> None:
    """The sensors of the unblocked trackers (a blocked one's answer 208) and the rules."""
    client, world, account = taking.client, taking.world, taking.account
    sensor = World.COLLECTIONS["sensors"].record
    for tracker in unblocked:
        for found in client.request("tracker/sensor/list", {"tracker_id": tracker})["list"]:
            world.sensors[found["id"]] = structure({**found, "tracker_id": tracker}, sensor)
    taking.counts["sensors"] = len(world.sensors)
    rule = World.COLLECTIONS["rules"].record
    for found in client.request("tracker/rule/list")["list"]:
        world.rules[found["id"]] = structure({**found, "user_id": account}, rule)
    taking.finish("rules", len(world.rules))
