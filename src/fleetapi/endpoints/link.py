"""Geo links: public links sharing the location of trackers (``tracker/location/link/*``)."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, Paging, Result
from fleetapi.models.link import (
    GeoLink,
    GeoLinkCreateParams,
    GeoLinkDeleteParams,
    GeoLinkListParams,
    GeoLinkReadParams,
    GeoLinkStatusChangeParams,
    GeoLinkUpdateParams,
)

LINK_CREATE = Endpoint(
    path="tracker/location/link/create",
    params=GeoLinkCreateParams,
    result=Result.field("value", int),
    summary="Create a geo link sharing the location of 1 to 100 trackers.",
    right="weblocator_session_create",
    errors=(13, 204, 217, 236, 268),
    notes="The link is active once created. At most 10000 links per account (code 268).",
)
LINK_UPDATE = Endpoint(
    path="tracker/location/link/update",
    params=GeoLinkUpdateParams,
    result=Result.nothing(),
    summary="Update a geo link's lifetime, description, trackers and options.",
    right="weblocator_session_create",
    errors=(13, 201, 204, 217, 236),
    notes=(
        "The link keeps its hash, and so its URL; the body replaces the link's content (an "
        "omitted `lifetime` means the link never expires). The right sub-users need is not "
        "shown (the spec lists code 13): `weblocator_session_create`, as for create."
    ),
)
LINK_STATUS_CHANGE = Endpoint(
    path="tracker/location/link/status/change",
    params=GeoLinkStatusChangeParams,
    result=Result.nothing(),
    summary="Turn a geo link off or on again.",
    right="weblocator_session_create",
    errors=(201,),
    notes=(
        "Turning a link off ends its open viewing sessions. Sub-users need "
        "`weblocator_session_create`, as for create (not shown in the spec)."
    ),
)
LINK_READ = Endpoint(
    path="tracker/location/link/read",
    params=GeoLinkReadParams,
    result=Result.field("value", GeoLink),
    summary="Read a geo link.",
    errors=(201,),
    safe=True,
)
LINK_LIST = Endpoint(
    path="tracker/location/link/list",
    params=GeoLinkListParams,
    result=Result.field("list", list[GeoLink]),
    summary="List the user's geo links with their derived status, a page at a time.",
    safe=True,
    paging=Paging(total=None, default_limit=10000),
    notes=(
        "Each link carries its derived `status`: `disabled` when not enabled, else `inactive` "
        "before `lifetime.from`, `expired` after `lifetime.to`, else `enabled`."
    ),
)
LINK_DELETE = Endpoint(
    path="tracker/location/link/delete",
    params=GeoLinkDeleteParams,
    result=Result.nothing(),
    summary="Delete a geo link.",
    right="weblocator_session_create",
    errors=(201,),
    notes="Sub-users need `weblocator_session_create`, as for create (not shown in the spec).",
)

ENDPOINTS = (LINK_CREATE, LINK_UPDATE, LINK_STATUS_CHANGE, LINK_READ, LINK_LIST, LINK_DELETE)
