"""A tracker's state built straight into its JSON form (``state_json``, what the event stream
sends) is what the converter makes of its wire object (``wire_state``), key order included, in
every time zone and date/time mode, in both event formats (property tests)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import attrs
import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fleetapi._converter import converter_for
from fleetapi._types import UNSET
from fleetapi.endpoints.tracker import TRACKER_GET_STATES
from fleetapi.models.tracker import AdditionalState, GsmState, TrackerStates
from fleetapi_mock import FleetMock
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.event import COMPACT_FIELDS
from fleetapi_mock.domain.tracker import state_json, wire_state
from fleetapi_mock.state.bounds import WORLD_TIME_MAX, WORLD_TIME_MIN
from fleetapi_mock.state.records import TrackerStateRecord

WORLD = FleetMock().world
ZONES = ["UTC", "Europe/Berlin", "America/St_Johns", "Asia/Kathmandu", "Pacific/Kiritimati"]

times = st.one_of(
    st.none(),
    st.datetimes(WORLD_TIME_MIN, WORLD_TIME_MAX),
    st.datetimes(dt.datetime(2024, 1, 1), dt.datetime(2024, 1, 2)),  # times shared by states
)
levels = st.one_of(st.none(), st.integers(0, 100))
states = st.builds(
    TrackerStateRecord,
    lat=st.one_of(st.none(), st.floats(-90, 90)),
    lng=st.one_of(st.none(), st.floats(-180, 180)),
    heading=st.integers(0, 359),
    speed=st.integers(0, 300),
    alt=st.integers(-100, 9000),
    signal_level=levels,
    gps_updated=times,
    precision=st.one_of(st.none(), st.integers(0, 1000)),
    gsm_lbs=st.booleans(),
    connection_status=st.sampled_from(["signal_lost", "offline", "idle", "active"]),
    movement_status=st.sampled_from(["moving", "stopped", "parked"]),
    movement_status_update=times,
    ignition=st.one_of(st.none(), st.booleans()),
    ignition_update=times,
    gsm=st.one_of(
        st.none(),
        st.builds(
            GsmState,
            updated=times,
            signal_level=levels,
            network_name=st.one_of(st.none(), st.text(max_size=5)),
            roaming=st.one_of(st.none(), st.booleans()),
        ),
    ),
    last_update=times,
    battery_level=levels,
    battery_update=times,
    inputs=st.lists(st.booleans(), max_size=4),
    inputs_update=times,
    outputs=st.lists(st.booleans(), max_size=4),
    outputs_update=times,
    additional=st.dictionaries(
        st.sampled_from(["hardware_key", "door", "alarm"]),
        st.builds(AdditionalState, value=st.text(max_size=5), updated=times),
    ),
    actual_track_update=times,
)


def _context(zone: str, iso: bool) -> Context:
    user = attrs.evolve(WORLD.users[1], time_zone=zone)
    return Context(world=WORLD, endpoint=TRACKER_GET_STATES, user=user, iso=iso)


def _converted(ctx: Context, record: Any, compact: bool) -> dict[str, Any]:
    made: dict[str, Any] = converter_for(iso=ctx.iso).unstructure(wire_state(ctx, record))
    if compact:
        return {key: made[key] for key in COMPACT_FIELDS if key in made}
    return made


@settings(max_examples=300, deadline=None)
@given(
    batch=st.lists(states, min_size=1, max_size=3),
    zone=st.sampled_from(ZONES),
    iso=st.booleans(),
    compact=st.booleans(),
)
def test_a_state_built_straight_is_the_converters_form_of_its_wire_object(
    batch: list[TrackerStateRecord], zone: str, iso: bool, compact: bool
) -> None:
    ctx = _context(zone, iso)
    write = ctx.time_writer()  # one writer for the batch, as the stream uses it
    for state in batch:
        record = attrs.evolve(WORLD.trackers[1], state=state)
        built = state_json(ctx, record, compact=compact, write=write)
        expected = _converted(ctx, record, compact)
        assert json.dumps(built) == json.dumps(expected)


def test_every_tracker_of_the_demo_world_is_built_as_converted() -> None:
    for zone in ZONES:
        for iso in (False, True):
            ctx = _context(zone, iso)
            for record in WORLD.trackers.values():
                for compact in (False, True):
                    built = state_json(ctx, record, compact=compact)
                    assert json.dumps(built) == json.dumps(_converted(ctx, record, compact))


@pytest.mark.parametrize("iso", [False, True])
@pytest.mark.parametrize("asked", [{}, {"list_blocked": True, "allow_not_exist": True}])
def test_the_state_calls_answer_the_converters_form_of_the_wire_states(
    iso: bool, asked: dict[str, Any]
) -> None:
    """``tracker/get_state`` and ``tracker/get_states`` answer what they answered when they
    built the API's objects and the converter wrote them (a user east of UTC, both modes)."""
    mock = FleetMock()
    mock.world.users.change(1, time_zone="Asia/Kathmandu")
    http = httpx.Client(transport=mock.transport, base_url=mock.base_url)
    headers = {"Authorization": f"NVX {mock.session()}"}
    trackers = [1, 2] + ([5, 99] if asked else [])  # 5 is blocked, 99 unknown
    body = {"trackers": trackers, "iso_datetime": iso, **asked}
    answer = http.post("/tracker/get_states", json=body, headers=headers)
    one = http.post(
        "/tracker/get_state", json={"tracker_id": 2, "iso_datetime": iso}, headers=headers
    )
    ctx = Context(world=mock.world, endpoint=TRACKER_GET_STATES, user=mock.world.users[1], iso=iso)
    states = {str(i): wire_state(ctx, mock.world.trackers[i]) for i in (1, 2)}
    expected = converter_for(iso=iso).unstructure(
        TrackerStates(
            states=states,
            blocked=[5] if asked else UNSET,
            not_exist=[99] if asked else UNSET,
        )
    )
    user_time = answer.json()["user_time"]
    assert answer.text == json.dumps(
        {"success": True, **expected, "user_time": user_time}, separators=(",", ":")
    )
    assert one.json()["state"] == expected["states"]["2"]
    assert list(one.json()["state"]) == list(expected["states"]["2"])
