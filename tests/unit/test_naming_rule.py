"""The path is the name: every call sits at the attribute chain of its path on both clients,
and the 0.1 names still work for one minor version, warning with the chain that replaced them."""

from __future__ import annotations

import builtins
import importlib.util
import inspect
import keyword
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

from fleetapi import AsyncClient, Client
from fleetapi._endpoint import Endpoint, NoParams, Result
from fleetapi._renames import REMOVED_IN, SDK_FILE_RENAMES, SDK_RENAMES
from fleetapi.endpoints import BY_PATH, ENDPOINTS

ROOT = Path(__file__).resolve().parents[2]
OFFLINE = "http://127.0.0.1:9"


def _generator() -> Any:
    spec = importlib.util.spec_from_file_location("generate", ROOT / "scripts" / "generate.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("generate", module)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.path)
def test_every_call_is_at_the_chain_of_its_path(endpoint: Endpoint):
    expected = [f"{s}_" if keyword.iskeyword(s) else s for s in endpoint.path.split("/")]
    assert list(endpoint.sdk_chain) == expected
    for client in (Client(base_url=OFFLINE), AsyncClient(base_url=OFFLINE)):
        target: Any = client
        for attribute in expected:
            target = getattr(target, attribute)
        assert f"Calls ``{endpoint.path}``." in (target.__doc__ or "")


def test_a_keyword_segment_takes_a_trailing_underscore():
    assert BY_PATH["data/import/list"].sdk_name == "data.import_.list"
    assert Client(base_url=OFFLINE).data.import_.list.__doc__


def test_a_call_that_is_also_a_prefix_is_a_callable_node():
    """``user/auth`` is a call and (in the service's docs) the prefix of
    ``user/auth/code/resend``: the node is callable and holds the calls below it."""
    generate = _generator()
    auth = BY_PATH["user/auth"]
    below = Endpoint(
        path="user/auth/code/resend", params=NoParams, result=Result.nothing(), summary="Resend."
    )
    root = generate.call_tree((auth, below))
    node = root.children["user"].children["auth"]
    assert node.own is auth
    consts = {id(auth): ("m", "A"), id(below): ("m", "B")}
    source = generate.node_source(node, consts, _imports())
    assert "async def __call__(self, *, login: str, password: str)" in source
    assert "def code(self) -> AsyncUserAuthCodeResource:" in source
    code = generate.node_source(node.children["code"], consts, _imports())
    assert "async def resend(self)" in code
    user = generate.node_source(root.children["user"], consts, _imports())
    assert "def auth(self) -> AsyncUserAuthResource:" in user
    assert "async def auth(" not in user


def _imports() -> Any:
    return _generator().Imports()


def test_names_that_clash_on_a_node_stop_the_generator():
    generate = _generator()
    first = BY_PATH["task/list"]
    twin = Endpoint(
        path="task/iterate_list", params=NoParams, result=Result.nothing(), summary="Clash."
    )
    root = generate.call_tree((first, twin))
    with pytest.raises(SystemExit, match="iterate_list"):
        generate.node_source(root.children["task"], {}, _imports())


# --- The 0.1 names -------------------------------------------------------------------------


def _old(client: Any, old: str) -> Any:
    resource, method = old.split(".", 1)
    return getattr(getattr(client, resource), method)


def _new(client: Any, path: str, name: str | None = None) -> Any:
    return BY_PATH[path].sdk_member(client, name)


@pytest.mark.parametrize("old", sorted(SDK_RENAMES), ids=str)
def test_each_old_name_keeps_its_signature_and_names_its_new_chain(old: str):
    path = SDK_RENAMES[old]
    for client in (Client(base_url=OFFLINE), AsyncClient(base_url=OFFLINE)):
        before, now = _old(client, old), _new(client, path)
        assert inspect.signature(before) == inspect.signature(now)
        doc = " ".join((before.__doc__ or "").split())
        assert f"use ``client.{BY_PATH[path].sdk_name}``" in doc
        assert f"goes in {REMOVED_IN}" in doc


def test_the_old_file_form_keeps_its_signature():
    (old, path), *_ = SDK_FILE_RENAMES.items()
    client = Client(base_url=OFFLINE)
    now = _new(client, path, BY_PATH[path].sdk_file_method)
    assert inspect.signature(_old(client, old)) == inspect.signature(now)


def _warned(caught: list[warnings.WarningMessage]) -> list[str]:
    return [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)]


def test_old_names_work_and_warn_with_the_new_chain(fleet_client: Client):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tasks = fleet_client.tasks.list()
        every = list(fleet_client.tasks.iterate())
        settings = fleet_client.user.read_settings()
        sheet = fleet_client.checkins.export(format="xlsx")
    assert tasks == fleet_client.task.list()
    assert [t.id for t in every] == [t.id for t in fleet_client.task.iterate()]
    assert settings == fleet_client.user.settings.read()
    assert sheet[:2] == b"PK"
    assert _warned(caught) == [
        f"client.tasks.list is deprecated since 0.2.0 and goes in {REMOVED_IN}: "
        "use client.task.list",
        f"client.tasks.iterate_list is deprecated since 0.2.0 and goes in {REMOVED_IN}: "
        "use client.task.iterate_list",
        f"client.user.read_settings is deprecated since 0.2.0 and goes in {REMOVED_IN}: "
        "use client.user.settings.read",
        f"client.checkins.export is deprecated since 0.2.0 and goes in {REMOVED_IN}: "
        "use client.checkin.list_file",
    ]
    assert {w.filename for w in caught} == {__file__}  # the warning points at the caller


@pytest.mark.anyio
async def test_old_names_warn_on_the_async_client(fleet_async_client: AsyncClient):
    client: Any = fleet_async_client
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        counter = await client.readings.counter(tracker_id=1, type="odometer")
    assert counter == await client.tracker.counter.value.get(tracker_id=1, type="odometer")
    assert _warned(caught) == [
        f"client.readings.counter is deprecated since 0.2.0 and goes in {REMOVED_IN}: "
        "use client.tracker.counter.value.get"
    ]


# --- Module names ----------------------------------------------------------------------------


def test_every_handler_lives_in_the_module_of_its_calls_area() -> None:
    """``handlers/<area>`` for the calls of ``endpoints/<area>.py``; an area that outgrew a
    file is a package of that name (``handlers/task/listing.py``), never a sibling."""
    from fleetapi._endpoint_areas import AREA_OF
    from fleetapi_mock.handlers import HANDLERS, load_handlers

    load_handlers()
    for path, handler in HANDLERS.items():
        area = AREA_OF[path]
        module = handler.__module__.removeprefix("fleetapi_mock.handlers.")
        assert module == area or module.startswith(f"{area}."), (path, handler.__module__)


def test_every_handler_module_is_named_after_an_area() -> None:
    import pkgutil

    import fleetapi_mock.handlers
    from fleetapi.endpoints import AREAS

    for info in pkgutil.iter_modules(fleetapi_mock.handlers.__path__):
        assert info.name in AREAS, info.name
    prefix = f"{fleetapi_mock.handlers.__name__}."
    for info in pkgutil.walk_packages(fleetapi_mock.handlers.__path__, prefix):
        # a submodule is an attribute of its package: `task/list.py` would hide `list` there
        assert info.name.rsplit(".", 1)[1] not in dir(builtins), info.name


SHARED_DOMAIN = {
    "context": "the request and the reply shapes every handler takes",
    "search": "the conditions, sorting and paging of every list call",
    "batch": "the batch_convert calls of five areas",
    "spreadsheet": "reading the files those calls take",
    "export": "the file forms of list calls",
    "file": "uploads and downloads of check-ins and forms",
    "position": "feeding positions: the control API and FleetMock, not a call",
    "gazetteer": "the addresses of the demo world's places, for every geocoding call",
    "lifecycle": "tasks and routes moving with the world clock, not a call",
    "mail": "the sent box: feedback, activation links, codes and password restores",
}
"""The domain's pieces that serve several areas, each named after what it is (at most ten)."""


def test_every_domain_module_is_an_area_or_a_shared_piece() -> None:
    """``domain/<area>`` (a package of that name once it outgrows a file: ``domain/track/``),
    or one of the pieces several areas share, listed with the reason."""
    import pkgutil

    import fleetapi_mock.domain
    from fleetapi.endpoints import AREAS

    assert len(SHARED_DOMAIN) <= 10
    for info in pkgutil.iter_modules(fleetapi_mock.domain.__path__):
        assert info.name in AREAS or info.name in SHARED_DOMAIN, info.name


def _area_of_module(name: str, areas: set[str]) -> str | None:
    """The area a test module's name starts with (``test_tracker_data`` is ``tracker_data``,
    ``test_task_lifecycle`` is ``task``): the longest area its words begin with."""
    words = name.removeprefix("test_")
    found = [a for a in areas if words == a or words.startswith(f"{a}_")]
    return max(found, key=len) if found else None


def test_every_sdk_test_module_is_named_after_the_area_of_its_calls() -> None:
    """``tests/sdk/test_<area>[_<topic>].py`` for the calls of ``endpoints/<area>.py``, the
    area of most of the calls it makes; ``test_client_<topic>.py`` for the client's own
    machinery (no area is named ``client``). Where a new call's test goes needs no decision."""
    import collections
    import re

    from fleetapi._endpoint_areas import AREA_OF
    from fleetapi.endpoints import AREAS

    assert "client" not in AREAS
    chains = {e.sdk_name: AREA_OF[e.path] for e in ENDPOINTS}
    call = re.compile(r"\.((?:\w+\.)*\w+)\(")
    for path in sorted((ROOT / "tests" / "sdk").glob("test_*.py")):
        if path.stem.startswith("test_client_"):
            continue
        area = _area_of_module(path.stem, set(AREAS))
        assert area is not None, f"{path.name}: test_<area>[_<topic>].py or test_client_<topic>.py"
        made = collections.Counter(chains[m] for m in call.findall(path.read_text()) if m in chains)
        assert made, path.name
        assert made.most_common(1)[0][0] == area, (path.name, made.most_common(3))
