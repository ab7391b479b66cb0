"""``user/application/create``: an application in the account's menu, in either documented
form."""

from __future__ import annotations

import pytest

from fleetapi import InvalidParametersError, OperationNotPermittedError
from fleetapi.models.application import ApplicationAuthorization, NewUserApplication
from fleetapi_mock import FleetMock


def test_both_documented_forms_create_an_application() -> None:
    mock = FleetMock()
    with mock.login() as master:
        reference = NewUserApplication(
            label="Dashboard",
            url_template="https://dash.example.com/{language}",
            authorization=ApplicationAuthorization(type="user_session"),
            display_method="embedded",
        )
        first = master.user.application.create(application=reference)
        guide = NewUserApplication(
            id=None, name="New Application", url="https://example.com", is_enabled=False
        )
        second = master.user.application.create(application=guide)
    assert second == first + 1
    kept = mock.world.applications[second]
    assert (kept.label, kept.url_template, kept.enabled) == (
        "New Application", "https://example.com", False
    )  # fmt: skip
    assert mock.world.applications[first].display_method == "embedded"


@pytest.mark.parametrize(
    "application",
    [
        NewUserApplication(url="https://example.com"),  # no name
        NewUserApplication(label="A", name="B", url="https://example.com"),  # two names
        NewUserApplication(label="A", url="ftp://example.com"),
        NewUserApplication(id=5, label="A", url="https://example.com"),
        NewUserApplication(
            label="A",
            url="https://example.com",
            authorization=ApplicationAuthorization(type="api_key", hash="0" * 32),
        ),
    ],
)
def test_an_incomplete_or_contradictory_application_is_7(application: NewUserApplication) -> None:
    mock = FleetMock()
    with mock.login() as master, pytest.raises(InvalidParametersError):
        master.user.application.create(application=application)
    assert len(mock.world.applications) == 0


def test_the_menu_is_the_master_users() -> None:
    mock = FleetMock()
    app = NewUserApplication(label="A", url="https://example.com")
    with mock.login("dispatcher", "demo") as dirk, pytest.raises(OperationNotPermittedError):
        dirk.user.application.create(application=app)
