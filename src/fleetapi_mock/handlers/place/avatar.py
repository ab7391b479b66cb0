"""A place's avatar: an icon of the standard set, or an uploaded image.

``place/avatar/assign`` keeps ``icon_id`` (null shows the uploaded avatar),
``place/avatar/upload`` keeps the uploaded image's file name as ``avatar_file_name``; each
leaves the other as it is.
"""

from __future__ import annotations

from fleetapi._errors import EntityNotFoundError
from fleetapi.endpoints.place import PLACE_AVATAR_ASSIGN, PLACE_AVATAR_UPLOAD
from fleetapi.models.place import PlaceAvatarAssignParams, PlaceAvatarUploadParams
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.file import avatar_name
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import PlaceRecord


def _place(ctx: Context, place_id: int) -> PlaceRecord:
    """The place (201: one the caller does not see)."""
    record = ctx.visible_place(place_id)
    if record is None:
        raise EntityNotFoundError(f"no place {place_id}")
    return record


@handles(PLACE_AVATAR_ASSIGN)
def place_avatar_assign(ctx: Context, params: PlaceAvatarAssignParams) -> None:
    """Keep the place's icon (201: not a place the caller sees)."""
    record = _place(ctx, params.place_id)
    ctx.world.places.change(record.id, icon_id=params.icon_id)


@handles(PLACE_AVATAR_UPLOAD)
def place_avatar_upload(ctx: Context, params: PlaceAvatarUploadParams) -> str:
    """The image part ``file`` as the place's avatar: its new file name (201: not a place the
    caller sees; 233: no image; 234: not an avatar type; 271: too large)."""
    record = _place(ctx, params.place_id)
    name = avatar_name(ctx)
    ctx.world.places.change(record.id, avatar_file_name=name)
    return name
