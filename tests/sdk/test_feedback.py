"""``feedback/send_email``: feedback lands in the sent box, addressed to the dealer."""

from __future__ import annotations

import pytest

from fleetapi import InvalidParametersError
from fleetapi.models.feedback import Feedback
from fleetapi_mock import FleetMock

SCREENSHOT = "data:image/png;base64,iVBORw0KGgo="


def test_feedback_goes_to_the_dealers_address_and_never_out() -> None:
    mock = FleetMock()
    with mock.login("demo", "demo") as master:
        feedback = Feedback(
            text="I love this platform", useragent="Chrome/87", screenshots=[SCREENSHOT]
        )
        master.feedback.send_email(feedback=feedback, type="review")
        master.feedback.send_email(feedback=Feedback(text="The map is slow"))
    review, support = mock.control.mail(kind="feedback")
    assert review.to == support.to
    assert review.to.startswith("feedback@")
    assert (review.values["type"], support.values["type"]) == ("review", "support_request")
    assert review.values["from"] == "demo"
    assert "I love this platform" in review.text
    assert "Chrome/87" in review.text
    assert "Screenshots: 1" in review.text
    assert mock.control.mail(to=review.to.upper()) == [review, support]
    assert mock.control.mail(kind="auth_code") == []


def test_a_screenshot_must_be_an_image_data_url() -> None:
    mock = FleetMock()
    feedback = Feedback(text="See the picture", screenshots=["https://example.com/a.png"])
    with mock.login("demo", "demo") as master, pytest.raises(InvalidParametersError):
        master.feedback.send_email(feedback=feedback)
    assert mock.control.mail() == []
