"""A grid of positions: the records near a place, found through a table's index of cells.

A list call's ``location`` circle (``lat``, ``lng``, ``radius`` in meters) keeps the records
within ``radius`` of the centre by the haversine distance. Testing every record grows with
the world; instead a table keeps, for a getter of a record's position, the records of each
cell of a grid of :data:`CELL` degrees (:meth:`~fleetapi_mock.state.table.Table.having`),
and :func:`nearby` reads the cells that the circle's bounding box covers: every record
within the circle is among them, and the caller tests each one as before.

A circle whose box reaches a pole or the antimeridian, or covers more than :data:`MAX_CELLS`
cells, is served by no index (``None``): the caller tests every record.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable
from typing import Final, TypeVar

from gpxpy.geo import EARTH_RADIUS

from fleetapi_mock.state.table import Table

__all__ = ["CELL", "MAX_CELLS", "cell", "cells_within", "nearby"]

R = TypeVar("R")

CELL: Final = 0.01
"""The grid's cell, in degrees of latitude and of longitude (about 1.1 km north to south)."""

MAX_CELLS: Final = 4096
"""The most cells a circle is looked up in (a radius of about 20 km at 50 degrees)."""

_MARGIN: Final = 1e-9
"""Degrees added around the box, against rounding."""


def cell(lat: float, lng: float) -> tuple[int, int]:
    """The grid cell holding a position."""
    return (math.floor(lat / CELL), math.floor(lng / CELL))


def cells_within(lat: float, lng: float, radius: float) -> list[tuple[int, int]] | None:
    """The cells that hold every position within ``radius`` meters of the centre (by the
    haversine distance on a sphere of ``EARTH_RADIUS``), or ``None`` when no grid serves."""
    if not all(math.isfinite(v) for v in (lat, lng, radius)) or radius < 0:
        return None
    angle = radius / EARTH_RADIUS  # the central angle the haversine distance allows
    spread = math.degrees(angle) + _MARGIN
    if angle >= math.pi / 2 or abs(lat) + spread >= 90:
        return None
    across = math.degrees(math.asin(min(1.0, math.sin(angle) / math.cos(math.radians(lat)))))
    west, east = lng - across - _MARGIN, lng + across + _MARGIN
    if west < -180 or east > 180:
        return None
    rows = range(math.floor((lat - spread) / CELL), math.floor((lat + spread) / CELL) + 1)
    columns = range(math.floor(west / CELL), math.floor(east / CELL) + 1)
    if len(rows) * len(columns) > MAX_CELLS:
        return None
    return [(row, column) for row in rows for column in columns]


def nearby(
    table: Table[int, R],
    cells_of: Callable[[R], Iterable[Hashable]],
    lat: float,
    lng: float,
    radius: float,
) -> list[R] | None:
    """The records of ``table`` (any account's, in key order) in the cells around the circle,
    by the grid index ``cells_of`` makes (a function of the record alone, the same object on
    every call, answering :func:`cell` of its position); ``None`` when no grid serves."""
    wanted = cells_within(lat, lng, radius)
    return None if wanted is None else table.having(cells_of, wanted)
