"""A tracker's device: what registering and replacing one checks, and the trackers they make.

The registration plugins (:data:`REGISTRATION_PLUGINS`, open to every account), the catalogue's
models (``world.tracker_models``) and what their ``id_type`` asks of a device ID, device IDs
and phone numbers (each on one tracker of the platform at most, whatever the account), the
plan and the limits of a new tracker, the dealers' bundles and activation codes, and a
device's registration status: ``just_registered`` or ``just_replaced`` until it reports.
"""

from __future__ import annotations

import re
import string
from typing import Final

import attrs

from fleetapi._errors import (
    DeviceIdInUseError,
    DeviceLimitExceededError,
    EntityMissingError,
    EntityNotFoundError,
    LegalTypeNotAllowedError,
    PhoneInUseError,
    PluginNotFoundError,
    UnknownDeviceModelError,
    WrongActivationCodeError,
)
from fleetapi._types import UNSET, Unset
from fleetapi.models.plugin import Plugin, PluginFilter
from fleetapi.models.tracker import IMEI_PATTERN
from fleetapi.models.tracker_model import TrackerModel
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.tariff import of_dealer, offered
from fleetapi_mock.state.records import (
    BundleRecord,
    TariffRecord,
    TrackerRecord,
    TrackerStateRecord,
)

__all__ = [
    "MOBILE_APP_MODELS",
    "REGISTRATION_PLUGINS",
    "UNREPORTED",
    "RegistrationPlugin",
    "add_tracker",
    "bundle_of",
    "catalogue_model",
    "check_dealer_room",
    "check_device_free",
    "check_group",
    "check_phone_free",
    "device_id_for",
    "is_mobile_app",
    "model_of",
    "new_tracker_plan",
    "phone_for",
    "registration_plugin",
    "replace_device",
    "reported",
    "use_activation_code",
]

MOBILE_APP_MODELS: Final = "mobile.*"
"""The codes of the mobile app's models (a regular expression): the app plugins' filter."""

UNREPORTED: Final = frozenset({"just_registered", "just_replaced"})
"""The connection statuses of a device that has not reported since it was registered or put
behind its tracker."""

_APP_ID_DIGITS = 12
"""The digits of a mobile app's ID the platform makes."""


@attrs.frozen(kw_only=True)
class RegistrationPlugin:
    """A registration plugin the mock knows: the kind of model it registers and whether it
    needs an activation code."""

    id: int
    name: str
    """The last part of its module's name."""
    mobile_app: bool
    """It registers the mobile app (else a device)."""
    code_required: bool
    """It needs an activation code (else it takes one optionally)."""

    def wire(self) -> Plugin:
        """The plugin as ``plugin/list`` answers it."""
        return Plugin(
            id=self.id,
            type="tracker_register",
            module=f"com.navixy.plugin.tracker.register.{self.name}",
            ui_module="Registration.appPlugins." + string.capwords(self.name, "_").replace("_", ""),
            filter=PluginFilter(exclusion=not self.mobile_app, values=[MOBILE_APP_MODELS]),
        )


REGISTRATION_PLUGINS: Final = {
    p.id: p
    for p in (
        RegistrationPlugin(id=35, name="mobile_app", mobile_app=True, code_required=False),
        RegistrationPlugin(id=37, name="activation_code", mobile_app=False, code_required=True),
        RegistrationPlugin(id=44, name="device", mobile_app=False, code_required=False),
        RegistrationPlugin(
            id=68, name="mobile_app_activation_code", mobile_app=True, code_required=True
        ),
    )
}
"""The registration plugins of the documentation's guide, by ID, open to every account."""


def reported(record: TrackerRecord) -> bool:
    """Whether the tracker's device has reported since it was registered or replaced."""
    return record.state.connection_status not in UNREPORTED


def is_mobile_app(model: TrackerModel) -> bool:
    """Whether ``model`` is the mobile app's."""
    return re.fullmatch(MOBILE_APP_MODELS, model.code) is not None


def catalogue_model(ctx: Context, code: str) -> TrackerModel:
    """The catalogue's model of ``code``: 220 unless it is there and open to registration."""
    found = next((m for m in ctx.world.tracker_models.values() if m.code == code), None)
    if found is None or not found.register:
        raise UnknownDeviceModelError(f"no device model {code!r} to register")
    return found


def model_of(ctx: Context, record: TrackerRecord) -> TrackerModel | None:
    """The catalogue's model of the tracker ``record`` (``None`` when it is not there)."""
    return next((m for m in ctx.world.tracker_models.values() if m.code == record.model), None)


def registration_plugin(plugin_id: int, model: TrackerModel) -> RegistrationPlugin:
    """The registration plugin ``plugin_id`` for ``model``: 222 unless the mock knows it and
    it registers that kind of model."""
    plugin = REGISTRATION_PLUGINS.get(plugin_id)
    if plugin is None or plugin.mobile_app != is_mobile_app(model):
        raise PluginNotFoundError(f"no registration plugin {plugin_id} for model {model.code!r}")
    return plugin


def use_activation_code(ctx: Context, plugin: RegistrationPlugin, code: str | Unset) -> None:
    """Use ``code`` up for ``plugin``: 227 when the plugin needs one and none is given, or it
    is not among the dealer's unused codes."""
    if code is UNSET and not plugin.code_required:
        return
    dealer = ctx.world.dealers.get(ctx.account.dealer_id)
    codes = [] if dealer is None else dealer.activation_codes
    if code is UNSET or code not in codes:
        raise WrongActivationCodeError("no such activation code of the dealer, or used already")
    if dealer is not None:
        ctx.world.dealers.change(dealer.id, activation_codes=[c for c in codes if c != code])


def device_id_for(ctx: Context, model: TrackerModel, given: str | Unset) -> str:
    """The device ID of a new device of ``model``: ``given`` in the form its ``id_type``
    asks (7 naming ``device_id`` otherwise), or one the platform makes."""
    kind, *sizes = model.id_type.split(",")
    numbers = [int(n) for n in sizes if n.isdigit()]
    if kind.isdigit() and numbers:  # "N,M": an N-digit ID starting with M, made here
        return _made_id(ctx, int(kind), str(numbers[0]))
    if given is UNSET:
        if kind == "ascii" and is_mobile_app(model):
            return _made_id(ctx, _APP_ID_DIGITS, "")
        raise invalid("device_id", f"required by model {model.code!r} ({model.id_type})")
    pattern = _ID_PATTERNS.get(kind)
    if kind == "id" and numbers:
        pattern = rf"[0-9]{{{numbers[0]}}}"
    elif kind == "ascii" and len(numbers) == 2:
        pattern = rf"[\x21-\x7e]{{{numbers[0]},{numbers[1]}}}"
    if pattern is not None and re.fullmatch(pattern, given) is None:
        raise invalid("device_id", f"is not an ID of type {model.id_type!r}")
    return given


_ID_PATTERNS: Final = {"imei": IMEI_PATTERN[1:-1], "meid": "[0-9A-Fa-f]{14}"}
"""The device IDs of the ID types of a fixed form."""


def _made_id(ctx: Context, digits: int, prefix: str) -> str:
    """A free ID of ``digits`` digits starting with ``prefix``, from the world's randomness."""
    used = {t.device_id for t in ctx.world.trackers.values()}
    while True:
        rest = digits - len(prefix)
        made = prefix + "".join(str(ctx.world.random.randrange(10)) for _ in range(rest))
        if made not in used:
            return made


def check_device_free(ctx: Context, device_id: str) -> None:
    """224 when a tracker of the platform (any account's) has the device."""
    if any(t.device_id == device_id for t in ctx.world.trackers.values()):
        raise DeviceIdInUseError(f"device {device_id} is registered already")


def phone_for(model: TrackerModel, given: str | Unset) -> str | None:
    """The phone of a new device of ``model``: required (7) when the model has a phone, none
    otherwise."""
    if model.has_phone is False:
        return None
    if given is UNSET:
        raise invalid("phone", f"required by model {model.code!r}, which has a phone")
    return given


def check_phone_free(ctx: Context, phone: str | None, but: int | None = None) -> None:
    """223 when a tracker of the platform other than ``but`` has the number ``phone`` (a
    stored leading ``+`` aside)."""
    if phone is None:
        return
    wanted = phone.lstrip("+")
    for tracker in ctx.world.trackers.values():
        if tracker.id != but and (tracker.phone or "").lstrip("+") == wanted:
            raise PhoneInUseError(f"phone {phone} is in use by another device")


def check_group(ctx: Context, group_id: int) -> None:
    """204 unless ``group_id`` is 0 or a tracker group of the account."""
    if group_id != 0:
        ctx.owned_one(ctx.world.tracker_groups, group_id, "tracker group", EntityMissingError)


def new_tracker_plan(ctx: Context) -> TariffRecord:
    """The plan of a new tracker of the account: the lowest-ID active plan of the dealer for
    the account's legal type (225 when there is none); 221 when one more tracker passes the
    plan's ``device_limit`` for the account or the dealer's ``device_limit``."""
    plans = [p for p in ctx.world.tariffs.values() if p.active and of_dealer(ctx, p)]
    fit = sorted((p for p in plans if offered(ctx, p)), key=lambda p: p.id)
    if not fit:
        raise LegalTypeNotAllowedError("no plan of a new device is for the account's legal type")
    plan = fit[0]
    held = len(ctx.owned(ctx.world.trackers))
    if held + 1 > plan.device_limit:
        raise DeviceLimitExceededError(f"plan {plan.id} allows {plan.device_limit} trackers")
    check_dealer_room(ctx, adding=1)
    return plan


def check_dealer_room(ctx: Context, *, adding: int) -> None:
    """221 when the trackers of the dealer's accounts and ``adding`` more pass its limit."""
    dealer = ctx.world.dealers.get(ctx.account.dealer_id)
    if dealer is None or dealer.device_limit is None:
        return
    accounts = {u.id for u in ctx.world.users.values() if u.dealer_id == dealer.id}
    held = sum(1 for t in ctx.world.trackers.values() if t.user_id in accounts)
    if held + adding > dealer.device_limit:
        raise DeviceLimitExceededError(f"the dealer allows {dealer.device_limit} trackers")


def bundle_of(ctx: Context, imei: str) -> BundleRecord:
    """The bundle of the caller's dealer with the device ``imei``: 201 when there is none."""
    bundle = ctx.world.bundles.get(imei)
    if bundle is None or bundle.dealer_id != ctx.account.dealer_id:
        raise EntityNotFoundError(f"no bundle with IMEI {imei}")
    return bundle


def _new_source_id(ctx: Context) -> int:
    """A source ID no tracker of the world has had."""
    world = ctx.world
    world.ids.ensure_above(
        "sources", max((t.source_id for t in world.trackers.values()), default=0)
    )
    return world.ids.next("sources")


def add_tracker(
    ctx: Context,
    *,
    label: str,
    group_id: int,
    model: TrackerModel,
    device_id: str,
    phone: str | None,
    plan: TariffRecord,
) -> TrackerRecord:
    """Store a new tracker of the account (``just_registered``, no position) and answer it; a
    sub-user whose record lists trackers gets it in its list."""
    world = ctx.world
    record = TrackerRecord(
        id=world.ids.next("trackers"),
        user_id=ctx.account.id,
        label=label,
        source_id=_new_source_id(ctx),
        device_id=device_id,
        model=model.code,
        tariff_id=plan.id,
        group_id=group_id,
        creation_date=ctx.now().date(),
        phone=phone,
        state=TrackerStateRecord(connection_status="just_registered"),
    )
    world.trackers[record.id] = record
    user = ctx.require_user()
    if not user.is_master and user.trackers is not None:
        world.users.change(user.id, trackers=[*user.trackers, record.id])
    return record


def replace_device(
    ctx: Context, record: TrackerRecord, model: TrackerModel, device_id: str, phone: str | None
) -> TrackerRecord:
    """Put a new device behind ``record``: a new source, the model, device ID and phone, the
    state ``just_replaced``; everything else stays."""
    state = attrs.evolve(record.state, connection_status="just_replaced")
    return ctx.world.trackers.change(
        record.id,
        source_id=_new_source_id(ctx),
        model=model.code,
        device_id=device_id,
        phone=phone,
        state=state,
    )
