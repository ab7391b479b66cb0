"""Tracker reports: ``report/tracker/*``, as the service documents them.

A report is generated in the background: ``generate`` answers its ID at once, ``status`` and
``list`` tell how far it is (``percent``), and once it is done ``retrieve`` answers its content
and ``download`` a file of it. What a report holds depends on its *plugin* (``plugin_id`` 4 for
trips, 6 for stops...); its content is a list of sheets, one per tracker, each a list of
sections told apart by their ``type`` (``table``, ``map_table``, ``text``), kept as JSON
objects because their keys depend on the plugin.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Final, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset

__all__ = [
    "CLOCK_PATTERN",
    "LocaleInfo",
    "Report",
    "ReportDownloadParams",
    "ReportFormat",
    "ReportGenerateParams",
    "ReportInfo",
    "ReportParameters",
    "ReportParams",
    "ReportPlugin",
    "ReportSheet",
    "TimeFilter",
]

ReportFormat = Literal["xls", "xlsx", "pdf"]
"""The file formats of ``report/tracker/download``."""

CLOCK_PATTERN: Final = r"^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$"
"""A time of day, ``HH:MM`` or ``HH:MM:SS``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TimeFilter:
    """The hours of the day and the weekdays whose data a report takes."""

    from_: str = attrs.field(metadata=rules(pattern=CLOCK_PATTERN))
    """Start of the daily window, ``HH:MM`` or ``HH:MM:SS``."""
    to: str = attrs.field(metadata=rules(pattern=CLOCK_PATTERN))
    """End of the daily window (a window ending before it starts runs past midnight)."""
    weekdays: list[int] = attrs.field(metadata=rules(min_items=1, max_items=7))
    """ISO weekdays, 1 (Monday) to 7 (Sunday)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportPlugin:
    """Which report to make (``plugin_id``) and its options; each plugin reads its own."""

    plugin_id: int
    """4 trips, 6 stops, 8 zone visits, 27 speeding (the mock's plugins)."""
    show_seconds: bool | Unset = UNSET
    """Times with seconds."""
    hide_empty_tabs: bool | Unset = UNSET
    """Leave out the sheets of trackers without data."""
    include_summary_sheet: bool | Unset = UNSET
    include_summary_sheet_only: bool | Unset = UNSET
    split: bool | Unset = UNSET
    """Trips: split at stops (default true)."""
    show_idle_duration: bool | Unset = UNSET
    show_coordinates: bool | Unset = UNSET
    """Addresses followed by their coordinates."""
    filter: bool | Unset = UNSET
    """Leave out trips too short to be real (as ``asset/track/list`` does)."""
    group_by_driver: bool | Unset = UNSET
    show_mileage: bool | Unset = UNSET
    show_not_visited_zones: bool | Unset = UNSET
    min_minutes_in_zone: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    zone_ids: list[int] | Unset = UNSET
    hide_charts: bool | Unset = UNSET
    min_duration_minutes: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Speeding: how long the speed must stay above ``max_speed`` to count."""
    max_speed: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=1))
    """Speeding: the limit, km/h."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportGenerateParams:
    """Parameters of ``report/tracker/generate``."""

    from_: dt.datetime
    """The start of the period (the user's time zone)."""
    to: dt.datetime
    """After ``from``; the span at most the platform's ``report.max_time_span`` (211)."""
    title: str | Unset | None = attrs.field(default=UNSET, metadata=rules(max_length=100))
    """Null or omitted: the plugin's own title."""
    geocoder: str | Unset = UNSET
    """The geocoder naming places in the report."""
    trackers: list[int] | Unset = attrs.field(default=UNSET, metadata=rules(min_items=1))
    """The trackers the report covers."""
    employees: list[int] | Unset = UNSET
    """For reports by employees."""
    time_filter: TimeFilter | Unset = UNSET
    """Default: the whole day, every day."""
    plugin: ReportPlugin
    """The report to make and its options."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportParams:
    """Parameters of ``report/tracker/status``, ``retrieve`` and ``delete``."""

    report_id: int
    """The report."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportDownloadParams:
    """Parameters of ``report/tracker/download``."""

    report_id: int
    """The report."""
    format: ReportFormat
    """``xlsx`` (``xls`` answers the same workbook) or ``pdf``."""
    headless: bool | Unset = UNSET
    """Without the title page (default false)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class LocaleInfo:
    """The language, time zone and units a report was made in."""

    locale: str
    time_zone: str
    measurement_system: str


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportParameters:
    """What a report was asked for."""

    geocoder: str | None = None
    trackers: list[int] = attrs.Factory(list)
    plugins: list[ReportPlugin] = attrs.Factory(list)
    """The plugin, with the options it was given."""
    locale_info: LocaleInfo


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportInfo:
    """A report as ``report/tracker/list`` answers it: what it covers and how far it is."""

    id: int
    created: dt.datetime
    title: str
    time_filter: TimeFilter
    parameters: ReportParameters
    percent: int
    """Readiness, 0 to 100."""
    type: str = "user"
    from_: dt.datetime
    to: dt.datetime


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportSheet:
    """One sheet of a report: a tracker's (or the summary's) sections."""

    header: str
    """The tracker's label (and its vehicle), or the summary's title."""
    sections: list[dict[str, Any]]
    """Sections told apart by ``type``: ``table`` (``columns``, and ``data`` groups of
    ``rows`` with a ``total``), ``map_table`` (named ``rows``), ``text``. A cell is
    ``{"v": text, "raw": number, "type": "value"}``, with ``location`` for places."""
    entity_ids: list[int] = attrs.Factory(list)
    """The trackers the sheet covers."""
    additional_field: str = ""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Report:
    """A generated report as ``report/tracker/retrieve`` answers it."""

    id: int
    created: dt.datetime
    title: str
    time_filter: TimeFilter
    sheets: list[ReportSheet]
    from_: dt.datetime
    to: dt.datetime
