"""The tag calls of the service's documentation: tags resolve on every entity that carries them."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from fleetapi import (
    EntityExistsError,
    EntityNotFoundError,
    InvalidDataFormatError,
    InvalidParametersError,
    NoDataFileError,
    OverQuotaError,
)
from fleetapi.models.tag import NewTag, Tag
from fleetapi_mock import FleetMock

URGENT, FRAGILE, VIP = 1, 2, 3


def _tags(fleet_mock: FleetMock) -> dict[int, str]:
    with fleet_mock.world.lock:
        return {k: repr(v) for k, v in fleet_mock.world.tags.items()}


def test_list_and_filter_by_name(client: Any) -> None:
    assert [(t.id, t.name) for t in client.tag.list()] == [
        (1, "urgent"),
        (2, "fragile"),
        (3, "vip"),
    ]
    assert [t.id for t in client.tag.list(filter="AGI")] == [FRAGILE]
    assert len(client.tag.list(filter=None)) == 3


@pytest.mark.parametrize("text", ["ab", "x" * 61])
def test_a_filter_is_3_to_60_characters(fleet_mock: FleetMock, text: str) -> None:
    http = httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url)
    body = {"hash": fleet_mock.session("demo"), "filter": text}
    answer = http.post("/v2/tag/list", json=body).json()
    assert (answer["status"]["code"], answer["errors"][0]["parameter"]) == (7, "filter")


def test_create_update_and_names_are_unique_in_any_case(fleet_mock: FleetMock, client: Any):
    tag_id = client.tag.create(tag=NewTag(name="hop", color="FF0000"))
    assert client.tag.list(filter="hop") == [Tag(id=tag_id, name="hop", color="FF0000")]
    before = _tags(fleet_mock)
    with pytest.raises(EntityExistsError):
        client.tag.create(tag=NewTag(name="URGENT", color="000000"))
    with pytest.raises(EntityExistsError):
        client.tag.update(tag=Tag(id=tag_id, name="Vip", color="000000"))
    with pytest.raises(EntityNotFoundError):
        client.tag.update(tag=Tag(id=404, name="gone", color="000000"))
    assert _tags(fleet_mock) == before
    client.tag.update(tag=Tag(id=tag_id, name="HOP", color="00FF00"))  # its own name, recased
    assert client.tag.list(filter="hop")[0].color == "00FF00"


def test_the_quota_and_bad_tags(
    fleet_mock: FleetMock, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("fleetapi_mock.handlers.tag.MAX_TAGS", 3)
    with pytest.raises(OverQuotaError):
        client.tag.create(tag=NewTag(name="fourth", color="FF0000"))
    http = httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url)
    session = fleet_mock.session("demo")
    for tag, parameter in [
        ({"name": " ", "color": "FF0000"}, "tag.name"),
        ({"name": "x" * 61, "color": "FF0000"}, "tag.name"),
        ({"name": "ok", "color": "#FF0000"}, "tag.color"),
    ]:
        answer = http.post("/v2/tag/create", json={"hash": session, "tag": tag}).json()
        assert (answer["status"]["code"], answer["errors"][0]["parameter"]) == (7, parameter)
    assert len(fleet_mock.world.tags) == 3


def test_search_finds_every_kind_that_carries_all_the_tags(client: Any) -> None:
    found = client.tag.search(tag_ids=[URGENT])
    assert [t.id for t in found.task] == [1, 5]
    assert [v.id for v in found.vehicle] == [1]
    assert [z.id for z in found.zone] == [1]
    assert [t.id for t in found.tracker] == [1]
    assert (found.place, found.employee, found.task_schedule) == ([], [], [])
    assert [p.id for p in client.tag.search(tag_ids=[VIP]).place] == [1]
    assert [e.id for e in client.tag.search(tag_ids=[VIP]).employee] == [1]
    assert client.tag.search(tag_ids=[URGENT, FRAGILE]).task == []  # every tag, not any
    only = client.tag.search(tag_ids=[URGENT], entity_types=["zone"])
    assert ([z.id for z in only.zone], only.task, only.vehicle) == ([1], [], [])


def test_a_sub_user_finds_only_what_it_sees(fleet_mock: FleetMock) -> None:
    sub_user = next(u for u in fleet_mock.world.users.values() if not u.is_master)
    with fleet_mock.world.lock:
        fleet_mock.world.users.change(sub_user.id, trackers=[2])  # not 1 (tagged), nor 3
    with fleet_mock.login(sub_user.login, sub_user.password) as client:
        found = client.tag.search(tag_ids=[URGENT])
    assert found.tracker == []
    assert [t.id for t in found.task] == [5]  # on tracker 2
    assert found.vehicle == []  # van 1 is on tracker 1
    assert [z.id for z in found.zone] == [1]  # zones are the account's, seen by all


def test_delete_takes_the_tag_off_every_entity(fleet_mock: FleetMock, client: Any) -> None:
    client.tag.delete(tag_id=URGENT)
    assert [t.id for t in client.tag.list()] == [FRAGILE, VIP]
    world = fleet_mock.world
    assert URGENT not in world.zones[1].tags
    assert URGENT not in world.vehicles[1].tags
    assert URGENT not in world.tasks[1].tags
    assert URGENT not in world.trackers[1].tag_ids
    assert client.tag.search(tag_ids=[URGENT]).zone == []
    with pytest.raises(EntityNotFoundError):
        client.tag.delete(tag_id=URGENT)
    client.tag.delete(tag_ids=[URGENT, VIP])  # the missing one is skipped
    assert VIP not in world.places[1].tags
    assert VIP not in world.employees[1].tags
    assert [t.id for t in client.tag.list()] == [FRAGILE]


def test_delete_takes_exactly_one_of_its_parameters(fleet_mock: FleetMock, client: Any) -> None:
    before = _tags(fleet_mock)
    with pytest.raises(InvalidParametersError):
        client.tag.delete()
    with pytest.raises(InvalidParametersError):
        client.tag.delete(tag_id=1, tag_ids=[1])
    assert _tags(fleet_mock) == before


PNG = ("badge.png", b"\x89PNG\r\n\x1a\n" + b"\0" * 40, "image/png")


def test_an_uploaded_avatar_names_the_tags_avatar(fleet_mock: FleetMock, client: Any) -> None:
    name = client.tag.avatar.upload(file=PNG, tag_id=URGENT)
    assert re.fullmatch(r"[0-9a-f]{16}\.png", name)
    assert client.tag.list()[0].avatar_file_name == name
    client.tag.avatar.assign(tag_id=URGENT, icon_id=14)
    with fleet_mock.world.lock:
        kept = fleet_mock.world.tags[URGENT]
    assert (kept.icon_id, kept.avatar_file_name) == (14, name)
    client.tag.avatar.assign(tag_id=URGENT, icon_id=None)
    assert fleet_mock.world.tags[URGENT].icon_id is None


def test_an_avatar_is_an_image_of_a_tag_of_the_account(fleet_mock: FleetMock, client: Any) -> None:
    before = _tags(fleet_mock)
    with pytest.raises(InvalidDataFormatError):
        client.tag.avatar.upload(file=("notes.txt", b"hello", "text/plain"), tag_id=URGENT)
    with pytest.raises(NoDataFileError):
        client.tag.avatar.upload(file=("empty.png", b"", "image/png"), tag_id=URGENT)
    with pytest.raises(EntityNotFoundError):
        client.tag.avatar.upload(file=PNG, tag_id=404)
    with pytest.raises(EntityNotFoundError):
        client.tag.avatar.assign(tag_id=404, icon_id=1)
    assert _tags(fleet_mock) == before
