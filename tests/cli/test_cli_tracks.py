"""``fleet track list`` and ``fleet track export`` on the in-process mock's demo day."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from pathlib import Path
from typing import Any

import gpxpy
import pytest

from fleetapi_cli.config import Profile, ProfileStore

Cli = Any  # the runner of conftest.py

DAY = ["--from", "2026-01-14", "--to", "2026-01-14"]
BEN = ["--employee", "2", *DAY]  # Van 1: five trips
ANNA = ["--employee", "1", *DAY]  # Anna's phone: trips and single reports


def ok(result: Any) -> str:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return str(result.stdout)


def listed(cli: Cli, *args: str) -> dict[str, Any]:
    return json.loads(ok(cli("asset", "track", "list", *args, "-o", "json")))


def test_list_as_json_is_the_whole_answer(cli: Cli, session: str) -> None:
    answer = listed(cli, *BEN)
    (element,) = answer["list"]
    assert element["tracker_id"] == 1
    assert [t["type"] for t in element["tracks"]] == ["regular"] * 5
    assert answer["total"]["count"] == 5
    assert answer["total"]["trips_duration"].startswith("PT")
    assert element["tracks"][0]["start_date"] == "2026-01-14 07:00:00"


def test_list_as_a_table_has_a_row_per_trip_then_the_totals(cli: Cli, session: str) -> None:
    out = ok(cli("asset", "track", "list", *BEN, "--count-events", "-o", "table"))
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["TRACKER_ID", "TYPE", "ID"]
    assert "EVENT_COUNT" in lines[0]
    trips = [line for line in lines[1:6]]
    assert all(line.split()[1] == "regular" for line in trips)
    assert "Depotweg 1, Berlin" in trips[0]
    answer = listed(cli, *BEN)
    totals = dict(line.split(None, 1) for line in lines[7:] if line and line != "FIELD  VALUE")
    assert int(totals["tracks"]) == answer["total"]["count"]
    assert float(totals["length_km"]) == pytest.approx(answer["total"]["length"])
    hours, minutes, seconds = (int(x) for x in totals["parking_duration"].split(":"))
    trips_h, trips_m, trips_s = (int(x) for x in totals["trips_duration"].split(":"))
    assert dt.timedelta(
        hours=hours + trips_h, minutes=minutes + trips_m, seconds=seconds + trips_s
    ) == dt.timedelta(days=1, seconds=-1)  # the whole day, to its last second


def test_a_vehicles_trips_with_the_fuel_they_should_have_used(cli: Cli, session: str) -> None:
    out = ok(cli("asset", "track", "list", "--vehicle", "1", *DAY, "-o", "table"))
    answer = listed(cli, "--vehicle", "1", *DAY)
    assert answer["list"][0]["tracker_id"] == 1
    fuel = answer["total"]["norm_fuel_consumed"]
    assert fuel > 0
    (line,) = [line for line in out.splitlines() if line.startswith("norm_fuel_consumed")]
    assert float(line.split()[1]) == pytest.approx(fuel)


def test_list_as_tsv_has_a_row_per_track(cli: Cli, session: str) -> None:
    out = ok(cli("asset", "track", "list", *ANNA, "--cluster", "-o", "tsv"))
    rows = list(csv.DictReader(io.StringIO(out), delimiter="\t"))
    assert [r["type"] for r in rows] == ["single_report", "regular", "cluster", "regular"]


def test_merge_and_options_reach_the_call(cli: Cli, session: str) -> None:
    merged = listed(cli, *BEN, "--merge")
    assert [t["type"] for t in merged["list"][0]["tracks"]] == ["merged"]
    no_lbs = listed(cli, *ANNA, "--no-gsm-lbs")
    assert all(
        t["type"] != "single_report" or not t["gsm_lbs"] for t in no_lbs["list"][0]["tracks"]
    )
    assert len(no_lbs["list"][0]["tracks"]) == len(listed(cli, *ANNA)["list"][0]["tracks"]) - 1


@pytest.mark.parametrize(
    "args",
    [
        DAY,
        ["--employee", "1", "--vehicle", "1", *DAY],
        ["--employee", "1", "--from", "the day before", "--to", "2026-01-15"],
    ],
)
def test_usage_errors(cli: Cli, session: str, args: list[str]) -> None:
    result = cli("asset", "track", "list", *args)
    assert result.exit_code == 2
    assert "--employee" in result.stderr or "--from" in result.stderr


@pytest.mark.parametrize(
    ("args", "code", "exit_code"),
    [
        (["--employee", "404", *DAY], 201, 5),
        (["--employee", "1", "--from", "2025-01-01", "--to", "2026-01-01"], 211, 6),
        (["--employee", "1", "--from", "2026-01-15", "--to", "2026-01-14"], 7, 6),
    ],
)
def test_api_errors_exit_with_their_family(
    cli: Cli, session: str, args: list[str], code: int, exit_code: int
) -> None:
    for command in ("list", "export"):
        result = cli("asset", "track", command, *args)
        assert result.exit_code == exit_code, result.stderr
        assert f"[{code}]" in result.stderr


def test_export_gpx_parses_back(cli: Cli, session: str, tmp_path: Path) -> None:
    path = tmp_path / "anna.gpx"
    result = cli("asset", "track", "export", *ANNA, "--format", "gpx", "-O", str(path))
    assert ok(result) == ""
    assert "Exported" in result.stderr
    gpx = gpxpy.parse(path.read_text(encoding="utf-8"))
    tracks = listed(cli, *ANNA)["list"][0]["tracks"]
    regular = [t for t in tracks if t["type"] == "regular"]
    singles = [t for t in tracks if t["type"] == "single_report"]
    (track,) = gpx.tracks
    assert track.name == "tracker 4"
    assert [len(s.points) for s in track.segments] == [t["points"] for t in regular]
    first = track.segments[0].points[0]
    assert first.time == dt.datetime(2026, 1, 14, 8, 5, tzinfo=dt.timezone.utc)
    assert len(gpx.waypoints) == len(singles)


def test_export_csv_parses_back(cli: Cli, session: str, tmp_path: Path) -> None:
    path = tmp_path / "ben.csv"
    ok(cli("asset", "track", "export", *BEN, "--format", "csv", "--out", str(path)))
    with path.open(encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream))
    tracks = listed(cli, *BEN)["list"][0]["tracks"]
    assert len(rows) == sum(t["points"] for t in tracks)
    assert [int(r) for r in dict.fromkeys(row["track_id"] for row in rows)] == [
        t["id"] for t in tracks
    ]
    assert rows[0]["get_time"] == "2026-01-14T07:00:00+00:00"
    assert rows[0]["address"] == "Depotweg 1, Berlin"
    assert {rows[0]["parking"], rows[0]["gsm_lbs"]} == {"false"}
    assert float(rows[1]["lat"]) > float(rows[0]["lat"])


def test_export_geojson_to_stdout_in_the_users_time_zone(cli: Cli, fleet_mock: Any) -> None:
    hash_ = fleet_mock.session("dispatcher")  # Europe/Berlin
    ProfileStore.default().save(
        Profile(name="default", base_url=fleet_mock.base_url, hash=hash_, kind="session")
    )
    out = ok(cli("asset", "track", "export", *BEN, "--format", "geojson"))
    collection = json.loads(out)
    assert collection["type"] == "FeatureCollection"
    features = collection["features"]
    assert [f["geometry"]["type"] for f in features] == ["LineString"] * 5
    first = features[0]
    assert first["properties"]["tracker_id"] == 1
    assert len(first["geometry"]["coordinates"]) == first["properties"]["points"]
    assert first["geometry"]["coordinates"][0][:2] == [13.36, 52.49]
    assert first["properties"]["times"][0] == "2026-01-14T08:00:00+01:00"
    assert first["properties"]["start_date"] == "2026-01-14T08:00:00+01:00"
