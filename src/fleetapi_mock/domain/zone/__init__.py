"""Zones (geofences) as the API answers them, their points' limits, and whether a point lies
inside one."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from gpxpy.geo import EARTH_RADIUS, ONE_DEGREE, haversine_distance

from fleetapi._errors import (
    NotSupportedForEntityTypeError,
    TooFewZonePointsError,
    TooManyZonePointsError,
)
from fleetapi._types import UNSET
from fleetapi.models.common import Bounds, LatLng
from fleetapi.models.zone import (
    ZONE_POINT_LIMITS,
    CircleZone,
    PolygonZone,
    SausageZone,
    Zone,
    ZonePoint,
)
from fleetapi_mock.state.records import ZoneRecord, ZoneType

__all__ = ["check_points", "circle_bounds", "contains", "wire_zone", "zone_bounds"]


def wire_zone(record: ZoneRecord, *, with_points: bool = False) -> Zone:
    """The API's zone of ``record``: its kind's fields and bounds; the points of a polygon or a
    sausage only ``with_points``."""
    zone_id, label, address, color = record.id, record.label, record.address, record.color
    tags = list(record.tags)
    bounds = zone_bounds(record)
    points = list(record.points) if with_points else UNSET
    if record.type == "circle":
        return CircleZone(
            id=zone_id,
            label=label,
            address=address,
            color=color,
            tags=tags,
            center=record.center or LatLng(lat=0.0, lng=0.0),
            radius=record.radius or 0,
            bounds=bounds,
        )
    if record.type == "polygon":
        return PolygonZone(
            id=zone_id,
            label=label,
            address=address,
            color=color,
            tags=tags,
            points=points,
            bounds=bounds,
        )
    return SausageZone(
        id=zone_id,
        label=label,
        address=address,
        color=color,
        tags=tags,
        points=points,
        radius=record.radius or 0,
        bounds=bounds,
    )


def check_points(zone_type: ZoneType, points: Sequence[ZonePoint]) -> None:
    """230 for points of a circle; 284 for fewer than a polygon's or sausage's least, 202 for
    more than its most (:data:`~fleetapi.models.zone.ZONE_POINT_LIMITS`)."""
    if zone_type == "circle":
        raise NotSupportedForEntityTypeError("a circle zone has no points")
    fewest, most = ZONE_POINT_LIMITS[zone_type]
    if len(points) < fewest:
        raise TooFewZonePointsError(f"a {zone_type} zone needs at least {fewest} points")
    if len(points) > most:
        raise TooManyZonePointsError(f"a {zone_type} zone has at most {most} points")


_METERS_PER_DEGREE = ONE_DEGREE
"""Meters per degree of latitude, on the sphere the distance checks use (gpxpy's)."""


def zone_bounds(record: ZoneRecord) -> Bounds:
    """The smallest north-west to south-east rectangle around the zone: a circle's disc, a
    polygon's vertices, a sausage's polyline widened by its radius."""
    if record.type == "circle":
        return circle_bounds(record.center or LatLng(lat=0.0, lng=0.0), record.radius or 0)
    margin = 0 if record.type == "polygon" else (record.radius or 0)
    return _widened([(p.lat, p.lng) for p in record.points] or [(0.0, 0.0)], margin)


def circle_bounds(center: LatLng, radius: int) -> Bounds:
    """The smallest north-west to south-east rectangle around a circle of ``radius`` meters."""
    return _widened([(center.lat, center.lng)], radius)


def _widened(points: Sequence[tuple[float, float]], margin: float) -> Bounds:
    """The rectangle around ``points`` (latitude, longitude) widened by ``margin`` meters."""
    lats = [lat for lat, _ in points]
    lngs = [lng for _, lng in points]
    lat_margin = margin / _METERS_PER_DEGREE
    widest = max(abs(min(lats)), abs(max(lats)))
    across = math.cos(math.radians(min(widest + lat_margin, 90.0)))
    lng_margin = 180.0 if across < 1e-9 else min(180.0, margin / (_METERS_PER_DEGREE * across))
    return Bounds(
        nw=LatLng(lat=min(90.0, max(lats) + lat_margin), lng=max(-180.0, min(lngs) - lng_margin)),
        se=LatLng(lat=max(-90.0, min(lats) - lat_margin), lng=min(180.0, max(lngs) + lng_margin)),
    )


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
    x = math.radians(lng - lng0) * math.cos(math.radians(lat0)) * EARTH_RADIUS
    y = math.radians(lat - lat0) * EARTH_RADIUS
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
