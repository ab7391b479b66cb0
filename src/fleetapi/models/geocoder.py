"""Forward and reverse geocoding (``geocoder/search_address``, ``geocoder/search_location``)."""

from __future__ import annotations

from typing import Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.common import Bounds, LatLng

__all__ = [
    "GeocodedAddress",
    "GeocodedLocation",
    "GeocoderDetails",
    "GeocoderGoal",
    "GeocoderSearchAddressParams",
    "GeocoderSearchLocationParams",
    "GeocoderType",
]

GeocoderType = Literal["google", "yandex", "progorod", "osm", "locationiq"]
"""The geocoding providers a caller may prefer (premium-GIS users always get the premium one)."""

GeocoderGoal = Literal["ui", "ui_user_action"]
"""Why a reverse lookup is made: ``ui_user_action`` when a person asked for it, else ``ui``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeocoderDetails:
    """The parts of a geocoded address, each present only when the provider knows it."""

    country: str | Unset = UNSET
    province: str | Unset = UNSET
    locality: str | Unset = UNSET
    street: str | Unset = UNSET
    house: str | Unset = UNSET
    postcode: str | Unset = UNSET
    bounds: Bounds | Unset = UNSET
    """A box that fully contains the result."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeocodedLocation:
    """One match of ``geocoder/search_address``."""

    lat: float
    lng: float
    address: str
    details: GeocoderDetails | Unset = UNSET
    """Present when the request asked ``with_details``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeocodedAddress:
    """The result of ``geocoder/search_location``: the address of a point."""

    value: str
    """The address."""
    details: GeocoderDetails | Unset = UNSET
    """Present when the request asked ``with_details``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeocoderSearchAddressParams:
    """Parameters of ``geocoder/search_address``."""

    q: str | LatLng = attrs.field(metadata=rules(not_blank=True, max_length=1024))
    """An address or a place, or a location: a ``LatLng`` or ``"lat,lng"`` text, which makes
    a reverse lookup answering one result."""
    geocoder: GeocoderType | Unset = UNSET
    """The preferred provider."""
    bounds: Bounds | Unset = UNSET
    """Prefer results inside this box (it changes the ranking, it does not filter)."""
    lang: str | Unset = UNSET
    """ISO 639 language code of the results (``en``, ``en_US``)."""
    with_details: bool | Unset = UNSET
    """Add the address parts (``details``) to each result."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeocoderSearchLocationParams:
    """Parameters of ``geocoder/search_location``."""

    location: LatLng
    """The point to find an address for."""
    goal: GeocoderGoal
    """``ui_user_action`` for a lookup a person asked for, otherwise ``ui``."""
    geocoder: GeocoderType | Unset = UNSET
    """The preferred provider."""
    lang: str | Unset = UNSET
    """ISO 639 language code of the address (``en``, ``en_US``)."""
    with_details: bool | Unset = UNSET
    """Add the address parts (``details``) to the result."""
