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
``GET /__mock__/journal``  The last answered API requests (method, path, call, status, code,
                           user, credential kind, ``params`` with secrets masked, the
                           ``fault`` rule that fired); filtered by ``?path=task/*`` (a glob
                           of the call or the path), ``code=0``, ``credential=session|
                           api_key|none``, ``since=`` (a world date/time, UTC unless it has
                           an offset). Control routes are not journaled (file uploads are).
``POST /__mock__/verify``  Whether requests matching ``{"path": "task/assign", "body":
                           {"task_id": 12}}`` were received: ``count`` (exactly), or
                           ``at_least`` (1 by default) and ``at_most``; ``code``,
                           ``credential`` and ``since`` narrow as the journal's filters do.
                           ``{"success": true, "matched", "count", "expected",
                           "near_misses"}``: when none matched, the closest requests with
                           their ``differences``.
``POST /__mock__/faults``  Add a fault rule (:mod:`fleetapi_mock.web.faults`):
                           ``{"success": true, "fault": {"id": 1, ...}}``.
``GET /__mock__/faults``   The rules, with how often each ``matched`` and ``fired``.
``DELETE /__mock__/faults`` Remove every rule, or one: ``DELETE /__mock__/faults/<id>``.
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
from typing import Any, Protocol

import attrs

from fleetapi._converter import (
    RequestValidationError,
    format_datetime,
    parse_datetime,
    parse_duration,
    structure_request,
)
from fleetapi._errors import InvalidParametersError, WrongRequestFormatError
from fleetapi._rules import rules
from fleetapi_mock.domain.position import record_positions
from fleetapi_mock.state.bounds import in_clock_range, read_json
from fleetapi_mock.state.records import TrackPointRecord
from fleetapi_mock.state.world import World, WorldDocumentError
from fleetapi_mock.web import uploads
from fleetapi_mock.web.decoding import invalid, read_strictly
from fleetapi_mock.web.faults import FaultRule, Faults
from fleetapi_mock.web.journal import CredentialFilter, Journal
from fleetapi_mock.web.wire import FormFields, Response, json_response


class Backend(Protocol):
    """What the control routes change of a backend (:class:`~fleetapi_mock.web.router.Backend`
    is one): its world, journal and faults, and starting the world over. Declared here so that
    the router imports the control routes and not the other way round."""

    world: World
    journal: Journal
    faults: Faults

    def reset(self, document: Mapping[str, Any] | None = None) -> None:
        """Start the world over, from ``document`` or the starting one."""


__all__ = [
    "Backend",
    "JournalFilters",
    "VerifySpec",
    "handle",
    "is_control_path",
    "is_journaled",
]

_PREFIX = "__mock__"


def is_control_path(path: str) -> bool:
    """Whether ``path`` is a control route rather than an API call."""
    if _PREFIX not in path and "openapi.json" not in path:
        return False
    segments = [s for s in path.split("/") if s]
    return _PREFIX in segments or (bool(segments) and segments[-1] == "openapi.json")


def is_journaled(path: str) -> bool:
    """Whether a control route is journaled: uploads of reserved files are (the API hands
    out their address); the rest of the control API is not, so that reading and verifying
    change nothing."""
    segments = [s for s in path.split("/") if s]
    return _PREFIX in segments and segments[segments.index(_PREFIX) + 1 :][:1] == ["files"]


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
        raise invalid(unknown[0], "unknown field: use now, advance or running")
    new_now: dt.datetime | None = None
    step: dt.timedelta | None = None
    if "now" in data:
        value = data["now"]
        try:
            if not isinstance(value, str):
                raise ValueError("must be a date/time string")
            new_now = parse_datetime(value, iso=True)
        except ValueError as exc:
            raise invalid("now", str(exc)) from None
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
            raise invalid("advance", str(exc)) from None
    running = data.get("running")
    if running is not None and not isinstance(running, bool):
        raise invalid("running", "must be a boolean")
    with backend.world.lock:
        before = clock.now()
        try:
            if new_now is not None:
                clock.set(new_now)
        except ValueError as exc:
            raise invalid("now", str(exc)) from None
        try:
            if step is not None:
                clock.advance(step)
        except ValueError as exc:
            clock.set(before)
            raise invalid("advance", str(exc)) from None
        if running is True:
            clock.run()
        elif running is False:
            clock.freeze()


def _record_positions(backend: Backend, data: Mapping[str, Any]) -> int:
    raw = data.get("points")
    if not isinstance(raw, list) or not raw:
        raise invalid("points", "must be a non-empty array of points")
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


def _since(value: str) -> dt.datetime:
    """A ``since`` filter: a date/time, UTC unless it has an offset (as the journal's)."""
    try:
        since = parse_datetime(value, iso=True)
    except ValueError as exc:
        raise invalid("since", str(exc)) from None
    if since.tzinfo is not None:  # the journal's times are naive UTC
        since = since.astimezone(dt.timezone.utc).replace(tzinfo=None)
    return since


@attrs.frozen(kw_only=True)
class JournalFilters:
    """The journal's filters: ``GET /__mock__/journal``'s query, and what narrows a
    verification."""

    path: str | None = attrs.field(default=None, metadata=rules(max_length=200))
    """The call (a glob: ``task/*``) or the request path."""
    code: int | None = None
    """Only requests answered with this code (0: successes)."""
    credential: CredentialFilter | None = None
    """Only requests identified this way."""
    since: str | None = None
    """Only requests at or after this world date/time (UTC unless it has an offset)."""

    def narrowing(self) -> dict[str, Any]:
        """``code``, ``credential`` and ``since`` as :meth:`JournalEntry.matches
        <fleetapi_mock.web.journal.JournalEntry.matches>` takes them."""
        since = None if self.since is None else _since(self.since)
        return {"code": self.code, "credential": self.credential, "since": since}


@attrs.frozen(kw_only=True)
class VerifySpec(JournalFilters):
    """The body of ``POST /__mock__/verify``."""

    path: str = attrs.field(metadata=rules(not_blank=True, max_length=200))
    """The call (a glob: ``task/*``) or the request path."""
    body: dict[str, Any] | None = None
    """Fields the requests must include (a subset; objects field by field)."""
    count: int | None = attrs.field(default=None, metadata=rules(minimum=0))
    """Exactly this many requests."""
    at_least: int | None = attrs.field(default=None, metadata=rules(minimum=0))
    """At least this many (1 when neither this, ``count`` nor ``at_most`` is given)."""
    at_most: int | None = attrs.field(default=None, metadata=rules(minimum=0))
    """At most this many."""


def _verify(backend: Backend, data: Mapping[str, Any]) -> Response:
    spec = read_strictly(data, VerifySpec, what="verification")
    if spec.count is not None and (spec.at_least is not None or spec.at_most is not None):
        raise invalid("count", "give count, or at_least and at_most, not both")
    result = backend.journal.verify(
        spec.path,
        spec.body,
        count=spec.count,
        at_least=spec.at_least,
        at_most=spec.at_most,
        **spec.narrowing(),
    )
    return json_response(200, result.to_json())


def _faults(backend: Backend, method: str, rest: list[str], body: bytes) -> Response:
    """``/__mock__/faults[/<id>]``: add (POST), list (GET), remove (DELETE)."""
    faults = backend.faults
    if method == "POST" and not rest:
        rule = faults.add(_json_object(body, what="fault rule") or {})
        return json_response(200, {"success": True, "fault": rule.to_json()})
    if method == "GET" and not rest:
        listed: list[FaultRule] = faults.list()
        return json_response(200, {"success": True, "list": [r.to_json() for r in listed]})
    if method == "DELETE" and not rest:
        faults.clear()
        return json_response(200, {"success": True})
    if method == "DELETE" and len(rest) == 1:
        if not rest[0].isdigit() or not faults.remove(int(rest[0])):
            raise invalid("id", f"no fault rule {rest[0]!r}")
        return json_response(200, {"success": True})
    raise WrongRequestFormatError(f"unknown control route: {method} /{_PREFIX}/faults")


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
        given = {k: v if isinstance(v, str) else v[-1] for k, v in query.items()}
        filters = read_strictly(given, JournalFilters, what="journal filter")
        wanted = filters.narrowing()
        entries = [e.to_json() for e in backend.journal if e.matches(path=filters.path, **wanted)]
        return json_response(200, {"success": True, "list": entries})
    if action == "verify" and method == "POST":
        return _verify(backend, _json_object(body, what="verification") or {})
    if segments[at + 1 : at + 2] == ["faults"]:
        return _faults(backend, method, segments[at + 2 :], body)
    raise WrongRequestFormatError(f"unknown control route: {method} /{_PREFIX}/{action}")
