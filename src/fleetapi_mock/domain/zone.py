"""Zones (geofences) as the API answers them, and whether a point lies inside one."""

from __future__ import annotations

import itertools
import math

from gpxpy.geo import haversine_distance

from fleetapi._types import UNSET
from fleetapi.models.common import LatLng
from fleetapi.models.geo import CircleZone, PolygonZone, SausageZone, Zone
from fleetapi_mock.state.records import ZoneRecord

__all__ = ["contains", "wire_zone"]


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


_EARTH_RADIUS_M = 6_371_000.0


def contains(record: ZoneRecord, lat: float, lng: float) -> bool:
    """Whether the point lies inside the zone: within a circle's radius of its center (a
    great-circle distance), inside a polygon (its edges included), or within a sausage's
    radius of its polyline. Polygons and polylines are measured on a local flat projection
    around the point, exact enough for zones of a city's size."""
    if record.type == "circle":
        if record.center is None:
            return False
        distance = haversine_distance(lat, lng, record.center.lat, record.center.lng)
        return distance <= (record.radius or 0)
    flat = [_project(lat, lng, p.lat, p.lng) for p in record.points]
    if record.type == "polygon":
        return len(flat) >= 3 and _in_polygon(flat)
    if len(flat) == 1:
        return math.hypot(*flat[0]) <= (record.radius or 0)
    return any(
        _distance_to_segment(a, b) <= (record.radius or 0) for a, b in itertools.pairwise(flat)
    )


def _project(lat0: float, lng0: float, lat: float, lng: float) -> tuple[float, float]:
    """Meters east and north of (``lat0``, ``lng0``) on an equirectangular projection."""
    x = math.radians(lng - lng0) * math.cos(math.radians(lat0)) * _EARTH_RADIUS_M
    y = math.radians(lat - lat0) * _EARTH_RADIUS_M
    return x, y


def _distance_to_segment(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The distance from the origin to the segment ``a``-``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    share = 0.0 if length == 0 else max(0.0, min(1.0, -(a[0] * dx + a[1] * dy) / length))
    return math.hypot(a[0] + share * dx, a[1] + share * dy)


def _in_polygon(vertices: list[tuple[float, float]]) -> bool:
    """Whether the origin lies inside the polygon (on an edge counts as inside)."""
    inside = False
    for a, b in zip(vertices, vertices[1:] + vertices[:1], strict=True):
        if _distance_to_segment(a, b) < 1e-6:
            return True
        if (a[1] > 0) != (b[1] > 0):
            crossing = a[0] + (0 - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
            if crossing > 0:
                inside = not inside
    return inside
