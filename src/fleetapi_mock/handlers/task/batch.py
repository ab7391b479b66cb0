"""Tasks checked from tab-delimited text, with proposed assignees, creating nothing.

Each non-blank line of ``batch`` is one task, its cells in the order of ``fields``. A first
line made of the field names themselves is a header and is skipped. Cells are read as:

* ``from``, ``to``: date/times in the caller's time zone (``YYYY-MM-DD HH:MM:SS``, or ISO
  8601, seconds optional); an empty ``to`` is ``from`` plus ``default_duration`` minutes;
* ``lat``, ``lng``: decimal numbers (a decimal comma is accepted); when both are empty, the
  ``address`` is looked up among the account's places and zones (same address, or same label,
  case-insensitive), then with the mock's geocoder (its best match);
* ``radius``, ``max_delay``, ``min_stay_duration``: integers, the ``default_*`` values when
  empty; ``label``, ``description``, ``address``, ``external_id``: text.

A row is then checked like ``task/create`` checks a task (the limits declared on
:class:`~fleetapi.models.task.NewTask`, ``to`` not in the past, ``from`` not after ``to``).
Every problem of a row is one ``{"line", "parameter", "error"}`` object in its ``errors``.

Automatic assignment: ``employee_ids`` and ``vehicle_ids`` (IDs of the account, else 7) that
have a tracker are the candidates. ``no_check`` hands the rows out in turn; ``entity_location``
takes, among the employees whose own location zone holds the task, the nearest;
``parent_location`` does the same with the zones of the employees' departments (and of the
vehicles' garages). A row that no candidate covers gets an error on ``tracker_id``.

At most :data:`~fleetapi_mock.domain.batch.BATCH_ROW_LIMIT` rows are converted; ``limit_exceeded``
tells that more came (see :mod:`fleetapi_mock.domain.batch`).
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Sequence
from typing import Any, Final

import attrs
from gpxpy.geo import haversine_distance

from fleetapi._converter import format_datetime, parse_datetime
from fleetapi._errors import InvalidParametersError
from fleetapi._request_check import request_errors
from fleetapi._types import UNSET
from fleetapi._wire_form import wire_form
from fleetapi.endpoints.task import TASK_BATCH_CONVERT
from fleetapi.models.common import Location
from fleetapi.models.task import (
    NewTask,
)
from fleetapi.models.task_batch import (
    BatchField,
    CheckedTask,
    TaskBatchConvertParams,
)
from fleetapi_mock.domain.batch import (
    BATCH_ROW_LIMIT,
    batch_lines,
    default_radius,
    parse_decimal,
)
from fleetapi_mock.domain.context import Context, Reply
from fleetapi_mock.domain.gazetteer import search
from fleetapi_mock.domain.task import check_window, value_or
from fleetapi_mock.handlers import handles

__all__ = ["BATCH_ROW_LIMIT", "DEFAULT_FIELDS"]

DEFAULT_FIELDS: Final[tuple[BatchField, ...]] = (
    "label",
    "from",
    "to",
    "address",
    "lat",
    "lng",
    "description",
)

_NUMBERS: Final = ("lat", "lng")
_INTEGERS: Final = ("radius", "max_delay", "min_stay_duration")


@attrs.frozen
class _Candidate:
    tracker_id: int
    zone: Location | None
    """Where it may work (``entity_location``/``parent_location`` modes)."""


def _geocode(ctx: Context, address: str) -> tuple[float, float] | None:
    """The point of a place or zone of the account whose address or label is ``address``,
    else of the best match of the mock's geocoder."""
    wanted = address.strip().lower()
    for place in ctx.visible_places():
        known = place.location.address if isinstance(place.location.address, str) else ""
        if wanted in (known.lower(), place.label.lower()):
            return place.location.lat, place.location.lng
    for zone in ctx.visible_zones():
        if wanted not in (zone.address.lower(), zone.label.lower()):
            continue
        points = [zone.center] if zone.center is not None else zone.points
        if points:
            lat = sum(p.lat for p in points) / len(points)
            lng = sum(p.lng for p in points) / len(points)
            return lat, lng
    found = search(ctx.world, address)
    if found:
        return found[0].lat, found[0].lng
    return None


def _candidates(ctx: Context, params: TaskBatchConvertParams) -> list[_Candidate]:
    mode = params.location_check_mode if isinstance(params.location_check_mode, str) else None
    errors: list[dict[str, str]] = []
    found: list[_Candidate] = []
    employee_ids = params.employee_ids if isinstance(params.employee_ids, list) else []
    for index, employee_id in enumerate(employee_ids):
        employee = ctx.owned_get(ctx.world.employees, employee_id)
        if employee is None:
            errors.append({"parameter": f"employee_ids[{index}]", "error": "no such employee"})
            continue
        if employee.tracker_id is None or ctx.visible_tracker(employee.tracker_id) is None:
            continue
        zone = employee.location
        if mode == "parent_location":
            department = ctx.world.departments.get(employee.department_id or 0)
            zone = (department.location or None) if department is not None else None
        found.append(_Candidate(employee.tracker_id, zone))
    vehicle_ids = params.vehicle_ids if isinstance(params.vehicle_ids, list) else []
    for index, vehicle_id in enumerate(vehicle_ids):
        vehicle = ctx.owned_get(ctx.world.vehicles, vehicle_id)
        if vehicle is None:
            errors.append({"parameter": f"vehicle_ids[{index}]", "error": "no such vehicle"})
            continue
        if mode == "entity_location":
            continue
        if vehicle.tracker_id is None or ctx.visible_tracker(vehicle.tracker_id) is None:
            continue
        garage = ctx.world.garages.get(vehicle.garage_id or 0)
        found.append(_Candidate(vehicle.tracker_id, garage.location if garage else None))
    if errors:
        raise InvalidParametersError(errors=errors)
    return found


def _assign(
    mode: str | None, candidates: Sequence[_Candidate], turn: int, where: Location
) -> int | None:
    """The tracker for the ``turn``-th valid task, at ``where`` (``None``: none covers it)."""
    if mode in (None, "no_check"):
        return candidates[turn % len(candidates)].tracker_id
    best: tuple[float, int] | None = None
    for candidate in candidates:
        zone = candidate.zone
        if zone is None or not isinstance(zone.radius, int):
            continue
        away = haversine_distance(zone.lat, zone.lng, where.lat, where.lng)
        if away <= zone.radius and (best is None or away < best[0]):
            best = (away, candidate.tracker_id)
    return None if best is None else best[1]


class _Batch:
    """What the rows of one call share: the columns, the defaults, the lookups made once."""

    def __init__(self, ctx: Context, params: TaskBatchConvertParams, fields: list[str]) -> None:
        self.ctx, self.fields = ctx, fields
        self.defaults: dict[str, int | float] = {
            "radius": default_radius(params.default_radius),
            "max_delay": value_or(params.default_max_delay, 0),
            "min_stay_duration": value_or(params.default_min_stay_duration, 0),
        }
        self.duration = dt.timedelta(minutes=value_or(params.default_duration, 60))
        self.numbers = [name for name in (*_NUMBERS, *_INTEGERS) if name in fields]
        """The number columns given, in the order their problems are told."""
        self.geocode = functools.cache(functools.partial(_geocode, ctx))  # once a call
        self.form = wire_form(CheckedTask, iso=ctx.iso)

    @functools.cached_property
    def placeholder(self) -> str:
        """A date/time standing in for one a row lacks (already an error of that row), so
        that the rest of the row is checked."""
        return format_datetime(self.ctx.user_time(self.ctx.now()))


class _Row:
    """One line being converted: its cells by field (stripped), its errors."""

    def __init__(self, line: int, cells: dict[str, str]) -> None:
        self.line = line
        self.cells = cells
        self.errors: list[dict[str, Any]] = []

    def error(self, parameter: str, error: str) -> None:
        self.errors.append({"line": self.line, "parameter": parameter, "error": error})


def _read_numbers(batch: _Batch, row: _Row) -> dict[str, int | float]:
    """The row's numbers, the defaults standing in for those empty (or wrong: an error)."""
    numbers = dict(batch.defaults)
    for name in batch.numbers:
        text = row.cells.get(name, "")
        if not text:
            continue
        try:
            numbers[name] = int(text) if name in _INTEGERS else parse_decimal(text)
        except ValueError:
            kind = "an integer" if name in _INTEGERS else "a number"
            row.error(name, f"must be {kind}, not {text!r}")
    return numbers


def _read_times(batch: _Batch, row: _Row) -> dict[str, dt.datetime]:
    """The row's window in world time, ``to`` made from ``from`` when empty."""
    times: dict[str, dt.datetime] = {}
    cells = row.cells
    for name in ("from", "to"):
        text = cells.get(name, "")
        if not text:
            continue
        try:
            times[name] = batch.ctx.world_time(parse_datetime(text))
        except (ValueError, OverflowError):
            row.error(name, f"must be a date/time (YYYY-MM-DD HH:MM:SS), not {text!r}")
    if "from" not in times and not cells.get("from"):
        row.error("from", "is required")
    if "from" in times and "to" not in times and not cells.get("to"):
        times["to"] = times["from"] + batch.duration
    return times


def _locate(batch: _Batch, row: _Row, numbers: dict[str, int | float]) -> Location | None:
    """The row's place: its coordinates, else its address found; ``None`` (an error) when
    neither is there or can be read."""
    cells = row.cells
    address = cells.get("address", "")
    point: tuple[float, float] | None = None
    if "lat" in numbers and "lng" in numbers:
        point = float(numbers["lat"]), float(numbers["lng"])
    elif not cells.get("lat") and not cells.get("lng"):
        if not address:
            row.error("address", "an address or coordinates are required")
        else:
            point = batch.geocode(address)
            if point is None:
                row.error("address", f"no place, zone or location found for {address!r}")
    elif "lat" not in numbers and not cells.get("lat"):
        row.error("lat", "is required with lng")
    elif "lng" not in numbers and not cells.get("lng"):
        row.error("lng", "is required with lat")
    if point is None:
        return None
    lat, lng = point
    return Location(lat=lat, lng=lng, address=address or UNSET, radius=int(numbers["radius"]))


def _convert_row(batch: _Batch, row: _Row) -> tuple[dict[str, Any], Location | None]:
    """The values of the row's :class:`CheckedTask` (``errors`` aside), and its place when
    the row is a task ``task/create`` would take."""
    ctx, cells = batch.ctx, row.cells
    numbers = _read_numbers(batch, row)
    times = _read_times(batch, row)
    location = _locate(batch, row, numbers)
    address = cells.get("address", "")
    checked: dict[str, Any] = {
        "location": location,
        "label": cells.get("label", ""),
        "description": cells.get("description", ""),
        "from_": ctx.user_time(times["from"]) if "from" in times else None,
        "to": ctx.user_time(times["to"]) if "to" in times else None,
        "external_id": cells.get("external_id") or None,
        "max_delay": int(numbers["max_delay"]),
        "min_stay_duration": int(numbers["min_stay_duration"]),
    }
    # Check the row as task/create would, stand-ins filling what the row already failed.
    where = location or Location(lat=0.0, lng=0.0, radius=int(numbers["radius"]))
    from_, to = checked["from_"], checked["to"]
    wire: dict[str, Any] = {
        "location": {
            "lat": where.lat,
            "lng": where.lng,
            "radius": where.radius,
            **({"address": address} if address else {}),
        },
        "label": checked["label"],
        "description": checked["description"],
        "from": format_datetime(from_) if from_ else batch.placeholder,
        "to": format_datetime(to) if to else batch.placeholder,
        "external_id": checked["external_id"],
        "max_delay": checked["max_delay"],
        "min_stay_duration": checked["min_stay_duration"],
    }
    problems = request_errors(wire, NewTask)
    if problems:
        reported = {e["parameter"] for e in row.errors}
        if location is None:
            reported |= {"location.lat", "location.lng"}
        for problem in problems:
            if problem.parameter not in reported:
                row.error(problem.parameter, problem.error)
    if "from" in times and "to" in times:
        found: list[dict[str, str]] = []
        check_window(ctx, times["from"], times["to"], str, found)
        for window in found:
            row.error(window["parameter"], window["error"])
    return checked, None if row.errors else location


@handles(TASK_BATCH_CONVERT)
def task_batch_convert(ctx: Context, params: TaskBatchConvertParams) -> Reply:
    """Convert the rows of a tab-delimited batch into checked tasks, creating nothing.

    Each row comes with its ``errors`` and the trackers proposed for it; see [the
    decisions](decisions.md#tasks-routes-and-checkpoints).
    """
    # The answer is a TaskBatchConvertResult's JSON form, each row written without its model.
    fields: list[str] = list(params.fields if isinstance(params.fields, list) else DEFAULT_FIELDS)
    duplicates = [f for index, f in enumerate(fields) if f in fields[:index]]
    if duplicates:
        raise InvalidParametersError(
            errors=[{"parameter": "fields", "error": f"{duplicates[0]!r} is given twice"}]
        )
    candidates = _candidates(ctx, params)
    mode = params.location_check_mode if isinstance(params.location_check_mode, str) else None
    lines, exceeded = batch_lines(params.batch, fields)
    batch = _Batch(ctx, params, fields)
    converted: list[dict[str, Any]] = []
    turn = 0
    for line in lines:
        cells = line.cells
        row = _Row(line.number, {f: c.strip() for f, c in zip(fields, cells, strict=False)})
        if len(cells) > len(fields):
            row.error("batch", f"{len(cells)} cells for {len(fields)} fields")
        checked, located = _convert_row(batch, row)
        if located is not None and candidates:
            checked["tracker_id"] = tracker_id = _assign(mode, candidates, turn, located)
            turn += 1
            if tracker_id is None:
                row.error("tracker_id", "no employee or vehicle covers this location")
        if row.errors:
            checked["errors"] = row.errors
        converted.append(batch.form(checked))
    return Reply(value={"list": converted, "limit_exceeded": exceeded}, unstructured=True)
