"""The grid index of positions finds every record within a circle."""

from __future__ import annotations

import math

from gpxpy.geo import haversine_distance
from hypothesis import assume, given
from hypothesis import strategies as st

from fleetapi_mock.state.grid import CELL, MAX_CELLS, cell, cells_within

LAT = st.floats(min_value=-89.9, max_value=89.9)
LNG = st.floats(min_value=-179.9, max_value=179.9)


def _towards(lat: float, lng: float, distance: float, bearing: float) -> tuple[float, float]:
    """The position ``distance`` meters from ``(lat, lng)`` on the bearing (radians)."""
    angle = distance / 6378137.0
    phi, lam = math.radians(lat), math.radians(lng)
    to_phi = math.asin(
        math.sin(phi) * math.cos(angle) + math.cos(phi) * math.sin(angle) * math.cos(bearing)
    )
    to_lam = lam + math.atan2(
        math.sin(bearing) * math.sin(angle) * math.cos(phi),
        math.cos(angle) - math.sin(phi) * math.sin(to_phi),
    )
    return math.degrees(to_phi), math.degrees(to_lam)


@given(LAT, LNG, st.floats(min_value=0, max_value=20_000), st.sampled_from([1.0, 0.999, 0.5, 0.0]))
def test_every_position_within_the_radius_lies_in_a_cell_looked_up(lat, lng, radius, share):
    """Positions on a ring around the centre, at the radius (the edge included) or inside it,
    on every bearing: each is in one of the circle's cells, whenever the grid serves it."""
    cells = cells_within(lat, lng, radius)
    assume(cells is not None)
    looked_up = set(cells)
    for degrees in range(0, 360, 5):
        there = _towards(lat, lng, radius * share, math.radians(degrees))
        if haversine_distance(lat, lng, *there) <= radius:
            assert cell(*there) in looked_up, (there, degrees)


def test_a_circle_the_grid_cannot_serve_is_left_to_a_scan():
    assert cells_within(89.99, 0.0, 5_000) is None  # a pole inside
    assert cells_within(0.0, 179.99, 5_000) is None  # across the antimeridian
    assert cells_within(50.0, 10.0, 200_000) is None  # more cells than MAX_CELLS
    assert cells_within(50.0, 10.0, float("nan")) is None
    assert len(cells_within(50.0, 10.0, 1_000) or []) <= MAX_CELLS
    assert cell(52.52, 13.405) in (cells_within(52.52, 13.405, 0) or [])
    assert CELL > 0
