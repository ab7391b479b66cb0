"""A tracker's settings and the APN of its SIM card: the calls of the service's documentation
(``origin="service"``)."""

from __future__ import annotations

from typing import Any

from fleetapi._endpoint import Decision, Endpoint, Result
from fleetapi.models.tracker import TrackerReadParams
from fleetapi.models.tracker_settings import (
    ApnSettings,
    ApnSettingsReadParams,
    LbsSettingsUpdateParams,
    SpecialSettingsAnswer,
    SpecialSettingsReadParams,
    SpecialSettingsUpdateParams,
    TrackerSettings,
    TrackerSettingsUpdateParams,
    TrackingSettingsUpdateParams,
    TripDetectionSettings,
    TripDetectionUpdateParams,
)

_DEFAULTS = (
    "A tracker whose settings were never changed answers the defaults: trip detection 5 "
    "minutes idle below 3 km/h, neither ignition nor motion sensor aware (the documented "
    "example; the mock split trips at stops of 5 minutes before, then of points at 0 km/h "
    "only); an LBS radius of 300 meters (the documented read example); its tracking "
    "profile's documented example values."
)

TRACKER_SETTINGS_READ = Endpoint(
    path="tracker/settings/read",
    params=TrackerReadParams,
    result=Result.field("settings", TrackerSettings),
    summary="Read a tracker's label and group.",
    errors=(201, 208),
    safe=True,
    origin="service",
)
TRACKER_SETTINGS_UPDATE = Endpoint(
    path="tracker/settings/update",
    params=TrackerSettingsUpdateParams,
    result=Result.nothing(),
    summary="Change a tracker's label and group.",
    right="tracker_update",
    errors=(201, 204, 208),
    origin="service",
    notes="`tracker/read`, `tracker/list` and `tracker/group/list`'s trackers show the change.",
)
TRACKER_SETTINGS_TRACKING_READ = Endpoint(
    path="tracker/settings/tracking/read",
    params=TrackerReadParams,
    result=Result.field("value", dict[str, Any]),
    summary="Read a tracker's tracking mode: the fields of its model's tracking profile.",
    errors=(201, 208, 214),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "Which tracking profile a tracker has",
            "The one its model's `track_control` names (`tracker/list_models`): in the demo "
            "world `telfm` for the Teltonika FMB920 and `gv500` for the Queclink GV300, with "
            "the fields, values and limits the profile's documentation gives. A model whose "
            "`track_control` is `none`, or names a profile the mock does not know, has no "
            "tracking settings: 214.",
        ),
        Decision("Tracker settings never changed", _DEFAULTS),
    ),
)
TRACKER_SETTINGS_TRACKING_UPDATE = Endpoint(
    path="tracker/settings/tracking/update",
    params=TrackingSettingsUpdateParams,
    result=Result.nothing(),
    summary="Send a tracker new tracking settings.",
    right="tracker_configure",
    errors=(201, 208, 214, 219),
    origin="service",
    decisions=(
        Decision(
            "`tracking_settings` of `tracker/settings/tracking/update`",
            "The whole object, as later reads answer it: every field of the profile is "
            "required (the profiles the mock knows mark none optional); a field left out, one "
            "the profile does not have, a value of another type or beyond the documented "
            "limits is 7 naming `tracking_settings.<field>`, and nothing changes. An integer "
            'may come as text (`"60"`). A clone is 219.',
        ),
    ),
)
TRACKER_SETTINGS_TRIP_DETECTION_READ = Endpoint(
    path="tracker/settings/trip_detection/read",
    params=TrackerReadParams,
    result=Result.body(TripDetectionSettings),
    summary="Read when a tracker counts as idle, which ends its trips.",
    errors=(204, 208),
    safe=True,
    origin="service",
)
TRACKER_SETTINGS_TRIP_DETECTION_UPDATE = Endpoint(
    path="tracker/settings/trip_detection/update",
    params=TripDetectionUpdateParams,
    result=Result.nothing(),
    summary="Change when a tracker counts as idle: its tracks split into trips by it.",
    right="tracker_update",
    errors=(204, 208),
    origin="service",
    decisions=(
        Decision(
            "How trip detection splits a track",
            "A point slower than `idle_speed_threshold` (or, when `ignition_aware`, one "
            "reporting its ignition off) is idle; idle points lasting "
            "`min_idle_duration_minutes` or more, from the first to the point that moves off, "
            "are a parking that ends the trip before them, and a shorter stop stays in its "
            "trip. The track calls and reports split the tracker's whole history by the "
            "settings it has when asked; `track_change` rules see it stop and move off by them. "
            "`motion_sensor_aware` is kept and answered: the mock's points carry no motion "
            "sensor state. Points the device flags `parking` and gaps of more than 15 minutes "
            "end a trip whatever the settings.",
        ),
    ),
)
TRACKER_SETTINGS_LBS_READ = Endpoint(
    path="tracker/settings/lbs/read",
    params=TrackerReadParams,
    result=Result.field("max_radius", int),
    summary="Read the largest radius a tracker's LBS points may have.",
    errors=(204, 208),
    safe=True,
    origin="service",
)
TRACKER_SETTINGS_LBS_UPDATE = Endpoint(
    path="tracker/settings/lbs/update",
    params=LbsSettingsUpdateParams,
    result=Result.nothing(),
    summary="Change the largest radius a tracker's LBS points may have.",
    right="tracker_update",
    errors=(204, 208),
    origin="service",
    decisions=(
        Decision(
            "Sub-user right of `tracker/settings/lbs/update`",
            "`tracker_update`, like the other settings a user changes (the documentation "
            "names none); the radius is kept and answered, and changes no track.",
        ),
    ),
)
TRACKER_SETTINGS_SPECIAL_READ = Endpoint(
    path="tracker/settings/special/read",
    params=SpecialSettingsReadParams,
    result=Result.body(SpecialSettingsAnswer),
    summary="Read a tracker's special settings: of one kind, or of every kind its model has.",
    errors=(201, 208, 214),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "Which special settings a tracker has",
            "The kinds its model's `special_settings` lists (`tracker/list_models`; in the "
            "demo world the Teltonika FMB920's `auto_geofence_telfm`, `fcc_telfm`, "
            "`hbm_telfm`, `ign_src_telfm` and `tow_detection_telfm`); another kind is 214, "
            "and so is every kind for a model listing `none`. Without `type` the `list` holds "
            "the kinds set so far, in the model's order; a kind never set is 201 when asked "
            "for by `type` (the mock invents no device defaults).",
        ),
    ),
)
TRACKER_SETTINGS_SPECIAL_UPDATE = Endpoint(
    path="tracker/settings/special/update",
    params=SpecialSettingsUpdateParams,
    result=Result.nothing(),
    summary="Set a tracker's special settings of one kind.",
    right="tracker_configure",
    errors=(201, 208, 214),
    origin="service",
    decisions=(
        Decision(
            "`value` of `tracker/settings/special/update`",
            "One kind, whole, replacing what that kind had; the documented limits are checked "
            "(7), also those the types cannot say: valid e-mail addresses in `ddd_emails`, "
            "`rest_duration` a multiple of 15 and `motion_duration` of 100 in the Queclink tow "
            "detections. A `capacity` sent is ignored: the answer has the device's.",
        ),
    ),
)
TRACKER_APN_SETTINGS_READ = Endpoint(
    path="tracker/apn_settings/read",
    params=TrackerReadParams,
    result=Result.field("value", ApnSettings),
    summary="Read the APN a tracker's SIM card connects through.",
    errors=(201, 208, 214),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "Where a tracker's APN settings come from",
            "Its phone number's mobile network (the world's `mobile_networks`, the longest "
            "prefix of the number's digits); answered without `operator_name`, as documented. "
            "A tracker without a phone number, or of a network the world does not know, is "
            "201; a model without `has_apn_settings` is 214.",
        ),
    ),
)
APN_SETTINGS_READ = Endpoint(
    path="apn_settings/read",
    params=ApnSettingsReadParams,
    result=Result.field("value", ApnSettings),
    summary="Read the APN and operator of a phone number's mobile network.",
    errors=(201,),
    safe=True,
    origin="service",
    notes=(
        "The network whose prefix is the longest matching the number; 201 when the world "
        "knows none."
    ),
)

ENDPOINTS = (
    TRACKER_SETTINGS_READ,
    TRACKER_SETTINGS_UPDATE,
    TRACKER_SETTINGS_TRACKING_READ,
    TRACKER_SETTINGS_TRACKING_UPDATE,
    TRACKER_SETTINGS_TRIP_DETECTION_READ,
    TRACKER_SETTINGS_TRIP_DETECTION_UPDATE,
    TRACKER_SETTINGS_LBS_READ,
    TRACKER_SETTINGS_LBS_UPDATE,
    TRACKER_SETTINGS_SPECIAL_READ,
    TRACKER_SETTINGS_SPECIAL_UPDATE,
    TRACKER_APN_SETTINGS_READ,
    APN_SETTINGS_READ,
)
