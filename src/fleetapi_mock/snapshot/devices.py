"""Reading what the trackers carry: their sensors with their calibration tables, their
counters, and the account's rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from fleetapi._converter import parse_datetime
from fleetapi.models.reading import COUNTER_TYPES
from fleetapi_mock.snapshot.shaping import Taking, structure, to_utc
from fleetapi_mock.state.records import CounterSetting
from fleetapi_mock.state.world import World

__all__ = ["CALLS", "calibrated", "read_counters", "read_devices"]

CALLS: Final = (
    "tracker/sensor/list",
    "tracker/sensor/calibration_data/read",
    "tracker/rule/list",
    "tracker/get_counters",
    "tracker/counter/read",
)
"""The calls this module makes."""


def calibrated(sensor: Mapping[str, Any]) -> bool:
    """Whether a sensor as ``tracker/sensor/list`` answers it may have a calibration table
    (a metering sensor reading an input, not a composite one)."""
    if sensor.get("type") != "metering":
        return False
    return "parent_ids" not in (sensor.get("parameters") or {})


def read_devices(taking: Taking, unblocked: Sequence[int]) -> None:
    """The sensors of the unblocked trackers (a blocked one's answer 208), each metering one
    with its calibration table, and the rules."""
    client, world, account = taking.client, taking.world, taking.account
    record = World.COLLECTIONS["sensors"].record
    for done, tracker in enumerate(unblocked):
        taking.tell("sensors", len(world.sensors), done=done, total=len(unblocked))
        for found in client.request("tracker/sensor/list", {"tracker_id": tracker})["list"]:
            data = {**found, "tracker_id": tracker}
            if calibrated(found):
                which = {"tracker_id": tracker, "sensor_id": found["id"]}
                answer = client.request("tracker/sensor/calibration_data/read", which)
                data["calibration"] = answer["value"]
            world.sensors[found["id"]] = structure(data, record)
    taking.finish("sensors", len(world.sensors))
    rule = World.COLLECTIONS["rules"].record
    for found in client.request("tracker/rule/list")["list"]:
        world.rules[found["id"]] = structure({**found, "user_id": account}, rule)
    taking.finish("rules", len(world.rules))


def read_counters(taking: Taking, unblocked: Sequence[int]) -> None:
    """Each unblocked tracker's odometer and engine hours as they are now: the value and its
    time (``tracker/get_counters``) and the multiplier (``tracker/counter/read``; a clone's
    answers 219 and keeps 1), kept as the counter's setting, from which the world counts on."""
    client, world, zone = taking.client, taking.world, taking.zone
    kept = 0
    for done, tracker_id in enumerate(unblocked):
        taking.tell("counters", kept, done=done, total=len(unblocked))
        tracker = world.trackers[tracker_id]
        now = {
            c["type"]: c
            for c in client.request("tracker/get_counters", {"tracker_id": tracker_id})["list"]
        }
        settings: dict[Any, CounterSetting] = {}
        for kind in COUNTER_TYPES:
            multiplier = 1.0
            if not tracker.clone:
                which = {"tracker_id": tracker_id, "type": kind}
                multiplier = float(
                    client.request("tracker/counter/read", which)["value"]["multiplier"]
                )
            reading = now.get(kind)
            if reading is None and multiplier == 1.0:
                continue  # as a world keeps a counter never set
            value = time = None
            if reading is not None:
                value = float(reading["value"])
                told = reading.get("update_time")
                time = world.now() if told is None else to_utc(parse_datetime(told), zone)
            settings[kind] = CounterSetting(value=value, time=time, multiplier=multiplier)
        if settings:
            world.trackers[tracker_id] = attrs.evolve(tracker, counters=settings)
        kept += len(settings)
    taking.finish("counters", kept)
