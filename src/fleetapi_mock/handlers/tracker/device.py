"""A tracker's device: registering one, sending its commands again, replacing it, its SIM
card, and removing the tracker (:mod:`fleetapi_mock.domain.tracker.device` holds the checks).

A registered tracker is ``just_registered`` until its device reports, a replaced one
``just_replaced`` until the new device does: the retries and ``tracker/corrupt`` take a device
that has not reported, a replacement one that has.
"""

from __future__ import annotations

from fleetapi._errors import (
    BundledSimPhoneError,
    ClonesOnlyError,
    DeviceConnectedError,
    DeviceStatusError,
    EntityInUseError,
    EntityMissingError,
    EntityNotFoundError,
    NotSupportedByDeviceError,
)
from fleetapi._types import UNSET
from fleetapi.endpoints.tracker import (
    TRACKER_CHANGE_PHONE,
    TRACKER_CORRUPT,
    TRACKER_DELETE,
    TRACKER_REGISTER,
    TRACKER_REGISTER_QUICK,
    TRACKER_REGISTER_RETRY,
    TRACKER_REPLACE,
    TRACKER_REPLACE_QUICK,
    TRACKER_REPLACE_RETRY,
)
from fleetapi.models.tracker import (
    ConnectionStatus,
    Tracker,
    TrackerChangePhoneParams,
    TrackerReadParams,
    TrackerRegisterParams,
    TrackerRegisterQuickParams,
    TrackerRegisterRetryParams,
    TrackerReplaceParams,
    TrackerReplaceQuickParams,
    TrackerReplaceRetryParams,
)
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.tracker import unblocked_tracker, wire_tracker
from fleetapi_mock.domain.tracker.device import (
    add_tracker,
    bundle_of,
    catalogue_model,
    check_dealer_room,
    check_device_free,
    check_group,
    check_phone_free,
    device_id_for,
    is_mobile_app,
    model_of,
    new_tracker_plan,
    phone_for,
    registration_plugin,
    replace_device,
    reported,
    use_activation_code,
)
from fleetapi_mock.domain.tracker.removal import remove_tracker
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import TrackerRecord


@handles(TRACKER_REGISTER)
def tracker_register(ctx: Context, params: TrackerRegisterParams) -> Tracker:
    """A new tracker of the account for the device, checked in this order: model 220, plugin
    222, device ID 7 and 224, phone 7 and 223, group 204, plan 225 and 221, activation code
    227 (used up once every check passed)."""
    model = catalogue_model(ctx, params.model)
    plugin = registration_plugin(params.plugin_id, model)
    device_id = device_id_for(ctx, model, params.device_id)
    check_device_free(ctx, device_id)
    phone = phone_for(model, params.phone)
    check_phone_free(ctx, phone)
    check_group(ctx, params.group_id)
    plan = new_tracker_plan(ctx)
    use_activation_code(ctx, plugin, params.activation_code)
    record = add_tracker(
        ctx,
        label=params.label,
        group_id=params.group_id,
        model=model,
        device_id=device_id,
        phone=phone,
        plan=plan,
    )
    return wire_tracker(record)


@handles(TRACKER_REGISTER_QUICK)
def tracker_register_quick(ctx: Context, params: TrackerRegisterQuickParams) -> Tracker:
    """A new tracker of the account for the dealer's bundle ``imei`` (201 when there is
    none), with the bundle's model and phone; the other checks as ``tracker/register``'s."""
    bundle = bundle_of(ctx, params.imei)
    model = catalogue_model(ctx, bundle.model)
    check_device_free(ctx, bundle.imei)
    check_phone_free(ctx, bundle.phone)
    check_group(ctx, params.group_id)
    plan = new_tracker_plan(ctx)
    record = add_tracker(
        ctx,
        label=params.label,
        group_id=params.group_id,
        model=model,
        device_id=bundle.imei,
        phone=bundle.phone,
        plan=plan,
    )
    return wire_tracker(record)


def _retried(ctx: Context, record: TrackerRecord, status: ConnectionStatus) -> TrackerRecord:
    """``record`` for a retry of its registration (``status`` ``just_registered``) or its
    replacement (``just_replaced``): 214 for a model without a phone; 266 for a replacement's
    retry of a tracker whose first device has not reported; 243 in any other status."""
    if _has_no_phone(ctx, record):
        raise NotSupportedByDeviceError(f"model {record.model!r} has no phone to send to")
    current = record.state.connection_status
    if current == "just_registered" and status == "just_replaced":
        raise DeviceStatusError(f"tracker {record.id}'s first device has not reported yet")
    if current != status:
        raise DeviceConnectedError(f"tracker {record.id}'s device has reported already")
    return record


def _has_no_phone(ctx: Context, record: TrackerRecord) -> bool:
    """Whether the catalogue says the tracker's model has no phone."""
    model = model_of(ctx, record)
    return model is not None and model.has_phone is False


@handles(TRACKER_REGISTER_RETRY)
def tracker_register_retry(ctx: Context, params: TrackerRegisterRetryParams) -> Tracker:
    """The tracker, unchanged, after checking that its registration may be retried: named by
    ``tracker_id`` or ``device_id`` (7 without either; 201 when the caller sees none), 208
    blocked, 219 a clone, 214 no phone, 243 its device reported."""
    if params.tracker_id is not UNSET:
        tracker_id = params.tracker_id
    elif params.device_id is not UNSET:
        wanted = params.device_id
        found = next((t for t in ctx.visible_trackers() if t.device_id == wanted), None)
        if found is None:
            raise EntityNotFoundError(f"no tracker with device {wanted}")
        tracker_id = found.id
    else:
        raise invalid("tracker_id", "required (or device_id)")
    record = unblocked_tracker(ctx, tracker_id, refuse_clone=True)
    return wire_tracker(_retried(ctx, record, "just_registered"))


def _replaceable(ctx: Context, tracker_id: int) -> TrackerRecord:
    """The tracker a replacement acts on: 201, 208, 219 (a clone), 266 (its device has not
    reported), 7 naming ``model`` for the mobile app's, 221 for a dealer over its limit."""
    record = unblocked_tracker(ctx, tracker_id, refuse_clone=True)
    if not reported(record):
        raise DeviceStatusError(f"tracker {record.id}'s device has not reported yet")
    current = model_of(ctx, record)
    if current is not None and is_mobile_app(current):
        raise invalid("model", "the mobile app's tracker takes no other device")
    check_dealer_room(ctx, adding=0)
    return record


@handles(TRACKER_REPLACE)
def tracker_replace(ctx: Context, params: TrackerReplaceParams) -> Tracker:
    """The tracker with the new device (the checks of the model, plugin, device ID and phone
    as ``tracker/register``'s, no activation code): ``just_replaced`` until it reports."""
    record = _replaceable(ctx, params.tracker_id)
    model = catalogue_model(ctx, params.model)
    if is_mobile_app(model):
        raise invalid("model", "the mobile app cannot replace a device")
    registration_plugin(params.plugin_id, model)
    device_id = device_id_for(ctx, model, params.device_id)
    check_device_free(ctx, device_id)
    phone = phone_for(model, params.phone)
    check_phone_free(ctx, phone, but=record.id)
    return wire_tracker(replace_device(ctx, record, model, device_id, phone))


@handles(TRACKER_REPLACE_QUICK)
def tracker_replace_quick(ctx: Context, params: TrackerReplaceQuickParams) -> Tracker:
    """The tracker with the dealer's bundle ``imei`` as its device (201 when there is none),
    its model and phone the bundle's; otherwise as ``tracker/replace``."""
    record = _replaceable(ctx, params.tracker_id)
    bundle = bundle_of(ctx, params.imei)
    model = catalogue_model(ctx, bundle.model)
    if is_mobile_app(model):
        raise invalid("imei", "the mobile app cannot replace a device")
    check_device_free(ctx, bundle.imei)
    check_phone_free(ctx, bundle.phone, but=record.id)
    return wire_tracker(replace_device(ctx, record, model, bundle.imei, bundle.phone))


@handles(TRACKER_REPLACE_RETRY)
def tracker_replace_retry(ctx: Context, params: TrackerReplaceRetryParams) -> Tracker:
    """The tracker, unchanged, after checking that its replacement may be retried: 204 when
    the caller does not see it, 208, 219, 214, 266 (its first device has not reported), 243
    (no new device waits to report)."""
    record = unblocked_tracker(ctx, params.tracker_id, EntityMissingError, refuse_clone=True)
    return wire_tracker(_retried(ctx, record, "just_replaced"))


@handles(TRACKER_CHANGE_PHONE)
def tracker_change_phone(ctx: Context, params: TrackerChangePhoneParams) -> None:
    """The tracker's phone becomes ``phone``: 214 for a model without a phone, 223 when
    another tracker has the number, 241 when it is the SIM card of another bundle of the
    dealer."""
    record = unblocked_tracker(ctx, params.tracker_id, refuse_clone=True)
    if _has_no_phone(ctx, record):
        raise NotSupportedByDeviceError(f"model {record.model!r} has no phone")
    check_phone_free(ctx, params.phone, but=record.id)
    dealer = ctx.account.dealer_id
    wanted = params.phone.lstrip("+")
    for bundle in ctx.world.bundles.values():
        if (
            bundle.dealer_id == dealer
            and bundle.imei != record.device_id
            and (bundle.phone or "").lstrip("+") == wanted
        ):
            raise BundledSimPhoneError(f"{params.phone} is the SIM card of a bundled device")
    ctx.world.trackers.change(record.id, phone=params.phone)


@handles(TRACKER_CORRUPT)
def tracker_corrupt(ctx: Context, params: TrackerReadParams) -> None:
    """Remove a tracker whose device never reported (243 once it did; 201, 208, 219 a
    clone), with its data; its device ID and phone are free again."""
    record = unblocked_tracker(ctx, params.tracker_id, refuse_clone=True)
    if reported(record):
        raise DeviceConnectedError(f"tracker {record.id}'s device has reported")
    remove_tracker(ctx, record)


@handles(TRACKER_DELETE)
def tracker_delete(ctx: Context, params: TrackerReadParams) -> None:
    """Remove a clone (249 for another tracker; 201, 208) with its data; 203 while rules or
    vehicles are bound to it, naming them (``rules`` or ``vehicles``) beside ``status``."""
    record = unblocked_tracker(ctx, params.tracker_id)
    if not record.clone:
        raise ClonesOnlyError(f"tracker {record.id} is not a clone")
    rules = sorted(r.id for r in ctx.owned(ctx.world.rules) if record.id in r.trackers)
    if rules:
        raise EntityInUseError("rules are bound to the tracker", extra={"rules": rules})
    vehicles = sorted(v.id for v in ctx.owned(ctx.world.vehicles) if v.tracker_id == record.id)
    if vehicles:
        raise EntityInUseError("vehicles are bound to the tracker", extra={"vehicles": vehicles})
    remove_tracker(ctx, record)
