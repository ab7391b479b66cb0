"""Working statuses (``status/*``), as the service documents them: what employees are doing
(``Busy``, ``Free``...), in ordered lists (listings) assigned to their trackers, with each
tracker's current status and the last change of it."""

from __future__ import annotations

import datetime as dt
from typing import Final, Literal

import attrs

from fleetapi._rules import HEX_COLOR_PATTERN, rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.common import Location

__all__ = [
    "MAX_STATUS_LISTINGS",
    "MAX_WORK_STATUSES",
    "NewStatusListing",
    "NewWorkStatus",
    "StatusChange",
    "StatusChangeOrigin",
    "StatusCreateParams",
    "StatusDeleteParams",
    "StatusListParams",
    "StatusListing",
    "StatusListingCreateParams",
    "StatusListingDeleteParams",
    "StatusListingTrackerAssignParams",
    "StatusListingUpdateParams",
    "StatusTrackerAssignParams",
    "StatusTrackerListParams",
    "StatusTrackerReadParams",
    "StatusUpdateParams",
    "TrackerWorkStatus",
    "WorkStatus",
]

MAX_STATUS_LISTINGS: Final = 100
"""The most working status listings an account keeps (one more is code 268)."""

MAX_WORK_STATUSES: Final = 1_000
"""The most working statuses an account keeps, in all its listings (one more is code 268)."""

StatusChangeOrigin = Literal["employee", "supervisor"]
"""Who changed a tracker's working status: its employee (the mobile app) or a supervisor
(the API, the web interface)."""

_LABEL = rules(not_blank=True, max_length=255, printable=True)
_COLOR = rules(pattern=HEX_COLOR_PATTERN)


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewWorkStatus:
    """A working status without its ID: the ``status`` of ``status/create``."""

    label: str = attrs.field(metadata=_LABEL)
    """What the status says (``Busy``): 1 to 255 printable characters."""
    color: str = attrs.field(metadata=_COLOR)
    """The color the status is shown in: a web color without ``#`` (``E57373``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class WorkStatus(NewWorkStatus):
    """A working status of a listing."""

    id: int
    """The status."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewStatusListing:
    """A working status listing without its ID and entries: the ``listing`` of
    ``status/listing/create``."""

    label: str = attrs.field(metadata=_LABEL)
    """The listing's name (``Taxi driver statuses``): 1 to 255 printable characters."""
    employee_controlled: bool
    """Whether employees change their own status (in the mobile tracking app)."""
    supervisor_controlled: bool
    """Whether supervisors change the status (``status/tracker/assign``: code 13 when not)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StatusListing(NewStatusListing):
    """A working status listing: the statuses a tracker it is assigned to may have."""

    id: int
    """The listing."""
    entries: list[int]
    """Every status of the listing, by ID, in the listing's order."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StatusChange:
    """A change of a tracker's working status (``last_change``)."""

    id: int
    """The change."""
    old_status_id: int | None
    """The status before the change; null when there was none."""
    new_status_id: int | None
    """The status after the change; null when the tracker was left without one."""
    location: Location | None
    """Where the tracker was at the change (``lat``, ``lng``, ``address``); null when it had
    no position."""
    changed: dt.datetime
    """When the status changed."""
    origin: StatusChangeOrigin


@attrs.frozen(kw_only=True, weakref_slot=False)
class TrackerWorkStatus:
    """A tracker's working status: what ``status/tracker/read`` answers, and each tracker's
    entry of ``status/tracker/list``."""

    current_status: WorkStatus | None
    """The tracker's status now; null when it has none."""
    last_change: StatusChange | None
    """The last change of its status; null when it never changed."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StatusCreateParams:
    """Parameters of ``status/create``."""

    listing_id: int
    """The listing the new status joins (at its end)."""
    status: NewWorkStatus
    """The new status."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StatusUpdateParams:
    """Parameters of ``status/update``."""

    status: WorkStatus
    """The status, named by its ``id``, with its new label and color."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StatusDeleteParams:
    """Parameters of ``status/delete``."""

    status_id: int
    """The status to delete."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StatusListParams:
    """Parameters of ``status/list``."""

    listing_id: int
    """The listing whose statuses to list."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StatusListingCreateParams:
    """Parameters of ``status/listing/create``."""

    listing: NewStatusListing
    """The new listing (it starts empty)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StatusListingUpdateParams:
    """Parameters of ``status/listing/update``."""

    listing: StatusListing
    """The listing, named by its ``id``, with its new label and flags, and ``entries``: every
    one of its statuses, in their new order."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StatusListingDeleteParams:
    """Parameters of ``status/listing/delete``."""

    listing_id: int
    """The listing to delete, with its statuses."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StatusListingTrackerAssignParams:
    """Parameters of ``status/listing/tracker/assign``."""

    tracker_id: int
    """The tracker."""
    listing_id: int | Unset = UNSET
    """The listing to assign to it; left out, the tracker is left without one."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StatusTrackerAssignParams:
    """Parameters of ``status/tracker/assign``."""

    tracker_id: int
    """The tracker."""
    new_status_id: int
    """Its new status, one of the listing assigned to it."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StatusTrackerReadParams:
    """Parameters of ``status/tracker/read``."""

    tracker_id: int
    """The tracker whose status to read."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class StatusTrackerListParams:
    """Parameters of ``status/tracker/list``."""

    trackers: list[int] = attrs.field(metadata=rules(min_items=1))
    """The trackers whose statuses to read."""
