"""Every call of the table by hand: its addresses with a prefix and a trailing slash, and its
right, refused to a sub-user without it (13) and allowed with it."""

from __future__ import annotations

import httpx
import pytest

from fleetapi._endpoint import Access, Endpoint
from fleetapi.endpoints import ENDPOINTS
from fleetapi_mock import FleetMock

PATHS = sorted({p for e in ENDPOINTS for p in e.all_paths})
WITH_RIGHT = [
    pytest.param(e, id=e.path)
    for e in ENDPOINTS
    if e.right is not None and e.access is Access.USER and not e.master_only
]
MASTER_ONLY = [
    pytest.param(e, id=e.path)
    for e in ENDPOINTS
    if e.master_only or e.access is Access.SESSION or e.right == "admin"
]


def _answer(mock: FleetMock, path: str, hash: str) -> tuple[int, int | None]:
    """``(HTTP status, status.code)`` of ``path`` called with an empty JSON object (no code
    for a file answered)."""
    with httpx.Client(transport=mock.transport, base_url=mock.base_url) as http:
        response = http.post(path, json={}, headers={"Authorization": f"NVX {hash}"})
    if "json" not in response.headers.get("content-type", ""):
        return response.status_code, None  # a file: zone/download needs no parameter
    body = response.json()
    return response.status_code, None if body["success"] else body["status"]["code"]


@pytest.fixture(scope="module")
def mock() -> FleetMock:
    mock = FleetMock()
    mock.world.clock.freeze()
    return mock


@pytest.mark.parametrize("path", PATHS)
def test_every_call_answers_the_same_with_a_prefix_and_a_trailing_slash(mock: FleetMock, path: str):
    # a session of its own for each request: a call may end it (user/logout)
    plain = _answer(mock, f"/{path}", mock.session("demo"))
    assert plain[0] != 501, plain  # implemented
    assert plain[1] != 5, plain  # routed
    for variant in (f"/{path}/", f"/v2/{path}", f"/v2/{path}/", f"/api-v2/{path}/"):
        assert _answer(mock, variant, mock.session("demo")) == plain, variant


@pytest.mark.parametrize("endpoint", WITH_RIGHT)
def test_a_sub_user_needs_the_calls_right(mock: FleetMock, endpoint: Endpoint):
    sub = next(u for u in mock.world.users.values() if u.login == "dispatcher")
    assert endpoint.right is not None
    hash = mock.session("dispatcher")
    kept = sub.rights
    try:
        mock.world.users.change(sub.id, rights=[r for r in kept if r != endpoint.right])
        assert _answer(mock, f"/{endpoint.path}", hash) == (403, 13)
        mock.world.users.change(sub.id, rights=[*kept, endpoint.right])
        assert _answer(mock, f"/{endpoint.path}", hash)[1] != 13
    finally:
        mock.world.users.change(sub.id, rights=kept)


def test_the_dispatcher_of_the_demo_world_has_exactly_its_rights(mock: FleetMock):
    hash = mock.session("dispatcher")
    for param in WITH_RIGHT:
        (endpoint,) = param.values
        assert isinstance(endpoint, Endpoint)
        code = _answer(mock, f"/{endpoint.path}", hash)[1]
        if endpoint.right in ("task_update", "employee_update"):
            assert code != 13, endpoint.path
        else:
            assert code == 13, endpoint.path


@pytest.mark.parametrize("endpoint", MASTER_ONLY)
def test_master_only_calls_refuse_a_sub_user(mock: FleetMock, endpoint: Endpoint):
    assert _answer(mock, f"/{endpoint.path}", mock.session("dispatcher")) == (403, 13)
