"""Garages (depots).

Garages belong to the account and every user of it sees them all. Deleting a garage leaves
its vehicles without one (their ``garage_id`` becomes null).
"""

from __future__ import annotations

import attrs

from fleetapi._endpoint import NoParams
from fleetapi.endpoints.garage import GARAGE_CREATE, GARAGE_DELETE, GARAGE_LIST, GARAGE_UPDATE
from fleetapi.models.garage import (
    Garage,
    GarageCreateParams,
    GarageDeleteParams,
    GarageUpdateParams,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import GarageRecord, convert


@handles(GARAGE_LIST)
def garage_list(ctx: Context, params: NoParams) -> list[Garage]:
    """The account's garages, by id; every user of the account sees them all."""
    return [convert(Garage, r) for r in ctx.owned(ctx.world.garages)]


@handles(GARAGE_CREATE)
def garage_create(ctx: Context, params: GarageCreateParams) -> int:
    """A new garage of the account; answers its id."""
    return ctx.world.add_owned("garages", GarageRecord, params.garage, ctx.account.id)


@handles(GARAGE_UPDATE)
def garage_update(ctx: Context, params: GarageUpdateParams) -> None:
    """Replace a garage's fields (201 when it is not the account's)."""
    record = ctx.owned_one(ctx.world.garages, params.garage.id, "garage")
    ctx.world.garages[record.id] = convert(GarageRecord, params.garage, user_id=record.user_id)


@handles(GARAGE_DELETE)
def garage_delete(ctx: Context, params: GarageDeleteParams) -> None:
    """Delete a garage; its vehicles are left without one.

    201 when it is not the account's.
    """
    record = ctx.owned_one(ctx.world.garages, params.garage_id, "garage")
    del ctx.world.garages[record.id]
    for vehicle in list(ctx.world.vehicles.values()):
        if vehicle.garage_id == record.id:
            ctx.world.vehicles[vehicle.id] = attrs.evolve(vehicle, garage_id=None)
