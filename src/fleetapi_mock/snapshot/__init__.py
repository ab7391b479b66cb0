"""A real account as a world: read it through documented calls, write a world document.

:func:`take_snapshot` reads one account (the caller's) with the reading calls of
:data:`READ_CALLS` alone, never a call that changes anything, and builds a
:class:`~fleetapi_mock.state.world.World` of it: the answers are read into the world's records
as the service shapes them (unknown fields left out), date/times brought from the user's time
zone to the world's UTC, ids kept so that tests written against the account keep working. The
world's clock stands at the service's time of the snapshot. No secret of the account lands in
the document: the user's password and an API key are drawn anew (:class:`Snapshot` tells them).

:class:`~fleetapi_mock.snapshot.resume.Resumable` keeps each answer in a progress file, so that
a snapshot that stopped resumes without asking again for what it read.

``progress`` is told each :class:`~fleetapi_mock.snapshot.shaping.Step` as it advances and
ends. ``fleet mock snapshot`` runs it (see "Your account as a world" in the docs).
"""

from __future__ import annotations

from fleetapi_mock.snapshot.reading import READ_CALLS, Snapshot, Step, take_snapshot
from fleetapi_mock.snapshot.resume import Resumable, progress_path

__all__ = ["READ_CALLS", "Resumable", "Snapshot", "Step", "progress_path", "take_snapshot"]
