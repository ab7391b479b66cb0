"""List calls read their order and counts from the world's indexes when they can: the pages
and counts are those of the full pass (taken when two sort items are given), before and after
records are created, changed and removed."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from mock_helpers import Api

from fleetapi_mock.state.table import Table

LISTS: dict[str, tuple[str, list[str]]] = {
    "/task/list": ("list", ["", "id", "label", "description", "external_id", "from", "to",
                            "location"]),
    "/vehicle/list": ("", ["", "id", "label", "reg_number", "vin", "model"]),
    "/checkin/list": ("list", ["", "marker_time", "tracker_id", "comment", "location"]),
}  # fmt: skip
"""Each list call: where its records are in the answer, and the stored fields it sorts by
("" for no sort)."""


def answers(api: Api, demo: str, path: str, field: str, direction: str) -> tuple[Any, Any]:
    """The call with one sort item (or none), and with the same item twice (a full pass)."""
    one = [f"{field}={direction}"] if field else []
    full = [f"{field}={direction}"] * 2 if field else ["id=asc"] * 2
    if path == "/checkin/list" and not field:
        full = ["marker_time=desc"] * 2
    pages = []
    for sort in (one, full):
        body: dict[str, Any] = {"limit": 4, "offset": 1}
        if sort:
            body["sort"] = sort
        response = api.post(path, body, hash=demo)
        assert response.status_code == 200, response.text
        pages.append(response.json())
    return pages[0], pages[1]


def check_every_order(api: Api, demo: str, *, some: bool = True) -> None:
    for path, (where, fields) in LISTS.items():
        for field in fields:
            for direction in ("asc", "desc") if field else ("asc",):
                indexed, full = answers(api, demo, path, field, direction)
                assert indexed.pop("count", None) == full.pop("count", None), (path, field)
                records = indexed[where] if where else indexed["list"]
                assert records or not some, (path, field)
                assert indexed == full, (path, field, direction)


def task(label: str, description: str, hour: int) -> dict[str, Any]:
    return {"task": {"label": label, "description": description,
                     "from": f"2026-01-15 {hour:02}:00:00", "to": f"2026-01-15 {hour + 1:02}:00:00",
                     "location": {"lat": 52.5, "lng": 13.4, "radius": 50,
                                  "address": f"Street {hour}"},
                     "external_id": str(hour)}}  # fmt: skip


@pytest.mark.parametrize("first_read", [True, False], ids=["indexed-first", "changed-first"])
def test_pages_and_counts_match_a_full_pass_as_records_change(
    api: Api, demo: str, first_read: bool
) -> None:
    if first_read:  # the indexes exist before the changes, and are kept through them
        check_every_order(api, demo)
    world = api.mock.world  # a sub-user sees the tasks of some trackers: counted apart
    world.users[2] = attrs.evolve(world.users[2], trackers=[1, 3])
    check_every_order(api, api.login("dispatcher", "demo"), some=False)
    created = []
    for n, label in enumerate(["b", "B", "a", "c", "A"]):
        answer = api.post("/task/create", task(label, label * 2, 8 + n), hash=demo).json()
        assert answer["success"], answer
        created.append(answer["id"])
        vehicle = {"vehicle": {"label": label, "type": "car", "reg_number": f"R{n}"}}
        assert api.post("/vehicle/create", vehicle, hash=demo).json()["success"]
    assert api.post("/task/delete", {"task_id": created[1]}, hash=demo).json()["success"]
    checkins = api.post("/checkin/list", {}, hash=demo).json()["list"]
    gone = {"checkin_ids": [checkins[1]["id"]]}
    assert api.post("/checkin/delete", gone, hash=demo).json()["success"]
    check_every_order(api, demo)
    world = api.mock.world  # a sub-user sees the tasks of some trackers: counted apart
    world.users[2] = attrs.evolve(world.users[2], trackers=[1, 3])
    check_every_order(api, api.login("dispatcher", "demo"), some=False)


@pytest.mark.parametrize("path", sorted(LISTS))
@pytest.mark.parametrize(
    "paging", [{"limit": 2**63}, {"offset": 2**63, "limit": 5}, {"offset": 1, "limit": 2**64}]
)
def test_a_page_beyond_any_size_is_no_error(api: Api, demo: str, path: str, paging: Any) -> None:
    """An empty page or every record, or 7 where the call has a largest limit (task/list)."""
    response = api.post(path, paging, hash=demo)
    if response.status_code == 400:
        assert path == "/task/list", response.text
        assert response.json()["errors"][0]["parameter"] == "limit"
        return
    assert response.status_code == 200, response.text
    full = api.post(path, {}, hash=demo).json()
    where = LISTS[path][0] or "list"
    offset = paging.get("offset", 0)
    assert response.json()[where] == ([] if offset > 1 else full[where][offset:])


class _CountedPasses(Table[int, Any]):
    """A files table that counts the passes over all its records."""

    passes = 0

    def values(self) -> Any:
        type(self).passes += 1
        return super().values()

    def items(self) -> Any:
        type(self).passes += 1
        return super().items()


def test_check_ins_find_their_files_by_index_not_by_a_pass_over_every_file(api: Api, demo: str):
    """A list of check-ins costs what its page does however many files the world holds: each
    check-in's files come from the files table's index, made in one pass and kept."""
    world = api.mock.world
    stored = world.files[1]
    attached = sorted(f.id for f in world.files.values() if f.checkin_id is not None)
    files = _CountedPasses(world.files)
    for n in range(100, 400):
        files[n] = attrs.evolve(stored, id=n, checkin_id=None)
    world.files = files
    _CountedPasses.passes = 0
    first = api.post("/checkin/list", {}, hash=demo).json()["list"]
    again = api.post("/checkin/list", {}, hash=demo).json()["list"]
    assert again == first
    assert sorted(f["id"] for c in first for f in c["files"]) == attached
    assert _CountedPasses.passes <= 1


def test_a_created_task_counts_its_external_id_s_holders_by_index(api: Api, demo: str):
    """``external_id_counts`` comes from the tables' counts, not from a pass over every task
    and route of the world for each task created."""
    world = api.mock.world
    world.tasks = _CountedPasses(world.tasks)
    _CountedPasses.passes = 0
    answers = [api.post("/task/create", task(f"T{n}", "", 10), hash=demo).json() for n in range(3)]
    assert [a.get("external_id_counts") for a in answers] == [
        None,
        [{"external_id": "10", "count": 1}],
        [{"external_id": "10", "count": 2}],
    ]
    assert _CountedPasses.passes <= 1
