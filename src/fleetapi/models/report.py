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
from typing import Any, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.common import CLOCK_PATTERN as CLOCK_PATTERN

__all__ = [
    "GraphType",
    "GroupType",
    "LocaleInfo",
    "Report",
    "ReportDownloadParams",
    "ReportFormat",
    "ReportGenerateParams",
    "ReportInfo",
    "ReportParameters",
    "ReportParams",
    "ReportPlugin",
    "ReportSensor",
    "ReportSheet",
    "ReportShift",
    "TimeFilter",
]

ReportFormat = Literal["xls", "xlsx", "pdf"]
"""The file formats of ``report/tracker/download``."""


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
class ReportShift:
    """A work shift of the trips and stops by shifts report (plugin 77)."""

    name: str = attrs.field(metadata=rules(max_length=100))
    """The shift's name, its rows' heading."""
    start_time: str = attrs.field(metadata=rules(pattern=CLOCK_PATTERN))
    """When it starts, ``HH:MM``."""
    end_time: str = attrs.field(metadata=rules(pattern=CLOCK_PATTERN))
    """When it ends, ``HH:MM`` (an end before the start runs past midnight)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportSensor:
    """A sensor of a tracker that a sensor report covers."""

    tracker_id: int
    """The tracker."""
    sensor_id: int
    """One of its sensors."""


GraphType = Literal["time", "mileage"]
"""The X axis of a report's charts."""

GroupType = Literal["province", "country"]
"""How the trips by state report groups its rows: by the ``province`` or the ``country``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportPlugin:
    """Which report to make (``plugin_id``) and its options; each plugin reads those its
    documentation lists (:data:`fleetapi.report_plugins.PLUGINS`) and ignores the others."""

    plugin_id: int
    """The report: 4 trips, 46 eco-driving... (:data:`fleetapi.report_plugins.PLUGINS`)."""
    show_seconds: bool | Unset = UNSET
    """Times with seconds."""
    hide_empty_tabs: bool | Unset = UNSET
    """Leave out the sheets of trackers without data."""
    include_summary_sheet: bool | Unset = UNSET
    """Add a summary sheet of every tracker (default true)."""
    include_summary_sheet_only: bool | Unset = UNSET
    """Make the summary sheet alone."""
    split: bool | Unset = UNSET
    """Trips: split at stops (default true)."""
    show_idle_duration: bool | Unset = UNSET
    """Trips: show how long the engine idled."""
    show_coordinates: bool | Unset = UNSET
    """Addresses followed by their coordinates."""
    filter: bool | Unset = UNSET
    """Leave out trips too short to be real (as ``asset/track/list`` does)."""
    group_by_driver: bool | Unset = UNSET
    """Group rows by the driver of the tracker."""
    show_mileage: bool | Unset = UNSET
    """Visits: add the km driven inside."""
    show_not_visited_zones: bool | Unset = UNSET
    """Geofence visits: list zones without visits too."""
    min_minutes_in_zone: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Zones: the shortest stay that counts as a visit, minutes."""
    zone_ids: list[int] | Unset = UNSET
    """Zones: the zones covered (every zone when empty or omitted, where allowed)."""
    hide_charts: bool | Unset = UNSET
    """Leave the charts out."""
    min_duration_minutes: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Speeding: how long the speed must stay above ``max_speed`` to count."""
    max_speed: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=1))
    """Speeding: the limit, km/h."""
    shifts: list[ReportShift] | Unset = attrs.field(default=UNSET, metadata=rules(min_items=1))
    """Trips and stops by shifts: the shifts."""
    split_at_midnight: bool | Unset = UNSET
    """Trips and stops by shifts: split a shift at midnight."""
    show_not_visited_places: bool | Unset = UNSET
    """POI visits: list places without visits too."""
    min_minutes_in_place: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """POI visits: the shortest stay that counts as a visit, minutes."""
    place_ids: list[int] | Unset = UNSET
    """POI visits: the places covered."""
    fetch_places_by_employees: bool | Unset = UNSET
    """POI visits: the places assigned to the trackers' employees (not with ``place_ids``)."""
    group_by_type: bool | Unset = UNSET
    """Events: group the rows by event type."""
    show_detailed: bool | Unset = UNSET
    """Engine hours: add the detailed sheet."""
    graph_type: GraphType | Unset = UNSET
    """The charts' X axis: ``time`` or ``mileage``."""
    detailed_by_dates: bool | Unset = UNSET
    """Fuel: add a table of each day's figures."""
    use_ignition_data_for_consumption: bool | Unset = UNSET
    """Fuel: count consumption only while the ignition is on."""
    include_mileage_plot: bool | Unset = UNSET
    """Fuel: add the mileage to a time chart."""
    include_speed_plot: bool | Unset = UNSET
    """Fuel: add the speed to the chart."""
    smoothing: bool | Unset = UNSET
    """Smooth the sensor values (refills and drains are found less exactly)."""
    surge_filter: bool | Unset = UNSET
    """Fuel: leave out lone surges of the level."""
    surge_filter_threshold: float | Unset = attrs.field(
        default=UNSET, metadata=rules(minimum=0.01, maximum=0.99)
    )
    """Fuel: how large a surge is, as a part of the tank (0.01 to 0.99)."""
    details_interval_seconds: int | Unset = attrs.field(
        default=UNSET, metadata=rules(minimum=30, maximum=21600)
    )
    """Sensors: the interval of the rows, 30 to 21600 seconds."""
    details_interval_minutes: Literal[5, 30, 60, 180, 360] | Unset = UNSET
    """Deprecated by the service: ``details_interval_seconds`` in minutes."""
    sensors: list[ReportSensor] | Unset = UNSET
    """Sensors and equipment: the trackers' sensors covered."""
    show_address: bool | Unset = UNSET
    """Measuring sensors: the address of each reading."""
    min_working_period_duration: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=1))
    """Equipment: the shortest run that counts as work, seconds."""
    show_idle_percent: bool | Unset = UNSET
    """Equipment: the part of the time idle, in percent."""
    show_external_id: bool | Unset = UNSET
    """Tasks: each task's external ID."""
    show_description: bool | Unset = UNSET
    """Tasks: each task's description."""
    show_forms: bool | Unset = UNSET
    """Tasks and check-ins: the forms filled."""
    show_places_and_zones: bool | Unset = UNSET
    """Tasks and check-ins: the places and zones they lie in."""
    show_nonselected: bool | Unset = UNSET
    """Form statistics: the options nobody chose too."""
    group_type: GroupType | Unset = UNSET
    """Trips by state: group by ``province`` or ``country``."""
    event_types: list[str] | Unset = UNSET
    """All events: the types covered (:data:`fleetapi.report_plugins.ALL_EVENT_TYPES`)."""
    harsh_driving_penalties: dict[str, int] | Unset = UNSET
    """Eco-driving: penalty points per harsh driving kind (``harshBraking``...)."""
    speeding_penalties: dict[str, int] | Unset = UNSET
    """Eco-driving: penalty points by km/h over the limit (``"10"``, ``"20"``...)."""
    speed_limit: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=1))
    """Eco-driving: the speed limit, km/h."""
    idling_penalty: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Eco-driving: penalty points per idling."""
    min_idling_duration: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Eco-driving: the shortest idling that counts, minutes."""
    min_speeding_duration: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Eco-driving: the shortest speeding that counts, minutes."""
    use_vehicle_speed_limit: bool | Unset = UNSET
    """Eco-driving: each vehicle's own speed limit instead of ``speed_limit``."""
    show_tags: bool | Unset = UNSET
    """Stay in zones: the zones' tags."""


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
