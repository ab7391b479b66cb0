"""Feedback (``feedback/send_email``): a user's message to the support of its dealer."""

from __future__ import annotations

from typing import Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset

__all__ = ["Feedback", "FeedbackSendEmailParams", "FeedbackType"]

FeedbackType = Literal["support_request", "feature_request", "review"]
"""What the feedback is."""

MAX_SCREENSHOTS = 10
"""The most screenshots one feedback carries."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class Feedback:
    """What the user writes, and what helps support read it."""

    text: str = attrs.field(metadata=rules(not_blank=True, max_length=20_000))
    """The message."""
    useragent: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=1024))
    """The browser (``Chrome/87.0.4280.88``)."""
    platform: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=1024))
    """The operating system (``Windows NT 10.0; Win64; x64``)."""
    screenshots: list[str] | Unset = attrs.field(
        default=UNSET, metadata=rules(max_items=MAX_SCREENSHOTS)
    )
    """Images as ``data:`` URLs (``data:image/jpeg;base64,...``)."""
    log: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=1_000_000))
    """The browser's log."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class FeedbackSendEmailParams:
    """Parameters of ``feedback/send_email``."""

    feedback: Feedback
    """The message and what helps read it."""
    type: FeedbackType = "support_request"
    """A support request (the default), a feature request or a review."""
