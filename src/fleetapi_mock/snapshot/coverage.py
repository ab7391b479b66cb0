"""The reading requests a snapshot covers: those ``fleet mock compare`` sends to the service
and to the world made from it, made from the service's own lists."""

from __future__ import annotations

import datetime as dt
from typing import Any

from fleetapi._converter import format_datetime
from fleetapi.models.reading import COUNTER_TYPES
from fleetapi.models.sensor import MAX_SENSOR_DATA_SPAN
from fleetapi_mock.snapshot.account import LISTS
from fleetapi_mock.snapshot.devices import calibrated
from fleetapi_mock.snapshot.events import event_pages
from fleetapi_mock.snapshot.shaping import Reader, pages, spans
from fleetapi_mock.snapshot.window import EVERY_POINT

__all__ = ["Request", "covered_requests"]

Request = tuple[str, dict[str, Any]]
"""A call and its parameters."""


def covered_requests(client: Reader, *, since: dt.datetime, until: dt.datetime) -> list[Request]:
    """The reading requests a snapshot of the window ``since`` to ``until`` covers, made from
    the service's own lists (``client`` is the service's): every list it read, the states of
    every tracker, and of each unblocked tracker its sensors with their tables and values,
    its counters, events and track; the window's tasks, routes and check-ins, with the forms
    and files of each."""
    window = {"from": format_datetime(since), "to": format_datetime(until)}
    trackers = client.request("tracker/list")["list"]
    ids = [t["id"] for t in trackers]
    requests: list[Request] = [
        ("tracker/list", {}),
        ("tracker/get_states", {"trackers": ids, "list_blocked": True, "allow_not_exist": True}),
        *((call, dict(params)) for _, call, params, _ in LISTS),
        ("subuser/list", {}),
        ("tracker/rule/list", {}),
    ]
    unblocked = [t for t in trackers if not t["source"].get("blocked")]
    for tracker in unblocked:
        requests += _device(client, tracker, since, until)
    requests += _fieldwork(client, window)
    if unblocked:  # each page of the window's events, as the snapshot read them
        events = event_pages(client, [t["id"] for t in unblocked], window)
        requests += [("history/tracker/list", params) for params, _ in events]
    for tracker in unblocked:
        which = {"tracker_id": tracker["id"], **window}
        requests += [("track/read", which), ("track/read", {**which, **EVERY_POINT})]
    return requests


def _device(
    client: Reader, tracker: dict[str, Any], since: dt.datetime, until: dt.datetime
) -> list[Request]:
    """The requests of one unblocked tracker's sensors and counters."""
    own = {"tracker_id": tracker["id"]}
    requests: list[Request] = [("tracker/sensor/list", own), ("tracker/get_counters", own)]
    for kind in COUNTER_TYPES:
        requests.append(("tracker/counter/value/get", {**own, "type": kind}))
        if not tracker.get("clone"):  # a clone's counter answers 219
            requests.append(("tracker/counter/read", {**own, "type": kind}))
    periods = spans(since, until, MAX_SENSOR_DATA_SPAN)
    for sensor in client.request("tracker/sensor/list", own)["list"]:
        if calibrated(sensor):
            which = {**own, "sensor_id": sensor["id"]}
            requests.append(("tracker/sensor/calibration_data/read", which))
            requests += [
                ("tracker/sensor/data/read", {**which, **period, "raw_data": raw})
                for period in periods
                for raw in (True, False)
            ]
    return requests


def _fieldwork(client: Reader, window: dict[str, str]) -> list[Request]:
    """The requests of the window's tasks, routes and check-ins, and their forms."""
    requests: list[Request] = [
        ("task/list", dict(window)),
        ("task/list", {**window, "types": ["route"]}),
        ("checkin/list", dict(window)),
    ]
    for row in pages(client, "task/list", {**window, "types": ["task", "checkpoint"]}):
        if row.get("form"):
            requests.append(("task/form/read", {"task_id": row["id"]}))
    for row in pages(client, "checkin/list", window):
        if row.get("form_id") is not None:
            requests.append(("form/read", {"id": row["form_id"]}))
    return requests
