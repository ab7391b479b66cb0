"""Hostile and careless input sent over HTTP to a real ``fleet mock serve`` process.

Every probe must get the API's failure envelope with the right code and a 4xx status, leave
the world document as it was, and leave the server answering; over all probes the server's
resident memory grows by a bounded amount. The probes run in one test on one server, so that
the memory bound speaks of all of them whatever worker runs the test.
"""

from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import httpx
import openpyxl
import pytest

from fleetapi_mock import DEMO_API_KEY

pytestmark = pytest.mark.e2e

FLEET = str(Path(sys.executable).with_name("fleet"))
AUTH = {"Authorization": f"NVX {DEMO_API_KEY}"}
KML = b'<kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>'
KML_TYPE = "application/vnd.google-earth.kml+xml"
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
MAX_RSS_GROWTH = 150 * 1024 * 1024


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[str, int]]:
    """``fleet mock serve`` (frozen clock, no rate limit): its URL and process id."""
    process = subprocess.Popen(
        [FLEET, "mock", "serve", "--port", "0", "--rate-limit", "0", "--frozen-clock"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("fleet mock: listening on "), line
        yield line.rsplit(" ", 1)[1].strip(), process.pid
    finally:
        process.send_signal(signal.SIGTERM)
        process.communicate(timeout=30)


def deep(levels: int) -> bytes:
    return b"[" * levels + b"]" * levels


def xlsx(rows: list[list[Any]]) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def xlsx_bomb() -> bytes:
    """A 300 kB workbook whose sheet inflates to a million rows."""
    source = zipfile.ZipFile(io.BytesIO(xlsx([["a"]])))
    sheet = (
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        b"<sheetData>" + b"<row><c><v>1</v></c></row>" * 1_000_000 + b"</sheetData></worksheet>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for info in source.infolist():
            name = info.filename
            target.writestr(name, sheet if name.endswith("sheet1.xml") else source.read(name))
    return out.getvalue()


@attrs.frozen
class Probe:
    """One hostile request and the failure code it must get."""

    name: str
    path: str
    code: int
    method: str = "POST"
    options: dict[str, Any] = attrs.Factory(dict)


def json_body(raw: bytes) -> dict[str, Any]:
    return {"content": raw, "headers": {**AUTH, "content-type": "application/json"}}


def spreadsheet(name: str, content: bytes, kind: str) -> dict[str, Any]:
    form = {"preview_count": "1", "parse_header": "false"}
    return {"data": form, "files": {"file": (name, content, kind)}, "headers": AUTH}


def task(to: str) -> dict[str, Any]:
    return {
        "json": {
            "task": {
                "label": "Far", "description": "", "from": "2026-01-15 10:00:00", "to": to,
                "location": {"lat": 52.5, "lng": 13.4, "radius": 100},
            }
        },
        "headers": AUTH,
    }  # fmt: skip


def layer(target: str) -> dict[str, Any]:
    return {
        "data": {"label": "Probe", "redirect_target": target},
        "files": {"file": ("probe.kml", KML, KML_TYPE)},
        "headers": AUTH,
    }


def points(raw: bytes) -> dict[str, Any]:
    return {"content": b'{"points": [{"tracker_id": 1, "lat": %s, "lng": 13}]}' % raw}


FAR = "9999-12-31 23:00:00"

PROBES = [
    # JSON nested past any recursion limit, or past 64 levels, at every door
    Probe(
        "deep JSON body",
        "/task/list",
        7,
        options=json_body(b'{"trackers": ' + deep(100_000) + b"}"),
    ),
    Probe(
        "65 levels of JSON", "/task/list", 7, options=json_body(b'{"trackers": ' + deep(65) + b"}")
    ),
    Probe(
        "deep form field",
        "/task/list",
        7,
        options={"data": {"trackers": deep(100_000).decode()}, "headers": AUTH},
    ),
    Probe(
        "deep query field",
        "/task/list",
        7,
        "GET",
        {"params": {"trackers": deep(5000).decode(), "hash": DEMO_API_KEY}},
    ),
    Probe("deep world document", "/__mock__/reset", 7, options={"content": deep(100_000)}),
    Probe(
        "deep clock request",
        "/__mock__/clock",
        7,
        options={"content": b'{"now": ' + deep(5000) + b"}"},
    ),
    Probe(
        "deep positions",
        "/__mock__/positions",
        7,
        options={"content": b'{"points": ' + deep(5000) + b"}"},
    ),
    # numbers that are not finite
    Probe("1e999 in JSON", "/tracker/read", 7, options=json_body(b'{"tracker_id": 1e999}')),
    Probe("NaN in JSON", "/tracker/read", 7, options=json_body(b'{"tracker_id": NaN}')),
    Probe("Infinity unknown field", "/tracker/list", 7, options=json_body(b'{"x": [Infinity]}')),
    Probe(
        "1e999 in a form",
        "/task/list",
        7,
        options={"data": {"trackers": "[1e999]"}, "headers": AUTH},
    ),
    Probe("1e999 position", "/__mock__/positions", 7, options=points(b"1e999")),
    Probe("NaN position", "/__mock__/positions", 7, options=points(b"NaN")),
    # dates and clocks out of what every time zone can show
    Probe("task in year 9999", "/task/create", 7, options=task("9999-12-31 23:00:00")),
    Probe(
        "clock near year 9999, running",
        "/__mock__/clock",
        7,
        options={"json": {"now": FAR, "running": True}},
    ),
    Probe(
        "clock moved past year 9999",
        "/__mock__/clock",
        7,
        options={"json": {"advance": "P3000000D"}},
    ),
    Probe(
        "position in year 9999",
        "/__mock__/positions",
        7,
        options={"json": {"points": [{"tracker_id": 1, "get_time": FAR, "lat": 52, "lng": 13}]}},
    ),
    Probe(
        "world now in year 9999",
        "/__mock__/reset",
        7,
        options={"json": {"now": "9999-12-31 23:59:59"}},
    ),
    # a redirect target that would split the Location header, or is no web address
    Probe(
        "CR LF redirect target",
        "/map_layer/upload",
        7,
        options=layer("http://a.example/\r\nSet-Cookie: x=1"),
    ),
    Probe("LF redirect target", "/map_layer/upload", 7, options=layer("http://a.example/\nx")),
    Probe(
        "javascript redirect target", "/map_layer/upload", 7, options=layer("javascript:alert(1)")
    ),
    # uploads that would hold the server or fill its memory
    Probe(
        "xlsx compression bomb",
        "/data/spreadsheet/parse",
        234,
        options=spreadsheet("b.xlsx", xlsx_bomb(), XLSX_TYPE),
    ),
    Probe(
        "too many rows",
        "/data/spreadsheet/parse",
        271,
        options=spreadsheet("r.csv", b"x\n" * 10_001, "text/csv"),
    ),
]


def check(http: httpx.Client, probe: Probe) -> str | None:
    """What is wrong with the server's handling of ``probe`` (``None`` when all is right)."""
    before = http.get("/__mock__/world").json()
    answer = http.request(probe.method, probe.path, **probe.options)
    if not 400 <= answer.status_code < 500:
        return f"HTTP {answer.status_code}: {answer.text[:200]}"
    if not answer.headers.get("content-type", "").startswith("application/json"):
        return f"content type {answer.headers.get('content-type')!r}"
    try:
        body = json.loads(answer.content)
    except ValueError:
        return f"invalid JSON: {answer.text[:200]}"
    if body.get("success") is not False or body.get("status", {}).get("code") != probe.code:
        return f"expected code {probe.code}: {body}"
    alive = http.get("/__mock__/clock")
    if alive.status_code != 200 or alive.json().get("success") is not True:
        return "the server stopped answering"
    if http.get("/__mock__/world").json() != before:
        return "the world changed"
    return None


def resident_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_every_hostile_probe_is_refused_and_changes_nothing(served: tuple[str, int]) -> None:
    url, pid = served
    with httpx.Client(base_url=url, timeout=60) as http:
        assert http.post("/tracker/list", headers=AUTH).json()["success"] is True
        start = resident_bytes(pid)
        failures = [f"{p.name}: {problem}" for p in PROBES if (problem := check(http, p))]
        grown = resident_bytes(pid) - start
    assert not failures, "\n".join(failures)
    assert grown < MAX_RSS_GROWTH, f"resident memory grew by {grown // 2**20} MiB"


def test_numbers_as_text_stay_text_in_get_and_form(served: tuple[str, int]) -> None:
    url, _ = served
    with httpx.Client(base_url=url) as http:
        by_query = http.get("/geocoder/search_address", params={"q": "10117", "hash": DEMO_API_KEY})
        by_form = http.post("/geocoder/search_address", data={"q": "10117"}, headers=AUTH)
    for answer in (by_query, by_form):
        assert answer.status_code == 200, answer.text
        assert all("10117" in place["address"] for place in answer.json()["locations"])


def test_times_near_the_edge_are_answered_in_every_zone(served: tuple[str, int]) -> None:
    """A task ending at the last time the world holds, read by users east and west of UTC."""
    url, _ = served
    with httpx.Client(base_url=url) as http:
        created = http.post("/task/create", **task("9999-12-30 23:59:59"))
        assert created.status_code == 200, created.text
        task_id = created.json()["id"]
        session = http.post("/user/auth", json={"login": "demo", "password": "demo"})
        auth = {"Authorization": f"NVX {session.json()['hash']}"}
        for zone in ("Pacific/Kiritimati", "Pacific/Pago_Pago"):
            moved = http.post("/user/settings/update", json={"time_zone": zone}, headers=auth)
            assert moved.json()["success"] is True, moved.text
            for path, body in (("/task/list", {}), ("/task/read", {"task_id": task_id})):
                answer = http.post(path, json=body, headers=auth)
                assert answer.status_code == 200, (zone, path, answer.text)
        http.post("/__mock__/reset")


def test_a_running_clock_at_its_end_keeps_every_route_answering(served: tuple[str, int]) -> None:
    url, _ = served
    with httpx.Client(base_url=url) as http:
        moved = http.post("/__mock__/clock", json={"now": "8999-12-31 23:59:58", "running": True})
        assert moved.status_code == 200, moved.text
        try:
            for _ in range(3):
                assert http.post("/tracker/list", headers=AUTH).status_code == 200
                assert http.get("/__mock__/journal").json()["success"] is True
            assert http.get("/__mock__/clock").json()["now"] <= "8999-12-31 23:59:59"
        finally:
            http.post("/__mock__/reset")
            http.post("/__mock__/clock", json={"running": False})


def test_a_non_ascii_redirect_target_is_sent_percent_encoded(served: tuple[str, int]) -> None:
    """The Location header is ASCII (a browser's own encoding); the envelope is the body too."""
    url, _ = served
    with httpx.Client(base_url=url) as http:
        answer = http.post("/map_layer/upload", **layer("http://a.example/Straße?q=ü#frag"))
        assert answer.status_code == 303, answer.text
        location = answer.headers["location"]
        assert location.startswith("http://a.example/Stra%C3%9Fe?q=%C3%BC&response=")
        assert location.endswith("#frag")
        assert answer.json()["success"] is True
        layer_id = answer.json()["id"]
        removed = http.post("/map_layer/delete", json={"id": layer_id}, headers=AUTH)
        assert removed.json()["success"] is True
