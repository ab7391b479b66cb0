"""The mock's control API, beside the fleet API on the same address.

Its routes are declared once, in :mod:`.routes` (the docs' table, ``/openapi.json``'s
``mock-control`` section and :class:`~fleetapi_mock.MockControl` derive from them); what each
does is in :mod:`.handlers`, what each takes and answers in :mod:`.models`. This module reads a
control request into the route's params and writes its answer.

Control paths are recognised after any prefix (``/v2/__mock__/reset``). Failures use the API's
failure envelope (code 5 for a malformed body or an unknown route, 7 with ``errors`` for
invalid values).
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Any

from fleetapi._converter import converter_for
from fleetapi._errors import WrongRequestFormatError
from fleetapi_mock.state.bounds import read_json
from fleetapi_mock.web.control.handlers import Backend, Context, LoneWorld, Worlds
from fleetapi_mock.web.control.models import JournalFeed
from fleetapi_mock.web.control.routes import PREFIX, ROUTES, ControlRoute, match
from fleetapi_mock.web.decoding import read_strictly
from fleetapi_mock.web.memory import gauge
from fleetapi_mock.web.wire import FormFields, Response, json_response

__all__ = [
    "ROUTES",
    "Backend",
    "ControlRoute",
    "Worlds",
    "handle",
    "is_control_path",
    "is_journaled",
    "live_feed",
    "needs_token",
    "server_route",
]


def is_control_path(path: str) -> bool:
    """Whether ``path`` is a control route rather than an API call."""
    if PREFIX not in path and "openapi.json" not in path:
        return False
    segments = [s for s in path.split("/") if s]
    return PREFIX in segments or (bool(segments) and segments[-1] == "openapi.json")


def _route_segments(path: str) -> tuple[list[str], list[str]]:
    """The segments before the control route (a prefix such as ``v2``) and its own."""
    segments = [s for s in path.split("/") if s]
    if PREFIX not in segments:  # .../openapi.json
        return segments[:-1], segments[-1:]
    at = segments.index(PREFIX)
    return segments[:at], segments[at + 1 :]


def _route_of(method: str, path: str) -> ControlRoute | None:
    found = match(method, _route_segments(path)[1])
    return None if found is None else found[0]


def is_journaled(path: str, method: str = "POST") -> bool:
    """Whether the journal records a request of this control route."""
    route = _route_of(method, path)
    return route is not None and route.journaled


def needs_token(method: str, path: str) -> bool:
    """Whether a request of ``path`` needs the server's control token (when it has one):
    every control route but the public ones (an unknown one too)."""
    if not is_control_path(path):
        return False
    route = _route_of(method, path)
    return route is None or not route.public


def server_route(method: str, path: str) -> bool:
    """Whether ``path`` is a route of the server rather than of one world (``/__mock__/
    worlds``): answered the same whatever world the request names."""
    if PREFIX not in path:
        return False
    route = _route_of(method, path)
    return route is not None and route.server


def live_feed(method: str, path: str, query: FormFields) -> JournalFeed | None:
    """The params of the journal's live feed when ``path`` is its route (a served mock streams
    it: :func:`fleetapi_mock.web.dashboard.feed.serve_feed`), else ``None``."""
    if PREFIX not in path:
        return None
    found = match(method, _route_segments(path)[1])
    if found is None or found[0].params is not JournalFeed:
        return None
    return typing.cast(JournalFeed, _params(found[0], query, {}, b""))


def _json_object(body: bytes, *, what: str) -> dict[str, Any] | None:
    if not body.strip():
        return None
    try:
        data = read_json(body)
    except ValueError as exc:
        raise WrongRequestFormatError(f"malformed JSON {what}: {exc}") from None
    if not isinstance(data, dict):
        raise WrongRequestFormatError(f"the {what} must be a JSON object")
    return data


def _params(route: ControlRoute, query: FormFields, fields: Mapping[str, str], body: bytes) -> Any:
    what = route.name.replace("_", " ")
    if route.body == "document" and route.method == "POST":
        return _json_object(body, what="world document")
    if route.params is None:
        return None
    if route.method == "POST":
        data: dict[str, Any] = _json_object(body, what=f"{what} request") or {}
    else:
        data = {k: v if isinstance(v, str) else v[-1] for k, v in query.items()}
    return read_strictly({**data, **fields}, route.params, what=what)


def _answer(route: ControlRoute, result: Any) -> Response:
    if isinstance(result, Response):
        return result
    if route.raw:
        return json_response(200, result)
    if result is None:
        return json_response(200, {"success": True})
    payload = converter_for().unstructure(result)
    if route.key is not None:
        return json_response(200, {"success": True, route.key: payload})
    return json_response(200, {"success": True, **typing.cast(dict[str, Any], payload)})


def _openapi() -> dict[str, Any]:
    """The server's OpenAPI document (imported when asked for: it builds the whole table)."""
    from fleetapi_mock.web.openapi import openapi_document

    return openapi_document()


def handle(
    backend: Backend,
    method: str,
    path: str,
    query: FormFields,
    headers: Mapping[str, str],
    body: bytes,
    *,
    origin: str = "http://fleet.localhost",
    worlds: Worlds | None = None,
    secrets: bool = True,
) -> Response:
    """Answer a control route (``origin`` is the request's ``scheme://host``; ``worlds``
    the server's, when it serves several; ``secrets``: whether the answer may show the
    world's secrets, :attr:`.Context.secrets`)."""
    before, segments = _route_segments(path)
    found = match(method, segments)
    if found is None:
        shown = "/".join([PREFIX, *segments])
        raise WrongRequestFormatError(f"unknown control route: {method} /{shown}")
    route, fields = found
    context = Context(
        backend=backend,
        worlds=LoneWorld(backend) if worlds is None else worlds,
        headers=headers,
        body=body,
        base_url=origin + "".join(f"/{s}" for s in before),
        fields=fields,
        openapi=_openapi,
        secrets=secrets,
    )
    most = backend.limits.max_document_bytes
    if route.body == "document" and len(body) > most:  # refused before it is read
        raise WrongRequestFormatError(
            f"the world document is larger than {most} bytes (fleet mock serve "
            "--max-document-bytes)",
            http_status=413,
        )
    if route.body == "document" and body:  # a world to load: memory it would take
        gauge.check_room(backend.limits.max_memory_bytes)
    path_params = {} if route.params is None else fields
    return _answer(route, route.handler(context, _params(route, query, path_params, body)))
