"""A call imports its own area alone: its endpoint module and its models, not the whole table
(run in a fresh interpreter, so that nothing else has imported them first)."""

from __future__ import annotations

import json
import subprocess
import sys

PROGRAM = """
import json, sys
import httpx
import fleetapi

def answer(request):
    return httpx.Response(200, json={"success": True, "list": []})

client = fleetapi.Client(
    base_url="http://127.0.0.1:9", api_key="a" * 32, transport=httpx.MockTransport(answer)
)
client.tracker.list()
loaded = sorted(m for m in sys.modules if m.startswith(("fleetapi.models", "fleetapi.endpoints")))
print(json.dumps(loaded))
"""


def test_a_call_imports_its_own_endpoint_and_models_only() -> None:
    output = subprocess.run(
        [sys.executable, "-c", PROGRAM], capture_output=True, text=True, check=True
    ).stdout
    loaded = set(json.loads(output))
    assert "fleetapi.endpoints.tracker" in loaded
    assert loaded <= {
        "fleetapi.endpoints",
        "fleetapi.endpoints.tracker",
        "fleetapi.models",
        "fleetapi.models.common",
        "fleetapi.models.tracker",
    }


def test_the_table_holds_every_area_module() -> None:
    import pkgutil

    import fleetapi.endpoints
    from fleetapi.endpoints import AREAS, BY_PATH, ENDPOINTS

    modules = {info.name for info in pkgutil.iter_modules(fleetapi.endpoints.__path__)}
    assert sorted(AREAS) == sorted(modules)  # a new area module is in the table
    assert all(BY_PATH[path] is e for e in ENDPOINTS for path in e.all_paths)


UNION_FIRST_MET_AS_A_MEMBER = """
from fleetapi._converter import converter_for

conv = converter_for(strict=True)  # built before the search models are imported
from fleetapi.models.search import AndCondition

nested = {
    "type": "and",
    "conditions": [
        {"type": "eq", "field": "id", "value": 3},
        {"type": "eq", "field": "id", "value": 4},
    ],
}
print(type(conv.structure(nested, AndCondition).conditions[0]).__name__)
"""


def test_a_union_declared_after_the_converter_was_built_is_told_apart_by_its_tag() -> None:
    output = subprocess.run(
        [sys.executable, "-c", UNION_FIRST_MET_AS_A_MEMBER],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert output.strip() == "EqCondition"


UNIONS_OF_ANOTHER_CALL = """
import json
import fleetapi._converter as converter

made = []
generate = converter.make_client_structure_fn

def counted(cls, conv):
    made.append(cls.__name__)
    return generate(cls, conv)

converter.make_client_structure_fn = counted
conv = converter.converter_for()
from fleetapi.models.tag import Tag
import fleetapi.models.tag_search  # the models tag/search answers: ten unions
tags = conv.structure([{"id": 1, "name": "A", "color": "FF0000"}], list[Tag])
print(json.dumps(made))
"""


def test_a_call_makes_no_hook_for_the_unions_of_models_it_does_not_convert() -> None:
    output = subprocess.run(
        [sys.executable, "-c", UNIONS_OF_ANOTHER_CALL], capture_output=True, text=True, check=True
    ).stdout
    assert json.loads(output) == ["Tag"]


def test_tagged_unions_as_cattrs_strategy_has_them() -> None:
    """Each member by its tag, the default member for a tag missing or unknown, ``KeyError``
    without one (``test_models_tasks`` has each track kind, the strict side's errors)."""
    import pytest

    from fleetapi._converter import converter_for
    from fleetapi.models.search import AndCondition, EqCondition, SearchCondition
    from fleetapi.models.track import TrackInfo, UnknownTrack

    conv = converter_for()
    eq = {"type": "eq", "field": "id", "value": 3}
    assert conv.structure(eq, SearchCondition) == EqCondition(field="id", value=3)
    assert conv.unstructure(EqCondition(field="id", value=3), SearchCondition)["type"] == "eq"
    with pytest.raises(KeyError):  # no default member: an unknown or missing tag
        conv.structure({**eq, "type": "near"}, SearchCondition)
    with pytest.raises(KeyError):
        conv.structure({"field": "id", "value": 3}, SearchCondition)
    with pytest.raises(KeyError):  # a value of a class outside the union
        conv.unstructure(AndCondition(conditions=[]), TrackInfo)
    track = {"id": 1, "start_date": "2020-01-01 10:00:00", "end_date": "2020-01-01 11:00:00"}
    assert type(conv.structure(track, TrackInfo)) is UnknownTrack  # the default member
    assert type(conv.structure({**track, "type": "teleport"}, TrackInfo)) is UnknownTrack


TAG_CALLS = """
import sys
from fleetapi._converter import converter_for
from fleetapi.endpoints import find
from fleetapi.models.tag import Tag
listed = find("tag/list")
tags = converter_for().structure([{"id": 1, "name": "A", "color": "FF0000"}], listed.result.type)
assert tags == [Tag(id=1, name="A", color="FF0000")]
print("fleetapi.models.tag_search" in sys.modules)
searched = find("tag/search").result.type
print(searched.__module__, searched.__name__, "fleetapi.models.tag_search" in sys.modules)
"""


def test_a_result_declared_by_name_is_imported_at_its_first_use() -> None:
    output = subprocess.run(
        [sys.executable, "-c", TAG_CALLS], capture_output=True, text=True, check=True
    ).stdout
    assert output.split("\n")[:2] == ["False", "fleetapi.models.tag_search TagSearchResult True"]


def test_the_models_that_moved_still_import_from_their_old_homes_with_a_warning() -> None:
    import importlib

    import pytest

    from fleetapi._deprecation import MOVED_MODELS
    from fleetapi.models import tag

    assert MOVED_MODELS
    for old, names in MOVED_MODELS.items():
        module = importlib.import_module(old)
        for name, home in names.items():
            assert name not in vars(module)  # not loaded with the old module
            with pytest.warns(DeprecationWarning, match=rf"use {home}\.{name}$"):
                found = getattr(module, name)
            assert found is getattr(importlib.import_module(home), name)
    with pytest.warns(DeprecationWarning, match="goes in 0.4.0"):
        from fleetapi.models.tag import TagSearchResult  # the form users write
    assert TagSearchResult.__module__ == "fleetapi.models.tag_search"
    with pytest.raises(AttributeError):
        tag.NoSuchName  # noqa: B018
