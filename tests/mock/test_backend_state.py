"""How the backend keeps its starting world and its world away from the collector, and which
requests the server answers on its event loop."""

from __future__ import annotations

import gc

import pytest

from fleetapi_mock import FleetMock, demo_document
from fleetapi_mock.state.documents import demo_source
from fleetapi_mock.state.world import World
from fleetapi_mock.web.router import Backend
from fleetapi_mock.web.scheduling import Pace


@pytest.fixture
def unfrozen():
    """Leave the test process's collector as it found it."""
    yield
    gc.unfreeze()


def frozen(value: object) -> bool:
    """Whether the collector left ``value`` (a tracked object) out of its generations."""
    assert gc.is_tracked(value)
    return not any(found is value for found in gc.get_objects())


def test_a_frozen_backend_freezes_each_world_it_loads(unfrozen):
    backend = Backend()
    assert not frozen(backend.world.trackers)
    backend.freeze()
    assert frozen(backend.world.trackers)
    backend.reset()
    assert frozen(backend.world.trackers)  # the reset's new collections too
    backend.reset(demo_document())
    assert frozen(backend.world.trackers)


def test_an_in_process_mock_leaves_the_collector_alone():
    mock = FleetMock()
    mock.reset()
    assert not frozen(mock.world.trackers)


def test_the_starting_world_is_kept_apart_from_the_world_served():
    document = demo_document()
    document["description"] = "the start"
    mock = FleetMock(World.from_document(document))
    mock.world.description = "changed"
    mock.world.trackers.clear()
    copy = mock.backend.initial_document
    assert copy["description"] == "the start"
    copy["description"] = "tampered"  # a copy: the start stays as it was
    mock.reset()
    assert mock.world.description == "the start"
    assert mock.world.trackers


def test_resetting_the_demo_world_leaves_the_package_s_document_unchanged():
    before = demo_document()
    mock = FleetMock()
    mock.world.trackers.clear()
    mock.reset()
    assert mock.world.trackers
    assert demo_source() == before


def test_a_path_is_answered_on_the_event_loop_only_once_its_answers_are_quick():
    pace = Pace()
    assert not pace.quick("/base/nothing")  # never answered: a worker thread
    pace.note("/base/nothing", 0.0001)
    assert pace.quick("/base/nothing")
    pace.note("/base/nothing", 5.0)  # one slow answer counts at once
    assert not pace.quick("/base/nothing")
    for _ in range(10):
        pace.note("/base/nothing", 0.0001)
    assert not pace.quick("/base/nothing")  # and is forgotten slowly


def test_the_paths_remembered_are_bounded():
    pace = Pace()
    for n in range(Pace.PATHS + 10):
        pace.note(f"/x/{n}", 0.0001)
    assert pace.quick("/x/0")
    assert not pace.quick(f"/x/{Pace.PATHS + 5}")


def test_one_answer_held_up_does_not_make_a_quick_path_slow():
    """A garbage collection in the middle of one quick answer must not send the path's next
    requests behind other worlds' long calls; answers that are slow again and again do."""
    pace = Pace()
    pace.note("/vehicle/read", 0.0005)
    pace.note("/vehicle/read", 0.12)  # held up once
    assert not pace.slow("/vehicle/read")
    pace.note("/task/list", 2.0)  # its first answer was long: slow at once
    assert pace.slow("/task/list")
    for _ in range(3):
        pace.note("/vehicle/read", 0.12)
    assert pace.slow("/vehicle/read")
