"""The report plugins of the service's documentation: one entry per plugin, declared once.

Every report is made by a *plugin* (``plugin_id`` of ``report/tracker/generate``). This
catalogue holds what the documentation says of each: its ID, its name on the command line
(``fleet report generate --plugin eco-driving-by-trackers``), its default title, the service's
module (``plugin/list``), the options it documents and whom its sheets are about. The SDK's
``ReportPlugin`` declares every option once; the mock, the CLI and the docs read this table.

Names follow one rule: the documentation's heading, lower case, without "report" and "report
on", every run of other characters than letters and digits one ``-`` ("Eco-driving report by
trackers" is ``eco-driving-by-trackers``).
"""

from __future__ import annotations

from typing import Final, Literal

import attrs

__all__ = [
    "ALL_EVENT_TYPES",
    "BY_ID",
    "COMMON_OPTIONS",
    "HARSH_DRIVING_KINDS",
    "PLUGINS",
    "PluginInfo",
    "plugin_named",
]

COMMON_OPTIONS: Final = ("show_seconds",)
"""Options every plugin reads beside its own (``plugin_id`` aside)."""

_SUMMARY: Final = ("include_summary_sheet_only", "include_summary_sheet")
_SENSORS: Final = (
    "details_interval_seconds",
    "details_interval_minutes",
    "graph_type",
    "smoothing",
)
_ECO: Final = (
    "harsh_driving_penalties", "speeding_penalties", "speed_limit", "idling_penalty",
    "min_idling_duration", "min_speeding_duration", "use_vehicle_speed_limit", "show_seconds",
)  # fmt: skip
_PLAIN: Final = ("hide_empty_tabs", "show_seconds")


@attrs.frozen
class PluginInfo:
    """What the service's documentation says of one report plugin."""

    id: int
    """Its ``plugin_id``."""
    title: str
    """The report's title when ``generate`` gives none (the documentation's heading)."""
    names: tuple[str, ...]
    """Its names on the command line, by the naming rule; more than one where the
    documentation describes the plugin under two headings."""
    module: str
    """The last part of its service module (``com.navixy.plugin.tracker.report.<module>``)."""
    options: tuple[str, ...]
    """The options its documentation lists, as ``ReportPlugin`` names them."""
    by: Literal["trackers", "employees"] = "trackers"
    """Whom its sheets are about: the ``trackers`` of the request, or its ``employees``."""
    max_span_hours: int | None = None
    """The longest period it covers, when the documentation sets one (the point report: 24)."""
    old_names: tuple[str, ...] = ()
    """Names it had before the naming rule: still read, with a warning, until 0.4."""

    @property
    def name(self) -> str:
        """Its name on the command line."""
        return self.names[0]


PLUGINS: Final[tuple[PluginInfo, ...]] = (
    PluginInfo(4, "Trips", ("trips",), "trip", (
        "hide_empty_tabs", "show_seconds", *_SUMMARY, "split", "show_idle_duration",
        "show_coordinates", "filter", "group_by_driver",
    )),
    PluginInfo(6, "Stops", ("stops",), "stops", (
        "hide_empty_tabs", "show_seconds", "show_coordinates", "filter",
    )),
    PluginInfo(77, "Trips and stops by shifts", ("trips-and-stops-by-shifts",), "shifts", (
        "hide_empty_tabs", "show_seconds", "shifts", "filter", "show_coordinates",
        "split_at_midnight",
    )),
    PluginInfo(8, "Geofence visits", ("geofence-visits",), "geofences", (
        "hide_empty_tabs", "show_seconds", "show_mileage", "show_not_visited_zones",
        "min_minutes_in_zone", "zone_ids", "hide_charts", *_SUMMARY,
    )),
    PluginInfo(85, "POI visits", ("poi-visits", "stay-in-places"), "places", (
        "hide_empty_tabs", "show_seconds", "show_mileage", "show_not_visited_places",
        "min_minutes_in_place", "place_ids", "hide_charts", *_SUMMARY,
        "fetch_places_by_employees",
    )),
    PluginInfo(15, "Car security", ("car-security",), "car_security", _PLAIN),
    PluginInfo(16, "Emergency button (SOS)", ("emergency-button-sos",), "sos", _PLAIN),
    PluginInfo(17, "Fall detection", ("fall-detection",), "fall_detection", _PLAIN),
    PluginInfo(18, "Tracker detach", ("tracker-detach",), "detach", _PLAIN),
    PluginInfo(19, "Overall security", ("overall-security",), "security", (
        *_PLAIN, "group_by_type",
    )),
    PluginInfo(7, "Engine hours", ("engine-hours",), "engine_hours", (
        "hide_empty_tabs", "show_seconds", "show_detailed", *_SUMMARY, "filter",
    )),
    PluginInfo(10, "Fuel volume", ("fuel-volume",), "fuel", (
        "show_seconds", "graph_type", "detailed_by_dates", *_SUMMARY,
        "use_ignition_data_for_consumption", "include_mileage_plot", "filter",
        "include_speed_plot", "smoothing", "surge_filter", "surge_filter_threshold",
    )),
    PluginInfo(78, "Flow meter", ("flow-meter",), "flow_meter", (
        "detailed_by_dates", "filter", *_SUMMARY,
    )),
    PluginInfo(22, "Vehicle sensors", ("vehicle-sensors",), "vehicle_sensors", (
        "hide_empty_tabs", *_SENSORS, "sensors",
    )),
    PluginInfo(27, "Speed violation", ("speed-violation",), "speed_violation", (
        "hide_empty_tabs", "show_seconds", "min_duration_minutes", "max_speed",
        "group_by_driver", "filter",
    ), old_names=("speeding",)),
    PluginInfo(23, "Device switching ON/OFF", ("device-switching-on-off",), "power", _PLAIN),
    PluginInfo(13, "GSM connection lost", ("gsm-connection-lost",), "gsm_lost", _PLAIN),
    PluginInfo(9, "Measuring sensors", ("measuring-sensors",), "sensors", (
        "hide_empty_tabs", *_SENSORS, "show_address", "filter", "sensors",
    )),
    PluginInfo(12, "Equipment working time", ("equipment-working-time",), "equipment", (
        "hide_empty_tabs", "show_seconds", "min_working_period_duration", "show_idle_percent",
        "filter", "sensors",
    )),
    PluginInfo(42, "Tasks", ("tasks",), "tasks", (
        "hide_empty_tabs", "show_seconds", "show_external_id", "show_description",
        "show_forms", "show_places_and_zones",
    )),
    PluginInfo(70, "Form completion statistics", ("form-completion-statistics",), "forms", (
        "hide_empty_tabs", "show_nonselected",
    )),
    PluginInfo(47, "Work statuses", ("work-statuses",), "statuses", _PLAIN),
    PluginInfo(80, "Check-in", ("check-in",), "checkin", (
        "show_coordinates", "hide_empty_tabs", "show_places_and_zones", "show_forms",
    )),
    PluginInfo(66, "Driver shift change", ("driver-shift-change",), "driver_change", _PLAIN),
    PluginInfo(73, "Trips by state", ("trips-by-state",), "trips_by_state", (
        "hide_empty_tabs", "show_seconds", "filter", *_SUMMARY, "group_type",
    )),
    PluginInfo(11, "All events", ("all-events",), "events", (
        *_PLAIN, "group_by_type", "event_types",
    )),
    PluginInfo(89, "Geofence entry/exit events", ("geofence-entry-exit-events",), "zone_events", (
        *_PLAIN, "min_minutes_in_zone",
    )),
    PluginInfo(20, "SMS-locations", ("sms-locations",), "sms_locations", _PLAIN),
    PluginInfo(91, "Point", ("point",), "points", ("show_seconds",), max_span_hours=24),
    PluginInfo(46, "Eco-driving by trackers", ("eco-driving-by-trackers",), "eco_driving", _ECO),
    PluginInfo(
        82, "Eco-driving by drivers", ("eco-driving-by-drivers",), "eco_driving_drivers", _ECO,
        by="employees",
    ),
    PluginInfo(84, "Stay in zones", ("stay-in-zones",), "stay_in_zones", (
        "show_seconds", "show_tags", "min_minutes_in_zone", "zone_ids",
    )),
    PluginInfo(95, "Fuel volume 2.0", ("fuel-volume-2-0",), "fuel_v2", ("hide_empty_tabs",)),
)  # fmt: skip
"""Every report plugin of the service's documentation, in its order."""

BY_ID: Final[dict[int, PluginInfo]] = {p.id: p for p in PLUGINS}
"""The plugins by ``plugin_id``."""

HARSH_DRIVING_KINDS: Final = (
    "harshAcceleration", "harshBraking", "harshTurn", "harshAccelerationNTurn",
    "harshBrakingNTurn", "harshQuickLaneChange",
)  # fmt: skip
"""The keys of the eco-driving plugins' ``harsh_driving_penalties``."""

ALL_EVENT_TYPES: Final = (
    "auto_geofence_in", "auto_geofence_out", "door_alarm", "forward_collision_warning",
    "gps_lost", "gps_recover", "gsm_damp", "harsh_driving", "headway_warning", "hood_alarm",
    "idle_end", "idle_start", "ignition", "inroute", "outroute", "lane_departure",
    "obd_plug_in", "obd_unplug", "peds_collision_warning", "peds_in_danger_zone",
    "odometer_set", "online", "output_change", "security_control", "tracker_rename",
    "track_end", "track_start", "tsr_warning", "sensor_inrange", "sensor_outrange",
    "work_status_change", "call_button_pressed", "driver_changed", "driver_identified",
    "driver_not_identified", "fueling", "drain", "checkin_creation", "tacho",
    "antenna_disconnect", "check_engine_light", "location_response", "backup_battery_low",
    "fatigue_driving", "inzone", "outzone", "speedup", "alarmcontrol", "battery_off",
    "bracelet_close", "bracelet_open", "case_closed", "case_opened", "crash_alarm", "detach",
    "g_sensor", "input_change", "light_sensor_bright", "light_sensor_dark", "lock_closed",
    "lock_opened", "lowpower", "offline", "parking", "poweroff", "poweron", "sos",
    "strap_bolt_cut", "strap_bolt_ins", "vibration_start", "vibration_end",
    "proximity_violation_start", "proximity_violation_end", "force_location_request", "info",
)  # fmt: skip
"""The event types the report on all events (plugin 11) may be given (``event_types``)."""


def plugin_named(name: str) -> PluginInfo | None:
    """The plugin a command-line name (or an old one) names, if any."""
    for plugin in PLUGINS:
        if name in plugin.names or name in plugin.old_names:
            return plugin
    return None
