"""The user's own account: activation links, personal details, the interface's storage and
the file storage setting."""

from __future__ import annotations

import attrs
import pytest

from fleetapi import (
    AlreadyDoneError,
    EntityNotFoundError,
    OperationNotPermittedError,
    OverQuotaError,
    PluginNotFoundError,
    SessionNotFoundError,
    TimeoutNotReachedError,
    UserNotActivatedError,
)
from fleetapi.models.user import FileStorageSettings
from fleetapi_mock import FleetMock


def test_an_activation_link_goes_to_the_sent_box_at_most_every_five_minutes() -> None:
    mock = FleetMock()
    with mock.world.lock:
        mock.world.users[2] = attrs.evolve(mock.world.users[2], activated=False)
    with mock.client() as anonymous:
        anonymous.user.resend_activation(login="dispatcher")
        (mail,) = mock.control.mail(kind="activation")
        assert (mail.to, mail.values["login"]) == ("dispatcher", "dispatcher")
        with pytest.raises(TimeoutNotReachedError) as early:
            anonymous.user.resend_activation(login="dispatcher")
        assert early.value.extra["timeout"] == "PT5M"
        mock.control.set_clock(advance=300)
        anonymous.user.resend_activation(login="dispatcher")
        assert len(mock.control.mail(kind="activation")) == 2
        with pytest.raises(AlreadyDoneError):
            anonymous.user.resend_activation(login="demo")
        with pytest.raises(EntityNotFoundError):
            anonymous.user.resend_activation(login="nobody@fleet.test")


def test_the_link_activates_the_user_and_serves_nothing_else() -> None:
    mock = FleetMock()
    with mock.world.lock:
        mock.world.users.change(2, activated=False)
    with mock.client() as anonymous:
        anonymous.user.resend_activation(login="dispatcher")
        with pytest.raises(UserNotActivatedError):
            anonymous.user.auth(login="dispatcher", password="demo")
    first = mock.control.mail(kind="activation")[-1].values["hash"]
    mock.control.set_clock(advance=300)
    with mock.client() as anonymous:
        anonymous.user.resend_activation(login="dispatcher")
    link = mock.control.mail(kind="activation")[-1].values["hash"]
    with mock.client(first) as stale, pytest.raises(SessionNotFoundError):
        stale.user.activate()  # a new link ends the one before
    with mock.client(link) as activating:
        for call in (activating.tracker.list, activating.api.key.list, activating.user.get_info):
            with pytest.raises(SessionNotFoundError):
                call()  # the link serves user/activate alone
        activating.user.activate()
        with pytest.raises(SessionNotFoundError):
            activating.user.activate()  # the link's session has ended
    with mock.login("dispatcher", "demo") as dirk:
        assert dirk.user.get_info().user_info.login == "dispatcher"


def test_personal_details_need_plugin_45() -> None:
    mock = FleetMock()
    with mock.login() as master:
        with pytest.raises(PluginNotFoundError):
            master.user.personal_info.update(
                legal_type="individual", first_name="Dana", middle_name="", last_name="Demo"
            )
        with mock.world.lock:
            demo = mock.world.users[1]
            mock.world.users[1] = attrs.evolve(demo, plugins=[*demo.plugins, 45])
        master.user.personal_info.update(
            legal_type="legal_entity", first_name="Dana", middle_name="M", last_name="Demo",
            phone="491761234567", legal_name="Demo GmbH", tin="1131145180",
        )  # fmt: skip
        info = master.user.get_info().user_info
        assert (info.first_name, info.phone, info.legal_type) == (
            "Dana",
            "491761234567",
            "legal_entity",
        )


def test_the_interface_keeps_values_per_user_within_a_quota() -> None:
    mock = FleetMock()
    with mock.login() as master, mock.login("dispatcher", "demo") as dirk:
        with pytest.raises(EntityNotFoundError):
            master.user.settings.ui.read(key="tracker-icons")
        master.user.settings.ui.update(key="tracker-icons", value="big")
        assert master.user.settings.ui.read(key="tracker-icons") == "big"
        with pytest.raises(EntityNotFoundError):  # each user its own
            dirk.user.settings.ui.read(key="tracker-icons")
        for n in range(7):
            master.user.settings.ui.update(key=f"k{n}", value="x" * 8192)
        with pytest.raises(OverQuotaError):
            master.user.settings.ui.update(key="k7", value="x" * 8192)
        with pytest.raises(EntityNotFoundError):  # nothing changed
            master.user.settings.ui.read(key="k7")


def test_only_the_master_user_sets_the_file_storage() -> None:
    mock = FleetMock()
    with mock.login() as master:
        master.user.settings.file_storage.update(
            file_storage_settings=FileStorageSettings(auto_overwrite=True)
        )
        answer = master.user.settings.read()
        assert answer.file_storage_settings == FileStorageSettings(auto_overwrite=True)
    with mock.login("dispatcher", "demo") as dirk, pytest.raises(OperationNotPermittedError):
        dirk.user.settings.file_storage.update(
            file_storage_settings=FileStorageSettings(auto_overwrite=True)
        )
