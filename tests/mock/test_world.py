"""The world: documents, the demo world, the clock, ids, the schema file."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from fleetapi_mock import Clock, World, WorldDocumentError, demo_document, demo_world
from fleetapi_mock.state.records.fleet import NO_READINGS
from fleetapi_mock.state.schema import world_schema
from fleetapi_mock.state.world import COLLECTIONS
from fleetapi_mock.web.mock import DEMO_API_KEY, FleetMock, load_world

ROOT = Path(__file__).resolve().parents[2]


def test_demo_world_round_trips():
    document = demo_world().to_document()
    assert World.from_document(document).to_document() == document
    assert json.loads(json.dumps(document)) == document


def _seedless(world: World) -> dict:
    return {k: v for k, v in world.to_document().items() if k != "seed"}


def test_each_demo_world_is_the_document_loaded_and_its_own():
    """``demo_world()`` copies an image of the document loaded once: each copy is what loading
    the document gives, and what one test changes in its copy no other copy sees."""
    loaded = _seedless(World.from_document(demo_document()))
    first, second = demo_world(), demo_world()
    assert _seedless(first) == loaded
    tracker = first.trackers[min(first.trackers)]
    first.trackers[tracker.id] = attrs.evolve(tracker, label="changed")
    next(p for p in first.track_points if p.inputs).inputs.append(False)  # a list in place
    first.track_points.add([attrs.evolve(next(iter(first.track_points)), lat=1.0)])
    first.ids.next("trackers")
    first.users.clear()
    assert _seedless(second) == loaded
    assert _seedless(demo_world()) == loaded
    empty = [p.readings for p in second.track_points if not p.readings]
    assert empty
    assert all(r is NO_READINGS for r in empty)  # one shared mapping, as loaded


def test_demo_world_contents():
    world = demo_world()
    demo = world.user_by_login("demo")
    dispatcher = world.user_by_login("dispatcher")
    assert demo is not None
    assert demo.is_master
    assert demo.password == "demo"
    assert dispatcher is not None
    assert dispatcher.master_id == demo.id
    assert dispatcher.password == "demo"
    assert sorted(dispatcher.rights) == ["employee_update", "task_update"]
    mine = [t for t in world.trackers.values() if t.user_id == demo.id]
    assert len(mine) >= 5
    assert any(t.blocked for t in mine)
    lacking = [
        t
        for t in mine
        if not {"app_tasks", "weblocator"} & set(world.tariffs[t.tariff_id].features)
    ]
    assert lacking
    assert len(world.employees) == 3
    assert len(world.form_templates) == 2
    dealer = world.dealers[demo.dealer_id]
    assert dealer.ui_domain == "demo.fleet.test"
    assert dealer.settings is not None
    assert world.api_keys[DEMO_API_KEY].user_id == demo.id
    assert world.zones
    assert world.places
    assert world.tags
    assert world.departments
    assert world.track_points
    assert world.now() == dt.datetime(2026, 1, 15, 9, 0, 0)


def test_new_ids_continue_after_the_document():
    world = demo_world()
    assert world.ids.next("trackers") == max(world.trackers) + 1
    document = world.to_document()
    assert World.from_document(document).ids.next("trackers") == max(world.trackers) + 2


def test_hashes_are_unpredictable_unless_the_document_seeds_them():
    assert demo_world().new_hash() != demo_world().new_hash()
    seeded = {**demo_document(), "seed": 7}
    assert World.from_document(seeded).new_hash() == World.from_document(seeded).new_hash()
    world = World.from_document(seeded)
    world.reseed(8)
    assert world.new_hash() != World.from_document(seeded).new_hash()


def test_hashes_are_unique():
    world = demo_world()
    hashes = {world.create_session(world.users[1]).hash for _ in range(100)}
    assert len(hashes) == 100
    assert all(len(h) == 32 for h in hashes)


def test_document_errors_name_their_place():
    document = demo_document()
    document["trackers"][0]["tariff_id"] = 999
    document["users"].append(dict(document["users"][0], id=50))
    with pytest.raises(WorldDocumentError) as info:
        World.from_document(document)
    paths = [path for path, _ in info.value.errors]
    assert "users[id=50].login" in paths
    assert "trackers[id=1].tariff_id" in paths


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"format": "other/2"}, "format"),
        ({"now": "soon"}, "now"),
        ({"seed": "x"}, "seed"),
        ({"sequences": []}, "sequences"),
        ({"trackers": {}}, "trackers"),
        ({"mystery": 1}, "mystery"),
    ],
)
def test_top_level_errors(change: dict[str, object], path: str):
    with pytest.raises(WorldDocumentError) as info:
        World.from_document({**demo_document(), **change})
    assert path in [p for p, _ in info.value.errors]


def test_a_minimal_world():
    world = World.from_document(
        {
            "dealers": [{"id": 1, "ui_domain": "x.test"}],
            "users": [{"id": 1, "login": "a", "password": "b", "dealer_id": 1}],
        }
    )
    assert world.users[1].time_zone == "UTC"
    assert world.now() == dt.datetime(2026, 1, 15, 9)


def test_a_places_custom_values_must_be_of_its_owners_place_fields():
    document = demo_document()
    place = document["places"][1]
    place["fields"] = {
        "1": {"type": "email", "value": "x@example.com"},
        "9": {"type": "text", "value": "x"},
    }
    with pytest.raises(WorldDocumentError) as info:
        World.from_document(document)
    assert [p for p, _ in info.value.errors] == [
        "places[id=2].fields.1.type",
        "places[id=2].fields.9",
    ]


def test_unknown_time_zone_is_refused():
    document = demo_document()
    document["users"][0]["time_zone"] = "Mars/Olympus"
    with pytest.raises(WorldDocumentError):
        World.from_document(document)


def test_restore_keeps_references_and_the_lock():
    world = demo_world()
    lock, clock = world.lock, world.clock
    document = world.to_document()
    world.trackers.clear()
    world.restore(document)
    assert world.lock is lock
    assert world.clock is clock
    assert len(world.trackers) == 7


def test_restore_with_a_bad_document_changes_nothing():
    world = demo_world()
    before = world.to_document()
    with pytest.raises(WorldDocumentError):
        world.restore({"users": "nope"})
    assert world.to_document() == before


def test_load_world_from_a_file(tmp_path: Path):
    path = tmp_path / "w.json"
    path.write_text(json.dumps(demo_document()))
    assert len(load_world(path).trackers) == 7
    assert len(load_world(str(path)).trackers) == 7
    assert len(FleetMock(path).world.users) == 3


def test_frozen_clock():
    clock = Clock(dt.datetime(2026, 1, 1))
    assert clock.now() == clock.now() == dt.datetime(2026, 1, 1)
    assert clock.advance(60) == dt.datetime(2026, 1, 1, 0, 1)
    assert clock.advance(dt.timedelta(days=1)) == dt.datetime(2026, 1, 2, 0, 1)
    clock.set(dt.datetime(2026, 3, 1, 12, tzinfo=dt.timezone(dt.timedelta(hours=2))))
    assert clock.now() == dt.datetime(2026, 3, 1, 10)
    assert not clock.running
    assert "frozen" in repr(clock)


def test_running_clock_moves_forward():
    clock = Clock(dt.datetime(2026, 1, 1), running=True)
    first = clock.now()
    assert clock.now() >= first >= dt.datetime(2026, 1, 1)
    clock.freeze()
    stopped = clock.now()
    assert clock.now() == stopped
    clock.run()
    assert clock.running


def test_the_schema_file_is_current_and_lists_every_key():
    path = ROOT / "docs" / "world.schema.json"
    saved = json.loads(path.read_text())
    assert saved == world_schema(), "regenerate: python -m fleetapi_mock.state.schema"
    assert set(saved["properties"]) == {
        "format",
        "description",
        "now",
        "seed",
        "sequences",
        *COLLECTIONS,
    }
    assert set(demo_document()) <= set(saved["properties"])


def test_the_schema_module_prints_it():
    output = subprocess.run(
        [sys.executable, "-m", "fleetapi_mock.state.schema"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert json.loads(output) == world_schema()


def test_importing_the_package_is_light():
    code = (
        "import sys, fleetapi_mock; fleetapi_mock.FleetMock; "
        "print(any(m.split('.')[0] in ('starlette', 'uvicorn') for m in sys.modules))"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert output.strip() == "False"


def test_the_minimal_world_of_the_docs_loads():
    text = (ROOT / "docs" / "world-format.md").read_text()
    block = text.split("## A minimal world", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    world = World.from_document(json.loads(block))
    mock = FleetMock(world)
    with mock.client("0123456789abcdef0123456789abcdef") as client:
        assert [t.label for t in client.tracker.list()] == ["Truck"]


def test_the_demo_events_tell_their_place_as_address_and_their_tracker_as_its_label():
    world = demo_world()
    for event in world.events.values():
        label = world.trackers[event.tracker_id].label
        assert event.extra.tracker_label == label, event.id
        assert event.address != label, event.id
