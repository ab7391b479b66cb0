"""Events (``history/*``): what happened to trackers, as the service documents it."""

from __future__ import annotations

import datetime as dt
from typing import Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.track import AssetRef, AssetType

__all__ = [
    "MAX_HISTORY_LIMIT",
    "EventExtra",
    "EventLocation",
    "EventType",
    "HistoryAssetCount",
    "HistoryAssetCountParams",
    "HistoryAssetList",
    "HistoryAssetListParams",
    "HistoryEntry",
    "HistoryEntryType",
    "HistoryMarkReadParams",
    "HistoryReadParams",
    "HistoryTrackerList",
    "HistoryTrackerListParams",
    "HistoryTypeListParams",
    "HistoryUnreadCountParams",
    "HistoryUnreadListParams",
    "HistoryUserListParams",
]

MAX_HISTORY_LIMIT = 1000
"""The default and largest ``limit`` of the history lists (the service's ``history.maxLimit``;
212 beyond)."""

HistoryEntryType = Literal["socket", "tracker", "camera"]


@attrs.frozen(kw_only=True, weakref_slot=False)
class EventLocation:
    """Where an event happened."""

    lat: float
    lng: float
    precision: int | Unset = UNSET
    """Meters, when known."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class EventExtra:
    """What an event concerns beside its tracker (each field only when it applies)."""

    task_id: int | Unset | None = UNSET
    parent_task_id: int | Unset | None = UNSET
    counter_id: int | Unset | None = UNSET
    service_task_id: int | Unset | None = UNSET
    checkin_id: int | Unset | None = UNSET
    place_ids: list[int] | Unset | None = UNSET
    last_known_location: bool | Unset = UNSET
    tracker_label: str | Unset = UNSET
    emergency: bool | Unset = UNSET
    zone_ids: list[int] | Unset = UNSET
    zone_labels: list[str] | Unset = UNSET
    employee_id: int | Unset | None = UNSET
    """The driver at the time of the event."""
    full_message: str | Unset = UNSET


@attrs.frozen(kw_only=True, weakref_slot=False)
class HistoryEntry:
    """An event of a tracker (a history entry)."""

    id: int
    type: HistoryEntryType = "tracker"
    is_read: bool = False
    """Whether the user reading it marked it read."""
    message: str
    time: dt.datetime
    event: str
    """The event type (see ``history/type/list``)."""
    tracker_id: int
    rule_id: int = 0
    """The rule that made the event; 0 when none did (the device reported it)."""
    track_id: int = 0
    """The track the event happened on, 0 for none."""
    location: EventLocation
    address: str = ""
    extra: EventExtra | Unset = UNSET


@attrs.frozen(kw_only=True, weakref_slot=False)
class EventType:
    """An event type and its description."""

    type: str
    description: str


@attrs.frozen(kw_only=True, weakref_slot=False)
class HistoryTypeListParams:
    """Parameters of ``history/type/list``."""

    locale: str | Unset = UNSET
    """The language of the descriptions (the mock answers English)."""
    only_tracker_events: bool | Unset = UNSET
    """Default true."""


_LIMIT = rules(minimum=1)


@attrs.frozen(kw_only=True, weakref_slot=False)
class HistoryUserListParams:
    """Parameters of ``history/user/list``: the events of every tracker the user sees."""

    from_: dt.datetime
    """The start of the period."""
    to: dt.datetime
    """The end of the period, later than ``from``."""
    events: list[str] | Unset = UNSET
    """Only these event types (default: all)."""
    limit: int | Unset = attrs.field(default=UNSET, metadata=_LIMIT)
    """At most :data:`MAX_HISTORY_LIMIT` (the default)."""
    ascending: bool | Unset = UNSET
    """Oldest first (default true)."""
    only_emergency: bool | Unset = UNSET
    """Only emergency events (alarms such as SOS)."""
    only_unread: bool | Unset = UNSET
    """Only the events not yet marked read."""
    add_tracker_label: bool | Unset = UNSET
    """Start each message with the tracker's label (default true)."""
    add_tracker_files: bool | Unset = UNSET
    """Accepted; the mock's events carry no files."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HistoryTrackerListParams(HistoryUserListParams):
    """Parameters of ``history/tracker/list``: the events of the trackers named."""

    trackers: list[int] = attrs.field(metadata=rules(min_items=1))
    """The trackers whose events to list (at least one)."""


@attrs.frozen(kw_only=True, slots=False)
class HistoryTrackerList:
    """The answer of ``history/tracker/list`` and ``history/user/list``."""

    # Not slotted: a slot named ``list`` would shadow the builtin in the annotation.
    list: list[HistoryEntry]
    limit_exceeded: bool
    """True when more events matched than ``limit``."""
    total: int
    """The events that matched."""
    total_unread: int
    """The unread events among them."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HistoryUnreadListParams:
    """Parameters of ``history/unread/list``."""

    limit: int | Unset = attrs.field(default=UNSET, metadata=_LIMIT)
    """At most :data:`MAX_HISTORY_LIMIT` (the default)."""
    from_: dt.datetime | Unset = UNSET
    """Default: a year before now."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HistoryUnreadCountParams:
    """Parameters of ``history/unread/count``."""

    from_: dt.datetime | Unset = UNSET
    """Default: a year before now."""
    type: HistoryEntryType | Unset = UNSET
    """Only events of this kind of device."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HistoryReadParams:
    """Parameters of ``history/read``."""

    id: int
    """The event."""
    add_tracker_label: bool | Unset = UNSET
    """Start the message with the tracker's label (default false)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HistoryMarkReadParams:
    """Parameters of ``history/mark_read``."""

    id: int
    """The event to mark as read."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HistoryAssetCountParams:
    """Parameters of ``history/asset/count``: the events of the trackers of assets."""

    assets: list[AssetRef] | Unset = UNSET
    """These assets' trackers (default: every asset's)."""
    asset_types: list[AssetType] | Unset = UNSET
    """Only assets of these kinds (default: both)."""
    from_: dt.datetime
    """The start of the period."""
    to: dt.datetime
    """The end of the period, later than ``from``."""
    events: list[str] | Unset = UNSET
    """Only these event types (default: all)."""
    only_emergency: bool | Unset = UNSET
    """Only emergency events (alarms such as SOS)."""
    only_unread: bool | Unset = UNSET
    """Only the events not yet marked read."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HistoryAssetListParams(HistoryAssetCountParams):
    """Parameters of ``history/asset/list``."""

    limit: int | Unset = attrs.field(default=UNSET, metadata=_LIMIT)
    """At most :data:`MAX_HISTORY_LIMIT` (the default)."""
    ascending: bool | Unset = UNSET
    """Oldest first (default true)."""
    add_asset_label: bool | Unset = UNSET
    """Start each message with the asset's label (default true): the vehicle's, else the
    employee's full name."""
    add_tracker_label: bool | Unset = UNSET
    """Start each message with the tracker's label (default false; the asset's label wins)."""
    add_tracker_files: bool | Unset = UNSET
    """Accepted; the mock's events carry no files."""


@attrs.frozen(kw_only=True, slots=False)
class HistoryAssetList:
    """The answer of ``history/asset/list``."""

    # Not slotted: a slot named ``list`` would shadow the builtin in the annotation.
    list: list[HistoryEntry]
    limit_exceeded: bool
    """True when more events matched than ``limit``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class HistoryAssetCount:
    """The answer of ``history/asset/count``."""

    total: int
    """The events that matched."""
    total_unread: int
    """The unread events among them."""
