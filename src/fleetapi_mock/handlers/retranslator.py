"""Retranslators: ``retranslator/*``, and the trackers bound to them
(``tracker/retranslator/*``).

Protocols are the world's ``retranslator_protocols`` catalogue (the demo world has a handful;
a test world may seed its own). A retranslator is stored as the shared
:class:`~fleetapi.models.retranslator.Retranslator` with the account that owns it; a tracker
bound to one is a ``retranslator_bindings`` record. Creating, updating, deleting, binding and
unbinding need the ``admin`` right (master users only: the table declares them
``master_only``); listing is open to sub-users (bindings: of the trackers they see).
"""

from __future__ import annotations

import re
from typing import Final

import attrs

from fleetapi._endpoint import NoParams
from fleetapi._errors import (
    EntityExistsError,
    InvalidParametersError,
    OverQuotaError,
    TariffRestrictionError,
    ValidationFailedError,
)
from fleetapi._types import UNSET, Unset
from fleetapi.endpoints.retranslator import (
    RETRANSLATOR_CREATE,
    RETRANSLATOR_DELETE,
    RETRANSLATOR_LIST,
    RETRANSLATOR_PROTOCOL_LIST,
    RETRANSLATOR_UPDATE,
    TRACKER_RETRANSLATOR_BIND,
    TRACKER_RETRANSLATOR_LIST,
    TRACKER_RETRANSLATOR_UNBIND,
)
from fleetapi.models.retranslator import (
    Retranslator,
    RetranslatorCreateParams,
    RetranslatorDeleteParams,
    RetranslatorProtocol,
    RetranslatorUpdateParams,
    TrackerRetranslator,
    TrackerRetranslatorBindParams,
    TrackerRetranslatorUnbindParams,
)
from fleetapi.models.tracker import TrackerReadParams
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.tracker import unblocked_tracker
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import (
    RetranslatorBindingRecord,
    RetranslatorRecord,
    TrackerRecord,
    convert,
    with_model,
)

MAX_RETRANSLATORS: Final = 100
"""Retranslators per account; one more answers 268."""

RETRANSLATION_FEATURE: Final = "retranslation"
"""The tariff feature a tracker needs to be bound to a retranslator (236 otherwise)."""


def _text(value: str | Unset) -> str:
    return "" if isinstance(value, Unset) else value


def _checked(ctx: Context, retranslator: Retranslator) -> Retranslator:
    """Check a retranslator against its protocol (code 7 naming each field); empty login and
    password are stored as absent."""
    protocol = ctx.world.retranslator_protocols.get(retranslator.protocol_id)
    if protocol is None:
        raise InvalidParametersError(
            errors=[
                {
                    "parameter": "retranslator.protocol_id",
                    "error": f"no protocol {retranslator.protocol_id}",
                }
            ]
        )
    errors = [
        *_credential_errors("login", _text(retranslator.login), protocol),
        *_credential_errors("password", _text(retranslator.password), protocol),
    ]
    if errors:
        raise InvalidParametersError(
            f"the protocol {protocol.name} needs other credentials", errors=errors
        )
    return attrs.evolve(
        retranslator,
        login=_text(retranslator.login) or UNSET,
        password=_text(retranslator.password) or UNSET,
    )


def _credential_errors(
    name: str, value: str, protocol: RetranslatorProtocol
) -> list[dict[str, str]]:
    uses = protocol.has_login if name == "login" else protocol.has_password
    required = protocol.required_login if name == "login" else protocol.required_password
    parameter = f"retranslator.{name}"
    if required and not value:
        return [{"parameter": parameter, "error": f"required by the protocol {protocol.name}"}]
    if value and not uses:
        return [{"parameter": parameter, "error": f"the protocol {protocol.name} uses none"}]
    return []


def _same_target(a: Retranslator, b: Retranslator) -> bool:
    return (
        a.address.strip().lower() == b.address.strip().lower()
        and a.port == b.port
        and _text(a.login) == _text(b.login)
    )


def _check_unique(ctx: Context, retranslator: Retranslator) -> None:
    for record in ctx.owned(ctx.world.retranslators):
        if record.id != retranslator.id and _same_target(record, retranslator):
            raise EntityExistsError(
                f"retranslator {record.id} already forwards to this address, port and login"
            )


def _find(ctx: Context, retranslator_id: int) -> RetranslatorRecord:
    return ctx.owned_one(ctx.world.retranslators, retranslator_id, "retranslator")


@handles(RETRANSLATOR_CREATE)
def retranslator_create(ctx: Context, params: RetranslatorCreateParams) -> int:
    """Create a retranslator of the account; master users only (13).

    7 for credentials the protocol wants otherwise, 247 for the same address, port and login,
    268 over the quota of 100 per account.
    """
    given = attrs.asdict(params.retranslator, recurse=False)
    candidate = _checked(ctx, Retranslator(id=0, **given))
    _check_unique(ctx, candidate)
    if len(ctx.owned(ctx.world.retranslators)) >= MAX_RETRANSLATORS:
        raise OverQuotaError(f"an account may hold at most {MAX_RETRANSLATORS} retranslators")
    new_id = ctx.world.ids.next("retranslators")
    ctx.world.retranslators[new_id] = convert(
        RetranslatorRecord, candidate, id=new_id, user_id=ctx.account.id
    )
    return new_id


@handles(RETRANSLATOR_UPDATE)
def retranslator_update(ctx: Context, params: RetranslatorUpdateParams) -> None:
    """Replace a retranslator named by ``retranslator.id``: 201, 7, 247 as for create.

    Master users only (13).
    """
    record = _find(ctx, params.retranslator.id)
    candidate = _checked(ctx, params.retranslator)
    _check_unique(ctx, candidate)
    ctx.world.retranslators[record.id] = with_model(record, candidate)


@handles(RETRANSLATOR_DELETE)
def retranslator_delete(ctx: Context, params: RetranslatorDeleteParams) -> None:
    """Delete a retranslator of the account (201 otherwise), and its trackers' bindings.

    Master users only (13).
    """
    record = _find(ctx, params.retranslator_id)
    for binding in _bindings(ctx, retranslator_id=record.id):
        del ctx.world.retranslator_bindings[binding.id]
    del ctx.world.retranslators[record.id]


@handles(RETRANSLATOR_LIST)
def retranslator_list(ctx: Context, params: NoParams) -> list[Retranslator]:
    """The account's retranslators by id, passwords included (as the service answers them)."""
    return [convert(Retranslator, r) for r in ctx.owned(ctx.world.retranslators)]


@handles(RETRANSLATOR_PROTOCOL_LIST)
def retranslator_protocol_list(ctx: Context, params: NoParams) -> list[RetranslatorProtocol]:
    """The world's protocol catalogue, by id."""
    return [p for _, p in sorted(ctx.world.retranslator_protocols.items())]


# --- Trackers bound to retranslators -----------------------------------------------------------


def _binding_tracker(record: RetranslatorBindingRecord) -> tuple[int]:
    """The index of bindings by tracker."""
    return (record.tracker_id,)


def _binding_retranslator(record: RetranslatorBindingRecord) -> tuple[int]:
    """The index of bindings by retranslator."""
    return (record.retranslator_id,)


def _bindings(
    ctx: Context, *, tracker_id: int | None = None, retranslator_id: int | None = None
) -> list[RetranslatorBindingRecord]:
    """The bindings of a tracker or of a retranslator, by ID."""
    table = ctx.world.retranslator_bindings
    if tracker_id is not None:
        return table.having(_binding_tracker, (tracker_id,))
    return table.having(_binding_retranslator, (retranslator_id,))


def _bound_pair(ctx: Context, tracker_id: int, retranslator_id: int) -> TrackerRecord:
    """The tracker of a bind or unbind: 201 for a tracker the caller cannot see or a
    retranslator not of the account, 208 for a blocked tracker, 219 for a clone."""
    tracker = unblocked_tracker(ctx, tracker_id, refuse_clone=True)
    _find(ctx, retranslator_id)
    return tracker


def _check_fake_device_id(ctx: Context, retranslator: RetranslatorRecord, fake: str) -> None:
    """242 naming ``fake_device_id`` unless the protocol's pattern (if any) takes it."""
    protocol = ctx.world.retranslator_protocols.get(retranslator.protocol_id)
    if protocol is None or not isinstance(protocol.fake_device_id_pattern, str):
        return
    pattern = protocol.fake_device_id_pattern
    if re.search(pattern, fake) is None:
        raise ValidationFailedError(
            f"the protocol {protocol.name} takes no such device ID",
            errors=[{"parameter": "fake_device_id", "error": f"must match {pattern}"}],
        )


@handles(TRACKER_RETRANSLATOR_BIND)
def tracker_retranslator_bind(ctx: Context, params: TrackerRetranslatorBindParams) -> None:
    """Bind the tracker to the retranslator, or replace the binding's ``fake_device_id``.

    201, 208, 219 as :func:`_bound_pair`; 236 without the tariff feature
    ``retranslation``; 242 for a ``fake_device_id`` the protocol's pattern refuses. Master
    users only (13).
    """
    tracker = _bound_pair(ctx, params.tracker_id, params.retranslator_id)
    tariff = ctx.world.tariffs.get(tracker.tariff_id)
    if tariff is None or RETRANSLATION_FEATURE not in tariff.features:
        raise TariffRestrictionError(f"the tariff of tracker {tracker.id} has no retranslation")
    retranslator = ctx.world.retranslators[params.retranslator_id]
    if isinstance(params.fake_device_id, str):
        _check_fake_device_id(ctx, retranslator, params.fake_device_id)
    same = [
        b for b in _bindings(ctx, tracker_id=tracker.id) if b.retranslator_id == retranslator.id
    ]
    binding_id = same[0].id if same else ctx.world.ids.next("retranslator_bindings")
    ctx.world.retranslator_bindings[binding_id] = RetranslatorBindingRecord(
        id=binding_id,
        tracker_id=tracker.id,
        retranslator_id=retranslator.id,
        fake_device_id=params.fake_device_id,
    )


@handles(TRACKER_RETRANSLATOR_LIST)
def tracker_retranslator_list(ctx: Context, params: TrackerReadParams) -> list[TrackerRetranslator]:
    """The tracker's bindings, by retranslator ID (201, 208 first)."""
    tracker = unblocked_tracker(ctx, params.tracker_id)
    bindings = sorted(_bindings(ctx, tracker_id=tracker.id), key=lambda b: b.retranslator_id)
    return [convert(TrackerRetranslator, b) for b in bindings]


@handles(TRACKER_RETRANSLATOR_UNBIND)
def tracker_retranslator_unbind(ctx: Context, params: TrackerRetranslatorUnbindParams) -> None:
    """Unbind the tracker from the retranslator (201, 208, 219 as :func:`_bound_pair`); a
    pair not bound changes nothing. Master users only (13)."""
    tracker = _bound_pair(ctx, params.tracker_id, params.retranslator_id)
    for binding in _bindings(ctx, tracker_id=tracker.id):
        if binding.retranslator_id == params.retranslator_id:
            del ctx.world.retranslator_bindings[binding.id]
