"""Date/times a world cannot hold in UTC (year 1 east of UTC, year 9999 west of it) answer 7
naming the parameter, in every call that reads request date/times (never HTTP 500)."""

from __future__ import annotations

from typing import Any

import pytest
from mock_helpers import Api, assert_failure

YEAR_ONE = "0001-01-01 00:00:00"

CASES: list[tuple[str, dict[str, Any], str]] = [
    ("/checkin/list", {"from": YEAR_ONE, "to": "0001-01-02 00:00:00"}, "from"),
    ("/checkin/list", {"iso_datetime": True, "to": "9999-12-31T23:00:00-05:00"}, "to"),
    (
        "/checkin/list",
        {"conditions": [{"type": "period", "field": "marker_time",
                         "value": {"from": YEAR_ONE, "to": "2026-01-01 00:00:00"}}]},
        "conditions[0].value.from",
    ),
    ("/task/list", {"from": YEAR_ONE}, "from"),
    (
        "/task/list",
        {"conditions": [{"type": "period", "field": "from",
                         "value": {"from": YEAR_ONE, "to": "2026-01-01 00:00:00"}}]},
        "conditions[0].value.from",
    ),
    (
        "/task/create",
        {"task": {"label": "x", "description": "", "from": YEAR_ONE, "to": "2027-01-01 00:00:00",
                  "location": {"lat": 1, "lng": 1, "radius": 10}, "max_delay": 0,
                  "min_stay_duration": 0}},
        "task.from",
    ),
    (
        "/tracker/location/link/create",
        {"description": "x", "trackers": [{"tracker_id": 1, "params": {"object_data": []}}],
         "params": {"bounding_zone_ids": [], "display_options": {}},
         "lifetime": {"from": YEAR_ONE}},
        "lifetime",
    ),
    ("/asset/track/list", {"asset": {"id": 1, "type": "employee"}, "from": YEAR_ONE,
                           "to": "0001-01-02 00:00:00"}, "from"),
]  # fmt: skip


@pytest.mark.parametrize(("path", "body", "parameter"), CASES, ids=[c[0] for c in CASES])
def test_out_of_range_date_times_are_7(api: Api, path: str, body: dict, parameter: str) -> None:
    api.mock.world.users.change(1, time_zone="Europe/Berlin")
    hash_ = api.login()
    before = api.document()
    body = assert_failure(api.post(path, body, hash=hash_), 7, 400)
    assert body["errors"][0]["parameter"] == parameter
    after = api.document()
    del after["sessions"], before["sessions"]  # the session was used
    assert after == before


def test_a_batch_row_with_such_a_date_is_a_row_error(api: Api) -> None:
    api.mock.world.users.change(1, time_zone="Europe/Berlin")
    row = "A\t0001-01-01 00:00:00\t2027-01-01 00:00:00\tHere\t52.5\t13.4\tdesc"
    answer = api.post("/task/batch_convert", {"geocoder": "osm", "batch": row}, hash=api.login())
    assert answer.status_code == 200, answer.text
    [converted] = answer.json()["list"]
    assert [e["parameter"] for e in converted["errors"]] == ["from"]


def test_year_one_is_answered_zero_padded(api: Api) -> None:
    """A date/time of year 1 that the world can hold is answered as ``0001-01-02 ...``."""
    row = "A\t0001-01-02 00:00:00\t2027-01-01 00:00:00\tHere\t52.5\t13.4\tdesc"
    answer = api.post("/task/batch_convert", {"geocoder": "osm", "batch": row}, hash=api.login())
    assert answer.status_code == 200, answer.text
    [converted] = answer.json()["list"]
    assert converted["from"] == "0001-01-02 00:00:00"


def test_the_first_day_of_year_one_is_out_of_range_even_in_utc(api: Api) -> None:
    """0001-01-01 00:00 UTC is no time west of UTC: the world does not store it."""
    row = "A\t0001-01-01 00:00:00\t2027-01-01 00:00:00\tHere\t52.5\t13.4\tdesc"
    answer = api.post("/task/batch_convert", {"geocoder": "osm", "batch": row}, hash=api.login())
    [converted] = answer.json()["list"]
    assert [e["parameter"] for e in converted["errors"]] == ["from"]
