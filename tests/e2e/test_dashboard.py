"""The dashboard at ``/__mock__/ui/``, driven in a real headless Chromium (the machine's own:
Debian's ``chromium``; ``.ci/run`` installs it and sets ``FLEETAPI_BROWSER_TESTS=required`` so
that a missing browser fails rather than skips).

Each test opens the page on a world of its own on one served mock, so tests may move clocks
and arm faults side by side. Every request the page makes is recorded: none may leave the
server that served it.
"""

from __future__ import annotations

import math
import os
import shutil
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from fleetapi_mock import FleetMock, MockControl, ThreadedServer

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = os.environ.get("FLEETAPI_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "images" / "dashboard"
"""Where the screenshots the docs show are written ("The dashboard", docs/dashboard.md)."""
TOKEN = "dash-token"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        message = f"no Chromium at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("FLEETAPI_BROWSER_TESTS") == "required":
            pytest.fail(message)
        pytest.skip(message)
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def server() -> Iterator[ThreadedServer]:
    with ThreadedServer(FleetMock()) as served:
        yield served


@pytest.fixture
def world() -> str:
    return f"ui-{uuid.uuid4().hex[:10]}"


class Dashboard:
    """A page of the dashboard on one world, with what it asked for and what it logged."""

    def __init__(self, page: Any, base_url: str, world: str) -> None:
        self.page = page
        self.base_url = base_url
        self.world = world
        self.requests: list[str] = []
        self.problems: list[str] = []
        self.refusals_expected = False
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("pageerror", lambda error: self.problems.append(str(error)))
        page.on(
            "console",
            lambda message: self.problems.append(message.text) if message.type == "error" else None,
        )

    def open(self, path: str = "/__mock__/ui/") -> Dashboard:
        self.page.goto(f"{self.base_url}{path}?world={self.world}")
        self.page.wait_for_selector("body[data-ready=yes]", timeout=10_000)
        return self

    def call(self, path: str, **fields: Any) -> dict[str, Any]:
        """A request of the fleet API to the page's world, as a test suite makes it."""
        answer = httpx.post(
            f"{self.base_url}/v2/{path}", json=fields, headers={"X-Mock-World": self.world}
        )
        return dict(answer.json())

    def login(self) -> str:
        return str(self.call("user/auth", login="demo", password="demo")["hash"])


@pytest.fixture
def dashboard(browser: Any, server: ThreadedServer, world: str) -> Iterator[Dashboard]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    opened = Dashboard(page, server.base_url, world)
    yield opened
    context.close()
    # The page never reaches beyond the server that served it.
    foreign = [u for u in opened.requests if not u.startswith(server.base_url)]
    assert foreign == [], foreign
    if opened.refusals_expected:  # the browser logs each answer of a 4xx status
        opened.problems = [p for p in opened.problems if "status of 400" not in p]
    assert opened.problems == [], opened.problems


def expect(locator: Any) -> Any:
    return playwright_api.expect(locator)


def test_the_page_loads_whole_from_the_server_alone(dashboard: Dashboard) -> None:
    answer = httpx.get(dashboard.base_url + "/__mock__/ui/")
    policy = answer.headers["content-security-policy"]
    assert "default-src 'none'" in policy
    assert "connect-src 'self'" in policy
    dashboard.open()
    expect(dashboard.page.locator("#now")).to_contain_text("2026-01-15 09:00:00 UTC")
    # the page itself, then the control API: nothing else
    assert dashboard.requests[0] == f"{dashboard.base_url}/__mock__/ui/?world={dashboard.world}"
    assert all("/__mock__/" in url for url in dashboard.requests), dashboard.requests


_GEOMETRY = """shape => {
    const box = shape.getBBox(), m = shape.getScreenCTM();
    return {
        x: box.x * m.a + m.e, y: box.y * m.d + m.f, width: box.width * m.a, height: box.height * m.d
    };
}"""
"""A shape's box on the page, its stroke left out (a wide sausage is mostly stroke: its line)."""


def _centre(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _mercator(lat: float) -> float:
    return -math.degrees(math.log(math.tan(math.pi / 4 + math.radians(lat) / 2)))


def test_the_demo_worlds_trackers_and_zones_are_drawn_where_the_world_has_them(
    dashboard: Dashboard, server: ThreadedServer
) -> None:
    dashboard.open()
    page = dashboard.page
    with MockControl(server.base_url, world=dashboard.world) as control:
        drawn = control.read_map()
    mine = [t for t in drawn.trackers if t.user_id == 1 and t.position is not None]
    assert len(mine) >= 4
    spots = {}
    for tracker in mine:
        marker = page.locator(f"g.tracker[data-tracker-id='{tracker.id}'] circle")
        spots[tracker.id] = _centre(marker.bounding_box())
        expect(page.locator(f"g.tracker[data-tracker-id='{tracker.id}'] text")).to_contain_text(
            tracker.label
        )
    # one scale and one offset per axis place every tracker: x from the longitude, y from
    # the latitude (Mercator, north up)
    a, b = mine[0], mine[1]
    assert a.position is not None
    assert b.position is not None
    sx = (spots[b.id][0] - spots[a.id][0]) / (b.position[1] - a.position[1])
    sy = (spots[b.id][1] - spots[a.id][1]) / (_mercator(b.position[0]) - _mercator(a.position[0]))
    assert sx > 0
    assert sy > 0
    assert sx == pytest.approx(sy, rel=0.01)
    for tracker in mine[2:]:
        assert tracker.position is not None
        x = spots[a.id][0] + sx * (tracker.position[1] - a.position[1])
        y = spots[a.id][1] + sy * (_mercator(tracker.position[0]) - _mercator(a.position[0]))
        assert spots[tracker.id] == pytest.approx((x, y), abs=1.5), tracker.label

    def spot(lat: float, lng: float) -> tuple[float, float]:
        x = spots[a.id][0] + sx * (lng - a.position[1])  # type: ignore[index]
        y = spots[a.id][1] + sy * (_mercator(lat) - _mercator(a.position[0]))  # type: ignore[index]
        return x, y

    zones = {z.id: z for z in drawn.zones if z.user_id == 1}
    assert {z.type for z in zones.values()} == {"circle", "polygon", "sausage"}
    for zone in zones.values():
        box = page.locator(f"[data-zone-id='{zone.id}']").evaluate(_GEOMETRY)
        left, top = box["x"], box["y"]
        right, bottom = left + box["width"], top + box["height"]
        if zone.type == "circle":
            assert zone.center is not None
            assert _centre(box) == pytest.approx(spot(*zone.center), abs=1.5)
        for lat, lng in zone.points:  # every vertex within the shape drawn
            x, y = spot(lat, lng)
            assert left - 1 <= x <= right + 1, zone.label
            assert top - 1 <= y <= bottom + 1, zone.label
        if zone.type == "polygon":  # and its corners are the box's edges
            xs = [spot(*p)[0] for p in zone.points]
            assert min(xs) == pytest.approx(left, abs=1.5)
            assert max(xs) == pytest.approx(right, abs=1.5)


def test_advancing_the_clock_from_the_page_changes_a_tasks_status_on_the_page(
    dashboard: Dashboard,
) -> None:
    page = dashboard.open().page
    status = page.locator("#tasks tr[data-task-id='1'] [data-status]")
    expect(status).to_have_text("assigned")  # due by 11:00 today
    page.get_by_role("button", name="+1 hour").click()
    expect(page.locator("#now")).to_contain_text("2026-01-15 10:00:00 UTC")
    with MockControl(dashboard.base_url, world=dashboard.world) as control:
        (now,) = [t.status for t in control.read_map().tasks if t.id == 1]
    assert now != "assigned"  # the world says it moved on
    expect(status).to_have_text(now)
    expect(page.locator("#map g[data-task-id='1']")).to_have_attribute("data-status", now)


def test_a_report_becomes_ready_on_the_page_as_the_clock_moves(dashboard: Dashboard) -> None:
    page = dashboard.open().page
    asked = dashboard.call(
        "report/tracker/generate",
        hash=dashboard.login(),
        trackers=[1],
        plugin={"plugin_id": 4},
        **{"from": "2026-01-14 00:00:00", "to": "2026-01-14 23:59:59"},
    )
    generation = page.locator(f"#reports tr[data-report-id='{asked['id']}'] [data-percent]")
    expect(generation).to_have_text("0 %")  # shown as soon as the journal tells of the call
    page.get_by_role("button", name="+1 min").click()
    expect(generation).to_have_text("ready")


def test_the_clock_is_worked_with_the_keyboard(dashboard: Dashboard) -> None:
    page = dashboard.open().page
    button = page.get_by_role("button", name="+1 min")
    button.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#now")).to_contain_text("09:01:00 UTC")
    page.keyboard.press("Tab")  # the next control: +1 hour
    page.keyboard.press("Space")
    expect(page.locator("#now")).to_contain_text("10:01:00 UTC")
    expect(page.locator("#running")).to_have_text("frozen")
    page.get_by_role("button", name="Run").click()
    expect(page.locator("#running")).to_have_text("running")


def test_a_call_made_by_a_test_shows_in_the_journal_within_a_second(
    dashboard: Dashboard,
) -> None:
    page = dashboard.open().page
    expect(page.locator("#journal-state")).to_have_attribute("data-live", "yes")
    rows = page.locator("#journal-rows tr[data-call='tracker/list']")
    expect(rows).to_have_count(0)
    session = dashboard.login()
    started = time.monotonic()
    dashboard.call("tracker/list", hash=session)
    rows.first.wait_for(timeout=1_000)
    assert time.monotonic() - started < 1.0
    # expanded: its fields with the secrets masked, and the answer's size
    login = page.locator("#journal-rows tr[data-call='user/auth']").first
    login.get_by_role("button").click()
    details = page.locator("#journal-rows tr:not([data-call]):visible pre")
    expect(details).to_contain_text('"password": "***"')
    expect(details).not_to_contain_text('"password": "demo"')
    expect(page.locator("#journal-rows tr:not([data-call]):visible")).to_contain_text("answer ")


def test_the_journal_is_filtered_like_the_control_apis(dashboard: Dashboard) -> None:
    page = dashboard.open().page
    session = dashboard.login()
    dashboard.call("tracker/list", hash=session)
    dashboard.call("tracker/read", hash=session, tracker_id=999_999)  # 201
    expect(page.locator("#journal-rows tr[data-call]")).to_have_count(3)
    filters = page.locator("#journal-filter")
    filters.get_by_label("Code").fill("201")
    filters.get_by_role("button", name="Filter").click()
    expect(page.locator("#journal-rows tr[data-call]")).to_have_count(1)
    expect(page.locator("#journal-rows tr[data-call='tracker/read']")).to_have_count(1)
    dashboard.call("tracker/read", hash=session, tracker_id=999_998)
    dashboard.call("tracker/list", hash=session)  # not shown: the filter holds for new ones
    expect(page.locator("#journal-rows tr[data-call='tracker/read']")).to_have_count(2)
    expect(page.locator("#journal-rows tr[data-call='tracker/list']")).to_have_count(0)
    # by world time: nothing before the clock moved on
    filters.get_by_label("Code").fill("")
    page.get_by_role("button", name="+1 hour").click()
    expect(page.locator("#now")).to_contain_text("10:00:00 UTC")
    filters.get_by_label("Since").fill("2026-01-15 09:30:00")
    filters.get_by_role("button", name="Filter").click()
    dashboard.call("task/list", hash=session)
    expect(page.locator("#journal-rows tr[data-call]")).to_have_count(1)
    expect(page.locator("#journal-rows tr[data-call='task/list']")).to_have_count(1)


def test_a_fault_added_from_the_page_fires_on_the_next_matching_call(
    dashboard: Dashboard,
) -> None:
    page = dashboard.open().page
    session = dashboard.login()
    form = page.locator("#fault-form")
    form.get_by_label("Calls").fill("tracker/list")
    form.get_by_label("Action").select_option("error")
    form.get_by_label("Value").fill("14")
    form.get_by_label("Times").fill("1")
    form.get_by_role("button", name="Add the rule").click()
    rule = page.locator("#fault-rows tr[data-fault-id]")
    expect(rule).to_have_count(1)
    expect(rule).to_contain_text("tracker/list")
    expect(rule).to_contain_text("error 14 (ServiceUnavailableError), 1 time(s)")
    assert dashboard.call("tracker/list", hash=session)["status"]["code"] == 14
    assert dashboard.call("tracker/list", hash=session)["success"] is True  # once only
    expect(rule.locator("[data-fired]")).to_have_text("1")
    expect(page.locator("#journal-rows tr[data-call='tracker/list']").last).to_contain_text("rule")
    # removed from the page, it is gone from the world
    page.get_by_role("button", name="Remove rule").click()
    expect(page.locator("#fault-rows tr[data-fault-id]")).to_have_count(0)
    with MockControl(dashboard.base_url, world=dashboard.world) as control:
        assert control.list_faults() == []


def test_a_rule_the_world_refuses_says_why_on_the_page(dashboard: Dashboard) -> None:
    dashboard.refusals_expected = True
    page = dashboard.open().page
    form = page.locator("#fault-form")
    form.get_by_label("Value").fill("0")  # not an error code
    form.get_by_role("button", name="Add the rule").click()
    expect(page.locator("#fault-error")).to_contain_text("error code")
    expect(page.locator("#fault-rows tr[data-fault-id]")).to_have_count(0)


def test_the_picker_switches_worlds(dashboard: Dashboard, server: ThreadedServer) -> None:
    other = dashboard.world + "-b"
    with MockControl(server.base_url, world=other) as control:
        control.set_clock(advance="P3D")
    page = dashboard.open().page
    session = dashboard.login()
    dashboard.call("tracker/list", hash=session)
    expect(page.locator("#journal-rows tr[data-call='tracker/list']")).to_have_count(1)
    page.get_by_role("button", name="+1 hour").click()
    page.get_by_label("World", exact=True).select_option(other)
    expect(page.locator("#now")).to_contain_text("2026-01-18 09:00:00 UTC")
    expect(page.locator("#journal-rows tr[data-call]")).to_have_count(0)
    assert f"world={other}" in page.url
    page.get_by_label("World", exact=True).select_option(dashboard.world)
    expect(page.locator("#now")).to_contain_text("2026-01-15 10:00:00 UTC")
    expect(page.locator("#journal-rows tr[data-call='tracker/list']")).to_have_count(1)


def test_worlds_are_listed_reset_and_deleted_from_the_page(
    dashboard: Dashboard, server: ThreadedServer
) -> None:
    page = dashboard.open().page
    page.on("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="+1 day").click()
    row = page.locator(f"#world-rows tr[data-world='{dashboard.world}']")
    expect(row).to_contain_text("2026-01-16 09:00:00")
    expect(row).to_contain_text("of 500,000")  # records, within the server's quota
    with page.expect_download() as downloading:
        row.get_by_role("button", name="Download").click()
    saved = Path(downloading.value.path()).read_text()
    assert '"format": "fleetapi-mock-world/' in saved.replace('":"', '": "')
    row.get_by_role("button", name="Reset").click()
    expect(page.locator("#now")).to_contain_text("2026-01-15 09:00:00 UTC")
    row.get_by_role("button", name="Delete").click()
    expect(page.locator("#world")).to_have_value("default")
    with MockControl(server.base_url) as control:
        assert dashboard.world not in [w.name for w in control.list_worlds()]


def test_labels_are_shown_as_text_never_run(dashboard: Dashboard) -> None:
    session = dashboard.login()
    hostile = "<img src=x onerror=\"document.title='owned'\">"
    zone = {"label": hostile, "type": "circle", "center": {"lat": 52.5, "lng": 13.4}}
    created = dashboard.call("zone/create", hash=session, zone={**zone, "radius": 100})
    page = dashboard.open().page
    expect(page.locator(f"[data-zone-id='{created['id']}'] title")).to_have_text(
        f"Zone {created['id']}: {hostile} (circle)"
    )
    expect(page.locator("#map text", has_text=hostile)).to_have_count(1)
    assert page.locator("img").count() == 0
    assert page.title() != "owned"


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_it_reads_at_a_laptops_and_a_phones_width(
    browser: Any, server: ThreadedServer, world: str, width: int, height: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    Dashboard(page, server.base_url, world).open()
    overflow = page.evaluate("document.documentElement.scrollWidth - innerWidth")
    assert overflow <= 0
    for panel in ("#map", "#journal", "#faults", "#worlds"):
        box = page.locator(panel).bounding_box()
        assert box["width"] >= min(width, 1280) * 0.3, panel
        assert box["x"] >= 0, panel
        assert box["x"] + box["width"] <= width, panel
    context.close()


def test_behind_a_control_token_the_page_asks_for_it(browser: Any, world: str) -> None:
    with ThreadedServer(FleetMock(), control_token=TOKEN) as served:
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"{served.base_url}/__mock__/ui/?world={world}")
        expect(page.locator("#token-form")).to_be_visible()
        expect(page.locator("#status")).to_contain_text("control token")
        page.get_by_label("Control token").fill(TOKEN)
        page.get_by_role("button", name="Use it").click()
        page.wait_for_selector("body[data-ready=yes]", timeout=10_000)
        expect(page.locator("#now")).to_contain_text("2026-01-15")
        page.get_by_role("button", name="+1 day").click()
        expect(page.locator("#now")).to_contain_text("2026-01-16")
        context.close()


def test_the_docs_screenshots(dashboard: Dashboard) -> None:
    """The screenshots of docs/dashboard.md, made from the demo world with a little traffic."""
    page = dashboard.open().page
    session = dashboard.login()
    dashboard.call("tracker/list", hash=session)
    dashboard.call("task/list", hash=session)
    dashboard.call("tracker/read", hash=session, tracker_id=42)
    with MockControl(dashboard.base_url, world=dashboard.world) as control:
        control.add_fault(path="task/assign", error=14, times=3)
    dashboard.call("task/assign", hash=session, task_id=2, tracker_id=1)
    expect(page.locator("#journal-rows tr[data-call]")).to_have_count(5)
    expect(page.locator("#fault-rows [data-fired]")).to_have_text("1")
    page.get_by_label("Tracks of").fill("2026-01-14")
    page.get_by_label("Tracks of").dispatch_event("change")
    expect(page.locator("#map polyline[data-track-of='1']")).to_have_count(1)
    page.evaluate("document.activeElement.blur()")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, selector in (("map", "#map-panel"), ("journal", "#journal"), ("faults", "#faults")):
        page.locator(selector).screenshot(path=str(SHOTS / f"{name}.png"))
        assert (SHOTS / f"{name}.png").stat().st_size > 5_000
