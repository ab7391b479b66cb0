"""Reading every event of the window, past ``history/tracker/list``'s limit of 1,000.

The call has no offset: it answers the first events of the period (oldest first) up to its
``limit``, and says when more matched (``limit_exceeded``). :func:`event_pages` pages by
time instead: the next request starts at the time of the last event answered, so that the
events of that second that did not fit come with the next page (those already read come
again and are kept once, by ID).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final

from fleetapi._converter import parse_datetime
from fleetapi_mock.snapshot.shaping import Reader, Taking, structure, utc
from fleetapi_mock.state.world import World

__all__ = ["CALLS", "EVENTS", "event_pages", "read_events"]

CALLS: Final = ("history/tracker/list",)
"""The calls this module makes."""

EVENTS: Final = 1000
"""Events asked for per request (``history/tracker/list``'s own limit)."""


def event_pages(
    client: Reader, trackers: Sequence[int], window: Mapping[str, str]
) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """Each request reading the events of ``trackers`` in ``window`` (``from`` and ``to``),
    with its answer, until every event of the window has been answered: a page starts at the
    time of the last event of the page before. More than :data:`EVENTS` events in one second
    are read up to :data:`EVENTS` (no request can tell the rest apart)."""
    start, end = window["from"], window["to"]
    last_second = parse_datetime(end)
    while True:
        params = {"from": start, "to": end, "trackers": list(trackers), "limit": EVENTS,
                  "add_tracker_label": False}  # fmt: skip
        answer = client.request("history/tracker/list", params)
        yield params, answer
        rows = answer["list"]
        if not answer.get("limit_exceeded") or not rows:
            return
        last = rows[-1]["time"]
        if not parse_datetime(start) < parse_datetime(last) < last_second:
            return  # one second holds more than a page
        start = last


def read_events(taking: Taking, window: Mapping[str, str], unblocked: Sequence[int]) -> None:
    """Every event of the unblocked trackers in the window, each with whether the user read it
    (messages as kept, without the tracker label)."""
    world, account, zone = taking.world, taking.account, taking.zone
    event = World.COLLECTIONS["events"].record
    if unblocked:
        for _, answer in event_pages(taking.client, unblocked, window):
            for found in answer["list"]:
                seen = {"read_by": [account] if found.get("is_read") else [], "user_id": account}
                world.events[found["id"]] = utc(structure({**found, **seen}, event), zone)
            taking.tell("events", len(world.events))
    taking.finish("events", len(world.events))
