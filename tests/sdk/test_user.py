"""The signed-in user: calls of the service's documentation, through the SDK (sync and async).

The documented examples run in ``tests/mock/test_service_examples.py``.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from fleetapi import (
    UNSET,
    Client,
    InvalidParametersError,
    OperationNotPermittedError,
    SessionNotFoundError,
)
from fleetapi.models.user import BalanceAlertSettings, FileStorageSettings
from fleetapi_mock import DEMO_API_KEY, FleetMock


def test_get_info_answers_the_user_its_dealer_and_plan(client: Any) -> None:
    info = client.user.get_info()
    assert (info.paas_id, info.paas_settings.domain) == (1, "demo.fleet.test")
    user = info.user_info
    assert (user.id, user.login, user.title) == (1, "demo", "Demo Fleet Logistics")
    assert user.creation_date == dt.datetime(2025, 6, 1, 10, 0)
    assert (user.balance, user.legal_type, user.date_format) == (
        74.31,
        "legal_entity",
        "yyyyMMdd_hyphens",
    )
    assert info.tariff_restrictions.allowed_maps == ["roadmap", "satellite", "hybrid", "osm"]
    assert (info.master, info.privileges) == (UNSET, UNSET)  # for sub-users only
    assert info.user_menu["title"] == "menu-editor.default-preset"


def test_a_sub_user_is_told_its_master_and_rights(fleet_mock: FleetMock) -> None:
    with fleet_mock.login("dispatcher", "demo") as sub_user:
        info = sub_user.user.get_info()
        assert info.user_info.title == "Dirk Dispatcher"  # no organization: the names
        assert info.user_info.time_zone == "Europe/Berlin"
        assert (info.master.id, info.master.legal_name) == (1, "Demo Fleet Logistics GmbH")
        assert info.privileges.rights == ["task_update", "employee_update"]
        assert sub_user.user.get_tariff_restrictions() == info.tariff_restrictions


def test_settings_read_and_update_change_only_what_is_given(client: Any) -> None:
    before = client.user.settings.read()
    assert before.balance_alert_settings.emails == ["billing@fleet.test"]
    client.user.settings.update(time_zone="Asia/Tokyo", measurement_system="imperial")
    after = client.user.settings.read()
    assert (after.settings.time_zone, after.settings.measurement_system) == (
        "Asia/Tokyo",
        "imperial",
    )
    assert after.settings.locale == before.settings.locale
    assert after.balance_alert_settings == before.balance_alert_settings
    # the time zone is the one every answer uses from now on
    assert client.user.get_info().user_info.creation_date == dt.datetime(2025, 6, 1, 19, 0)
    client.user.settings.update(
        balance_alert_settings=BalanceAlertSettings(emails=[]),
        file_storage_settings=FileStorageSettings(auto_overwrite=True),
    )
    settings = client.user.settings.read()
    assert settings.balance_alert_settings.emails == []
    assert settings.file_storage_settings.auto_overwrite is True


def test_an_unknown_time_zone_is_7_and_changes_nothing(client: Any, fleet_mock: FleetMock) -> None:
    before = fleet_mock.world.to_document()
    with pytest.raises(InvalidParametersError) as info:
        client.user.settings.update(time_zone="Mars/Olympus", locale="de")
    assert info.value.errors[0]["parameter"] == "time_zone"
    assert fleet_mock.world.to_document() == before


def test_a_sub_user_neither_reads_nor_changes_the_accounts_storage_and_alerts(
    fleet_mock: FleetMock,
) -> None:
    with fleet_mock.login("dispatcher", "demo") as sub_user:
        settings = sub_user.user.settings.read()
        assert settings.settings.locale == "de"
        assert (settings.file_storage_settings, settings.balance_alert_settings) == (UNSET, UNSET)
        before = fleet_mock.world.to_document()
        with pytest.raises(OperationNotPermittedError):
            sub_user.user.settings.update(
                locale="en", balance_alert_settings=BalanceAlertSettings(emails=[])
            )
        assert fleet_mock.world.to_document() == before
        sub_user.user.settings.update(locale="en")
        assert sub_user.user.settings.read().settings.locale == "en"


def test_logout_ends_the_session_but_an_api_key_cannot_log_out(fleet_mock: FleetMock) -> None:
    client = fleet_mock.login()
    client.user.logout()
    with pytest.raises(SessionNotFoundError):
        client.user.get_info()
    with Client(
        base_url=fleet_mock.base_url, api_key=DEMO_API_KEY, transport=fleet_mock.transport
    ) as keyed:
        with pytest.raises(SessionNotFoundError):
            keyed.user.logout()
        assert keyed.user.get_info().user_info.login == "demo"
