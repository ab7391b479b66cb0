"""Check-ins as a request sees them: which the caller may see, and how they are answered."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from fleetapi.models.checkin import Checkin
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.file import wire_file
from fleetapi_mock.state.records import CheckinRecord, FileRecord

if TYPE_CHECKING:
    from fleetapi_mock.state.world import World

__all__ = ["checkin_files", "visible_checkin", "wire_checkin"]


def _checkin_of(file: FileRecord) -> tuple[int | None]:
    return (file.checkin_id,)


def checkin_files(world: World, checkin_id: int) -> list[FileRecord]:
    """The files of check-in ``checkin_id`` by ID, found by the files table's index (a list
    of check-ins costs what its page does, however many files the world holds)."""
    return world.files.having(_checkin_of, (checkin_id,))


def wire_checkin(ctx: Context, checkin: CheckinRecord) -> Checkin:
    """A stored check-in as the caller sees it: their time zone, with its files."""
    attached = checkin_files(ctx.world, checkin.id)
    fields = attrs.asdict(checkin, recurse=False)
    fields["marker_time"] = ctx.user_time(checkin.marker_time)
    return Checkin(**fields, files=[wire_file(ctx, f) for f in attached])


def visible_checkin(ctx: Context, checkin_id: int) -> CheckinRecord | None:
    """The check-in ``checkin_id`` if the caller may see it (its account and tracker)."""
    checkin = ctx.owned_get(ctx.world.checkins, checkin_id)
    if checkin is None:
        return None
    if ctx.visible_tracker(checkin.tracker_id) is None:
        return None
    return checkin
