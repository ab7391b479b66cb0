"""Check-ins as a request sees them: which the caller may see, and how they are answered."""

from __future__ import annotations

import attrs

from fleetapi.models.checkin import Checkin
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.file import wire_file
from fleetapi_mock.state.records import CheckinRecord

__all__ = ["visible_checkin", "wire_checkin"]


def wire_checkin(ctx: Context, checkin: CheckinRecord) -> Checkin:
    """A stored check-in as the caller sees it: their time zone, with its files."""
    attached = sorted(
        (f for f in ctx.world.files.values() if f.checkin_id == checkin.id), key=lambda f: f.id
    )
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
