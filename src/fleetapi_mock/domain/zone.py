"""Zones (geofences) as the API answers them."""

from __future__ import annotations

from fleetapi._types import UNSET
from fleetapi.models.common import LatLng
from fleetapi.models.geo import CircleZone, PolygonZone, SausageZone, Zone
from fleetapi_mock.state.records import ZoneRecord

__all__ = ["wire_zone"]


def wire_zone(record: ZoneRecord, *, with_points: bool = False) -> Zone:
    """The API's zone of ``record``: its kind's fields; the points of a polygon or a sausage
    only ``with_points``."""
    zone_id, label, address, color = record.id, record.label, record.address, record.color
    tags = list(record.tags)
    points = [LatLng(lat=p.lat, lng=p.lng) for p in record.points] if with_points else UNSET
    if record.type == "circle":
        return CircleZone(
            id=zone_id,
            label=label,
            address=address,
            color=color,
            tags=tags,
            center=record.center or LatLng(lat=0.0, lng=0.0),
            radius=record.radius or 0,
        )
    if record.type == "polygon":
        return PolygonZone(
            id=zone_id, label=label, address=address, color=color, tags=tags, points=points
        )
    return SausageZone(
        id=zone_id,
        label=label,
        address=address,
        color=color,
        tags=tags,
        points=points,
        radius=record.radius or 0,
    )
