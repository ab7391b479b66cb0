"""What the dashboard reads: the map route, the journal's live feed and the page itself
(the page in a real browser: tests/e2e/test_dashboard.py)."""

from __future__ import annotations

import datetime as dt
import json
import threading
import time
from collections.abc import Iterator

import httpx
import pytest

from fleetapi_mock import FleetMock, ThreadedServer
from fleetapi_mock.web.dashboard import feed as feed_module
from fleetapi_mock.web.dashboard.view import MAX_TRACK_POINTS


def _events(body: str) -> list[dict[str, object]]:
    return [
        json.loads(line.removeprefix("data: "))
        for line in body.splitlines()
        if line.startswith("data: ")
    ]


def test_the_map_holds_every_tracker_zone_place_and_task_where_the_world_has_them() -> None:
    mock = FleetMock()
    drawn = mock.control.read_map()
    world = mock.world
    assert drawn.now == world.now()
    assert {t.id for t in drawn.trackers} == set(world.trackers)
    for tracker in drawn.trackers:
        state = world.trackers[tracker.id].state
        expected = None if state.lat is None else (state.lat, state.lng)
        assert tracker.position == expected
        assert tracker.speed == state.speed
    assert {(z.id, z.type) for z in drawn.zones} == {(z.id, z.type) for z in world.zones.values()}
    assert {p.id for p in drawn.places} == set(world.places)
    assert {t.id for t in drawn.tasks} == set(world.tasks)
    assert [(r.id, r.percent) for r in drawn.reports] == [(1, 100)]  # the demo's, ready


def test_a_tasks_status_on_the_map_is_the_one_task_list_answers() -> None:
    mock = FleetMock()
    client = mock.login()
    for advance in ("PT0S", "PT1H", "P1D"):
        mock.control.set_clock(advance=advance)
        listed = {t.id: t.status for t in client.task.list().list}
        drawn = {t.id: t.status for t in mock.control.read_map().tasks}
        assert {i: drawn[i] for i in listed} == listed


def test_the_tracks_are_of_the_day_asked_for() -> None:
    mock = FleetMock()
    day = dt.date(2026, 1, 14)
    tracks = {t.tracker_id: t for t in mock.control.read_map(day=day).tracks}
    points = [p for p in mock.world.points_of(1) if p.get_time.date() == day]
    assert tracks[1].recorded == len(points) > 0
    assert tracks[1].points == [(p.lat, p.lng) for p in points]
    assert mock.control.read_map(day=dt.date(2020, 1, 1)).tracks == []


def test_a_long_day_is_drawn_thinned_from_its_first_point_to_its_last() -> None:
    mock = FleetMock()
    start = dt.datetime(2026, 1, 10, 0, 0)
    points = [
        {
            "tracker_id": 2,
            "get_time": (start + dt.timedelta(seconds=10 * i)).isoformat() + "Z",
            "lat": 52.0 + i * 1e-5,
            "lng": 13.0,
        }
        for i in range(5_000)
    ]
    for at in range(0, len(points), 2_500):
        mock.control.record_positions(points=points[at : at + 2_500])
    (track,) = [t for t in mock.control.read_map(day=start.date()).tracks if t.tracker_id == 2]
    assert track.recorded == 5_000
    assert len(track.points) == MAX_TRACK_POINTS
    assert track.points[0] == (52.0, 13.0)
    assert track.points[-1] == pytest.approx((52.0 + 4_999e-5, 13.0))
    lats = [lat for lat, _ in track.points]
    assert lats == sorted(lats)  # in time order


def test_a_day_that_is_not_a_date_is_refused() -> None:
    mock = FleetMock()
    http = httpx.Client(transport=mock.transport, base_url=mock.base_url)
    answer = http.get("/__mock__/map", params={"day": "tomorrow"})
    assert answer.status_code == 400
    assert answer.json()["status"]["code"] == 7
    assert answer.json()["errors"][0]["parameter"] == "day"


def test_the_journal_keeps_how_long_each_answer_took_and_its_size() -> None:
    mock = FleetMock()
    client = mock.login()
    client.tracker.list()
    (entry,) = mock.journal.find("tracker/list")
    assert 0 < entry.duration < 5
    http = httpx.Client(transport=mock.transport, base_url=mock.base_url)
    listed = http.get("/__mock__/journal", params={"path": "tracker/list"}).json()["list"]
    session = mock.world.sessions.values()
    again = http.post("/v2/tracker/list", json={"hash": next(iter(session)).hash}).content
    assert listed[0]["size"] == len(again)
    assert listed[0]["duration_ms"] == pytest.approx(entry.duration * 1e3, abs=1e-3)


def test_the_feed_in_process_answers_what_the_journal_keeps_after_a_point() -> None:
    mock = FleetMock()
    client = mock.login()
    client.tracker.list()
    client.task.list()
    http = httpx.Client(transport=mock.transport, base_url=mock.base_url)
    answer = http.get("/__mock__/journal/live")
    assert answer.headers["content-type"].startswith("text/event-stream")
    assert [e["call"] for e in _events(answer.text)] == ["user/auth", "tracker/list", "task/list"]
    assert [e["seq"] for e in _events(answer.text)] == [1, 2, 3]
    resumed = http.get("/__mock__/journal/live", headers={"Last-Event-ID": "2"})
    assert [e["call"] for e in _events(resumed.text)] == ["task/list"]
    after = http.get("/__mock__/journal/live", params={"after": 1, "path": "task/*"})
    assert [e["call"] for e in _events(after.text)] == ["task/list"]
    # a reset clears the journal, the numbers go on: a browser resuming misses nothing new
    mock.control.reset()
    client = mock.login()
    assert [e["seq"] for e in _events(http.get("/__mock__/journal/live").text)] == [4]


@pytest.fixture(scope="module")
def server() -> Iterator[ThreadedServer]:
    with ThreadedServer(FleetMock()) as served:
        yield served


def _follow(url: str, wanted: int, **params: object) -> tuple[list[dict[str, object]], float]:
    """Read a live feed until ``wanted`` events came; the events and the seconds it took."""
    started = time.monotonic()
    events: list[dict[str, object]] = []
    headers = {"Accept": "text/event-stream", "X-Mock-World": "feed"}
    with httpx.stream("GET", url, params=params, headers=headers, timeout=10) as answer:
        assert answer.headers["content-type"].startswith("text/event-stream")
        for line in answer.iter_lines():
            if line.startswith("data: "):
                events.append(json.loads(line.removeprefix("data: ")))
            if len(events) >= wanted:
                break
    return events, time.monotonic() - started


def test_a_served_feed_brings_each_new_request_as_it_is_answered(server: ThreadedServer) -> None:
    def later() -> None:
        time.sleep(0.5)
        httpx.post(f"{server.base_url}/v2/tracker/list", json={}, headers={"X-Mock-World": "feed"})

    caller = threading.Thread(target=later)
    caller.start()
    events, took = _follow(f"{server.base_url}/__mock__/journal/live", 1, path="tracker/list")
    caller.join()
    assert [e["call"] for e in events] == ["tracker/list"]
    assert events[0]["code"] == 3  # no credential
    assert 0.5 <= took < 1.5


def test_the_feeds_a_server_holds_are_bounded(
    server: ThreadedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("fleetapi_mock.web.app.MAX_FEEDS", 1)
    url = f"{server.base_url}/__mock__/journal/live"
    headers = {"Accept": "text/event-stream"}
    with httpx.stream("GET", url, headers=headers, timeout=10) as first:
        assert first.status_code == 200
        second = httpx.get(url, headers=headers)
        assert second.status_code == 503
        assert second.json()["status"]["code"] == 14
    for _ in range(50):  # the first one's slot is given back when its client goes
        if httpx.get(url, params={"after": 10**9}).status_code == 200:
            break
    with httpx.stream("GET", url, headers=headers, timeout=10) as third:
        assert third.status_code == 200


def test_a_served_feed_ends_after_its_lifetime_and_the_browser_resumes(
    server: ThreadedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(feed_module, "LIFETIME", 0.3)
    started = time.monotonic()
    with httpx.stream(
        "GET",
        f"{server.base_url}/__mock__/journal/live",
        headers={"Accept": "text/event-stream", "X-Mock-World": "lifetime"},
        timeout=10,
    ) as answer:
        body = "".join(answer.iter_text())
    assert time.monotonic() - started < 5
    assert body.startswith(f"retry: {feed_module.RETRY_MS}")


def test_the_page_runs_only_its_own_script_and_talks_only_to_its_server() -> None:
    mock = FleetMock()
    http = httpx.Client(transport=mock.transport, base_url=mock.base_url)
    first, second = http.get("/__mock__/ui/"), http.get("/__mock__/ui")
    assert first.headers["content-type"] == "text/html; charset=utf-8"
    policy = first.headers["content-security-policy"]
    nonce = policy.split("'nonce-", 1)[1].split("'", 1)[0]
    assert f'<script nonce="{nonce}">' in first.text
    assert nonce not in second.text  # a nonce per answer
    assert "connect-src 'self'" in policy
    assert "default-src 'none'" in policy
    assert "http://" not in first.text.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in first.text
    assert not mock.journal.find("*")  # the page is not an API call


@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-01"])
def test_the_first_and_last_days_of_the_calendar_have_no_tracks(day: str) -> None:
    mock = FleetMock()
    http = httpx.Client(transport=mock.transport, base_url=mock.base_url)
    answer = http.get("/__mock__/map", params={"day": day})
    assert answer.status_code == 200
    assert answer.json()["tracks"] == []


@pytest.mark.parametrize("last", ["9" * 5000, "²", "-1", "1e3", " 2"])
def test_a_strange_last_event_id_reads_from_the_start(last: str) -> None:
    mock = FleetMock()
    mock.login()
    http = httpx.Client(transport=mock.transport, base_url=mock.base_url)
    answer = http.get("/__mock__/journal/live", headers={"Last-Event-ID": last.encode("latin-1")})
    assert answer.status_code == 200
    assert [e["seq"] for e in _events(answer.text)] == [1]
