"""Notifications: messages the interface shows a user for a while."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, NoParams, Result
from fleetapi.models.notification import Notification

NOTIFICATION_LIST = Endpoint(
    path="notification/list",
    params=NoParams,
    result=Result.field("list", list[Notification]),
    summary="List the notifications to show the user now.",
    safe=True,
    origin="service",
    notes="A notification is listed until its `show_till`, by the world clock; a sub-user "
    "gets its account's.",
)

ENDPOINTS = (NOTIFICATION_LIST,)
