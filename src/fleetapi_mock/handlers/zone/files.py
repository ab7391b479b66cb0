"""Zones to and from KML files (:mod:`fleetapi_mock.domain.zone.kml`).

``zone/upload`` is a multipart request: its file part ``file`` must be there and not empty
(233) and hold KML with at least one zone (234); each zone keeps its kind's limits of points
(284, 202), and the account its limit of zones (268). With ``dry_run`` (the default) nothing is
created. ``zone/download`` answers the zones the caller sees, or those of ``zone_ids``.
"""

from __future__ import annotations

from typing import Final

from fleetapi._errors import EntityNotFoundError, NoDataFileError, OverQuotaError
from fleetapi._types import Unset
from fleetapi.endpoints.zone import MAX_ZONES, ZONE_DOWNLOAD, ZONE_UPLOAD
from fleetapi.models.zone import (
    ZONE_UPLOAD_RADIUS,
    ImportedZone,
    ZoneDownloadParams,
    ZoneUploadParams,
)
from fleetapi_mock.domain.context import Context, FileReply
from fleetapi_mock.domain.subuser import keep_in_sight
from fleetapi_mock.domain.track.file import kmz_archive
from fleetapi_mock.domain.zone import check_points
from fleetapi_mock.domain.zone.kml import zones_from_kml, zones_kml
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import ZoneRecord

_TYPES: Final = ZONE_DOWNLOAD.result.media_types
"""The content types of the KML and KMZ forms."""


@handles(ZONE_UPLOAD)
def zone_upload(ctx: Context, params: ZoneUploadParams) -> list[ImportedZone | int]:
    """The zones of the KML file part ``file``, or (without ``dry_run``) the IDs of the zones
    created from them."""
    upload = ctx.files.get("file")
    if upload is None or not upload.data:
        raise NoDataFileError("no file part named 'file' (or it is empty)")
    given = params.default_radius
    zones = zones_from_kml(
        upload.data, ZONE_UPLOAD_RADIUS[1] if isinstance(given, Unset) else given
    )
    for zone in zones:
        if not isinstance(zone.points, Unset):
            check_points(zone.type, zone.points)
    if params.dry_run:
        return list(zones)
    if len(ctx.owned(ctx.world.zones)) + len(zones) > MAX_ZONES:
        raise OverQuotaError(f"an account may hold at most {MAX_ZONES} zones")
    created: list[ImportedZone | int] = []
    user = ctx.require_user()
    for zone in zones:
        zone_id = ctx.world.ids.next("zones")
        ctx.world.zones[zone_id] = ZoneRecord(
            id=zone_id,
            user_id=ctx.account.id,
            label=zone.label,
            type=zone.type,
            center=None if isinstance(zone.center, Unset) else zone.center,
            radius=None if isinstance(zone.radius, Unset) else zone.radius,
            points=[] if isinstance(zone.points, Unset) else list(zone.points),
            address=zone.address,
            color=zone.color,
        )
        keep_in_sight(ctx.world, user, "zones", zone_id)
        created.append(zone_id)
    return created


@handles(ZONE_DOWNLOAD)
def zone_download(ctx: Context, params: ZoneDownloadParams) -> FileReply:
    """The zones the caller sees (or those of ``zone_ids``: 201 for one it does not) as a KML
    document named ``zones``, zipped for ``kmz``."""
    zones = ctx.visible_zones()
    if isinstance(params.zone_ids, list):
        seen = {z.id: z for z in zones}
        missing = [i for i in params.zone_ids if i not in seen]
        if missing:
            raise EntityNotFoundError("no such zones: " + ", ".join(map(str, missing)))
        zones = [seen[i] for i in dict.fromkeys(params.zone_ids)]
    kml = zones_kml(zones)
    if params.format == "kmz":
        return FileReply(content=kmz_archive(kml), content_type=_TYPES[1], filename="zones.kmz")
    return FileReply(content=kml, content_type=_TYPES[0], filename="zones.kml")
