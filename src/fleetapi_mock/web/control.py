"""The mock's control API, beside the fleet API on the same address.

=========================  =====================================================================
``POST /__mock__/reset``   Back to the starting world (empty body), or load the world document
                           posted as the body. ``{"success": true}``.
``GET /__mock__/world``    The current state as a world document (no envelope: save it, serve
                           it again with ``fleet mock serve --world``).
``GET /__mock__/clock``    ``{"success": true, "now": "...", "running": false}``.
``POST /__mock__/clock``   Set or move the clock: ``{"now": "2026-02-01 00:00:00"}``,
                           ``{"advance": "P30D"}`` or ``{"advance": 3600}`` (seconds), and
                           optionally ``"running": true|false``; answers like ``GET``.
``GET /__mock__/journal``  The last answered requests (method, path, call, status, code,
                           user, credential kind); filtered by ``?path=task/*`` (a glob of
                           the call or the path), ``code=0``, ``credential=session|api_key|
                           none``, ``since=`` (a world date/time, UTC unless it has an offset).
``POST /__mock__/files/``  Uploads of reserved files and their downloads (the ``url`` and
``GET /__mock__/files/``   ``download_url`` the API hands out): see
                           :mod:`fleetapi_mock.web.uploads`.
``POST /__mock__/positions``  Record track points as if trackers had sent them:
                           ``{"points": [{"tracker_id": 1, "get_time": "...", "lat": ...,
                           "lng": ..., "speed": ...}]}`` (the world document's ``track_points``
                           shape; ``get_time`` UTC, the world's now when left out); trackers'
                           states follow their newest points. ``{"success": true, "count": n}``.
``GET /openapi.json``      The OpenAPI 3.1 document built from the call table.
=========================  =====================================================================

Control paths are recognised after any prefix (``/v2/__mock__/reset``). Failures use the API's
failure envelope (code 5 for a malformed body, 7 with ``errors`` for invalid values).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from fleetapi._converter import (
    RequestValidationError,
    format_datetime,
    parse_datetime,
    parse_duration,
    structure_request,
)
from fleetapi._errors import InvalidParametersError, WrongRequestFormatError
from fleetapi_mock.domain.position import record_positions
from fleetapi_mock.state.bounds import in_clock_range, read_json
from fleetapi_mock.state.records import TrackPointRecord
from fleetapi_mock.state.world import WorldDocumentError
from fleetapi_mock.web import uploads
from fleetapi_mock.web.wire import FormFields, Response, json_response

if TYPE_CHECKING:
    from fleetapi_mock.web.router import Backend

__all__ = ["handle", "is_control_path"]

_PREFIX = "__mock__"


def is_control_path(path: str) -> bool:
    """Whether ``path`` is a control route rather than an API call."""
    segments = [s for s in path.split("/") if s]
    return _PREFIX in segments or (bool(segments) and segments[-1] == "openapi.json")


def _invalid(parameter: str, error: str) -> InvalidParametersError:
    return InvalidParametersError(errors=[{"parameter": parameter, "error": error}])


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


def _clock_answer(backend: Backend) -> Response:

    clock = backend.world.clock
    return json_response(
        200,
        {
            "success": True,
            "now": format_datetime(clock.now().replace(microsecond=0)),
            "running": clock.running,
        },
    )


def _set_clock(backend: Backend, data: Mapping[str, Any]) -> None:
    clock = backend.world.clock
    unknown = sorted(set(data) - {"now", "advance", "running"})
    if unknown:
        raise _invalid(unknown[0], "unknown field: use now, advance or running")
    new_now: dt.datetime | None = None
    step: dt.timedelta | None = None
    if "now" in data:
        value = data["now"]
        try:
            if not isinstance(value, str):
                raise ValueError("must be a date/time string")
            new_now = parse_datetime(value, iso=True)
        except ValueError as exc:
            raise _invalid("now", str(exc)) from None
    if "advance" in data:
        value = data["advance"]
        try:
            if isinstance(value, bool):
                raise ValueError("must be an ISO 8601 duration or a number of seconds")
            if isinstance(value, (int, float)):
                step = dt.timedelta(seconds=value)
            elif isinstance(value, str):
                step = parse_duration(value)
            else:
                raise ValueError("must be an ISO 8601 duration or a number of seconds")
        except (ValueError, OverflowError) as exc:
            raise _invalid("advance", str(exc)) from None
    running = data.get("running")
    if running is not None and not isinstance(running, bool):
        raise _invalid("running", "must be a boolean")
    with backend.world.lock:
        before = clock.now()
        try:
            if new_now is not None:
                clock.set(new_now)
        except ValueError as exc:
            raise _invalid("now", str(exc)) from None
        try:
            if step is not None:
                clock.advance(step)
        except ValueError as exc:
            clock.set(before)
            raise _invalid("advance", str(exc)) from None
        if running is True:
            clock.run()
        elif running is False:
            clock.freeze()


def _record_positions(backend: Backend, data: Mapping[str, Any]) -> int:
    raw = data.get("points")
    if not isinstance(raw, list) or not raw:
        raise _invalid("points", "must be a non-empty array of points")
    world = backend.world
    errors: list[dict[str, str]] = []
    points: list[TrackPointRecord] = []
    with world.lock:
        now = format_datetime(world.now().replace(microsecond=0))
        for index, item in enumerate(raw):
            where = f"points[{index}]"
            if not isinstance(item, dict):
                errors.append({"parameter": where, "error": "must be an object"})
                continue
            try:
                point = structure_request({"get_time": now, **item}, TrackPointRecord, iso=True)
            except RequestValidationError as exc:
                errors.extend(
                    {"parameter": f"{where}.{e.parameter}", "error": e.error} for e in exc.errors
                )
                continue
            if not in_clock_range(point.get_time):
                errors.append({"parameter": f"{where}.get_time", "error": "is out of range"})
            if point.tracker_id not in world.trackers:
                errors.append(
                    {"parameter": f"{where}.tracker_id", "error": f"no tracker {point.tracker_id}"}
                )
            points.append(point)
        if errors:
            raise InvalidParametersError("invalid points", errors=errors)
        record_positions(world, points)
    return len(points)


def _journal_filters(query: FormFields) -> dict[str, Any]:
    """The journal's filters from the query string: ``path`` (a glob), ``code``,
    ``credential`` (``session``, ``api_key``, ``none``) and ``since`` (a date/time)."""
    unknown = sorted(set(query) - {"path", "code", "credential", "since"})
    if unknown:
        raise _invalid(unknown[0], "unknown filter: use path, code, credential or since")
    given = {k: v if isinstance(v, str) else v[-1] for k, v in query.items()}
    filters: dict[str, Any] = {}
    if "path" in given:
        filters["path"] = given["path"]
    if "code" in given:
        if not given["code"].isdigit():
            raise _invalid("code", "must be an integer")
        filters["code"] = int(given["code"])
    if "credential" in given:
        if given["credential"] not in ("session", "api_key", "none"):
            raise _invalid("credential", "must be session, api_key or none")
        filters["credential"] = given["credential"]
    if "since" in given:
        try:
            since = parse_datetime(given["since"], iso=True)
        except ValueError as exc:
            raise _invalid("since", str(exc)) from None
        if since.tzinfo is not None:  # the journal's times are naive UTC
            since = since.astimezone(dt.timezone.utc).replace(tzinfo=None)
        filters["since"] = since
    return filters


def handle(
    backend: Backend,
    method: str,
    path: str,
    query: FormFields,
    headers: Mapping[str, str],
    body: bytes,
    *,
    origin: str = "http://fleet.localhost",
) -> Response:
    """Answer a control route (``origin`` is the request's ``scheme://host``)."""
    from fleetapi_mock.web.openapi import openapi_document

    segments = [s for s in path.split("/") if s]
    if segments and segments[-1] == "openapi.json":
        return json_response(200, openapi_document())
    at = segments.index(_PREFIX)
    action = "/".join(segments[at + 1 :])
    if segments[at + 1 : at + 2] == ["files"]:
        base_url = origin + "".join(f"/{s}" for s in segments[:at])
        return uploads.handle_route(
            backend.world, method, segments[at + 2 :], headers, body, base_url=base_url
        )
    if action == "reset" and method == "POST":
        document = _json_object(body, what="world document")
        try:
            backend.reset(document)
        except WorldDocumentError as exc:
            raise InvalidParametersError(
                "invalid world document",
                errors=[{"parameter": p, "error": e} for p, e in exc.errors],
            ) from None
        return json_response(200, {"success": True})
    if action == "world" and method in ("GET", "POST"):
        return json_response(200, backend.world.to_document())
    if action == "clock" and method == "GET":
        return _clock_answer(backend)
    if action == "clock" and method == "POST":
        _set_clock(backend, _json_object(body, what="clock request") or {})
        return _clock_answer(backend)
    if action == "positions" and method == "POST":
        count = _record_positions(backend, _json_object(body, what="positions request") or {})
        return json_response(200, {"success": True, "count": count})
    if action == "journal" and method == "GET":
        wanted = _journal_filters(query)
        entries = [
            {
                "time": format_datetime(e.time.replace(microsecond=0)),
                "method": e.method,
                "path": e.path,
                "call": e.call,
                "status": e.status,
                "code": e.code,
                "user_id": e.user_id,
                "credential": e.credential,
            }
            for e in list(backend.journal)
            if e.matches(**wanted)
        ]
        return json_response(200, {"success": True, "list": entries})
    raise WrongRequestFormatError(f"unknown control route: {method} /{_PREFIX}/{action}")
