"""The control API declared once: its table drives the dispatch, /openapi.json and the typed
methods of MockControl, in this process and against a served mock."""

from __future__ import annotations

import datetime as dt
import typing
from collections.abc import Iterator
from typing import Any

import attrs
import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fleetapi
from fleetapi.models.feedback import Feedback
from fleetapi_mock import FleetMock, MockControl, ThreadedServer
from fleetapi_mock.web.control._methods import ControlMethods
from fleetapi_mock.web.control.routes import ROUTES

# One example per typed route: a route added to the table needs one here.
EXAMPLES: dict[str, dict[str, Any]] = {
    "reset": {},
    "world_document": {},
    "read_clock": {},
    "set_clock": {"advance": "PT1H", "running": False},
    "record_positions": {"points": [{"tracker_id": 1, "lat": 52.5, "lng": 13.4, "speed": 30}]},
    "record_chat": {"tracker_id": 4, "text": "On my way"},
    "submit_task_form": {
        "task_id": 3,
        "values": {"condition": {"type": "dropdown", "value_index": 0}},
    },
    "journal": {"path": "tracker/*", "code": 0},
    "read_map": {"day": "2026-01-14"},
    "mail": {"kind": "feedback"},
    "password_restore": {"login": "dispatcher"},
    "verify": {"path": "tracker/read", "body": {"tracker_id": 99}},
    "add_fault": {"path": "tracker/list", "status": 503, "times": 1},
    "list_faults": {},
    "clear_faults": {},
    "remove_fault": {"id": 1},
    "list_worlds": {},
    "health": {},
    "delete_world": {"name": "gone"},
    "openapi": {},
}


def _fields_of(tp: Any) -> set[str]:
    inner = typing.get_args(tp)[0] if typing.get_origin(tp) is list else tp
    return {a.name for a in attrs.fields(inner)} if attrs.has(inner) else set()


def test_every_typed_route_has_a_method_and_an_example() -> None:
    typed = {route.name for route in ROUTES if route.typed}
    assert typed == set(EXAMPLES)
    assert all(callable(getattr(ControlMethods, name)) for name in typed)


def test_every_route_is_in_the_openapi_document_under_its_tag() -> None:
    mock = FleetMock()
    paths = mock.control.openapi()["paths"]
    for route in ROUTES:
        url = route.url_path.replace("...}", "}")
        for method in route.methods:
            operation = paths[url][method.lower()]
            assert operation["tags"] == ["mock-control"]
            assert operation["summary"]
            assert "``" not in operation["description"]
    clock = paths["/__mock__/clock"]["post"]["requestBody"]["content"]["application/json"]
    assert set(clock["schema"]["properties"]) == {"now", "advance", "running"}
    assert paths["/__mock__/faults/{id}"]["delete"]["parameters"][0]["in"] == "path"


def test_each_answer_is_its_declared_result_and_nothing_else() -> None:
    """What a route answers and what its result model declares cannot drift apart."""
    mock = FleetMock()
    client = mock.login()
    client.tracker.list()
    client.feedback.send_email(feedback=Feedback(text="Works"))  # so that the sent box has one
    mock.control.add_fault(path="nothing/*", delay=0.1)  # so that remove_fault finds rule 1
    http = httpx.Client(transport=mock.transport, base_url=mock.base_url)
    for route in ROUTES:
        if not route.typed or route.raw or route.result is None:
            continue
        query = EXAMPLES[route.name] if route.method == "GET" else None
        body = EXAMPLES[route.name] if route.method == "POST" else None
        answer = http.request(route.method, route.url_path, params=query, json=body).json()
        assert answer["success"] is True, (route.name, answer)
        rest = {k: v for k, v in answer.items() if k != "success"}
        payload = answer[route.key] if route.key else rest
        rows = payload if isinstance(payload, list) else [payload]
        assert rows, route.name
        for row in rows:
            assert set(row) <= _fields_of(route.result), (route.name, row)
        fleetapi._converter.converter_for(strict=True).structure(payload, route.result)


def test_the_typed_methods_in_this_process() -> None:
    mock = FleetMock()
    control = mock.control
    assert control.read_clock().now == dt.datetime(2026, 1, 15, 9, 0)
    assert control.set_clock(advance=3600).now == dt.datetime(2026, 1, 15, 10, 0)
    assert mock.clock.now() == dt.datetime(2026, 1, 15, 10, 0)
    mock.login().tracker.list()
    assert [e.call for e in control.journal(path="tracker/*")] == ["tracker/list"]
    missed = control.verify(path="tracker/read", body={"tracker_id": 1})
    assert not missed.matched
    assert missed.near_misses[0].differences[0].field == "path"
    rule = control.add_fault(path="tracker/list", status=503, times=1)
    assert [r.id for r in control.list_faults()] == [rule.id]
    control.remove_fault(id=rule.id)
    assert control.list_faults() == []
    assert control.record_positions(points=[{"tracker_id": 2, "lat": 1.0, "lng": 2.0}]).count == 1
    assert [w.name for w in control.list_worlds()] == ["default"]
    control.reset()
    assert mock.clock.now() == dt.datetime(2026, 1, 15, 9, 0)


def test_a_refusal_raises_the_error_of_its_code() -> None:
    control = FleetMock().control
    with pytest.raises(fleetapi.InvalidParametersError) as refused:
        control.set_clock(now="yesterday")
    assert refused.value.errors[0]["parameter"] == "now"
    with pytest.raises(fleetapi.InvalidParametersError):
        control.remove_fault(id=5)
    with pytest.raises(fleetapi.WrongRequestFormatError):
        control.delete_world(name="default")


@pytest.fixture(scope="module")
def server() -> Iterator[ThreadedServer]:
    with ThreadedServer(FleetMock()) as served:
        yield served


def test_a_served_mock_in_a_named_world(server: ThreadedServer) -> None:
    with MockControl(server.base_url, world="typed-1") as control:
        moved = control.set_clock(advance="P1D")
        control.add_fault(path="tracker/list", error=15, times=1)
        assert [w.name for w in control.list_worlds()] == ["default", "typed-1"]
        assert [r.error for r in control.list_faults()] == [15]
        document = control.world_document()
        assert document["now"] == moved.now.strftime("%Y-%m-%d %H:%M:%S")
        control.delete_world(name="typed-1")
    with MockControl(server.base_url) as default:  # the server's own world did not move
        assert default.read_clock().now == dt.datetime(2026, 1, 15, 9, 0)
        assert default.list_faults() == []


_ID_TEXT = st.one_of(
    st.sampled_from(["²", "٣", "1²", "9" * 5000, "-1", "0x10", " 1", "1 ", "%2F", "1e3"]),
    st.text(
        st.characters(
            blacklist_characters="/?#%", blacklist_categories=("Cs", "Cc", "Zs", "Zl", "Zp")
        ),
        min_size=1,
    ),
)


@settings(max_examples=60, deadline=None)
@given(text=_ID_TEXT)
def test_no_control_route_answers_500_for_any_id_text(text: str) -> None:
    """Every route with an ID in its path answers the API's envelope with a 4xx (or a file)
    for any text there: the unicode digits ``str.isdigit`` takes and ``int`` refuses, and
    numbers of thousands of digits, included."""
    mock = FleetMock()
    http = httpx.Client(transport=mock.transport, base_url=mock.base_url)
    for route in ROUTES:
        if not route.path_fields:
            continue
        path = route.url_path
        for name in route.path_fields:
            path = path.replace(f"{{{name}...}}", text).replace(f"{{{name}}}", text)
        answer = http.request(route.method, path)
        assert answer.status_code < 500, (route.name, text, answer.text[:200])
        if answer.headers.get("content-type", "").startswith("application/json"):
            assert "success" in answer.json()


def test_a_track_id_past_any_date_is_no_track(fleet_client) -> None:
    """``track_id`` is a trip's start in seconds: one past the calendar names no trip."""
    from fleetapi.models.track import AssetRef

    answer = fleet_client.asset.track.read(
        asset=AssetRef(id=1, type="vehicle"),
        track_id=10**12,
        from_=dt.datetime(2026, 1, 14),
        to=dt.datetime(2026, 1, 15),
    )
    assert [t.track_points for t in answer] == [[]]


@pytest.mark.parametrize("cell", ["²", "9" * 5000])
def test_a_batch_tag_cell_of_strange_digits_is_a_row_error(fleet_client, cell: str) -> None:
    rows = fleet_client.zone.batch_convert(batch=f"Depot\tMain 1\t52.5\t13.4\t100\t{cell}")
    assert rows.list[0].tags == []
    assert [e.parameter for e in rows.list[0].errors] == ["zone.tags"]
