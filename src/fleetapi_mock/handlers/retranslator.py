"""Retranslators: ``retranslator/*``.

Protocols are the world's ``retranslator_protocols`` catalogue (the demo world has a handful;
a test world may seed its own). A retranslator is stored as the shared
:class:`~fleetapi.models.retranslator.Retranslator` with the account that owns it. Creating,
updating and deleting need the ``admin`` right (master users only: the table declares them
``master_only``); listing is open to sub-users.
"""

from __future__ import annotations

from typing import Final

import attrs

from fleetapi._endpoint import NoParams
from fleetapi._errors import (
    EntityExistsError,
    InvalidParametersError,
    OverQuotaError,
)
from fleetapi._types import UNSET, Unset
from fleetapi.endpoints.retranslator import (
    RETRANSLATOR_CREATE,
    RETRANSLATOR_DELETE,
    RETRANSLATOR_LIST,
    RETRANSLATOR_PROTOCOL_LIST,
    RETRANSLATOR_UPDATE,
)
from fleetapi.models.retranslator import (
    Retranslator,
    RetranslatorCreateParams,
    RetranslatorDeleteParams,
    RetranslatorProtocol,
    RetranslatorUpdateParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import RetranslatorRecord, convert, with_model

MAX_RETRANSLATORS: Final = 100
"""Retranslators per account; one more answers 268."""


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
    """Delete a retranslator of the account (201 otherwise).

    Master users only (13).
    """
    del ctx.world.retranslators[_find(ctx, params.retranslator_id).id]


@handles(RETRANSLATOR_LIST)
def retranslator_list(ctx: Context, params: NoParams) -> list[Retranslator]:
    """The account's retranslators by id, passwords included (as the service answers them)."""
    return [convert(Retranslator, r) for r in ctx.owned(ctx.world.retranslators)]


@handles(RETRANSLATOR_PROTOCOL_LIST)
def retranslator_protocol_list(ctx: Context, params: NoParams) -> list[RetranslatorProtocol]:
    """The world's protocol catalogue, by id."""
    return [p for _, p in sorted(ctx.world.retranslator_protocols.items())]
