"""Isolated worlds in one server: suites sharing a server never see each other."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from fleetapi_mock import DEMO_API_KEY, FleetMock, demo_document
from fleetapi_mock.state.limits import ServerLimits
from fleetapi_mock.web.server import ThreadedServer
from fleetapi_mock.web.worlds import Worlds


@pytest.fixture(scope="module")
def server() -> Iterator[ThreadedServer]:
    with ThreadedServer(FleetMock()) as served:
        yield served


def _suite(server: ThreadedServer, world: str | None, *, by_path: bool = False) -> httpx.Client:
    """A client of one world: by its header, or by the path prefix."""
    if by_path:
        return httpx.Client(base_url=f"{server.base_url}/__world/{world}")
    headers = {"X-Mock-World": world} if world else {}
    return httpx.Client(base_url=server.base_url, headers=headers)


def _login(http: httpx.Client) -> str:
    answer = http.post("/user/auth", json={"login": "demo", "password": "demo"}).json()
    assert answer["success"], answer
    return str(answer["hash"])


def _call(http: httpx.Client, path: str, session: str, **body: Any) -> dict[str, Any]:
    answer: dict[str, Any] = http.post(f"/{path}", json={"hash": session, **body}).json()
    return answer


def test_a_reset_and_a_clock_move_in_one_world_leave_another_as_it_was(
    server: ThreadedServer,
) -> None:
    with _suite(server, "suite-a") as a, _suite(server, "suite-b") as b:
        session_a = _login(a)
        made = _call(a, "department/create", session_a, department={"label": "Suite A"})
        assert made["success"], made
        session_b = _login(b)
        assert b.post("/__mock__/reset").json() == {"success": True}
        moved = b.post("/__mock__/clock", json={"advance": "P31D"}).json()
        assert moved["now"] == "2026-02-15 09:00:00"
        listed = _call(a, "department/list", session_a)
        assert made["id"] in [d["id"] for d in listed["list"]]
        assert a.get("/__mock__/clock").json()["now"] == "2026-01-15 09:00:00"
        assert _call(b, "department/list", session_b)["success"] is False  # B's session expired
        ids_b = _call(b, "department/create", _login(b), department={"label": "Suite B"})["id"]
        assert ids_b == made["id"]  # each world its own id sequences


def test_the_header_and_the_path_name_the_same_world(server: ThreadedServer) -> None:
    with _suite(server, "by-path", by_path=True) as path, _suite(server, "by-path") as header:
        session = _login(path)
        assert _call(header, "tracker/list", session)["success"] is True
        with _suite(server, None) as default:
            assert _call(default, "tracker/list", session)["status"]["code"] == 4


def test_each_world_has_its_own_journal(server: ThreadedServer) -> None:
    with _suite(server, "journal-a") as a, _suite(server, "journal-b") as b:
        _login(a)
        calls = [e["call"] for e in b.get("/__mock__/journal").json()["list"]]
        assert "user/auth" not in calls
        assert [e["call"] for e in a.get("/__mock__/journal").json()["list"]] == ["user/auth"]


@pytest.mark.parametrize(
    ("headers", "path", "problem"),
    [
        ({"X-Mock-World": "no spaces"}, "/base/nothing", "invalid world name"),
        ({"X-Mock-World": "-dash-first"}, "/base/nothing", "invalid world name"),
        ({}, "/__world//base/nothing", "invalid world name"),
        ({"X-Mock-World": "a"}, "/__world/b/base/nothing", "two worlds named"),
    ],
)
def test_a_bad_world_name_is_a_clear_400(
    server: ThreadedServer, headers: dict[str, str], path: str, problem: str
) -> None:
    answer = httpx.post(server.base_url + path, headers=headers, json={})
    assert answer.status_code == 400
    body = answer.json()
    assert body["status"]["code"] == 5
    assert problem in body["status"]["description"]


def test_worlds_are_listed_and_deleted(server: ThreadedServer) -> None:
    with _suite(server, "listed") as http:
        session = _login(http)
        listed = http.get("/__mock__/worlds").json()["list"]
        assert listed[0]["name"] == "default"
        mine = next(w for w in listed if w["name"] == "listed")
        assert mine["requests"] == 1
        assert mine["now"] == "2026-01-15 09:00:00"
        assert http.delete("/__mock__/worlds/listed").json() == {"success": True}
        assert _call(http, "tracker/list", session)["status"]["code"] == 4  # a fresh world
        missing = http.delete("/__mock__/worlds/nothing-here")
        assert missing.status_code == 400
        assert http.delete("/__mock__/worlds/default").status_code == 400


def test_the_number_of_worlds_is_bounded_and_idle_ones_expire() -> None:
    now = [0.0]
    worlds = Worlds(FleetMock().backend, limit=2, idle_seconds=60, monotonic=lambda: now[0])
    first = worlds.select("/base/nothing", {"X-Mock-World": "one"})
    worlds.select("/base/nothing", {"x-mock-world": "two"})
    with pytest.raises(Exception, match="at most 2 worlds") as refused:
        worlds.select("/base/nothing", {"X-Mock-World": "three"})
    assert getattr(refused.value, "code", None) == 14
    assert worlds.select("/base/nothing", {"X-Mock-World": "one"}) is first
    now[0] = 61.5
    worlds.select("/base/nothing", {"X-Mock-World": "three"})
    assert [w.name for w in worlds.describe()] == ["default", "three"]


def test_finding_a_world_never_makes_one_and_requests_at_once_make_it_once() -> None:
    """What a served mock asks on its event loop makes nothing; the world is made once even
    when several first requests name it at the same time (each made outside the lock)."""
    worlds = Worlds(FleetMock().backend, limit=1)
    loads: list[str] = []
    make = worlds._new_world
    worlds._new_world = lambda name, world=None: (loads.append(name), make(name, world))[1]  # type: ignore[method-assign]
    assert worlds.find("/base/nothing", {"X-Mock-World": "one"}) is None
    assert [w.name for w in worlds.describe()] == ["default"]
    made: list[object] = []
    threads = [
        threading.Thread(target=lambda: made.append(worlds.select("/x", {"X-Mock-World": "one"})))
        for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(made) == 4
    assert all(backend is made[0] for backend in made)  # and the limit of one world held
    assert loads == ["one"]  # the starting document loaded once, not once a request
    assert worlds.find("/__world/one/base/nothing", {}) is made[0]
    assert worlds.find("/base/nothing", {}) is worlds.main


def test_seeded_worlds_repeat_themselves_and_differ_from_each_other() -> None:
    def first_hash(seed: int | None, name: str) -> str:
        worlds = Worlds(FleetMock(seed=seed).backend, seed=seed)
        return worlds.select("/", {"X-Mock-World": name}).world.new_hash()

    assert first_hash(7, "a") == first_hash(7, "a")
    assert first_hash(7, "a") != first_hash(7, "b")
    assert first_hash(None, "a") != first_hash(None, "a")
    seeded = FleetMock({**demo_document(), "seed": 3}).backend
    assert Worlds(seeded).seed == 3  # a seeded starting document seeds the worlds too


def test_two_suites_at_once_never_see_each_other(server: ThreadedServer) -> None:
    """Two suites run concurrently against one server, each resetting, moving its clock and
    creating departments; each sees exactly its own."""
    failures: list[str] = []

    def suite(name: str) -> None:
        with _suite(server, name) as http:
            for round_ in range(5):
                http.post("/__mock__/reset")
                http.post("/__mock__/clock", json={"advance": 3600 * (round_ + 1)})
                session = _login(http)
                labels = {f"{name}-{round_}-{i}" for i in range(3)}
                for label in labels:
                    _call(http, "department/create", session, department={"label": label})
                seen = {d["label"] for d in _call(http, "department/list", session)["list"]}
                if not labels <= seen or any(x.startswith("other") for x in seen - labels):
                    failures.append(f"{name} round {round_}: {sorted(seen)}")

    threads = [threading.Thread(target=suite, args=(n,)) for n in ("concurrent-1", "other-2")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


def test_the_journal_is_filtered_by_path_code_credential_and_time(server: ThreadedServer) -> None:
    with _suite(server, "journal-filters") as http:
        session = _login(http)
        _call(http, "tracker/list", session)
        _call(http, "task/read", session, task_id=999999)  # 201
        http.post("/tracker/list", json={"hash": "0" * 32})  # 4: no caller
        http.post("/__mock__/clock", json={"advance": 60})
        http.post("/base/nothing", headers={"Authorization": f"NVX {DEMO_API_KEY}"})

        def calls(**query: str) -> list[tuple[str | None, int]]:
            answer = http.get("/__mock__/journal", params=query).json()
            assert answer["success"], answer
            return [(e["call"], e["code"]) for e in answer["list"] if e["call"]]  # API calls

        assert calls(path="task/*") == [("task/read", 201)]
        assert calls(path="tracker/list", code="0") == [("tracker/list", 0)]
        assert calls(credential="api_key") == [("base/nothing", 0)]
        assert calls(credential="none") == [("user/auth", 0), ("tracker/list", 4)]
        assert calls(since="2026-01-15 09:00:30") == [("base/nothing", 0)]
        assert calls(since="2026-01-15T11:00:30+02:00") == [("base/nothing", 0)]
        bad = http.get("/__mock__/journal", params={"code": "x"}).json()
        assert bad["status"]["code"] == 7
        assert bad["errors"][0]["parameter"] == "code"
        assert http.get("/__mock__/journal", params={"who": "me"}).json()["status"]["code"] == 7


def test_an_upload_ticket_of_a_world_named_by_header_names_its_world(
    server: ThreadedServer,
) -> None:
    """The ticket's address works without the header, as an uploading client sends none."""
    with _suite(server, "w-ticket") as http:
        session = _login(http)
        ticket = _call(http, "checkin/image/create", session, size=100)["value"]
    assert "/__world/w-ticket/__mock__/files/upload/" in ticket["url"]
    files = {ticket["file_field_name"]: ("a.png", b"\x89PNG\r\n\x1a\n", "image/png")}
    answer = httpx.post(ticket["url"], data=ticket["fields"], files=files).json()
    assert answer["success"] is True, answer
    with _suite(server, "w-ticket", by_path=True) as http:
        by_path = _call(http, "checkin/image/create", session, size=9)["value"]["url"]
    assert by_path.count("/__world/w-ticket/") == 1  # a path naming it is not named twice


def test_the_worlds_list_shows_what_each_world_holds(server: ThreadedServer) -> None:
    """What a world holds, against its quotas: records, sessions, files, fault rules, journal."""
    with _suite(server, "usage") as http:
        http.post("/__mock__/reset")  # the world is made
        fresh = next(w for w in http.get("/__mock__/worlds").json()["list"] if w["name"] == "usage")
        session = _login(http)
        _login(http)
        http.post("/__mock__/faults", json={"path": "tracker/list", "status": 503})
        ticket = _call(http, "checkin/image/create", session, size=100)["value"]
        files = {ticket["file_field_name"]: ("a.png", b"\x89PNG\r\n\x1a\n", "image/png")}
        assert httpx.post(ticket["url"], data=ticket["fields"], files=files).json()["success"]
        used = next(w for w in http.get("/__mock__/worlds").json()["list"] if w["name"] == "usage")
    assert used["sessions"] == fresh["sessions"] + 2
    assert used["records"] == fresh["records"] + 3  # two sessions and a file
    assert used["file_bytes"] == fresh["file_bytes"] + 8
    assert used["fault_rules"] == 1
    assert used["journal"] == fresh["journal"] + 4  # two logins, the ticket and the upload
    assert used["journal_bytes"] > fresh["journal_bytes"]
    assert fresh["records"] == server.world.record_count()  # made from the starting world


def test_a_world_document_over_the_limit_is_refused_before_it_is_read() -> None:
    """A document larger than --max-document-bytes answers 413 (code 5); the world stays."""
    document = demo_document()
    limits = ServerLimits(max_document_bytes=len(json.dumps(document)) + 30_000)
    with ThreadedServer(FleetMock(), limits=limits) as small, _suite(small, "doc") as http:
        document["description"] = "x" * 60_000
        refused = http.post("/__mock__/reset", json=document)
        document["description"] = "fits"
        admitted = http.post("/__mock__/reset", json=document)
        described = http.get("/__mock__/world").json()["description"]
    assert refused.status_code == 413
    assert refused.json()["status"]["code"] == 5
    assert "--max-document-bytes" in refused.json()["status"]["description"]
    assert admitted.json()["success"] is True, admitted.text
    assert described == "fits"


def test_a_world_s_files_are_bounded_whichever_account_stores_them() -> None:
    """Past --max-file-bytes, reserving a file answers 268 naming the option, though the
    account is far from its own quota; a reservation that fits still works."""
    stored = FleetMock().world.file_bytes()  # the demo world's own files
    limits = ServerLimits(max_file_bytes=stored + 1000)
    with ThreadedServer(FleetMock(), limits=limits) as small, _suite(small, "files") as http:
        session = _login(http)
        first = _call(http, "checkin/image/create", session, size=600)
        refused = _call(http, "checkin/image/create", session, size=600)
        fits = _call(http, "checkin/image/create", session, size=400)
        held = next(w for w in http.get("/__mock__/worlds").json()["list"] if w["name"] == "files")
    assert first["success"] is True, first
    assert refused["status"]["code"] == 268
    assert "--max-file-bytes" in refused["status"]["description"]
    assert fits["success"] is True, fits
    assert held["file_bytes"] == stored + 1000


def test_a_full_world_refuses_calls_that_add_records_but_not_deletes() -> None:
    """Past --max-records, create calls and fed positions answer 268; deleting makes room."""
    room = FleetMock().world.record_count() + 2  # a session and one department
    with (
        ThreadedServer(FleetMock(), limits=ServerLimits(max_records=room)) as small,
        _suite(small, "full") as http,
    ):
        session = _login(http)
        made = _call(http, "department/create", session, department={"label": "fits"})
        refused = _call(http, "department/create", session, department={"label": "one more"})
        point = {"tracker_id": 1, "lat": 52.5, "lng": 13.4, "time": "2026-01-15 09:00:00"}
        fed = http.post("/__mock__/positions", json={"points": [point]})
        deleted = _call(http, "department/delete", session, department_id=made["id"])
        again = _call(http, "department/create", session, department={"label": "room again"})
    assert made["success"] is True
    assert refused["status"]["code"] == 268
    assert "--max-records" in refused["status"]["description"]
    assert fed.json()["status"]["code"] == 268
    assert deleted["success"] is True
    assert again["success"] is True


def test_a_server_s_body_limit_holds_in_every_world() -> None:
    """``--max-body-bytes``: a larger body is refused with HTTP 413 in the envelope, in the
    server's world and in a named one; a body within it is answered."""
    limits = ServerLimits(max_body_bytes=2000)
    with ThreadedServer(FleetMock(), limits=limits) as small:
        answers = []
        for headers in ({}, {"X-Mock-World": "bodies"}):
            with httpx.Client(base_url=small.base_url, headers=headers) as http:
                large = {"login": "demo", "password": "x" * 3000}
                answers.append(http.post("/user/auth", json=large))
                answers.append(http.post("/user/auth", json={"login": "demo", "password": "demo"}))
    assert [a.status_code for a in answers] == [413, 200, 413, 200]
    assert answers[0].json()["status"]["code"] == 5
