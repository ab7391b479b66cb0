"""Feedback: a user's message to the support of its dealer."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Result
from fleetapi.models.feedback import FeedbackSendEmailParams

FEEDBACK_SEND_EMAIL = Endpoint(
    path="feedback/send_email",
    params=FeedbackSendEmailParams,
    result=Result.nothing(),
    summary="Send feedback (a support request, a feature request, a review) to the dealer.",
    errors=(7,),
    origin="service",
    decisions=(
        Decision(
            "Where feedback goes",
            "Into the world's sent box, never out: an e-mail of kind `feedback` to the "
            "dealer's platform value `feedback.email` (default `feedback@` and the dealer's "
            "`ui_domain`), from the user's login, with the type, text, browser and platform "
            "and the number of screenshots; `GET /__mock__/mail` (`mock.control.mail()`) "
            "lists it. A screenshot that is not a `data:image/...;base64,` URL is 7 "
            "(`tests/sdk/test_feedback.py`).",
        ),
    ),
)

ENDPOINTS = (FEEDBACK_SEND_EMAIL,)
