"""Reading the account itself: the user and its dealer, the trackers and their states, the
lists of its entities, its sub-users with what is bound to them."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final
from zoneinfo import ZoneInfo

import attrs

from fleetapi._converter import converter_for, parse_datetime
from fleetapi_mock.domain.tariff import storage_period
from fleetapi_mock.snapshot.shaping import Reader, Taking, pages, structure, to_utc, utc
from fleetapi_mock.state.records import (
    ApiKeyRecord,
    DealerRecord,
    GeoAccess,
    TrackerRecord,
    TrackerStateRecord,
    UserProfile,
    UserRecord,
)
from fleetapi_mock.state.world import World

__all__ = [
    "CALLS",
    "LISTS",
    "STATES_AT_ONCE",
    "read_account",
    "read_lists",
    "read_states",
    "read_subusers",
    "tracker_record",
]

LISTS: Final[tuple[tuple[str, str, Mapping[str, Any], bool], ...]] = (
    ("tariffs", "tariff/list", {}, False),
    ("tracker_groups", "tracker/group/list", {}, False),
    ("tags", "tag/list", {}, False),
    ("entities", "entity/list", {}, False),
    ("zones", "zone/list", {"with_points": True}, True),
    ("places", "place/list", {}, True),
    ("departments", "department/list", {}, False),
    ("garages", "garage/list", {}, False),
    ("employees", "employee/list", {}, True),
    ("vehicles", "vehicle/list", {}, True),
    ("form_templates", "form/template/list", {}, False),
)
"""The account's lists read as they are: the world's collection, the call, its parameters and
whether it is read page by page (``offset`` and ``limit``)."""

CALLS: Final = (
    "user/get_info",
    "tracker/list",
    "tracker/get_states",
    *(call for _, call, _, _ in LISTS),
    "entity/fields/read",
    "subuser/security_group/list",
    "subuser/list",
    "subuser/tracker/list",
    "subuser/zones/list_ids",
    "subuser/places/list_ids",
)
"""The calls this module makes."""

STATES_AT_ONCE: Final = 500
"""Trackers whose states one ``tracker/get_states`` asks for."""


def _tariff(row: Mapping[str, Any]) -> dict[str, Any]:
    """A plan as ``tariff/list`` answers it, in the record's names."""
    adapted = {**row, "label": row.get("name", "")}
    if isinstance(row.get("store_period"), str):
        adapted["storage_period"] = converter_for().unstructure(storage_period(row["store_period"]))
    return adapted


_ADAPT: Final[dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]]] = {"tariffs": _tariff}
"""The lists whose answers name fields otherwise than the world's records do."""


def read_lists(taking: Taking) -> None:
    """The account's lists (:data:`LISTS`), each record as the world keeps it."""
    client, world, account, zone = taking.client, taking.world, taking.account, taking.zone
    for name, call, params, paged in LISTS:
        record = World.COLLECTIONS[name].record
        rows = pages(client, call, params) if paged else iter(client.request(call)["list"])
        table = getattr(world, name)
        adapt = _ADAPT.get(name, dict)
        for row in rows:
            table[row["id"]] = utc(structure({**adapt(row), "user_id": account}, record), zone)
        taking.finish(name, len(table))
        if name == "entities":  # the custom fields of each, before the places holding them
            _entity_fields(client, world, account)


def _entity_fields(client: Reader, world: World, account: int) -> None:
    record = World.COLLECTIONS["entity_fields"].record
    for entity in list(world.entities):
        for row in client.request("entity/fields/read", {"entity_id": entity})["list"]:
            data = {**row, "user_id": account, "entity_id": entity}
            world.entity_fields[row["id"]] = structure(data, record)


def read_subusers(taking: Taking) -> dict[str, str]:
    """The account's security groups and sub-users, each sub-user with the trackers, zones and
    places bound to it and a password drawn; the passwords by login."""
    client, world, account, zone = taking.client, taking.world, taking.account, taking.zone
    master = world.users[account]
    group = World.COLLECTIONS["security_groups"].record
    for row in client.request("subuser/security_group/list")["list"]:
        world.security_groups[row["id"]] = structure({**row, "user_id": account}, group)
    passwords: dict[str, str] = {}
    rows = client.request("subuser/list")["list"]
    for row in rows:
        taking.tell("subusers", len(passwords), done=len(passwords), total=len(rows))
        which = {"subuser_id": row["id"]}
        bound = client.request("subuser/tracker/list", which)["list"]
        zones = client.request("subuser/zones/list_ids", which)
        places = client.request("subuser/places/list_ids", which)
        passwords[row["login"]] = secrets.token_urlsafe(12)
        group_id = row.get("security_group_id")
        rights = world.security_groups[group_id].privileges.rights if group_id else []
        world.users[row["id"]] = UserRecord(
            id=row["id"],
            login=row["login"],
            password=passwords[row["login"]],
            master_id=account,
            dealer_id=master.dealer_id,
            first_name=row.get("first_name") or "",
            last_name=row.get("last_name") or "",
            time_zone=master.time_zone,  # no call tells a sub-user's own to its master
            locale=master.locale,
            rights=list(rights),
            trackers=list(bound),
            security_group_id=group_id,
            zones=GeoAccess(access_to_all=zones["access_to_all"], ids=zones["list"]),
            places=GeoAccess(access_to_all=places["access_to_all"], ids=places["list"]),
            activated=bool(row.get("activated", True)),
            profile=utc(structure(row, UserProfile), zone),
        )
    taking.finish("subusers", len(passwords))
    return passwords


def read_states(
    client: Reader, ids: Sequence[int], zone: ZoneInfo
) -> tuple[dict[str, Any], dt.datetime]:
    """Each tracker's state by id (text), and the service's time now (UTC)."""
    states: dict[str, Any] = {}
    user_time = None
    for at in range(0, max(len(ids), 1), STATES_AT_ONCE):
        chunk = list(ids[at : at + STATES_AT_ONCE])
        answer = client.request(
            "tracker/get_states", {"trackers": chunk, "list_blocked": True, "allow_not_exist": True}
        )
        states.update(answer.get("states", {}))
        user_time = answer.get("user_time", user_time)
    now = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)
    if user_time is not None:
        now = to_utc(parse_datetime(user_time), zone)
    return states, now


def read_account(
    world: World, info: Mapping[str, Any], account: int, password: str, api_key: str
) -> None:
    """The dealer, the user (its password drawn) and an API key drawn for it."""
    user = info["user_info"]
    settings = info.get("paas_settings") or {}
    dealer = int(info.get("paas_id") or 1)
    world.dealers[dealer] = DealerRecord(id=dealer, ui_domain=settings.get("domain") or "")
    profile = utc(structure(user, UserProfile), ZoneInfo(user.get("time_zone") or "UTC"))
    world.users[account] = UserRecord(
        id=account,
        login=user["login"],
        password=password,
        dealer_id=dealer,
        first_name=user.get("first_name") or "",
        last_name=user.get("last_name") or "",
        time_zone=user.get("time_zone") or "UTC",
        locale=user.get("locale") or "en",
        profile=profile,
    )
    world.api_keys[api_key] = ApiKeyRecord(
        hash=api_key, user_id=account, title="snapshot", create_date=world.now()
    )


def tracker_record(
    row: Mapping[str, Any], account: int, state: Mapping[str, Any] | None, zone: ZoneInfo
) -> TrackerRecord:
    """A tracker as ``tracker/list`` answers it, with its state, as the world keeps it."""
    source = row["source"]
    flat = {
        **{k: v for k, v in row.items() if k not in ("source", "tag_bindings")},
        **{k: v for k, v in source.items() if k != "id"},
        "user_id": account,
        "source_id": source["id"],
        "tag_ids": [b["tag_id"] for b in row.get("tag_bindings") or []],
    }
    record: TrackerRecord = structure(flat, TrackerRecord)
    if state is not None:
        record = attrs.evolve(record, state=utc(_state(state), zone))
    return record


def _state(state: Mapping[str, Any]) -> TrackerStateRecord:
    """A state as ``tracker/get_states`` answers it, as the world keeps it."""
    gps = state.get("gps") or {}
    location = gps.get("location") or {}
    flat = {
        **{k: v for k, v in state.items() if k not in ("gps", "source_id")},
        "lat": location.get("lat"),
        "lng": location.get("lng"),
        "heading": gps.get("heading", 0),
        "speed": gps.get("speed", 0),
        "alt": gps.get("alt", 0),
        "signal_level": gps.get("signal_level"),
        "gps_updated": gps.get("updated"),
        "precision": gps.get("precision"),
        "gsm_lbs": gps.get("gsm_lbs", False),
    }
    result: TrackerStateRecord = structure(flat, TrackerStateRecord)
    return result
