"""The event stream's path answered over plain HTTP: the stream itself is a WebSocket
(:mod:`fleetapi_mock.web.stream`)."""

from __future__ import annotations

from fleetapi._errors import WrongRequestFormatError
from fleetapi.endpoints.event import EVENT_SUBSCRIPTION
from fleetapi.models.event import SubscriptionParams
from fleetapi_mock.domain.context import Context
from fleetapi_mock.handlers import handles


@handles(EVENT_SUBSCRIPTION)
def event_subscription(ctx: Context, params: SubscriptionParams) -> None:
    """Code 5: the stream is a WebSocket, opened with ``GET`` and ``Upgrade: websocket``."""
    raise WrongRequestFormatError(
        "event/subscription is a WebSocket: open it with GET and 'Upgrade: websocket', then "
        "send the subscribe frame"
    )
