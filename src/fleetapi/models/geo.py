"""Tags.

The spec refers to them but does not show them; the shape follows the service's documentation
(``NOTES.md``). Tasks, vehicles, employees, zones and places carry tag IDs. Zones are in
:mod:`fleetapi.models.zone`, places in :mod:`fleetapi.models.place`.
"""

from __future__ import annotations

import attrs

__all__ = ["Tag"]


@attrs.frozen(kw_only=True)
class Tag:
    """A tag that entities (tasks, vehicles, zones, places...) carry by ID."""

    id: int
    name: str
    color: str
    """A hex color without ``#`` (``e57373``)."""
