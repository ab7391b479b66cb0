"""Garages (depots) where vehicles are kept (``garage/*``)."""

from __future__ import annotations

import attrs

from fleetapi.models.common import Location

__all__ = [
    "Garage",
    "GarageCreateParams",
    "GarageDeleteParams",
    "GarageUpdateParams",
    "NewGarage",
]


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewGarage:
    """A garage without its ID: the ``garage`` of ``garage/create``."""

    location: Location | None = None
    """Where the garage is (``lat``, ``lng``, ``address``, ``radius``), or null."""
    mechanic_name: str | None = None
    dispatcher_name: str | None = None
    organization_name: str | None = None


@attrs.frozen(kw_only=True, weakref_slot=False)
class Garage(NewGarage):
    """A garage (depot) of the user."""

    id: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class GarageCreateParams:
    """Parameters of ``garage/create``."""

    garage: NewGarage
    """The new garage: organization, location, people."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GarageUpdateParams:
    """Parameters of ``garage/update``."""

    garage: Garage
    """The garage with its ID and every field as it should be."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GarageDeleteParams:
    """Parameters of ``garage/delete``."""

    garage_id: int
    """The garage."""
