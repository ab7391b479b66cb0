"""A vehicle's avatar: an icon of the standard set, or an uploaded image.

``vehicle/avatar/assign`` keeps ``icon_id`` (null shows the uploaded avatar),
``vehicle/avatar/upload`` keeps the uploaded image's file name as ``avatar_file_name``; each
leaves the other as it is.
"""

from __future__ import annotations

from fleetapi._errors import EntityNotFoundError
from fleetapi.endpoints.vehicle import VEHICLE_AVATAR_ASSIGN, VEHICLE_AVATAR_UPLOAD
from fleetapi.models.vehicle import VehicleAvatarAssignParams, VehicleAvatarUploadParams
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.file import avatar_name
from fleetapi_mock.domain.vehicle import vehicle_visible
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import VehicleRecord


def _vehicle(ctx: Context, vehicle_id: int) -> VehicleRecord:
    """The vehicle (201: one the caller does not see)."""
    record = ctx.world.vehicles.get(vehicle_id)
    if record is None or not vehicle_visible(ctx, record):
        raise EntityNotFoundError(f"no vehicle {vehicle_id}")
    return record


@handles(VEHICLE_AVATAR_ASSIGN)
def vehicle_avatar_assign(ctx: Context, params: VehicleAvatarAssignParams) -> None:
    """Keep the vehicle's icon (201: not a vehicle the caller sees)."""
    record = _vehicle(ctx, params.vehicle_id)
    ctx.world.vehicles.change(record.id, icon_id=params.icon_id)


@handles(VEHICLE_AVATAR_UPLOAD)
def vehicle_avatar_upload(ctx: Context, params: VehicleAvatarUploadParams) -> str:
    """The image part ``file`` as the vehicle's avatar: its new file name (201: not a vehicle
    the caller sees; 233: no image; 234: not an avatar type; 271: too large)."""
    record = _vehicle(ctx, params.vehicle_id)
    name = avatar_name(ctx)
    ctx.world.vehicles.change(record.id, avatar_file_name=name)
    return name
