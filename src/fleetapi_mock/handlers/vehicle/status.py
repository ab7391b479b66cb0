"""Vehicle statuses (``vehicle/status/listing/*``, deprecated by the service): the account's
ordered list of statuses, read whole and replaced whole (``world.vehicle_statuses``)."""

from __future__ import annotations

from fleetapi._endpoint import NoParams
from fleetapi._errors import InvalidParametersError
from fleetapi.endpoints.vehicle import VEHICLE_STATUS_LISTING_READ, VEHICLE_STATUS_LISTING_UPDATE
from fleetapi.models.vehicle import VehicleStatus, VehicleStatusListingUpdateParams
from fleetapi_mock.domain.context import Context
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import VehicleStatusRecord, convert


@handles(VEHICLE_STATUS_LISTING_READ)
def vehicle_status_listing_read(ctx: Context, params: NoParams) -> list[VehicleStatus]:
    """The account's vehicle statuses, in order."""
    kept = sorted(ctx.owned(ctx.world.vehicle_statuses), key=lambda s: (s.order, s.id))
    return [convert(VehicleStatus, s) for s in kept]


@handles(VEHICLE_STATUS_LISTING_UPDATE)
def vehicle_status_listing_update(ctx: Context, params: VehicleStatusListingUpdateParams) -> None:
    """Replace the account's vehicle statuses: those with an ``id`` are changed, those without
    created, the others deleted; each one's ``order`` is its place. 7 naming
    ``statuses[i].id`` for an ID that is no status of the account, or given twice."""
    world = ctx.world
    owned = {s.id for s in ctx.owned(world.vehicle_statuses)}
    seen: set[int] = set()
    errors = []
    for index, entry in enumerate(params.statuses):
        if entry.id is None:
            continue
        if entry.id not in owned:
            problem = f"no vehicle status {entry.id}"
        elif entry.id in seen:
            problem = f"vehicle status {entry.id} is given twice"
        else:
            seen.add(entry.id)
            continue
        errors.append({"parameter": f"statuses[{index}].id", "error": problem})
    if errors:
        raise InvalidParametersError(errors=errors)
    for gone in sorted(owned - seen):
        del world.vehicle_statuses[gone]
    for order, entry in enumerate(params.statuses):
        status_id = world.ids.next("vehicle_statuses") if entry.id is None else entry.id
        world.vehicle_statuses[status_id] = VehicleStatusRecord(
            id=status_id, order=order, label=entry.label, color=entry.color, user_id=ctx.account.id
        )
