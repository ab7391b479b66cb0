"""The real-time event stream: trackers' states, readings and lifecycle pushed over a
WebSocket."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Result
from fleetapi.models.event import StreamEvent, SubscriptionParams

EVENT_SUBSCRIPTION = Endpoint(
    path="event/subscription",
    params=SubscriptionParams,
    result=Result.stream(StreamEvent),
    summary="Follow trackers live: their states, readings and lifecycle, pushed as they change.",
    errors=(3, 4, 7),
    safe=True,
    origin="service",
    notes=(
        "A WebSocket: `GET {base}/event/subscription` with `Upgrade: websocket` (the Atmosphere "
        "query parameters of the service's JavaScript client are welcome), then `subscribe` and "
        "`unsubscribe` frames (`action`, `hash`, `requests`) and pushed frames of `type` "
        "`response`, `error` and `event`; `X` frames are heartbeats."
    ),
    decisions=(
        Decision(
            "When a batch subscription's `rate_limit` passes",
            "In world time: a batch of the trackers that changed goes once `rate_limit` of "
            "world time has passed since the last one (1 s when not given); while the world's "
            "clock is frozen, at once, since frozen time never passes and a test that feeds a "
            "position expects to see it.",
        ),
        Decision(
            "The credential of a stream",
            "A session hash or an API key, in each frame's `hash`: a missing or malformed hash "
            "is code 3, an unknown or ended one 4. A stream's subscriptions belong to the user "
            "of its first frame; another user's frame is refused (13) until they are "
            "unsubscribed. When the credential ends (logout, expiry, a deleted key) the stream "
            "gets a `logout` event, its subscriptions end, and the socket stays open for a new "
            "`subscribe`.",
        ),
        Decision(
            "The Atmosphere frame and heartbeats",
            "A client sending `X-atmo-protocol=true` in the query gets "
            "`<tracking id>|30000|X|` first, as the service's JavaScript client expects; every "
            "client gets an `X` frame every 30 seconds.",
        ),
    ),
)

ENDPOINTS = (EVENT_SUBSCRIPTION,)
