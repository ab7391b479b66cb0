"""Geo links: public links that share the location of trackers (``tracker/location/link/*``).

A link is active once created; ``status/change`` turns it off or on again, and updating keeps
its hash (and so its URL). Its ``lifetime`` bounds when it may be viewed; a null lifetime never
expires. ``tracker/location/link/list`` reports a derived :data:`GeoLinkStatus`: ``disabled``
when the link is not enabled, else ``inactive`` before ``lifetime.from``, ``expired`` after
``lifetime.to``, and ``enabled`` otherwise (sorting ranks them in that order: enabled, inactive,
expired, disabled).
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

import attrs

from fleetapi._rules import rules
from fleetapi._secrets import mask
from fleetapi._types import UNSET, Unset
from fleetapi.models.search import SearchCondition

__all__ = [
    "BoundingMode",
    "GeoLink",
    "GeoLinkCreateParams",
    "GeoLinkDeleteParams",
    "GeoLinkDisplayOptions",
    "GeoLinkLifetime",
    "GeoLinkListParams",
    "GeoLinkObjectData",
    "GeoLinkOptions",
    "GeoLinkReadParams",
    "GeoLinkStatus",
    "GeoLinkStatusChangeParams",
    "GeoLinkTracker",
    "GeoLinkTrackerOptions",
    "GeoLinkUpdateParams",
]

GeoLinkObjectData = Literal[
    "speed",
    "address",
    "movement_status",
    "connection_status",
    "driver_name",
    "driver_phone",
    "vehicle_label",
    "vehicle_reg_number",
]
"""What a link shows about a tracker besides its position."""

BoundingMode = Literal["inside", "outside"]
"""Show the trackers only inside, or only outside, the bounding zones."""

GeoLinkStatus = Literal["enabled", "inactive", "expired", "disabled"]
"""The derived status of a link in list results (and the order in which it sorts)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeoLinkLifetime:
    """When a link may be viewed; an omitted bound is open."""

    from_: dt.datetime | Unset = UNSET
    to: dt.datetime | Unset = UNSET


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeoLinkDisplayOptions:
    """How the shared map looks; omitted options take the service's default."""

    map: str | Unset = UNSET
    """``roadmap``, ``satellite``, ``hybrid`` or another available map."""
    autoscale: bool | Unset = UNSET
    """Default true."""
    show_icons: bool | Unset = UNSET
    """Default false."""
    show_driver_info: bool | Unset = UNSET
    """Default false."""
    show_vehicle_info: bool | Unset = UNSET
    """Default false."""
    trace_duration: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Seconds of trace shown behind a moving tracker (default 5)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeoLinkOptions:
    """The ``params`` object of a link: its bounds, places and display options."""

    bounding_zone_ids: list[int] = attrs.field(metadata=rules(max_items=100))
    """0 to 100 zone IDs."""
    bounding_mode: BoundingMode | Unset = UNSET
    """Needed only when there are bounding zones."""
    place_ids: list[int] | None = attrs.field(default=None, metadata=rules(max_items=100))
    """0 to 100 place IDs shown on the map, or null."""
    shorten_url: bool | Unset = UNSET
    """Default false."""
    display_options: GeoLinkDisplayOptions


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeoLinkTrackerOptions:
    """The ``params`` of one tracker of a link."""

    object_data: list[GeoLinkObjectData]


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeoLinkTracker:
    """One tracker shared by a link."""

    tracker_id: int
    alias: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=255, printable=True))
    """The name viewers see instead of the tracker's label (printable, at most 255)."""
    params: GeoLinkTrackerOptions


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeoLink:
    """A geo link: a viewing session that shares the location of 1 to 100 trackers."""

    id: int
    hash: str = attrs.field(repr=mask)
    """The link's secret; it is part of the link's URL."""
    create_date: dt.datetime
    creator_id: int
    description: str
    """Printable characters, at most 255."""
    enabled: bool
    lifetime: GeoLinkLifetime | None = None
    """Null: the link never expires."""
    params: GeoLinkOptions
    trackers: list[GeoLinkTracker]
    status: GeoLinkStatus | Unset = UNSET
    """The derived status (see the module); present in list results."""

    def url(self, domain: str) -> str:
        """The link's public URL on the dealer's interface ``domain``.

        The service answers no URL: a link is viewed at ``https://<domain>/ls/#<hash>``, where
        ``domain`` is the dealer's interface domain (``dealer/get_ui_config`` answers it as
        ``dealer.ui_domain``). A ``domain`` given with its scheme (``http://...``) keeps it.
        """
        base = domain.rstrip("/")
        if "://" not in base:
            base = f"https://{base}"
        return f"{base}/ls/#{self.hash}"


@attrs.frozen(kw_only=True, weakref_slot=False)
class _GeoLinkContent:
    """What create and update send: a link's lifetime, description, trackers and options."""

    lifetime: GeoLinkLifetime | Unset | None = UNSET
    """Omitted or null: the link never expires."""
    description: str = attrs.field(metadata=rules(max_length=255, printable=True))
    """Printable characters, at most 255."""
    trackers: list[GeoLinkTracker] = attrs.field(metadata=rules(min_items=1, max_items=100))
    """1 to 100 trackers, each listed once."""
    params: GeoLinkOptions
    """What the link shares, as it should be."""
    """What the link shares: trackers, period, what viewers see."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeoLinkCreateParams(_GeoLinkContent):
    """Parameters of ``tracker/location/link/create``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeoLinkUpdateParams(_GeoLinkContent):
    """Parameters of ``tracker/location/link/update``: the link's new content, replacing the
    old (an omitted ``lifetime`` means the link never expires)."""

    id: int
    """The link."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeoLinkStatusChangeParams:
    """Parameters of ``tracker/location/link/status/change``."""

    id: int
    """The link."""
    is_active: bool
    """False turns the link off (ending open viewing sessions); true turns it on."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeoLinkReadParams:
    """Parameters of ``tracker/location/link/read``."""

    id: int
    """The link."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeoLinkDeleteParams:
    """Parameters of ``tracker/location/link/delete``."""

    id: int
    """The link."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeoLinkListParams:
    """Parameters of ``tracker/location/link/list``."""

    filter: str | Unset = UNSET
    """Only links whose description, trackers or aliases contain this text."""
    conditions: list[SearchCondition] | Unset = UNSET
    """Fields: trackers (labels), aliases, creator (full name; master users only),
    description."""
    offset: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Default 0."""
    limit: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Default 10000."""
    sort: list[str] | Unset = UNSET
    """``<field>=asc|desc`` over id, create_date, expire_date, trackers, aliases, status,
    creator, description (default ``id=asc``)."""
