"""Finding check-ins, and their export as a spreadsheet or a PDF.

A listing covers the trackers the caller sees (or those it names) whose tariff has the
``checkin`` feature; conditions and sort name the fields of ``docs/mock.md``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from operator import attrgetter
from typing import Final

from gpxpy.geo import haversine_distance

from fleetapi._errors import (
    DeviceLimitExceededError,
    InvalidParametersError,
    NonExistentEntitiesError,
)
from fleetapi._types import UNSET, Unset
from fleetapi.endpoints.checkin import (
    CHECKIN_LIST,
)
from fleetapi.models.checkin import (
    CHECKIN_CONDITION_FIELDS,
    Checkin,
    CheckinExportParams,
    CheckinList,
    CheckinListParams,
)
from fleetapi.models.common import Location
from fleetapi.models.search import SearchCondition
from fleetapi_mock.domain import search
from fleetapi_mock.domain.checkin import wire_checkin
from fleetapi_mock.domain.context import Context, FileReply
from fleetapi_mock.domain.export import CONTENT_TYPES, Export
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.grid import cell, nearby
from fleetapi_mock.state.records import CheckinRecord, TrackerRecord

CHECKIN_FEATURE: Final = "checkin"
"""The tariff feature a tracker needs for its check-ins to be listed."""

DEFAULT_SORT: Final = ("marker_time=desc",)
"""Newest first when ``sort`` is not given."""


def _listed_trackers(ctx: Context, params: CheckinListParams) -> list[TrackerRecord]:
    """The trackers a listing covers; 217 for a given tracker that is missing, hidden,
    blocked or without the ``checkin`` feature; 221 when the dealer is over its device
    limit."""
    world = ctx.world

    def usable(tracker: TrackerRecord | None) -> bool:
        if tracker is None or tracker.blocked:
            return False
        tariff = world.tariffs.get(tracker.tariff_id)
        return tariff is not None and CHECKIN_FEATURE in tariff.features

    if params.trackers is UNSET:
        trackers = [t for t in ctx.visible_trackers() if usable(t)]
    else:
        wanted = list(dict.fromkeys(params.trackers))
        bad = [i for i in wanted if not usable(ctx.visible_tracker(i))]
        if bad:
            raise NonExistentEntitiesError(
                "trackers missing, blocked or without check-ins: " + ", ".join(map(str, bad))
            )
        trackers = [t for i in wanted if (t := ctx.visible_tracker(i)) is not None]
    if world.device_limit_exceeded(ctx.account):
        raise DeviceLimitExceededError("the device limit of the dealer is exceeded")
    return trackers


_TRACKER, _MARKER_TIME = attrgetter("tracker_id"), attrgetter("marker_time")


def _address(checkin: CheckinRecord) -> str:
    address = checkin.location.address
    return address if isinstance(address, str) else ""


def _comment(checkin: CheckinRecord) -> str:
    return checkin.comment if isinstance(checkin.comment, str) else ""


def _fields(ctx: Context) -> dict[str, search.Field[CheckinRecord]]:
    """The condition and sort fields of check-ins (date/times in world time: periods are
    converted with :func:`~fleetapi_mock.domain.search.in_world_time`)."""
    world = ctx.world

    def employee_name(checkin: CheckinRecord) -> str | None:
        employee = (
            world.employees.get(checkin.employee_id)
            if isinstance(checkin.employee_id, int)
            else None
        )
        if employee is None:
            return None
        return " ".join(
            p for p in (employee.first_name, employee.middle_name, employee.last_name) if p
        )

    def template(checkin: CheckinRecord) -> int | None:
        form = world.forms.get(checkin.form_id) if checkin.form_id is not None else None
        return None if form is None else form.template_id

    fields: dict[str, search.Field[CheckinRecord]] = {
        "employee": search.Field(
            "number",
            lambda c: c.employee_id if isinstance(c.employee_id, int) else None,
            sort=employee_name,
        ),
        "tracker_id": search.Field("number", _TRACKER, indexed=True),
        "marker_time": search.Field("datetime", _MARKER_TIME, indexed=True),
        "location": search.Field("text", _address, indexed=True),
        "comment": search.Field("text", _comment, indexed=True),
        "form": search.Field("number", template, sort=lambda c: c.form_label),
    }
    assert set(fields) == CHECKIN_CONDITION_FIELDS
    return fields


def _find(ctx: Context, params: CheckinListParams) -> tuple[list[CheckinRecord], int]:
    """The stored check-ins of one page and the count of all found."""
    fields = _fields(ctx)
    conditions = [] if params.conditions is UNSET else params.conditions
    search.check_conditions(conditions, fields)
    conditions = search.in_world_time(conditions, ctx.request_time)
    sort = list(DEFAULT_SORT) if params.sort is UNSET or not params.sort else params.sort
    search.check_sort(sort, fields)
    circle = params.location
    if circle is not UNSET and circle.radius is UNSET:
        raise InvalidParametersError(
            errors=[{"parameter": "location.radius", "error": "is required"}]
        )
    trackers = {t.id for t in _listed_trackers(ctx, params)}
    start, end = ctx.request_period(
        params.from_ if isinstance(params.from_, dt.datetime) else None,
        params.to if isinstance(params.to, dt.datetime) else None,
    )
    plain = start is None and end is None and circle is UNSET and not conditions
    ordered = search.indexed_order(ctx.world.checkins, ctx.account.id, sort, fields)
    if plain and ordered is not None:  # in an order kept by the collection, counted by tracker
        listed = (c for c in ordered if c.tracker_id in trackers)
        counted = ctx.world.checkins.counts(_TRACKER)
        count = sum(counted[(ctx.account.id, tracker)] for tracker in trackers)
        return search.take(listed, params.offset, params.limit), count
    found = []
    meets = search.matcher(conditions, fields)
    account = ctx.account.id
    candidates = _candidates(ctx, conditions, fields, start, end, params.location)
    for checkin in ctx.owned(ctx.world.checkins) if candidates is None else candidates:
        if not ctx.world.belongs(checkin, account):  # an index holds every account's
            continue
        if checkin.tracker_id not in trackers:
            continue
        if start is not None and checkin.marker_time < start:
            continue
        if end is not None and checkin.marker_time > end:
            continue
        if circle is not UNSET and isinstance(circle.radius, int):
            where = checkin.location
            if haversine_distance(circle.lat, circle.lng, where.lat, where.lng) > circle.radius:
                continue
        if meets(checkin):
            found.append(checkin)
    found = search.sort_records(found, sort, fields)
    return search.page(found, params.offset, params.limit), len(found)


def _candidates(
    ctx: Context,
    conditions: Sequence[SearchCondition],
    fields: search.Fields[CheckinRecord],
    start: dt.datetime | None,
    end: dt.datetime | None,
    circle: Location | Unset,
) -> list[CheckinRecord] | None:
    """The check-ins that may pass the filters, read from the indexes that serve them (the
    fewest any one gives: conditions, the period, the circle), or ``None`` when none serves;
    either way each is tested."""
    checkins, account = ctx.world.checkins, ctx.account.id
    periodic = start is not None or end is not None
    return search.fewest(
        search.narrowed(checkins, conditions, fields, account),
        checkins.between(account, _MARKER_TIME, start, end) if periodic else None,
        nearby(checkins, _cell_of, circle.lat, circle.lng, circle.radius)
        if not isinstance(circle, Unset) and isinstance(circle.radius, int)
        else None,
    )


def _cell_of(checkin: CheckinRecord) -> tuple[tuple[int, int]]:
    return (cell(checkin.location.lat, checkin.location.lng),)


@handles(CHECKIN_LIST)
def checkin_list(ctx: Context, params: CheckinListParams) -> CheckinList | FileReply:
    """Check-ins of the caller's trackers, filtered, sorted and paged; ``count`` is the total.

    Default: every tracker the caller sees that is not blocked and has the ``checkin`` tariff
    feature, newest first. Filters: ``trackers``, ``from``/``to``, search ``conditions`` and a
    ``location`` circle; then ``sort``, ``limit`` and ``offset``. 217 for a given tracker that
    is not such a tracker; 221 when the dealer is over its device limit; 7 when ``to`` is not
    after ``from``, for a bad condition or sort item, or a ``location`` without ``radius``; 211
    when the period is longer than the dealer's ``report.max_time_span`` (default 90 days).
    With a ``format`` the same page is answered as an XLSX workbook or a PDF report (see
    [Decisions](decisions.md#check-ins-forms-and-files)).
    """
    page, count = _find(ctx, params)
    wired = [wire_checkin(ctx, c) for c in page]
    if isinstance(params, CheckinExportParams):
        return _export(ctx, params, wired, count)
    return CheckinList(count=count, list=wired)


EXPORT_HEADINGS: Final = (
    "ID",
    "Time",
    "Tracker",
    "Employee",
    "Address",
    "Latitude",
    "Longitude",
    "Precision",
    "Comment",
    "Form",
    "Files",
)


def _export(
    ctx: Context, params: CheckinExportParams, checkins: list[Checkin], count: int
) -> FileReply:
    world = ctx.world
    rows = []
    for checkin in checkins:
        tracker = world.trackers.get(checkin.tracker_id)
        employee = (
            world.employees.get(checkin.employee_id)
            if isinstance(checkin.employee_id, int)
            else None
        )
        name = (
            " ".join(p for p in (employee.first_name, employee.last_name) if p)
            if employee is not None
            else ""
        )
        where = checkin.location
        rows.append(
            (
                checkin.id,
                checkin.marker_time.replace(tzinfo=None),
                tracker.label if tracker is not None else str(checkin.tracker_id),
                name,
                where.address if isinstance(where.address, str) else "",
                where.lat,
                where.lng,
                where.precision if isinstance(where.precision, int) else None,
                checkin.comment if isinstance(checkin.comment, str) else "",
                checkin.form_label or "",
                ", ".join(f.name for f in checkin.files),
            )
        )
    now = ctx.user_time(ctx.now()).replace(tzinfo=None)
    period = ""
    if isinstance(params.from_, dt.datetime) or isinstance(params.to, dt.datetime):
        period = f"{_when(params.from_)} to {_when(params.to)}; "
    export = Export(
        title="Check-ins",
        subtitle=f"{period}{count} found, {len(rows)} shown; exported {now:%Y-%m-%d %H:%M:%S}",
        headings=EXPORT_HEADINGS,
        rows=rows,
        created=now,
        widths=(6, 24, 18, 18, 34, 13, 13, 13, 40, 20, 24),
    )
    return FileReply(
        content=export.render(params.format),
        content_type=CONTENT_TYPES[params.format],
        filename=f"checkins.{params.format}",
    )


def _when(value: object) -> str:
    return f"{value:%Y-%m-%d %H:%M:%S}" if isinstance(value, dt.datetime) else "..."
