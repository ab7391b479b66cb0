"""A tracker's settings and the APN of its SIM card.

Every call is about a tracker the caller sees and that is not blocked (208); a missing one (or
another account's, or one outside a sub-user's ``trackers``) is the code each call documents,
201 or 204. What the calls change is kept in ``world.tracker_settings``
(:mod:`fleetapi_mock.domain.tracker_settings`); trip detection changes how the track calls
split the tracker's points into trips from then on.
"""

from __future__ import annotations

from typing import Any

import attrs

from fleetapi._errors import EntityMissingError, EntityNotFoundError, NotSupportedByDeviceError
from fleetapi.endpoints.tracker_settings import (
    APN_SETTINGS_READ,
    TRACKER_APN_SETTINGS_READ,
    TRACKER_SETTINGS_LBS_READ,
    TRACKER_SETTINGS_LBS_UPDATE,
    TRACKER_SETTINGS_READ,
    TRACKER_SETTINGS_SPECIAL_READ,
    TRACKER_SETTINGS_SPECIAL_UPDATE,
    TRACKER_SETTINGS_TRACKING_READ,
    TRACKER_SETTINGS_TRACKING_UPDATE,
    TRACKER_SETTINGS_TRIP_DETECTION_READ,
    TRACKER_SETTINGS_TRIP_DETECTION_UPDATE,
    TRACKER_SETTINGS_UPDATE,
)
from fleetapi.models.tracker import TrackerReadParams
from fleetapi.models.tracker_settings import (
    ApnSettings,
    ApnSettingsReadParams,
    LbsSettingsUpdateParams,
    SpecialSettings,
    SpecialSettingsAnswer,
    SpecialSettingsReadParams,
    SpecialSettingsUpdateParams,
    TrackerSettings,
    TrackerSettingsUpdateParams,
    TrackingSettingsUpdateParams,
    TripDetectionSettings,
    TripDetectionUpdateParams,
)
from fleetapi.models.tracker_special_device import (
    CALL_BUTTONS,
    CALL_BUTTONS_V40,
    PHONEBOOK_GT300,
    PHONEBOOK_PT100,
    CallButton,
    CallButtonsV40,
    PhonebookGt300,
    PhonebookPt100,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.tracker import unblocked_tracker
from fleetapi_mock.domain.tracker_settings import (
    DEFAULT_LBS_RADIUS,
    DEFAULT_TRIP_DETECTION,
    change_settings,
    check_special,
    check_tracking,
    mobile_network,
    model_of,
    profile_of,
    settings_of,
    special_kinds,
)
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import convert


@handles(TRACKER_SETTINGS_READ)
def tracker_settings_read(ctx: Context, params: TrackerReadParams) -> TrackerSettings:
    """The tracker's label and group (0: the default group)."""
    record = unblocked_tracker(ctx, params.tracker_id)
    return TrackerSettings(label=record.label, group_id=record.group_id)


@handles(TRACKER_SETTINGS_UPDATE)
def tracker_settings_update(ctx: Context, params: TrackerSettingsUpdateParams) -> None:
    """The tracker's new label and group: 204 for a group that is not the account's (0, the
    default group, is always there)."""
    record = unblocked_tracker(ctx, params.tracker_id)
    if params.group_id:
        ctx.owned_one(
            ctx.world.tracker_groups, params.group_id, "tracker group", EntityMissingError
        )
    ctx.world.trackers.change(record.id, label=params.label, group_id=params.group_id)


@handles(TRACKER_SETTINGS_TRACKING_READ)
def tracker_settings_tracking_read(ctx: Context, params: TrackerReadParams) -> dict[str, Any]:
    """The tracker's tracking settings: those last sent, else its profile's documented example
    (214 for a model without a tracking profile the mock knows)."""
    record = unblocked_tracker(ctx, params.tracker_id)
    profile = profile_of(ctx.world, record)
    stored = settings_of(ctx.world, record.id).tracking
    return dict(profile.example if stored is None else stored)


@handles(TRACKER_SETTINGS_TRACKING_UPDATE)
def tracker_settings_tracking_update(ctx: Context, params: TrackingSettingsUpdateParams) -> None:
    """The tracker's new tracking settings, whole, checked against its profile (7 naming
    each field at fault); 219 for a clone, 214 for a model without a profile."""
    record = unblocked_tracker(ctx, params.tracker_id, refuse_clone=True)
    stored = check_tracking(profile_of(ctx.world, record), params.tracking_settings)
    change_settings(ctx.world, record.id, tracking=stored)


@handles(TRACKER_SETTINGS_TRIP_DETECTION_READ)
def tracker_settings_trip_detection_read(
    ctx: Context, params: TrackerReadParams
) -> TripDetectionSettings:
    """When the tracker counts as idle: the settings last changed, else 5 minutes below
    3 km/h (204 for a tracker the caller does not see)."""
    record = unblocked_tracker(ctx, params.tracker_id, EntityMissingError)
    stored = settings_of(ctx.world, record.id).trip_detection
    return DEFAULT_TRIP_DETECTION if stored is None else stored


@handles(TRACKER_SETTINGS_TRIP_DETECTION_UPDATE)
def tracker_settings_trip_detection_update(ctx: Context, params: TripDetectionUpdateParams) -> None:
    """New trip detection: the track calls and reports split the tracker's points by it from
    now on."""
    record = unblocked_tracker(ctx, params.tracker_id, EntityMissingError)
    change_settings(ctx.world, record.id, trip_detection=convert(TripDetectionSettings, params))


@handles(TRACKER_SETTINGS_LBS_READ)
def tracker_settings_lbs_read(ctx: Context, params: TrackerReadParams) -> int:
    """The largest radius of the tracker's LBS points: the last set, else 300 meters."""
    record = unblocked_tracker(ctx, params.tracker_id, EntityMissingError)
    stored = settings_of(ctx.world, record.id).lbs_max_radius
    return DEFAULT_LBS_RADIUS if stored is None else stored


@handles(TRACKER_SETTINGS_LBS_UPDATE)
def tracker_settings_lbs_update(ctx: Context, params: LbsSettingsUpdateParams) -> None:
    """A new largest radius of the tracker's LBS points."""
    record = unblocked_tracker(ctx, params.tracker_id, EntityMissingError)
    change_settings(ctx.world, record.id, lbs_max_radius=params.max_radius)


@handles(TRACKER_SETTINGS_SPECIAL_READ)
def tracker_settings_special_read(
    ctx: Context, params: SpecialSettingsReadParams
) -> SpecialSettingsAnswer:
    """The tracker's special settings of the kind asked for (``value``: 214 when its model
    lacks the kind, 201 when never set), or those set of every kind its model has (``list``;
    214 for a model with none)."""
    record = unblocked_tracker(ctx, params.tracker_id)
    kinds = special_kinds(ctx.world, record)
    stored = {type(item).TAG: item for item in settings_of(ctx.world, record.id).special}
    if isinstance(params.type, str):
        if params.type not in kinds:
            raise NotSupportedByDeviceError(f"tracker {record.id} has no {params.type} settings")
        found = stored.get(params.type)
        if found is None:
            raise EntityNotFoundError(f"no {params.type} settings of tracker {record.id}")
        return SpecialSettingsAnswer(value=found)
    if not kinds:
        raise NotSupportedByDeviceError(f"tracker {record.id} has no special settings")
    return SpecialSettingsAnswer(list=[stored[kind] for kind in kinds if kind in stored])


@handles(TRACKER_SETTINGS_SPECIAL_UPDATE)
def tracker_settings_special_update(ctx: Context, params: SpecialSettingsUpdateParams) -> None:
    """The tracker's special settings of the kind sent, replacing that kind's (214 when its
    model lacks the kind); a ``capacity`` sent is the device's, whatever the request says."""
    record = unblocked_tracker(ctx, params.tracker_id)
    value = params.value
    kind = type(value).TAG
    if kind not in special_kinds(ctx.world, record):
        raise NotSupportedByDeviceError(f"tracker {record.id} has no {kind} settings")
    check_special(value)
    if isinstance(value, (CallButton, CallButtonsV40, PhonebookGt300, PhonebookPt100)):
        value = _with_capacity(value)
    kept = [item for item in settings_of(ctx.world, record.id).special if kind != type(item).TAG]
    change_settings(ctx.world, record.id, special=[*kept, value])


def _with_capacity(
    value: CallButton | CallButtonsV40 | PhonebookGt300 | PhonebookPt100,
) -> SpecialSettings:
    """``value`` with its kind's own capacity."""
    own = {
        CallButton: CALL_BUTTONS,
        CallButtonsV40: CALL_BUTTONS_V40,
        PhonebookGt300: PHONEBOOK_GT300,
        PhonebookPt100: PHONEBOOK_PT100,
    }
    return attrs.evolve(value, capacity=own[type(value)])


@handles(TRACKER_APN_SETTINGS_READ)
def tracker_apn_settings_read(ctx: Context, params: TrackerReadParams) -> ApnSettings:
    """The APN of the tracker's phone number's network (without the operator's name): 214 for
    a model without APN settings, 201 for a tracker without a phone number or of a network
    the world does not know."""
    record = unblocked_tracker(ctx, params.tracker_id)
    model = model_of(ctx.world, record)
    if model is None or model.has_apn_settings is not True:
        raise NotSupportedByDeviceError(f"tracker {record.id} has no APN settings")
    network = None if not record.phone else mobile_network(ctx.world, record.phone)
    if network is None:
        raise EntityNotFoundError(f"no APN settings of tracker {record.id}")
    return ApnSettings(name=network.name, user=network.user, password=network.password)


@handles(APN_SETTINGS_READ)
def apn_settings_read(ctx: Context, params: ApnSettingsReadParams) -> ApnSettings:
    """The APN and operator of the number's network: the one with the longest prefix of it
    (201 when the world knows none)."""
    network = mobile_network(ctx.world, params.phone)
    if network is None:
        raise EntityNotFoundError(f"no mobile network of {params.phone}")
    return convert(ApnSettings, network)
