"""Geo links: public links sharing the location of trackers (``tracker/location/link/*``)."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Paging, Result
from fleetapi.models.link import (
    GeoLink,
    GeoLinkCreateParams,
    GeoLinkDeleteParams,
    GeoLinkListParams,
    GeoLinkReadParams,
    GeoLinkStatusChangeParams,
    GeoLinkUpdateParams,
)

_PAGING = Paging(total=None, default_limit=10000)
"""How ``tracker/location/link/list`` pages (the decisions state its default limit)."""

LINK_CREATE = Endpoint(
    path="tracker/location/link/create",
    params=GeoLinkCreateParams,
    result=Result.field("value", int),
    summary="Create a geo link sharing the location of 1 to 100 trackers.",
    right="weblocator_session_create",
    errors=(13, 204, 217, 236, 268),
    notes="The link is active once created. At most 10000 links per account (code 268).",
    decisions=(
        Decision(
            "Geo link URL",
            "The API answers none: a link is viewed at `https://<dealer ui_domain>/ls/#<hash>` "
            "(`GeoLink.url(domain)`). `shorten_url` is kept as sent; shortening is the web "
            "interface's business.",
        ),
        Decision(
            "Geo link hash",
            "32 hexadecimal characters from the world's random source, never one in use; kept "
            "by updates.",
        ),
        Decision(
            "Geo link trackers",
            "217 for trackers missing, of another account, blocked or outside a sub-user's "
            "list; 236 when a tracker's tariff lacks `weblocator`; a tracker listed twice "
            "answers 7 naming it.",
        ),
        Decision(
            "Geo link bounding zones",
            "`bounding_mode` is required when `bounding_zone_ids` is not empty (7 naming "
            "`params.bounding_mode`); zones and places must be the account's (204).",
        ),
        Decision(
            "Geo link lifetime",
            "In the caller's time zone; `to` before `from` answers 7 naming `lifetime.to`; an "
            "omitted or null lifetime never expires, and so does an open bound.",
        ),
        Decision(
            "Geo link display options",
            "Options left out take the documented defaults (`roadmap`, autoscale on, the rest "
            "off, trace 5 seconds) and are answered filled in.",
        ),
    ),
)
LINK_UPDATE = Endpoint(
    path="tracker/location/link/update",
    params=GeoLinkUpdateParams,
    result=Result.nothing(),
    summary="Update a geo link's lifetime, description, trackers and options.",
    right="weblocator_session_create",
    errors=(13, 201, 204, 217, 236),
    decisions=(
        Decision(
            "Geo link update",
            "Replaces lifetime, description, trackers and params (an omitted `lifetime` means "
            "never expires); keeps id, hash, creator, creation date and the on/off state.",
        ),
    ),
)
LINK_STATUS_CHANGE = Endpoint(
    path="tracker/location/link/status/change",
    params=GeoLinkStatusChangeParams,
    result=Result.nothing(),
    summary="Turn a geo link off or on again.",
    right="weblocator_session_create",
    errors=(201,),
    notes="Turning a link off ends its open viewing sessions.",
)
LINK_READ = Endpoint(
    path="tracker/location/link/read",
    params=GeoLinkReadParams,
    result=Result.field("value", GeoLink),
    summary="Read a geo link.",
    errors=(201,),
    safe=True,
    decisions=(
        Decision(
            "Geo links a sub-user sees",
            "Those of its account that share only trackers, zones and places it sees: it "
            "reads, lists, changes and deletes no other (201), as if it were another "
            "account's (`tests/sdk/test_subuser_scenario.py`).",
        ),
    ),
)
LINK_LIST = Endpoint(
    path="tracker/location/link/list",
    params=GeoLinkListParams,
    result=Result.field("list", list[GeoLink]),
    summary="List the user's geo links with their derived status, a page at a time.",
    safe=True,
    paging=_PAGING,
    decisions=(
        Decision(
            "Geo link list",
            f"Pages without a total; default limit {_PAGING.default_limit}; `offset` and "
            "`limit` not negative.",
        ),
        Decision(
            "Geo link status",
            "Derived at each list from the world clock (`disabled`, `inactive`, `expired`, "
            "`enabled`) and answered by `list` only; sorting ranks enabled < inactive < expired "
            "< disabled. A link is `disabled` when not enabled, else `inactive` before "
            "`lifetime.from`, `expired` after `lifetime.to`, else `enabled`.",
        ),
        Decision(
            "Geo link search",
            "`filter` is a case-insensitive substring of the description, tracker labels, "
            "aliases or creator's name. Conditions take the fields `trackers`, `aliases`, "
            "`description` and, for master users, `creator` (7 otherwise); sorting also takes "
            "`id`, `create_date`, `expire_date` (links without an end last) and `status`.",
        ),
    ),
)
LINK_DELETE = Endpoint(
    path="tracker/location/link/delete",
    params=GeoLinkDeleteParams,
    result=Result.nothing(),
    summary="Delete a geo link.",
    right="weblocator_session_create",
    errors=(201,),
)

ENDPOINTS = (LINK_CREATE, LINK_UPDATE, LINK_STATUS_CHANGE, LINK_READ, LINK_LIST, LINK_DELETE)
