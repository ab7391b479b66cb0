"""Retranslators: forwarding device data to third-party servers (``retranslator/*``), and
the trackers bound to them (``tracker/retranslator/*``)."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Result
from fleetapi.models.retranslator import (
    Retranslator,
    RetranslatorCreateParams,
    RetranslatorDeleteParams,
    RetranslatorProtocol,
    RetranslatorUpdateParams,
    TrackerRetranslator,
    TrackerRetranslatorBindParams,
    TrackerRetranslatorUnbindParams,
)
from fleetapi.models.tracker import TrackerReadParams

RETRANSLATOR_CREATE = Endpoint(
    path="retranslator/create",
    params=RetranslatorCreateParams,
    result=Result.field("id", int),
    summary="Create a retranslator that forwards device data to a third-party server.",
    master_only=True,
    errors=(247, 7, 268),
    decisions=(
        Decision(
            "Retranslator credentials",
            "A `login` or `password` the protocol requires and that is empty, or one the "
            "protocol does not use (`has_login`/`has_password` false), answers 7 naming "
            "`retranslator.login`/`retranslator.password`; an unknown `protocol_id` answers 7 "
            "naming it.",
        ),
        Decision(
            "Retranslator duplicates (247)",
            "Within the account: the same address (case-insensitive), port and login (no login "
            "counts as one value).",
        ),
        Decision(
            "Retranslator limits",
            "`name` and `address` not blank, printable, at most 255 characters; `port` 1 to 65535.",
        ),
        Decision("Retranslator quota (268)", "100 per account."),
    ),
)
RETRANSLATOR_DELETE = Endpoint(
    path="retranslator/delete",
    params=RetranslatorDeleteParams,
    result=Result.nothing(),
    summary="Delete a retranslator.",
    master_only=True,
    errors=(201,),
    decisions=(
        Decision(
            "Deleting a bound retranslator",
            "Its trackers' bindings (`tracker/retranslator/bind`) go with it.",
        ),
    ),
)
RETRANSLATOR_LIST = Endpoint(
    path="retranslator/list",
    params=NoParams,
    result=Result.field("list", list[Retranslator]),
    summary="List the user's retranslators.",
    safe=True,
    decisions=(
        Decision(
            "Retranslator passwords",
            "`retranslator/list` answers them as stored, as the service does; the SDK keeps "
            "them out of `repr`. Empty `login`/`password` are stored as absent.",
        ),
    ),
)
RETRANSLATOR_UPDATE = Endpoint(
    path="retranslator/update",
    params=RetranslatorUpdateParams,
    result=Result.nothing(),
    summary="Update a retranslator, named by the id inside the retranslator object.",
    master_only=True,
    errors=(201, 247),
    decisions=(
        Decision(
            "`retranslator/update` target",
            "Named by `retranslator.id`; the object replaces the stored one (an omitted `login` "
            "or `password` clears it). The specification does not show how the target is named; "
            "this is how the service reads it.",
        ),
    ),
    current="retranslator/list",
)
RETRANSLATOR_PROTOCOL_LIST = Endpoint(
    path="retranslator/protocol/list",
    params=NoParams,
    result=Result.field("list", list[RetranslatorProtocol]),
    summary="List the protocols a retranslator can speak.",
    safe=True,
    aliases=("retranslator/protocols/list",),
    notes=(
        "Marked as not available in the specification; the service answers it, also as "
        "`retranslator/protocols/list`."
    ),
    decisions=(
        Decision(
            "Retranslator protocols",
            "The world's `retranslator_protocols` catalogue; the demo world has five (Wialon "
            "IPS, Wialon Retranslator, EGTS, NIS, Granit). Listing retranslators and protocols "
            "is open to sub-users.",
        ),
    ),
)

TRACKER_RETRANSLATOR_BIND = Endpoint(
    path="tracker/retranslator/bind",
    params=TrackerRetranslatorBindParams,
    result=Result.nothing(),
    summary="Forward a tracker's data through a retranslator (or change the binding's values).",
    master_only=True,
    errors=(201, 208, 219, 236, 242),
    origin="service",
    decisions=(
        Decision(
            "`tracker/retranslator/bind` checks",
            "In order: 201 for a tracker the caller cannot see or a retranslator not of the "
            "account; 208 for a blocked tracker; 219 for a clone; 236 when the tracker's tariff "
            "lacks the feature `retranslation`; 242 (naming `fake_device_id`) for a "
            "`fake_device_id` the protocol's `fake_device_id_pattern` does not match (a "
            "protocol without one takes any). Binding a bound pair again replaces its "
            "`fake_device_id` (left out: none). A tracker may be bound to several "
            "retranslators.",
        ),
    ),
)
TRACKER_RETRANSLATOR_LIST = Endpoint(
    path="tracker/retranslator/list",
    params=TrackerReadParams,
    result=Result.field("list", list[TrackerRetranslator]),
    summary="List the retranslators a tracker is bound to.",
    errors=(201, 208),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`tracker/retranslator/list` codes",
            "201 for a tracker the caller cannot see (the documentation lists 208 alone), "
            "208 for a blocked one; bindings by retranslator ID. Open to sub-users, for "
            "their trackers.",
        ),
    ),
)
TRACKER_RETRANSLATOR_UNBIND = Endpoint(
    path="tracker/retranslator/unbind",
    params=TrackerRetranslatorUnbindParams,
    result=Result.nothing(),
    summary="Stop forwarding a tracker's data through a retranslator.",
    master_only=True,
    errors=(201, 208, 219),
    origin="service",
    decisions=(
        Decision(
            "`tracker/retranslator/unbind` of an unbound pair",
            "201 for a tracker or retranslator the caller cannot see, as `bind`; a tracker "
            "and retranslator of the account that are not bound answer success and change "
            "nothing.",
        ),
    ),
)

ENDPOINTS = (
    RETRANSLATOR_CREATE,
    RETRANSLATOR_DELETE,
    RETRANSLATOR_LIST,
    RETRANSLATOR_UPDATE,
    RETRANSLATOR_PROTOCOL_LIST,
    TRACKER_RETRANSLATOR_BIND,
    TRACKER_RETRANSLATOR_LIST,
    TRACKER_RETRANSLATOR_UNBIND,
)
