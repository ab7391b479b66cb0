"""Feedback: into the sent box, addressed to the dealer."""

from __future__ import annotations

import re

from fleetapi.endpoints.feedback import FEEDBACK_SEND_EMAIL
from fleetapi.models.feedback import FeedbackSendEmailParams
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.mail import send_mail
from fleetapi_mock.handlers import handles

_IMAGE_URL = re.compile(r"data:image/[\w.+-]+;base64,[A-Za-z0-9+/=\s]*")
"""A screenshot: an image as a ``data:`` URL in base64."""


@handles(FEEDBACK_SEND_EMAIL)
def feedback_send_email(ctx: Context, params: FeedbackSendEmailParams) -> None:
    """An e-mail of kind ``feedback`` to the dealer's feedback address (7: a screenshot that
    is not an image ``data:`` URL)."""
    feedback = params.feedback
    screenshots = feedback.screenshots if isinstance(feedback.screenshots, list) else []
    for index, shot in enumerate(screenshots):
        if not _IMAGE_URL.fullmatch(shot):
            raise invalid(f"feedback.screenshots[{index}]", "not a data:image/...;base64, URL")
    user = ctx.require_user()
    dealer = ctx.world.dealers.get(user.dealer_id)
    fallback = f"feedback@{dealer.ui_domain}" if dealer is not None else "feedback@localhost"
    address = ctx.world.platform_value(user, "feedback.email", fallback)
    lines = [feedback.text, ""]
    for label, value in (("Browser", feedback.useragent), ("Platform", feedback.platform)):
        if isinstance(value, str):
            lines.append(f"{label}: {value}")
    lines.append(f"Screenshots: {len(screenshots)}")
    send_mail(
        ctx.world,
        user,
        to=str(address),
        kind="feedback",
        subject=f"{params.type.replace('_', ' ').capitalize()} from {user.login}",
        text="\n".join(lines),
        values={"type": params.type, "from": user.login},
    )
