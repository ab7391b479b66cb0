"""``subuser/*``: a master user manages sub-users, what they see and what they may do."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import attrs
import pytest

from fleetapi import (
    Client,
    EntityNotFoundError,
    EntriesMismatchError,
    InvalidParametersError,
    LoginInUseError,
    OperationNotPermittedError,
    SessionNotFoundError,
)
from fleetapi.models.report import ReportPlugin
from fleetapi.models.subuser import (
    NewSecurityGroup,
    NewSubUser,
    SecurityGroup,
    SecurityGroupPrivileges,
    SubUserChange,
)
from fleetapi_mock import FleetMock
from fleetapi_mock.state.world import World

DISPATCHER = 2
"""The demo's sub-user: no security group, the rights its world document lists (task_update,
employee_update); the demo's group 1, "Drivers", grants tag_update and checkin_update."""


@pytest.fixture
def mock() -> FleetMock:
    return FleetMock()


@pytest.fixture
def master(mock: FleetMock) -> Iterator[Client]:
    with mock.login("demo", "demo") as client:
        yield client


def _group(rights: list[str], label: str = "Drivers") -> NewSecurityGroup:
    return NewSecurityGroup(label=label, privileges=SecurityGroupPrivileges(rights=rights))


def test_a_sub_user_sees_the_trackers_bound_to_it_and_does_what_its_group_allows(
    mock: FleetMock, master: Client
) -> None:
    group = master.subuser.security_group.create(group=_group(["tag_update"]))
    new = NewSubUser(login="driver@fleet.test", first_name="Dora", security_group_id=group)
    subuser = master.subuser.register(user=new, password="secret1")
    assert master.subuser.tracker.list(subuser_id=subuser) == []  # nothing until bound
    master.subuser.tracker.bind(subuser_id=subuser, trackers=[1, 3])
    assert master.subuser.tracker.list(subuser_id=subuser) == [1, 3]

    with mock.login("driver@fleet.test", "secret1") as driver:
        assert [t.id for t in driver.tracker.list()] == [1, 3]
        states = driver.tracker.get_states(trackers=[1, 3])
        assert sorted(states.states) == ["1", "3"]
        with pytest.raises(EntityNotFoundError):  # another tracker of the account: unseen
            driver.tracker.read(tracker_id=2)
        assert driver.user.get_info().privileges.rights == ["tag_update"]
        with pytest.raises(OperationNotPermittedError):  # not the group's right
            driver.task.delete(task_id=1)
        with pytest.raises(OperationNotPermittedError):  # the master user's alone
            driver.subuser.list()

        # the group's rights change, and the sub-user's with them
        changed = SecurityGroup(
            id=group,
            label="Drivers",
            privileges=SecurityGroupPrivileges(rights=["tag_update", "task_update"]),
        )
        master.subuser.security_group.update(group=changed)
        assert driver.user.get_info().privileges.rights == ["tag_update", "task_update"]

        master.subuser.tracker.unbind(subuser_id=subuser, trackers=[1])
        assert [t.id for t in driver.tracker.list()] == [3]


def test_the_master_user_opens_a_session_of_a_sub_user(mock: FleetMock, master: Client) -> None:
    hash_ = master.subuser.session.create(subuser_id=DISPATCHER)
    with mock.client(hash_) as dispatcher:
        assert dispatcher.user.get_info().user_info.login == "dispatcher"
        assert dispatcher.user.get_info().privileges.rights == ["task_update", "employee_update"]
    with pytest.raises(EntityNotFoundError):
        master.subuser.session.create(subuser_id=3)  # a master user of another account


def test_deleting_a_sub_user_ends_its_sessions(mock: FleetMock, master: Client) -> None:
    hash_ = master.subuser.session.create(subuser_id=DISPATCHER)
    master.subuser.delete(subuser_id=DISPATCHER)
    assert [u.id for u in master.subuser.list()] == []
    with mock.client(hash_) as gone, pytest.raises(SessionNotFoundError):
        gone.tracker.list()


def test_what_a_deleted_sub_user_made_keeps_the_world_whole(
    mock: FleetMock, master: Client
) -> None:
    world = mock.world
    (link, *_) = world.geo_links.values()  # as if the dispatcher had made the link and a report
    world.geo_links[link.id] = attrs.evolve(link, creator_id=DISPATCHER)
    report = master.report.tracker.generate(
        from_=dt.datetime(2026, 1, 14),
        to=dt.datetime(2026, 1, 15),
        trackers=[1],
        plugin=ReportPlugin(plugin_id=4),
    )
    world.reports[report] = attrs.evolve(world.reports[report], user_id=DISPATCHER)
    master.subuser.delete(subuser_id=DISPATCHER)
    assert world.geo_links[link.id].creator_id == 1  # the account's, credited to its master
    assert report not in world.reports  # a sub-user's reports are its own
    World.from_document(world.to_document())  # a saved world loads again


def test_registering_checks_the_login_the_group_and_the_password(master: Client) -> None:
    master.subuser.register(user=NewSubUser(login="taken@fleet.test"), password="secret1")
    with pytest.raises(LoginInUseError):
        master.subuser.register(user=NewSubUser(login="Taken@fleet.test"), password="secret1")
    with pytest.raises(EntityNotFoundError):
        master.subuser.register(
            user=NewSubUser(login="a@fleet.test", security_group_id=99), password="secret1"
        )
    with pytest.raises(InvalidParametersError):
        master.subuser.register(user=NewSubUser(login=""), password="secret1")
    with pytest.raises(InvalidParametersError) as short:
        master.subuser.register(user=NewSubUser(login="a@fleet.test"), password="12345")
    assert short.value.errors[0]["parameter"] == "password"
    # a number, as the documentation's example sends it, is read as its digits
    new_id = master.subuser.register(user=NewSubUser(login="a@fleet.test"), password=123456)
    assert new_id in [u.id for u in master.subuser.list()]


def test_an_update_replaces_the_fields_and_keeps_the_rest(mock: FleetMock, master: Client) -> None:
    change = SubUserChange(
        id=DISPATCHER,
        login="dispatch@fleet.test",
        first_name="Dirk",
        last_name="D.",
        phone="4930999",
        security_group_id=1,
    )
    master.subuser.update(user=change)
    (listed,) = master.subuser.list()
    assert (listed.login, listed.last_name, listed.phone) == (
        "dispatch@fleet.test",
        "D.",
        "4930999",
    )
    with mock.login("dispatch@fleet.test", "demo") as dispatcher:  # the password stays
        # the demo's group "Drivers" replaces the rights the world document listed
        assert dispatcher.user.get_info().privileges.rights == ["tag_update", "checkin_update"]
    master.subuser.register(user=NewSubUser(login="taken@fleet.test"), password="secret1")
    with pytest.raises(LoginInUseError):
        master.subuser.update(user=SubUserChange(id=DISPATCHER, login="taken@fleet.test"))


def test_binding_a_tracker_of_another_account_changes_nothing(master: Client) -> None:
    master.subuser.tracker.unbind(subuser_id=DISPATCHER, trackers=[2])
    before = master.subuser.tracker.list(subuser_id=DISPATCHER)
    foreign = 7  # the "other" account's tracker
    with pytest.raises(EntriesMismatchError):
        master.subuser.tracker.bind(subuser_id=DISPATCHER, trackers=[2, foreign])
    assert master.subuser.tracker.list(subuser_id=DISPATCHER) == before


def test_a_deleted_group_leaves_its_sub_users_in_the_default_group(
    mock: FleetMock, master: Client
) -> None:
    with pytest.raises(InvalidParametersError):
        master.subuser.security_group.delete()  # neither name of its ID
    master.subuser.security_group.assign(group_id=1, subuser_ids=[DISPATCHER])
    master.subuser.security_group.delete(id=1)  # the documentation's example names it so
    assert master.subuser.security_group.list() == []
    (dispatcher,) = master.subuser.list()
    assert dispatcher.security_group_id is None
    with mock.login("dispatcher", "demo") as client:
        assert client.user.get_info().privileges.rights == []
    group = master.subuser.security_group.create(group=_group(["reports"]))
    master.subuser.security_group.assign(group_id=group, subuser_ids=[DISPATCHER])
    master.subuser.security_group.delete(security_group_id=group)  # the table's name
    assert master.subuser.security_group.list() == []
