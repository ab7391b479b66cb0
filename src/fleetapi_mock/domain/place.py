"""Places (points of interest) as the API answers them."""

from __future__ import annotations

from gpxpy.geo import haversine_distance

from fleetapi.models.place import Place, PlaceLocation
from fleetapi_mock.domain.batch import DEFAULT_RADIUS
from fleetapi_mock.state.records import PlaceRecord, convert

__all__ = ["holds", "wire_place"]


def wire_place(record: PlaceRecord) -> Place:
    """The API's place of ``record``."""
    where = record.location
    location = PlaceLocation(
        lat=where.lat,
        lng=where.lng,
        address=where.address if isinstance(where.address, str) else "",
        radius=where.radius if isinstance(where.radius, int) else DEFAULT_RADIUS,
    )
    return convert(Place, record, location=location)


def holds(place: Place, lat: float, lng: float) -> bool:
    """Whether the place's radius holds the point (its edge included)."""
    where = place.location
    return haversine_distance(lat, lng, where.lat, where.lng) <= where.radius
