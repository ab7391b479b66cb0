"""Tracker groups: the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Result
from fleetapi.models.tracker_group import (
    TrackerGroup,
    TrackerGroupAssignParams,
    TrackerGroupCreateParams,
    TrackerGroupDeleteParams,
    TrackerGroupUpdateParams,
)

TRACKER_GROUP_LIST = Endpoint(
    path="tracker/group/list",
    params=NoParams,
    result=Result.field("list", list[TrackerGroup]),
    summary="List the account's tracker groups (the default group 0 is not listed).",
    safe=True,
    origin="service",
)
TRACKER_GROUP_CREATE = Endpoint(
    path="tracker/group/create",
    params=TrackerGroupCreateParams,
    result=Result.field("id", int),
    summary="Create an empty tracker group and get its ID.",
    master_only=True,
    errors=(7,),
    origin="service",
)
TRACKER_GROUP_UPDATE = Endpoint(
    path="tracker/group/update",
    params=TrackerGroupUpdateParams,
    result=Result.nothing(),
    summary="Change a tracker group's title and color.",
    master_only=True,
    errors=(7, 201),
    origin="service",
)
TRACKER_GROUP_DELETE = Endpoint(
    path="tracker/group/delete",
    params=TrackerGroupDeleteParams,
    result=Result.nothing(),
    summary="Delete a tracker group; its trackers go to the default group 0.",
    master_only=True,
    errors=(201,),
    origin="service",
    notes="The default group 0 is not a group that can be deleted: 201.",
)
TRACKER_GROUP_ASSIGN = Endpoint(
    path="tracker/group/assign",
    params=TrackerGroupAssignParams,
    result=Result.nothing(),
    summary="Move trackers into a group (or, with `id` 0, out of every group).",
    master_only=True,
    errors=(201, 208, 217),
    origin="service",
    decisions=(
        Decision(
            "A blocked tracker in `tracker/group/assign`",
            "208, since the documentation requires the trackers unblocked; trackers that are "
            "not the account's are 217, all named. Every tracker is checked before any moves.",
        ),
    ),
)

ENDPOINTS = (
    TRACKER_GROUP_LIST,
    TRACKER_GROUP_CREATE,
    TRACKER_GROUP_UPDATE,
    TRACKER_GROUP_DELETE,
    TRACKER_GROUP_ASSIGN,
)
