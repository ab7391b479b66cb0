"""A world kept as an image: copies of a freshly loaded world without reading its document.

Loading a world document checks every value of every record; a world the process loads again
and again (the demo world: every ``FleetMock()``, every pytest ``fleet_mock``, every reset of a
demo world) is checked once, kept as a pickled image of its records, and each copy unpickles
it: about a sixth of the time of loading the document.

The image is made by this process from a world it has just loaded, and only ever read by the
process that made it: it is never written to disk nor read from elsewhere.
"""

from __future__ import annotations

import copyreg
import io
import pickle
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from fleetapi_mock.state.records.fleet import NO_READINGS

if TYPE_CHECKING:
    from fleetapi_mock.state.world import World

__all__ = ["WorldImage"]


def _read_only(values: dict[str, Any]) -> Mapping[str, Any]:
    """A record's read-only mapping (a point's readings) again; the empty one is shared."""
    return MappingProxyType(values) if values else NO_READINGS


def _reduce_read_only(mapping: MappingProxyType[str, Any]) -> tuple[Any, tuple[Any, ...]]:
    return _read_only, (dict(mapping),)


class _Pickler(pickle.Pickler):
    """Pickles records, whose read-only mappings the standard pickler refuses."""

    dispatch_table = {**copyreg.dispatch_table, MappingProxyType: _reduce_read_only}


class WorldImage:
    """A freshly loaded world, kept to be copied (see the module).

    Args:
        world: A world just loaded from a document, before anything used it (what the domain
            derives and keeps on a world, as a track's trips, would be copied too).
        seeded: Whether the document gave the world its seed: copies keep it; otherwise each
            copy draws its own unpredictable seed, as loading the document would.
    """

    def __init__(self, world: World, *, seeded: bool) -> None:
        self._kind = type(world)
        state = {name: getattr(world, name) for name in world.COLLECTIONS}
        state["ids"], state["description"] = world.ids, world.description
        buffer = io.BytesIO()
        _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(state)
        self._image = buffer.getvalue()
        self._now = world.now()
        self._seed = world.seed if seeded else None

    def copy(self) -> World:
        """A new world equal to the one imaged, independent of it and of every other copy."""
        world = self._kind(now=self._now, seed=self._seed)
        for name, value in pickle.loads(self._image).items():  # noqa: S301 - our own image
            setattr(world, name, value)
        return world

    def __len__(self) -> int:
        """The image's size in bytes."""
        return len(self._image)
