"""Reading an account into a world: which calls, in what order, into which records."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, Protocol
from zoneinfo import ZoneInfo

import attrs

from fleetapi._converter import converter_for, format_datetime, parse_datetime
from fleetapi_mock.domain.tariff import storage_period
from fleetapi_mock.state.records import (
    ApiKeyRecord,
    DealerRecord,
    FormRecord,
    GeoAccess,
    TrackerRecord,
    TrackerStateRecord,
    TrackPointRecord,
    UserProfile,
    UserRecord,
)
from fleetapi_mock.state.world import World

__all__ = ["EVENTS", "LISTS", "READ_CALLS", "Reader", "Snapshot", "take_snapshot"]

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

READ_CALLS: Final = (
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
    "tracker/sensor/list",
    "tracker/rule/list",
    "task/list",
    "history/tracker/list",
    "track/read",
)
"""Every call a snapshot makes: each only reads (a test holds the source's journal to them)."""

PAGE: Final = 1000
"""Rows asked for per page of a paged list."""
EVENTS: Final = 1000
"""Events of the window read at most (``history/tracker/list``'s own limit)."""
STATES_AT_ONCE: Final = 500
"""Trackers whose states one ``tracker/get_states`` asks for."""

Progress = Callable[[str, int], None]
"""Told what is being read and how many records were read so far."""


class Reader(Protocol):
    """What a snapshot needs of a client: :meth:`fleetapi.Client.request`."""

    def request(self, path: str, body: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The answer of a call, as JSON."""
        ...


@attrs.frozen(kw_only=True)
class Snapshot:
    """A world document made from an account, and the credentials drawn for it."""

    document: dict[str, Any]
    """The world document (``fleetapi-mock-world/2``)."""
    login: str
    """The account's login, kept."""
    password: str = attrs.field(repr=False)
    """The password drawn for the login (never the account's own)."""
    api_key: str = attrs.field(repr=False)
    """An API key drawn for the account."""
    counts: dict[str, int]
    """Records read, by collection."""
    subusers: dict[str, str] = attrs.field(factory=dict, repr=False)
    """The password drawn for each sub-user, by login."""


def take_snapshot(
    client: Reader,
    *,
    since: dt.datetime,
    until: dt.datetime,
    progress: Progress | None = None,
    seed: int | None = None,
) -> Snapshot:
    """The account ``client`` acts for as a world: its entities, its tasks of the window
    ``since`` to ``until`` (the user's time) and its trackers' points of that window."""
    told: Progress = progress or (lambda what, n: None)
    info = client.request("user/get_info")
    user = info["user_info"]
    zone = ZoneInfo(user.get("time_zone") or "UTC")
    trackers = client.request("tracker/list")["list"]
    states, now = _states(client, [t["id"] for t in trackers], zone)
    world = World(now=now, seed=seed)
    account = int(user["id"])
    password, api_key = secrets.token_urlsafe(12), secrets.token_hex(16)
    _account(world, info, account, password, api_key)
    counts: dict[str, int] = {}
    reading = _Reading(
        client=client, world=world, account=account, zone=zone, counts=counts, told=told
    )
    _lists(reading)
    for row in trackers:
        world.trackers[row["id"]] = _tracker(row, account, states.get(str(row["id"])), zone)
    counts["trackers"] = len(world.trackers)
    told("trackers", counts["trackers"])
    passwords = _subusers(client, world, account, dealer=world.users[account].dealer_id)
    counts["subusers"] = len(passwords)
    unblocked = [row["id"] for row in trackers if not row["source"].get("blocked")]
    _devices(reading, unblocked)
    window = {"from": format_datetime(since), "to": format_datetime(until)}
    _window(reading, window, unblocked)
    document = world.to_document()
    document["description"] = f"A snapshot of the account {user['login']} ({format_datetime(now)})"
    return Snapshot(
        document=document,
        login=user["login"],
        password=password,
        api_key=api_key,
        counts=counts,
        subusers=passwords,
    )


def _tariff(row: Mapping[str, Any]) -> dict[str, Any]:
    """A plan as ``tariff/list`` answers it, in the record's names."""
    adapted = {**row, "label": row.get("name", "")}
    if isinstance(row.get("store_period"), str):
        adapted["storage_period"] = converter_for().unstructure(storage_period(row["store_period"]))
    return adapted


_ADAPT: Final[dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]]] = {"tariffs": _tariff}
"""The lists whose answers name fields otherwise than the world's records do."""


@attrs.frozen(kw_only=True)
class _Reading:
    """A snapshot being taken: where from, into which world, for which account."""

    client: Reader
    world: World
    account: int
    zone: ZoneInfo
    """The user's time zone, which the answers' date/times are in."""
    counts: dict[str, int]
    told: Progress


def _lists(reading: _Reading) -> None:
    """The account's lists (:data:`LISTS`), each record as the world keeps it."""
    client, world, account, zone = reading.client, reading.world, reading.account, reading.zone
    counts, told = reading.counts, reading.told
    for name, call, params, paged in LISTS:
        record = World.COLLECTIONS[name].record
        rows = _pages(client, call, params) if paged else iter(client.request(call)["list"])
        table = getattr(world, name)
        adapt = _ADAPT.get(name, dict)
        for row in rows:
            table[row["id"]] = _utc(_structure({**adapt(row), "user_id": account}, record), zone)
        counts[name] = len(table)
        told(name, counts[name])
        if name == "entities":  # the custom fields of each, before the places holding them
            _entity_fields(client, world, account)


def _devices(reading: _Reading, unblocked: Sequence[int]) -> None:
    """The sensors of the unblocked trackers (a blocked one's answer 208) and the rules."""
    client, world, account = reading.client, reading.world, reading.account
    counts, told = reading.counts, reading.told
    sensor = World.COLLECTIONS["sensors"].record
    for tracker in unblocked:
        for found in client.request("tracker/sensor/list", {"tracker_id": tracker})["list"]:
            world.sensors[found["id"]] = _structure({**found, "tracker_id": tracker}, sensor)
    counts["sensors"] = len(world.sensors)
    rule = World.COLLECTIONS["rules"].record
    for found in client.request("tracker/rule/list")["list"]:
        world.rules[found["id"]] = _structure({**found, "user_id": account}, rule)
    counts["rules"] = len(world.rules)
    told("rules", counts["rules"])


def _window(reading: _Reading, window: Mapping[str, str], unblocked: Sequence[int]) -> None:
    """What happened in the window: routes, tasks with their forms, events, track points."""
    client, world, account, zone = reading.client, reading.world, reading.account, reading.zone
    counts, told = reading.counts, reading.told
    for name, types in (("routes", ["route"]), ("tasks", ["task", "checkpoint"])):
        record = World.COLLECTIONS[name].record
        table = getattr(world, name)
        for row in _pages(client, "task/list", {**window, "types": types}):
            table[row["id"]] = _utc(_structure({**row, "user_id": account}, record), zone)
            form = row.get("form")
            if form:  # a task's form comes with it
                filled = _structure({**form, "user_id": account}, FormRecord)
                world.forms[form["id"]] = _utc(filled, zone)
        counts[name] = len(table)
        told(name, counts[name])
    event = World.COLLECTIONS["events"].record
    if unblocked:
        history = {**window, "trackers": unblocked, "limit": EVENTS, "add_tracker_label": False}
        for found in client.request("history/tracker/list", history)["list"]:  # messages as kept
            seen = {"read_by": [account] if found.get("is_read") else [], "user_id": account}
            world.events[found["id"]] = _utc(_structure({**found, **seen}, event), zone)
    counts["events"] = len(world.events)
    told("events", counts["events"])
    counts["track_points"] = 0
    for tracker in unblocked:
        answer = client.request("track/read", {"tracker_id": tracker, **window})
        points = [_point(tracker, p, zone) for p in answer["list"]]
        world.track_points.add(points)
        counts["track_points"] += len(points)
        told("track_points", counts["track_points"])


def _subusers(client: Reader, world: World, account: int, *, dealer: int) -> dict[str, str]:
    """The account's security groups and sub-users, each sub-user with the trackers, zones and
    places bound to it and a password drawn; the passwords by login."""
    master = world.users[account]
    group = World.COLLECTIONS["security_groups"].record
    for row in client.request("subuser/security_group/list")["list"]:
        world.security_groups[row["id"]] = _structure({**row, "user_id": account}, group)
    passwords: dict[str, str] = {}
    for row in client.request("subuser/list")["list"]:
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
            dealer_id=dealer,
            first_name=row.get("first_name") or "",
            last_name=row.get("last_name") or "",
            time_zone=master.time_zone,  # a sub-user's own is not told to its master
            locale=master.locale,
            rights=list(rights),
            trackers=list(bound),
            security_group_id=group_id,
            zones=GeoAccess(access_to_all=zones["access_to_all"], ids=zones["list"]),
            places=GeoAccess(access_to_all=places["access_to_all"], ids=places["list"]),
            activated=bool(row.get("activated", True)),
            profile=_structure(row, UserProfile),
        )
    return passwords


def _entity_fields(client: Reader, world: World, account: int) -> None:
    record = World.COLLECTIONS["entity_fields"].record
    for entity in list(world.entities):
        for row in client.request("entity/fields/read", {"entity_id": entity})["list"]:
            data = {**row, "user_id": account, "entity_id": entity}
            world.entity_fields[row["id"]] = _structure(data, record)


def _pages(client: Reader, call: str, params: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    offset = 0
    while True:
        rows = client.request(call, {**params, "offset": offset, "limit": PAGE})["list"]
        yield from rows
        if len(rows) < PAGE:
            return
        offset += PAGE


def _states(
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
        now = _to_utc(parse_datetime(user_time), zone)
    return states, now


def _account(
    world: World, info: Mapping[str, Any], account: int, password: str, api_key: str
) -> None:
    """The dealer, the user (its password drawn) and an API key drawn for it."""
    user = info["user_info"]
    settings = info.get("paas_settings") or {}
    dealer = int(info.get("paas_id") or 1)
    world.dealers[dealer] = DealerRecord(id=dealer, ui_domain=settings.get("domain") or "")
    profile = _structure(user, UserProfile)
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


def _tracker(
    row: Mapping[str, Any], account: int, state: Mapping[str, Any] | None, zone: ZoneInfo
) -> TrackerRecord:
    source = row["source"]
    flat = {
        **{k: v for k, v in row.items() if k not in ("source", "tag_bindings")},
        **{k: v for k, v in source.items() if k != "id"},
        "user_id": account,
        "source_id": source["id"],
        "tag_ids": [b["tag_id"] for b in row.get("tag_bindings") or []],
    }
    record: TrackerRecord = _structure(flat, TrackerRecord)
    if state is not None:
        record = attrs.evolve(record, state=_utc(_state(state), zone))
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
    result: TrackerStateRecord = _structure(flat, TrackerStateRecord)
    return result


def _point(tracker_id: int, point: Mapping[str, Any], zone: ZoneInfo) -> TrackPointRecord:
    record: TrackPointRecord = _utc(
        _structure({**point, "tracker_id": tracker_id}, TrackPointRecord), zone
    )
    return record


def _structure(data: Mapping[str, Any], cls: type[Any]) -> Any:
    """``data`` read into ``cls``, the fields ``cls`` does not have left out."""
    return converter_for().structure(dict(data), cls)


def _to_utc(value: dt.datetime, zone: ZoneInfo) -> dt.datetime:
    if value.tzinfo is None:
        value = value.replace(tzinfo=zone)
    return value.astimezone(dt.timezone.utc).replace(tzinfo=None)


def _utc(record: Any, zone: ZoneInfo) -> Any:
    """``record`` with every date/time in it (nested records included) from the user's time
    zone to UTC, as a world keeps them."""
    if zone.key == "UTC":
        return record
    if isinstance(record, dt.datetime):
        return _to_utc(record, zone)
    if isinstance(record, dict):
        return {k: _utc(v, zone) for k, v in record.items()}
    if isinstance(record, list):
        return [_utc(v, zone) for v in record]
    if not attrs.has(type(record)):
        return record
    changes = {f.name: _utc(getattr(record, f.name), zone) for f in attrs.fields(type(record))}
    return attrs.evolve(record, **{k.lstrip("_"): v for k, v in changes.items()})
