"""Sub-users: register, update, delete and list them, bind trackers to them, give them security
groups and sessions: the master user's alone (the ``admin`` right), a sub-user gets 13."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Paging, Result
from fleetapi.models.subuser import (
    SecurityGroup,
    SecurityGroupAssignParams,
    SecurityGroupCreateParams,
    SecurityGroupDeleteParams,
    SecurityGroupUpdateParams,
    SubUser,
    SubUserAccess,
    SubUserDeleteParams,
    SubUserGeoListParams,
    SubUserParams,
    SubUserPlacesBindParams,
    SubUserPlacesParams,
    SubUserRegisterParams,
    SubUserTrackersParams,
    SubUserUpdateParams,
    SubUserZonesBindParams,
    SubUserZonesParams,
)

SUBUSER_LIST = Endpoint(
    path="subuser/list",
    params=NoParams,
    result=Result.field("list", list[SubUser]),
    summary="List the account's sub-users.",
    errors=(13, 236),
    safe=True,
    origin="service",
    master_only=True,
)
SUBUSER_REGISTER = Endpoint(
    path="subuser/register",
    params=SubUserRegisterParams,
    result=Result.field("id", int),
    summary="Register a sub-user of the account and get its ID.",
    errors=(13, 201, 206, 236),
    notes="201 when `security_group_id` names no group of the account; 206 when the login is "
    "taken.",
    decisions=(
        Decision(
            "What a registered sub-user sees",
            "No tracker until `subuser/tracker/bind` binds some, as the documentation's "
            "scoping says a sub-user operates on a subset of the account's trackers; a "
            "sub-user of a world document without a `trackers` list sees them all "
            "(`tests/sdk/test_subuser.py`).",
        ),
        Decision(
            "A password given as a number",
            'Read as its digits: the documentation\'s example sends `"password": 123456`. '
            "6 to 20 characters, else 7 (`tests/sdk/test_subuser.py`).",
        ),
    ),
    origin="service",
    master_only=True,
)
SUBUSER_UPDATE = Endpoint(
    path="subuser/update",
    params=SubUserUpdateParams,
    result=Result.nothing(),
    summary="Update a sub-user (every field as it should be).",
    errors=(13, 201, 206, 236),
    current="subuser/list",
    origin="service",
    master_only=True,
)
SUBUSER_DELETE = Endpoint(
    path="subuser/delete",
    params=SubUserDeleteParams,
    result=Result.nothing(),
    summary="Delete a sub-user for good; its sessions end.",
    errors=(13, 201, 236),
    notes="Its own reports go with it; the geo links it created stay the account's, credited "
    "to the master user.",
    origin="service",
    master_only=True,
)
SUBUSER_TRACKER_LIST = Endpoint(
    path="subuser/tracker/list",
    params=SubUserParams,
    result=Result.field("list", list[int]),
    summary="List the IDs of the trackers a sub-user may see.",
    errors=(13, 201, 236),
    safe=True,
    origin="service",
    master_only=True,
)
SUBUSER_TRACKER_BIND = Endpoint(
    path="subuser/tracker/bind",
    params=SubUserTrackersParams,
    result=Result.nothing(),
    summary="Let a sub-user see these trackers too.",
    errors=(13, 201, 236, 262),
    safe=True,
    notes="262 when a tracker is not the account's; nothing changes then.",
    origin="service",
    master_only=True,
)
SUBUSER_TRACKER_UNBIND = Endpoint(
    path="subuser/tracker/unbind",
    params=SubUserTrackersParams,
    result=Result.nothing(),
    summary="Stop a sub-user seeing these trackers.",
    errors=(13, 201, 236, 262),
    safe=True,
    notes="262 when a tracker is not the account's; nothing changes then.",
    origin="service",
    master_only=True,
)
SUBUSER_SESSION_CREATE = Endpoint(
    path="subuser/session/create",
    params=SubUserParams,
    result=Result.field("hash", str),
    summary="Create a session of a sub-user and get its hash (to act as the sub-user).",
    errors=(13, 201, 236),
    origin="service",
    master_only=True,
)
SUBUSER_SECURITY_GROUP_LIST = Endpoint(
    path="subuser/security_group/list",
    params=NoParams,
    result=Result.field("list", list[SecurityGroup]),
    summary="List the account's security groups.",
    errors=(13, 236),
    safe=True,
    origin="service",
    master_only=True,
)
SUBUSER_SECURITY_GROUP_CREATE = Endpoint(
    path="subuser/security_group/create",
    params=SecurityGroupCreateParams,
    result=Result.field("id", int),
    summary="Create a security group (a label and the rights of its sub-users).",
    errors=(13, 236),
    decisions=(
        Decision(
            "A sub-user's rights",
            "Its security group's `rights` when it has a group; the default group (no group) "
            "grants none. A sub-user of a world document without a group keeps the `rights` "
            "the document lists until a call gives it a group (`register`, `update`, "
            "`security_group/assign`, a group's deletion). `user/get_info` shows them under "
            "`privileges` (`tests/sdk/test_subuser.py`).",
        ),
    ),
    origin="service",
    master_only=True,
)
SUBUSER_SECURITY_GROUP_UPDATE = Endpoint(
    path="subuser/security_group/update",
    params=SecurityGroupUpdateParams,
    result=Result.nothing(),
    summary="Update a security group: its sub-users' rights change with it.",
    errors=(13, 201, 236),
    current="subuser/security_group/list",
    origin="service",
    master_only=True,
)
SUBUSER_SECURITY_GROUP_DELETE = Endpoint(
    path="subuser/security_group/delete",
    params=SecurityGroupDeleteParams,
    result=Result.nothing(),
    summary="Delete a security group; its sub-users fall back to the default group.",
    errors=(7, 13, 201, 236),
    decisions=(
        Decision(
            "The group of `subuser/security_group/delete`",
            "Named by `security_group_id`, as the documentation's table says, or by `id`, as "
            "its example sends it; neither, or both naming different groups, is 7 "
            "(`tests/sdk/test_subuser.py`).",
        ),
    ),
    origin="service",
    master_only=True,
)
SUBUSER_SECURITY_GROUP_ASSIGN = Endpoint(
    path="subuser/security_group/assign",
    params=SecurityGroupAssignParams,
    result=Result.nothing(),
    summary="Put sub-users in a security group (null: the default group).",
    errors=(13, 201, 236),
    notes="201 when the group or a sub-user is not the account's; nothing changes then.",
    origin="service",
    master_only=True,
)

SUBUSER_ZONES_BIND = Endpoint(
    path="subuser/zones/bind",
    params=SubUserZonesBindParams,
    result=Result.nothing(),
    summary="Let a sub-user see these zones, or every zone of the account.",
    errors=(7, 13, 201, 236),
    safe=True,
    notes="7 when neither `access_to_all` nor `zone_ids` is given; 201 when a zone is not "
    "the account's, nothing changed then.",
    decisions=(
        Decision(
            "The zones and places a sub-user sees",
            "Every one of the account's while its `access_to_all` is true (a sub-user of a "
            "world document, unless it says otherwise); a sub-user registered through the API "
            "starts with none, as it starts with no tracker. `bind` with `access_to_all` sets "
            "the flag and adds the listed IDs to those bound; without it the flag stays. The "
            "bound IDs are kept while the flag is true, so `list_ids` may answer both. A zone "
            "or place a sub-user creates is bound to it; every call that lists, reads, "
            "changes or names zones and places answers a sub-user only those it sees, 201 "
            "for the others as for another account's (`tests/sdk/test_subuser_access.py`).",
        ),
    ),
    origin="service",
    master_only=True,
)
SUBUSER_ZONES_UNBIND = Endpoint(
    path="subuser/zones/unbind",
    params=SubUserZonesParams,
    result=Result.nothing(),
    summary="Stop a sub-user seeing these zones (unless it sees every zone).",
    errors=(13, 201, 236),
    safe=True,
    notes="201 when a zone is not the account's, nothing changed then.",
    origin="service",
    master_only=True,
)
SUBUSER_ZONES_LIST_IDS = Endpoint(
    path="subuser/zones/list_ids",
    params=SubUserParams,
    result=Result.body(SubUserAccess),
    summary="Whether a sub-user sees every zone, and the IDs of those bound to it.",
    errors=(13, 201, 236),
    safe=True,
    origin="service",
    master_only=True,
)
SUBUSER_ZONES_LIST = Endpoint(
    path="subuser/zones/list",
    params=SubUserGeoListParams,
    result=Result.body("fleetapi.models.subuser_geo:SubUserZoneList"),
    summary="List the zones a sub-user sees, a page at a time, with their count.",
    errors=(7, 13, 201, 236),
    safe=True,
    paging=Paging(total="count"),
    notes="`filter` is a case-insensitive substring of the label; `tag_ids` must all be carried.",
    origin="service",
    master_only=True,
)
SUBUSER_PLACES_BIND = Endpoint(
    path="subuser/places/bind",
    params=SubUserPlacesBindParams,
    result=Result.nothing(),
    summary="Let a sub-user see these places, or every place of the account.",
    errors=(7, 13, 201, 236),
    safe=True,
    notes="7 when neither `access_to_all` nor `place_ids` is given; 201 when a place is not "
    "the account's, nothing changed then.",
    origin="service",
    master_only=True,
)
SUBUSER_PLACES_UNBIND = Endpoint(
    path="subuser/places/unbind",
    params=SubUserPlacesParams,
    result=Result.nothing(),
    summary="Stop a sub-user seeing these places (unless it sees every place).",
    errors=(13, 201, 236),
    safe=True,
    notes="201 when a place is not the account's, nothing changed then.",
    origin="service",
    master_only=True,
)
SUBUSER_PLACES_LIST_IDS = Endpoint(
    path="subuser/places/list_ids",
    params=SubUserParams,
    result=Result.body(SubUserAccess),
    summary="Whether a sub-user sees every place, and the IDs of those bound to it.",
    errors=(13, 201, 236),
    safe=True,
    origin="service",
    master_only=True,
)
SUBUSER_PLACES_LIST = Endpoint(
    path="subuser/places/list",
    params=SubUserGeoListParams,
    result=Result.body("fleetapi.models.subuser_geo:SubUserPlaceList"),
    summary="List the places a sub-user sees, a page at a time, with their count.",
    errors=(7, 13, 201, 236),
    safe=True,
    paging=Paging(total="count"),
    notes="`filter` is a case-insensitive substring of the label; `tag_ids` must all be carried.",
    origin="service",
    master_only=True,
)

ENDPOINTS = (
    SUBUSER_LIST,
    SUBUSER_REGISTER,
    SUBUSER_UPDATE,
    SUBUSER_DELETE,
    SUBUSER_TRACKER_LIST,
    SUBUSER_TRACKER_BIND,
    SUBUSER_TRACKER_UNBIND,
    SUBUSER_SESSION_CREATE,
    SUBUSER_SECURITY_GROUP_LIST,
    SUBUSER_SECURITY_GROUP_CREATE,
    SUBUSER_SECURITY_GROUP_UPDATE,
    SUBUSER_SECURITY_GROUP_DELETE,
    SUBUSER_SECURITY_GROUP_ASSIGN,
    SUBUSER_ZONES_BIND,
    SUBUSER_ZONES_UNBIND,
    SUBUSER_ZONES_LIST_IDS,
    SUBUSER_ZONES_LIST,
    SUBUSER_PLACES_BIND,
    SUBUSER_PLACES_UNBIND,
    SUBUSER_PLACES_LIST_IDS,
    SUBUSER_PLACES_LIST,
)
