"""The tracker calls almost every integration starts with (named by NOTES, their behaviour as
the service's documentation gives it), and a device's lifecycle: registering, replacing,
removing, its phone, its avatar and a datalogger's file (calls of the service's
documentation)."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Result
from fleetapi.models.common import AVATAR_TYPES
from fleetapi.models.tracker import (
    Tracker,
    TrackerAvatarUploadParams,
    TrackerChangePhoneParams,
    TrackerDataloggerUploadParams,
    TrackerListParams,
    TrackerReadParams,
    TrackerRegisterParams,
    TrackerRegisterQuickParams,
    TrackerRegisterRetryParams,
    TrackerReplaceParams,
    TrackerReplaceQuickParams,
    TrackerReplaceRetryParams,
    TrackerState,
    TrackerStates,
    TrackerStatesParams,
)

TRACKER_LIST = Endpoint(
    path="tracker/list",
    params=TrackerListParams,
    result=Result.field("list", list[Tracker]),
    summary="List the trackers available to the user.",
    safe=True,
    origin="notes",
)
TRACKER_READ = Endpoint(
    path="tracker/read",
    params=TrackerReadParams,
    result=Result.field("value", Tracker),
    summary="Read one tracker.",
    errors=(201,),
    safe=True,
    origin="notes",
    notes="A blocked tracker is answered like any other, `source.blocked` true.",
)
TRACKER_GET_STATE = Endpoint(
    path="tracker/get_state",
    params=TrackerReadParams,
    result=Result.field("state", TrackerState, user_time=True),
    summary="Read the current state of a tracker: position, connection, movement.",
    errors=(201, 208),
    safe=True,
    origin="notes",
    notes=(
        "The state object of the service's documentation (GPS, network, movement and ignition "
        "with their update times, battery, inputs, outputs, model-specific `additional` "
        "states); `user_time` beside it in every date/time mode."
    ),
    decisions=(
        Decision(
            "Which readings show in `additional`",
            "The keys the docs show, `hardware_key`, `moving` and `status`, each from the "
            "newest point that reports it, as text with every digit (a 20-digit key is not "
            "rounded); other readings go to sensors only (`tests/sdk/test_reading.py`).",
        ),
    ),
)
TRACKER_GET_STATES = Endpoint(
    path="tracker/get_states",
    params=TrackerStatesParams,
    result=Result.body(TrackerStates, user_time=True),
    summary="Read the current states of several trackers at once.",
    errors=(208, 217),
    safe=True,
    origin="notes",
    notes=(
        "A blocked tracker fails the call with 208 unless `list_blocked` lists it in "
        "`blocked`; an unknown one with 217 unless `allow_not_exist` lists it in `not_exist`. "
        "Neither gets a state, and each list is answered only when asked for."
    ),
)

_STATUS = Decision(
    "A device's registration status",
    "A registered tracker is `just_registered` (no position) until its device's first point, "
    "a replaced one `just_replaced` until the new device's; a point makes it `active`. "
    "`register_retry` takes a `just_registered` tracker and `corrupt` one in either status, "
    "243 otherwise (the documentation's 242 of `register_retry` and `replace_retry` is the "
    "code of content validation; its errors table gives 243 to *Device already connected*); "
    "`replace` and `replace_quick` take one whose device reported (266), `replace_retry` one "
    "`just_replaced` (243 once the new device reported, 266 before the first one did). The "
    "mock sends no command and no invitation: a retry answers the tracker as it is "
    "(`tests/sdk/test_tracker_registration.py`).",
)
_NEW_DEVICE = Decision(
    "A new device's model, ID and phone",
    "The model is one of the catalogue's (`tracker_models`) open to registration (220 "
    "otherwise). Its `id_type` says what `device_id` holds: `imei` 14 or 15 digits, `meid` 14 "
    "hex digits, `id,N` N digits, `ascii,A,B` A to B printable ASCII characters (7 naming "
    "`device_id` otherwise, or when it is left out); `N,M` is made by the platform (N digits "
    "starting with M), and so is the mobile app's ID when left out (12 digits). 224 when a "
    "tracker of the platform, any account's, has the device. A model with a phone "
    "(`has_phone`) needs `phone` (7), 223 when another tracker has the number (a stored "
    "leading `+` ignored); another model gets none.",
)
_PLUGINS = Decision(
    "Registration plugins",
    "The four of the documentation's guide, open to every account and listed by "
    "`plugin/list`: 44 and 37 register a device, 35 and 68 the mobile app (a model whose "
    "code starts with `mobile`); another plugin, or one for the other kind of model, is 222. "
    "37 and 68 need an activation code, 44 and 35 take one: a code that is not among the "
    "dealer's unused `activation_codes` is 227, and a registration uses its code up.",
)
_REMOVED = Decision(
    "What goes with a removed tracker",
    "`corrupt` and `delete` remove the tracker from every list and call (201 after): its "
    "points, events, sensors, the tasks and routes assigned to it, its check-ins and the "
    "forms made for it (their files marked deleted), its last change of employee; the "
    "employee and the vehicle bound to it are unbound, and it leaves rules, geo links (a "
    "link left with none is deleted) and sub-users' tracker lists. Its device ID and phone "
    "are free again.",
)

TRACKER_REGISTER = Endpoint(
    path="tracker/register",
    params=TrackerRegisterParams,
    result=Result.field("value", Tracker),
    summary="Register a new device as a tracker of the account.",
    right="tracker_register",
    errors=(7, 204, 220, 221, 222, 223, 224, 225, 227),
    origin="service",
    decisions=(
        _PLUGINS,
        _NEW_DEVICE,
        Decision(
            "The new tracker",
            "The next tracker ID, in the group named (204 unless 0 or the account's), on the "
            "lowest-ID active plan offered to the dealer that admits the account's legal type "
            "(225 when none does), created today (UTC) with no `tariff_end_date`. 221 when "
            "one more tracker passes the plan's `device_limit` for the account or the "
            "dealer's `device_limit`. A sub-user whose record lists trackers gets it in its "
            "list. `tracker/list`, `read` and `get_states` show it at once.",
        ),
    ),
    notes="Its registration status is `register_retry`'s decision.",
)
TRACKER_REGISTER_QUICK = Endpoint(
    path="tracker/register_quick",
    params=TrackerRegisterQuickParams,
    result=Result.field("value", Tracker),
    summary="Register a preconfigured device of the dealer's bundles, by its IMEI.",
    right="tracker_register",
    errors=(7, 201, 204, 220, 221, 223, 224, 225),
    origin="service",
    decisions=(
        Decision(
            "Bundles",
            "The world's `bundles` (IMEI, dealer, model, the SIM's phone): an IMEI that is not "
            "a bundle of the caller's dealer is 201; the tracker takes the bundle's model and "
            "phone, and the rest is as `tracker/register` (no plugin, no activation code).",
        ),
    ),
)
TRACKER_REGISTER_RETRY = Endpoint(
    path="tracker/register_retry",
    params=TrackerRegisterRetryParams,
    result=Result.field("value", Tracker),
    summary="Send the registration commands again to a device that has not reported yet.",
    right="tracker_register",
    errors=(7, 201, 208, 214, 219, 243),
    origin="service",
    decisions=(
        Decision(
            "`register_retry` by `device_id`",
            "`tracker_id`, else `device_id` names the tracker (7 without either; 201 when "
            "no tracker the caller sees has it). 214 for a model without a phone.",
        ),
        _STATUS,
    ),
)
TRACKER_REPLACE = Endpoint(
    path="tracker/replace",
    params=TrackerReplaceParams,
    result=Result.field("value", Tracker),
    summary="Put a new device behind a tracker, keeping its ID and history.",
    right="tracker_configure",
    errors=(7, 201, 208, 219, 220, 221, 222, 223, 224, 266),
    origin="service",
    decisions=(
        Decision(
            "What a replacement keeps",
            "The tracker's ID, label, group, tags, plan, sensors, rules, points and events; "
            "the device is new: a new `source.id`, the model, device ID and phone given "
            "(checked as `tracker/register` checks them, no activation code). 7 naming "
            "`model` when the old or the new model is the mobile app; 221 only when the "
            "dealer is over its device limit already (the count does not change).",
        ),
    ),
    notes=(
        "The new device's model, ID and phone are checked as `tracker/register`'s (its "
        "decisions); the registration status is `register_retry`'s decision."
    ),
)
TRACKER_REPLACE_QUICK = Endpoint(
    path="tracker/replace_quick",
    params=TrackerReplaceQuickParams,
    result=Result.field("value", Tracker),
    summary="Put a preconfigured device of the dealer's bundles behind a tracker.",
    right="tracker_configure",
    errors=(7, 201, 208, 219, 220, 221, 223, 224, 266),
    origin="service",
    notes=(
        "The bundle (201 when the IMEI is none of the dealer's) gives the model and phone; "
        "the rest is as `tracker/replace`."
    ),
)
TRACKER_REPLACE_RETRY = Endpoint(
    path="tracker/replace_retry",
    params=TrackerReplaceRetryParams,
    result=Result.field("value", Tracker),
    summary="Send the registration commands again to a replacement device.",
    right="tracker_configure",
    errors=(204, 208, 214, 219, 243, 266),
    origin="service",
    notes=(
        "A tracker the caller does not see is 204, as documented for this call; the "
        "registration status is `register_retry`'s decision."
    ),
)
TRACKER_CHANGE_PHONE = Endpoint(
    path="tracker/change_phone",
    params=TrackerChangePhoneParams,
    result=Result.nothing(),
    summary="Give a tracker's device a new SIM card: its phone number and APN.",
    right="tracker_configure",
    errors=(201, 208, 214, 219, 223, 241),
    origin="service",
    decisions=(
        Decision(
            "`tracker/change_phone`",
            "The number becomes the tracker's `source.phone` (the APN is not kept): 214 for "
            "a model without a phone, 223 when another tracker has the number, 241 when it "
            "is the SIM card of one of the dealer's bundles that is not this device.",
        ),
    ),
)
TRACKER_CORRUPT = Endpoint(
    path="tracker/corrupt",
    params=TrackerReadParams,
    result=Result.nothing(),
    summary="Delete a tracker whose device never reported, freeing its device ID and phone.",
    right="tracker_register",
    errors=(201, 208, 219, 243),
    origin="service",
    notes=(
        "A corrupted tracker is gone: a second call answers 201 (the documented 252 never). "
        "The registration status is `register_retry`'s decision."
    ),
    decisions=(_REMOVED,),
)
TRACKER_DELETE = Endpoint(
    path="tracker/delete",
    params=TrackerReadParams,
    result=Result.nothing(),
    summary="Delete a clone of a device.",
    master_only=True,
    errors=(201, 203, 208, 249),
    origin="service",
    notes=(
        "249 for a tracker that is not a clone; 203 while rules or vehicles are bound to it, "
        "naming them as documented: `rules` or `vehicles` beside `status` (IDs). What goes "
        "with the clone is `tracker/corrupt`'s decision."
    ),
)
TRACKER_AVATAR_UPLOAD = Endpoint(
    path="tracker/avatar/upload",
    params=TrackerAvatarUploadParams,
    result=Result.field("value", str),
    summary="Upload an image as a tracker's avatar and get its file name.",
    right="tracker_update",
    errors=(201, 208, 233, 234),
    upload=True,
    origin="service",
    notes=(
        "A `multipart/form-data` request: the image travels as the part named `file` ("
        + ", ".join(f"`{t}`" for t in AVATAR_TYPES)
        + "; 234 for another type, 233 without it). The answer, the file's name, is the "
        "tracker's `avatar_file_name` from then on (`tracker/list`, `tracker/read`), named "
        "as a tag's avatar is."
    ),
)
TRACKER_DATALOGGER_UPLOAD = Endpoint(
    path="tracker/datalogger/upload",
    params=TrackerDataloggerUploadParams,
    result=Result.nothing(),
    summary="Upload a datalogger's CSV file of points into its tracker's track.",
    errors=(201, 208, 214, 219, 233, 234, 268),
    upload=True,
    origin="service",
    decisions=(
        Decision(
            "The datalogger's file",
            "The documentation names no format. The mock reads UTF-8 CSV (comma or "
            "semicolon) whose first line names the columns: `time` (`YYYY-MM-DD HH:MM:SS` "
            "in the user's time zone, or ISO 8601 with an offset), `lat` and `lng` "
            "(degrees) required, `speed` (km/h), `heading`, `alt` (m) and `satellites` "
            "optional, others ignored; a row per point. Only a tracker of a `logger` model "
            "takes one (214). A row that does not read is 234 naming its line, a file "
            "without rows 233; nothing is recorded then. The points join the track as a "
            "device's buffered points do (events, rules, the state when newer); 268 past "
            "the world's records limit.",
        ),
    ),
)

ENDPOINTS = (
    TRACKER_LIST,
    TRACKER_READ,
    TRACKER_GET_STATE,
    TRACKER_GET_STATES,
    TRACKER_REGISTER,
    TRACKER_REGISTER_QUICK,
    TRACKER_REGISTER_RETRY,
    TRACKER_REPLACE,
    TRACKER_REPLACE_QUICK,
    TRACKER_REPLACE_RETRY,
    TRACKER_CHANGE_PHONE,
    TRACKER_CORRUPT,
    TRACKER_DELETE,
    TRACKER_AVATAR_UPLOAD,
    TRACKER_DATALOGGER_UPLOAD,
)
