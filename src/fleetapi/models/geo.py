"""Places (points of interest) and tags.

The spec refers to these objects but does not show them; the shapes follow the service's
documentation (``NOTES.md``). Geo links list places, tasks and vehicles carry tag IDs. Zones
are in :mod:`fleetapi.models.zone`.
"""

from __future__ import annotations

import attrs

from fleetapi.models.common import Location

__all__ = ["Place", "Tag"]


@attrs.frozen(kw_only=True)
class Tag:
    """A tag that entities (tasks, vehicles, zones, places...) carry by ID."""

    id: int
    name: str
    color: str
    """A hex color without ``#`` (``e57373``)."""


@attrs.frozen(kw_only=True)
class Place:
    """A place (point of interest) with a radius around it."""

    id: int
    label: str
    location: Location
    """``lat``, ``lng``, ``address`` and ``radius`` (meters)."""
    description: str | None = None
    external_id: str | None = None
    """An arbitrary reference to an external system."""
    tags: list[int] = attrs.Factory(list)
    """Tag IDs."""
