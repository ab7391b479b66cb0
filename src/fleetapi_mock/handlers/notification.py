"""Notifications: the account's, while they are to be shown."""

from __future__ import annotations

from fleetapi._endpoint import NoParams
from fleetapi.endpoints.notification import NOTIFICATION_LIST
from fleetapi.models.notification import Notification
from fleetapi_mock.domain.context import Context
from fleetapi_mock.handlers import handles


@handles(NOTIFICATION_LIST)
def notification_list(ctx: Context, params: NoParams) -> list[Notification]:
    """The account's notifications whose ``show_till`` is still to come, by ID."""
    now = ctx.now()
    return [
        Notification(id=n.id, message=n.message, show_till=ctx.user_time(n.show_till))
        for n in ctx.owned(ctx.world.notifications)
        if n.show_till >= now
    ]
