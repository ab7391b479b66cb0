"""The sub-user scenario: a master user makes a sub-user whose security group may make every
read call, binds two trackers and one zone to it (and no place), opens a session for it, and
the sub-user sees exactly those, and what belongs to those trackers, through every read call
of the table: never an unbound tracker, zone or place, nor another account's.

The calls come from the table (``fleetapi.endpoints.ENDPOINTS``): every safe call is checked
here or set aside with its reason, so that a read call added later fails the first tests until
it is classified. A call naming an object the sub-user may not see answers the error its
documentation lists (201, 204 or 217); a list leaves the object out."""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import typing
from collections.abc import Callable, Iterator
from types import UnionType
from typing import Any

import attrs
import pytest
from defusedxml.ElementTree import fromstring
from tasks_helpers import add_point, new_task

from fleetapi import Client, EntityNotFoundError, FleetApiError, OperationNotPermittedError
from fleetapi._endpoint import Endpoint
from fleetapi.endpoints import BY_PATH, ENDPOINTS
from fleetapi.endpoints.report import GENERATION_SECONDS
from fleetapi.models.common import LatLng
from fleetapi.models.event import StateBatchEvent, StateBatchSubscription, SubscriptionTarget
from fleetapi.models.link import (
    GeoLinkDisplayOptions,
    GeoLinkLifetime,
    GeoLinkOptions,
    GeoLinkTracker,
    GeoLinkTrackerOptions,
)
from fleetapi.models.place import NewPlace, Place, PlaceLabel, PlaceLocation
from fleetapi.models.report import ReportPlugin, ReportSheet
from fleetapi.models.report_schedule import (
    NewReportSchedule,
    ReportScheduleDays,
    ReportScheduleParameters,
    ScheduledReport,
)
from fleetapi.models.rule import NewRule
from fleetapi.models.subuser import NewSecurityGroup, NewSubUser, SecurityGroupPrivileges
from fleetapi.models.track import AssetRef
from fleetapi.models.tracker import Tracker, TrackerState
from fleetapi.models.zone import CircleZone, NewCircleZone, PolygonZone, SausageZone, ZoneLabel
from fleetapi_mock import FleetMock

BOUND_TRACKERS = (1, 2)
"""The demo's vans: sensors, rules, events, check-ins, tasks and a geo link are theirs."""
UNBOUND_TRACKERS = (3, 4, 5, 6, 7)
"""The account's others (3 has a route, 4 an employee and an event, 5 is blocked) and
another account's (7)."""
BOUND_ZONE = 1
"""The depot (a circle, tagged 1, named by a rule of both vans)."""
AT_THE_DEPOT = LatLng(lat=52.49, lng=13.36)
"""Inside the depot and the route corridor (zone 3)."""
AT_CUSTOMER_A = LatLng(lat=52.5163, lng=13.3777)
"""Place 1, inside the city centre (zone 2)."""
FROM, TO = dt.datetime(2026, 1, 13), dt.datetime(2026, 1, 15, 12)
"""A period holding the demo's tracks, events and check-ins, and the setup's."""

ERRORS_OF_UNSEEN = frozenset({201, 204, 217})
"""Not found (201), entity missing (204), nonexistent entities (217): what a call answers for
an object the caller may not see, each call the one its documentation lists."""


@dataclasses.dataclass
class Scene:
    """The module's one world: the master's and the sub-user's clients, and what the setup
    made."""

    mock: FleetMock
    master: Client
    sub: Client
    subuser_id: int
    zones: tuple[int, ...]
    """The zones the sub-user may not see: the account's others and another account's."""
    places: tuple[int, ...]
    """Every place: the account's and another account's."""
    report: int
    """A zone visits report the sub-user made of its trackers and every zone it sees."""
    sources: frozenset[int]
    """The sources (devices) of the bound trackers, which name them in states."""


@pytest.fixture(scope="module")
def scene() -> Iterator[Scene]:
    mock = FleetMock()
    with mock.login("other", "other") as other:  # another account's zone and place
        away = other.zone.create(zone=NewCircleZone(label="Away", center=AT_THE_DEPOT, radius=50))
        spot = PlaceLocation(lat=AT_CUSTOMER_A.lat, lng=AT_CUSTOMER_A.lng, address="-", radius=50)
        elsewhere = other.place.create(place=NewPlace(label="Elsewhere", location=spot))
    master = mock.login("demo", "demo")
    # a rule of a bound van on a zone the sub-user does not see
    master.tracker.rule.create(
        rule=NewRule(type="inoutzone", name="Centre", zone_ids=[2], trackers=[1, 3])
    )
    now = mock.clock.now()  # van 1 leaves the city centre and comes back: two events of it
    add_point(mock, 1, now + dt.timedelta(seconds=10), 52.40, 13.10)
    add_point(mock, 1, now + dt.timedelta(seconds=60), AT_CUSTOMER_A.lat, AT_CUSTOMER_A.lng)
    # a task with a form, and a charge, of a tracker the sub-user does not see
    master.task.create(task=new_task("Hidden", tracker_id=3, form_template_id=1), create_form=True)
    master.tariff.tracker.change(tracker_id=3, tariff_id=3)
    master.tariff.tracker.change(tracker_id=3, tariff_id=1)  # an early change: charged
    # a geo link of a bound van alone
    van = GeoLinkTracker(tracker_id=1, params=GeoLinkTrackerOptions(object_data=["speed"]))
    shared = GeoLinkOptions(bounding_zone_ids=[], display_options=GeoLinkDisplayOptions())
    master.tracker.location.link.create(
        lifetime=GeoLinkLifetime(), description="Van 1 alone", trackers=[van], params=shared
    )
    rights = sorted({e.right for e in ENDPOINTS if e.safe and e.right})
    group = master.subuser.security_group.create(
        group=NewSecurityGroup(label="Readers", privileges=SecurityGroupPrivileges(rights=rights))
    )
    reader = NewSubUser(login="reader@fleet.test", first_name="Rita", security_group_id=group)
    subuser_id = master.subuser.register(user=reader, password="secret1")
    master.subuser.tracker.bind(subuser_id=subuser_id, trackers=list(BOUND_TRACKERS))
    master.subuser.zones.bind(subuser_id=subuser_id, zone_ids=[BOUND_ZONE])
    assert master.subuser.places.list_ids(subuser_id=subuser_id).list == []
    sub = mock.client(master.subuser.session.create(subuser_id=subuser_id))
    visits = ReportPlugin(plugin_id=8, show_not_visited_zones=True)
    report = sub.report.tracker.generate(
        from_=FROM, to=TO, trackers=list(BOUND_TRACKERS), plugin=visits
    )
    mock.clock.advance(GENERATION_SECONDS)
    sources = frozenset(t.source.id for t in master.tracker.list() if t.id in BOUND_TRACKERS)
    yield Scene(mock, master, sub, subuser_id, (2, 3, away), (1, 2, elsewhere), report, sources)
    sub.close()
    master.close()
    mock.transport.shutdown()


# --- What an answer shows -------------------------------------------------------------------

OBJECTS: dict[type, str] = {
    Tracker: "trackers",
    CircleZone: "zones",
    PolygonZone: "zones",
    SausageZone: "zones",
    ZoneLabel: "zones",
    Place: "places",
    PlaceLabel: "places",
}
"""The models that are a tracker, a zone or a place (their ``id``)."""

FIELDS: dict[str, str] = {
    "tracker_id": "trackers",
    "tracker_ids": "trackers",
    "trackers": "trackers",
    "zone_id": "zones",
    "zone_ids": "zones",
    "bounding_zone_ids": "zones",
    "place_id": "places",
    "place_ids": "places",
}
"""The fields, in any model, that name trackers, zones or places by ID."""

MODEL_FIELDS: dict[tuple[type, str], str] = {
    (ReportSheet, "entity_ids"): "trackers",
    (TrackerState, "source_id"): "sources",
}
"""Fields that name them in one model only (a state names its tracker by its source)."""


def _ids(value: Any) -> set[int]:
    items = value if isinstance(value, list) else [value]
    return {i for i in items if type(i) is int and i > 0}  # 0: none


def shown(answer: Any) -> dict[str, set[int]]:
    """The trackers, zones, places (and tracker sources) an answer shows, anywhere in it."""
    found: dict[str, set[int]] = {"trackers": set(), "zones": set(), "places": set()}
    found["sources"] = set()

    def walk(value: Any) -> None:
        if isinstance(value, (list, tuple)):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif attrs.has(type(value)):
            for model, kind in OBJECTS.items():
                if isinstance(value, model):
                    found[kind].add(value.id)
            for field in attrs.fields(type(value)):
                item = getattr(value, field.name)
                kind = MODEL_FIELDS.get((type(value), field.name), FIELDS.get(field.name))
                if kind is not None:
                    found[kind] |= _ids(item)
                walk(item)

    walk(answer)
    return found


# --- Calling as the sub-user ----------------------------------------------------------------


def call(client: Client, path: str, **params: Any) -> Any:
    """Make the call ``path`` through the SDK method at the chain of its path."""
    return BY_PATH[path].sdk_member(client)(**params)


def sees(scene: Scene, path: str, **params: Any) -> Any:
    """The sub-user's answer to ``path``, which shows nothing it may not see."""
    answer = call(scene.sub, path, **params)
    found = shown(answer)
    sight = {
        "trackers": set(BOUND_TRACKERS),
        "zones": {BOUND_ZONE},
        "places": set(),
        "sources": scene.sources,
    }
    leaks = {kind: sorted(ids - sight[kind]) for kind, ids in found.items() if ids - sight[kind]}
    assert not leaks, f"{path}({params}) shows the sub-user what it may not see: {leaks}"
    return answer


def refused(scene: Scene, path: str, **params: Any) -> None:
    """``path`` refuses the sub-user an object it may not see with a documented code."""
    failure: FleetApiError | None = None
    try:
        answer = call(scene.sub, path, **params)
    except FleetApiError as error:
        failure = error
    else:
        pytest.fail(f"{path}({params}) answered the sub-user what it may not see: {answer!r}")
    assert failure is not None
    documented = BY_PATH[path].errors
    assert failure.code in ERRORS_OF_UNSEEN & set(documented), (
        f"{path}({params}) refused the sub-user with {failure.code} ({failure}); its "
        f"documented codes: {documented}"
    )


def ids_of(items: Any) -> list[int]:
    return [item.id for item in items]


def bound(item: Any) -> bool:
    """Whether an object of a tracker is the sub-user's to see: of a bound tracker, or of
    none."""
    return item.tracker_id is None or item.tracker_id in BOUND_TRACKERS


def listing(
    scene: Scene,
    path: str,
    keep: Callable[[Any], bool] = bound,
    items: Callable[[Any], Any] = lambda answer: answer.list,
    **params: Any,
) -> list[Any]:
    """The sub-user lists exactly what the master lists that ``keep`` keeps (some, not all).

    Returns what the master lists."""
    every = items(call(scene.master, path, **params))
    mine = items(sees(scene, path, **params))
    assert ids_of(mine) == [i.id for i in every if keep(i)], path
    assert mine, f"{path}: the scene should give the sub-user something to see"
    assert not all(map(keep, every)), f"{path}: the scene should hide something from it"
    return list(every)


CHECKS: dict[str, Callable[[Scene, str], None]] = {}
"""The check of each call, by path."""


def checks(*paths: str) -> Callable[[Callable[[Scene, str], None]], Callable[[Scene, str], None]]:
    def register(check: Callable[[Scene, str], None]) -> Callable[[Scene, str], None]:
        for path in paths:
            assert path not in CHECKS, path
            CHECKS[path] = check
        return check

    return register


# --- Trackers and what is theirs ------------------------------------------------------------


@checks("tracker/list")
def tracker_list(scene: Scene, path: str) -> None:
    assert sorted(ids_of(sees(scene, path))) == list(BOUND_TRACKERS)
    assert sees(scene, path, labels=["Truck", "Van"]) == sees(scene, path)


def sees_bound(scene: Scene, path: str, **params: Any) -> None:
    """``path`` answers the sub-user on each bound tracker: tracker 1 (which has everything)
    at least, tracker 2 unless it fails for another reason than sight."""
    for tracker_id in BOUND_TRACKERS:
        failure: FleetApiError | None = None
        try:
            sees(scene, path, tracker_id=tracker_id, **params)
        except FleetApiError as error:
            failure = error
        if failure is not None:
            assert tracker_id != BOUND_TRACKERS[0], f"{path} on tracker {tracker_id}: {failure}"
            assert failure.code not in ERRORS_OF_UNSEEN, f"{path} hides tracker {tracker_id}"


PER_TRACKER: dict[str, dict[str, Any]] = {
    "tracker/read": {},
    "tracker/get_state": {},
    "tracker/get_last_gps_point": {},
    "tracker/get_inputs": {},
    "tracker/get_outputs": {},
    "tracker/get_fuel": {},
    "tracker/sensor/list": {},
    "tracker/readings/list": {},
    "tracker/counter/value/get": {"type": "odometer"},
    "tracker/stats/engine_hours/read": {"from_": FROM, "to": TO},
    "tracker/employee/read": {},
    "tariff/tracker/list": {},
    "tracker/trusted_number/list": {},
    "tracker/alarm_mode/read": {},
    "tracker/engine_immobilizer/read": {},
    "tracker/led/read": {},
    "tracker/command/unconfirmed/count": {},
    "tracker/settings/read": {},
    "tracker/settings/tracking/read": {},
    "tracker/settings/trip_detection/read": {},
    "tracker/settings/lbs/read": {},
    "tracker/settings/special/read": {},
    "tracker/apn_settings/read": {},
    "tracker/get_counters": {},
    "tracker/get_readings": {},
    "tracker/get_diagnostics": {},
    "tracker/counter/read": {"type": "odometer"},
    "tracker/counter/data/read": {"type": "odometer", "from_": FROM, "to": TO},
    "tracker/retranslator/list": {},
    "status/tracker/read": {},
    "track/list": {"from_": FROM, "to": TO},
    "track/read": {"from_": FROM, "to": TO},
    "track/download": {"from_": FROM, "to": TO},
    "driver/journal/entry/list": {"from_": FROM, "to": TO},
    "driver/journal/entry/download": {"from_": FROM, "to": TO, "format": "xlsx"},
    "driver/journal/proposal/list": {"from_": FROM, "to": TO},
    "track/waybill/download": {
        "from_": FROM,
        "to": TO,
        "type": "form3",
        "fill_history": True,
        "number": "1",
    },
}
"""The calls of one tracker, and what else they need."""


def one_tracker(scene: Scene, path: str, **params: Any) -> None:
    """``path`` answers the sub-user on its trackers and refuses it the others."""
    sees_bound(scene, path, **params)
    for tracker_id in UNBOUND_TRACKERS:
        refused(scene, path, tracker_id=tracker_id, **params)


@checks(*PER_TRACKER)
def per_tracker(scene: Scene, path: str) -> None:
    one_tracker(scene, path, **PER_TRACKER[path])


@checks("tracker/tags/set")
def tracker_tags_set(scene: Scene, path: str) -> None:
    for tracker_id in UNBOUND_TRACKERS:  # a change: tried on unbound trackers only
        refused(scene, path, tracker_id=tracker_id, tag_bindings=[])


PER_BATCH: dict[str, dict[str, Any]] = {
    "tracker/get_states": {},
    "tracker/batch_get_inputs": {},
    "tracker/batch_get_outputs": {},
    "tracker/sensor/batch_list": {},
    "tracker/readings/batch_list": {},
    "tracker/counter/value/list": {"type": "odometer"},
    "tracker/stats/mileage/read": {"from_": FROM, "to": TO},
    "history/tracker/list": {"from_": FROM, "to": TO},
    "checkin/list": {},
    "status/tracker/list": {},
}
"""The calls of a list of trackers, and what else they need."""


def by_tracker(answer: Any) -> dict[str, Any] | None:
    """The part of a batch answer keyed by tracker ID, if it has one."""
    if isinstance(answer, dict):
        return answer
    for name in ("states", "result"):
        if isinstance(getattr(answer, name, None), dict):
            keyed: dict[str, Any] = getattr(answer, name)
            return keyed
    return None


@checks(*PER_BATCH)
def per_batch(scene: Scene, path: str) -> None:
    params = PER_BATCH[path]
    keyed = by_tracker(sees(scene, path, trackers=list(BOUND_TRACKERS), **params))
    if keyed is not None:
        assert keyed, path
        assert {int(k) for k in keyed} <= set(BOUND_TRACKERS), path
    for tracker_id in UNBOUND_TRACKERS:
        refused(scene, path, trackers=[BOUND_TRACKERS[0], tracker_id], **params)
    if path == "checkin/list":
        listing(scene, path)
    if path == "history/tracker/list":
        entries = sees(scene, path, trackers=list(BOUND_TRACKERS), **params).list
        assert {e.tracker_id for e in entries} == {BOUND_TRACKERS[0]}  # van 2 has none


@checks("tracker/rule/list")
def tracker_rule_list(scene: Scene, path: str) -> None:
    """Rules are the account's: the sub-user sees each with the trackers and zones it sees."""
    one_tracker(scene, path)
    every = call(scene.master, path)
    mine = sees(scene, path)
    assert ids_of(mine) == ids_of(every)
    for rule, whole in zip(mine, every, strict=True):
        assert rule.trackers == [t for t in whole.trackers if t in BOUND_TRACKERS]
        assert rule.zone_ids == [z for z in whole.zone_ids if z == BOUND_ZONE]
    assert any(w.zone_ids and not r.zone_ids for r, w in zip(mine, every, strict=True))


def per_object(
    scene: Scene, path: str, param: str, every: Any, keep: Callable[[Any], bool] = bound
) -> None:
    """``path`` reads each object of ``every`` (the master's) that ``keep`` keeps to the
    sub-user, and refuses it the others."""
    for item in every:
        if keep(item):
            sees(scene, path, **{param: item.id})
        else:
            refused(scene, path, **{param: item.id})


@checks("vehicle/list", "vehicle/read")
def vehicles(scene: Scene, path: str) -> None:
    every = listing(scene, "vehicle/list", items=lambda answer: answer)
    per_object(scene, "vehicle/read", "vehicle_id", every)


SEEN_VEHICLES = (1, 2, 4)
"""The demo's vehicles on the bound trackers (the vans) and on none (the spare car)."""


@checks("vehicle/service_task/list", "vehicle/service_task/read")
def service_tasks(scene: Scene, path: str) -> None:
    """The tasks of the vehicles it sees (the vans' oil change, not the truck's inspection)."""

    def seen(task: Any) -> bool:
        return task.vehicle_id in SEEN_VEHICLES

    every = listing(scene, "vehicle/service_task/list", keep=seen, items=lambda answer: answer)
    per_object(scene, "vehicle/service_task/read", "task_id", every, keep=seen)


@checks("vehicle/service_task/download")
def service_task_download(scene: Scene, path: str) -> None:
    """The file lists the works of the vehicles it sees alone."""
    from openpyxl import load_workbook

    content = sees(scene, path, format="xlsx")
    sheet = load_workbook(io.BytesIO(content)).active
    vehicles = {row[0].value for row in sheet.iter_rows(min_row=2)}
    assert vehicles == {"Van 1"}, vehicles


@checks("vehicle/batch_convert")
def vehicle_batch_convert(scene: Scene, path: str) -> None:
    """A row naming an unbound tracker (by label or ID) is an error, not that tracker."""
    batch = "Mine\tVan 1\t\nTheirs\tTruck 7\t\nNumbered\t\t3\nBlocked\t\t5\nAway\t\t7"
    fields = ["label", "tracker_label", "tracker_id"]
    rows = sees(scene, path, batch=batch, fields=fields).list
    assert [r.tracker_id for r in rows] == [1, None, None, None, None]
    assert all(r.errors for r in rows[1:])


@checks("employee/list", "employee/read")
def employees(scene: Scene, path: str) -> None:
    every = listing(scene, "employee/list")
    per_object(scene, "employee/read", "employee_id", every)


@checks("task/list", "task/read", "task/count")
def tasks(scene: Scene, path: str) -> None:
    listing(scene, "task/list")
    every = listing(scene, "task/list", types=["task", "route", "checkpoint"])
    per_object(scene, "task/read", "task_id", every)
    counted = sees(scene, "task/list", types=["task", "checkpoint"]).count
    assert sees(scene, "task/count") == counted < call(scene.master, "task/count")
    assert sees(scene, "task/list", trackers=[3, 4]).list == []


@checks("task/route/list", "task/route/read")
def routes(scene: Scene, path: str) -> None:
    every = call(scene.master, "task/route/list")
    assert [r.id for r in sees(scene, "task/route/list")] == [r.id for r in every if bound(r)]
    assert sees(scene, "task/route/list", trackers=[3]) == []
    per_object(scene, "task/route/read", "route_id", every)
    assert any(not bound(r) for r in every)


@checks("task/checkpoint/list", "task/checkpoint/read")
def checkpoints(scene: Scene, path: str) -> None:
    every = call(scene.master, "task/list", types=["checkpoint"]).list
    assert every
    wanted = [c.id for c in every]
    mine = sees(scene, "task/checkpoint/list", checkpoint_ids=wanted)
    assert [c.id for c in mine] == [c.id for c in every if bound(c)]
    per_object(scene, "task/checkpoint/read", "checkpoint_id", every)


@checks("task/schedule/list", "task/schedule/read", "task/schedule/proposal/list")
def task_schedules(scene: Scene, path: str) -> None:
    """Schedules of a bound van and unassigned ones; those of Truck 7 (a task schedule and a
    route schedule with its checkpoints) are hidden, and so is what they will make."""
    every = listing(scene, "task/schedule/list", items=lambda a: a, types=["task", "route"])
    checkpoints = call(scene.master, "task/schedule/read", id=2).checkpoints
    per_object(scene, "task/schedule/read", "id", [*every, *checkpoints])
    assert sees(scene, "task/schedule/list", trackers=[3]) == []
    listing(scene, "task/schedule/proposal/list", items=lambda a: a)


@checks("form/template/stats/read")
def form_template_stats(scene: Scene, path: str) -> None:
    """The tasks with a form of the template count those the sub-user sees."""
    every = sum(call(scene.master, path, template_id=1).tasks.values())
    mine = sum(sees(scene, path, template_id=1).tasks.values())
    forms = [t for t in sees(scene, "task/list").list if t.form and t.form.template_id == 1]
    assert mine == len(forms) < every


LISTED = {"ascending": True, "include_unsubmitted": True}
"""Every task form, submitted or not."""


@checks("task/form/list", "task/form/read", "task/form/download")
def task_forms(scene: Scene, path: str) -> None:
    """The forms of the tasks the sub-user sees (its trackers' and the unassigned ones); by
    template, check-in forms of its trackers too (the demo's is Anna's phone's: hidden)."""
    every = call(scene.master, "task/form/list", **LISTED).list
    mine = sees(scene, "task/form/list", **LISTED).list
    assert [i.form.id for i in mine] == [i.form.id for i in every if bound(i.form)]
    assert mine
    assert len(mine) < len(every)
    for template in (1, 2):
        wanted = call(scene.master, "task/form/list", template_id=template, **LISTED).list
        seen = sees(scene, "task/form/list", template_id=template, **LISTED).list
        assert [i.form.id for i in seen] == [i.form.id for i in wanted if bound(i.form)]
    params = {"format": "pdf"} if path == "task/form/download" else {}
    if path != "task/form/list":
        for item in every:
            if bound(item.form):
                sees(scene, path, task_id=item.form.task_id, **params)
            else:
                refused(scene, path, task_id=item.form.task_id, **params)


@checks("form/read", "form/download")
def forms(scene: Scene, path: str) -> None:
    """A form with its task (seen as `task/read` sees it) or its check-in's tracker."""
    every = call(scene.master, "task/form/list", template_id=1, **LISTED).list
    params = {"format": "xlsx"} if path == "form/download" else {}
    assert any(i.task is None for i in every)  # the check-in form of Anna's phone
    for item in every + call(scene.master, "task/form/list", template_id=2, **LISTED).list:
        if bound(item.form):
            sees(scene, path, id=item.form.id, **params)
        else:
            refused(scene, path, id=item.form.id, **params)


@checks("delivery/read", "delivery/list")
def deliveries(scene: Scene, path: str) -> None:
    """Task 5 (tracker 2) is the sub-user's delivery; task 1 (tracker 3) is not."""
    sees(scene, path, external_id=1004)
    refused(scene, path, external_id=1001)


@checks("checkin/read")
def checkin_read(scene: Scene, path: str) -> None:
    every = call(scene.master, "checkin/list").list
    per_object(scene, path, "checkin_id", every)
    refused(scene, path, checkin_id=4)  # another account's


@checks("history/user/list", "history/read")
def history(scene: Scene, path: str) -> None:
    """The events of the sub-user's trackers, naming only the zones it sees."""
    every = listing(scene, "history/user/list", from_=FROM, to=TO)
    per_object(scene, "history/read", "id", every)
    mine = {e.id: e for e in sees(scene, "history/user/list", from_=FROM, to=TO).list}
    centre = [e for e in every if e.extra and e.extra.zone_ids == [2]]
    assert centre, "the setup's events of van 1 and the city centre"
    for event in centre:
        assert (event.extra.zone_labels, event.tracker_id) == (["City centre"], 1)
        extra = mine[event.id].extra
        assert extra is not None
        assert (extra.zone_ids, extra.zone_labels) == ([], [])


@checks("history/unread/list", "history/unread/count")
def unread_history(scene: Scene, path: str) -> None:
    """Unread is the sub-user's own (it has read nothing): every event of its trackers (the
    demo world's lie in the 90 days before, the longest period a listing takes)."""
    since = TO - dt.timedelta(days=90)
    every = call(scene.master, "history/user/list", from_=since, to=TO, limit=1000).list
    mine = sees(scene, "history/unread/list")
    assert sorted(ids_of(mine)) == sorted(e.id for e in every if bound(e))
    assert sees(scene, "history/unread/count") == len(mine)


ASSETS_OF_BOUND = [AssetRef(id=1, type="vehicle"), AssetRef(id=2, type="employee")]
"""Van 1 (tracker 1) and its driver."""
ASSETS_OF_UNBOUND = [AssetRef(id=3, type="vehicle"), AssetRef(id=1, type="employee")]
"""Truck 7 (tracker 3), Anna (tracker 4)."""


@checks("history/asset/list", "history/asset/count")
def asset_history(scene: Scene, path: str) -> None:
    listing(scene, "history/asset/list", from_=FROM, to=TO)
    mine = sees(scene, "history/asset/list", from_=FROM, to=TO).list
    assert sees(scene, "history/asset/count", from_=FROM, to=TO).total == len(mine)
    sees(scene, path, from_=FROM, to=TO, assets=ASSETS_OF_BOUND)
    for asset in ASSETS_OF_UNBOUND:
        refused(scene, path, from_=FROM, to=TO, assets=[asset])


@checks("asset/track/list", "asset/track/read")
def asset_tracks(scene: Scene, path: str) -> None:
    for asset in ASSETS_OF_BOUND:
        sees(scene, path, from_=FROM, to=TO, asset=asset)
    for asset in ASSETS_OF_UNBOUND:
        refused(scene, path, from_=FROM, to=TO, asset=asset)


@checks("asset_group/list")
def asset_groups(scene: Scene, path: str) -> None:
    """Each group shows the assets the sub-user sees; an unbound asset finds no group."""
    assert [g.assets for g in sees(scene, path, group_ids=[1, 2])] == [ASSETS_OF_BOUND, []]
    truck = ASSETS_OF_UNBOUND[0]  # in group 2
    assert call(scene.master, path, asset=truck)
    assert sees(scene, path, asset=truck) == []


@checks("tracker/location/link/list", "tracker/location/link/read")
def geo_links(scene: Scene, path: str) -> None:
    """A link shows the sub-user only if everything it shares is the sub-user's."""

    def shares_only_bound(link: Any) -> bool:
        found = shown(link)
        return (
            found["trackers"] <= set(BOUND_TRACKERS)
            and found["zones"] <= {BOUND_ZONE}
            and not found["places"]
        )

    every = listing(scene, "tracker/location/link/list", shares_only_bound, lambda a: a)
    per_object(scene, "tracker/location/link/read", "id", every, shares_only_bound)


@checks("transaction/list")
def transactions(scene: Scene, path: str) -> None:
    every = call(scene.master, path, from_=FROM - dt.timedelta(days=30), to=TO)
    mine = sees(scene, path, from_=FROM - dt.timedelta(days=30), to=TO)
    kept = [t for t in every if not t.tracker_id or t.tracker_id in BOUND_TRACKERS]
    assert mine == kept != every


@checks("report/tracker/list", "report/tracker/status", "report/tracker/retrieve")
@checks("report/tracker/download")
def reports(scene: Scene, path: str) -> None:
    """The sub-user's reports are its own (of its trackers, on the zones it sees)."""
    assert ids_of(sees(scene, "report/tracker/list")) == [scene.report]
    params = {"format": "xlsx"} if path == "report/tracker/download" else {}
    if path != "report/tracker/list":
        for report in ids_of(call(scene.master, "report/tracker/list")):
            refused(scene, path, report_id=report, **params)
        sees(scene, path, report_id=scene.report, **params)
    content = repr(sees(scene, "report/tracker/retrieve", report_id=scene.report).sheets)
    assert "Depot" in content
    for label in ("City centre", "Route A", "Away"):
        assert label not in content


@checks("report/schedule/list")
def report_schedules(scene: Scene, path: str) -> None:
    """A sub-user's report schedules are its own: its master's (of trackers it does not see)
    are neither listed nor its to change."""

    def schedule(trackers: list[int]) -> NewReportSchedule:
        report = ScheduledReport(trackers=trackers, plugin=ReportPlugin(plugin_id=4))
        days = ReportScheduleDays(type="weekdays", weekdays=[1])
        parameters = ReportScheduleParameters(
            period="d", schedule=days, report=report, email_format="pdf"
        )
        return NewReportSchedule(enabled=False, parameters=parameters)  # never fires here

    theirs = scene.master.report.schedule.create(schedule=schedule([1, 3]))
    mine = scene.sub.report.schedule.create(schedule=schedule(list(BOUND_TRACKERS)))
    assert ids_of(sees(scene, path)) == [mine]
    assert theirs in ids_of(call(scene.master, path))
    assert mine not in ids_of(call(scene.master, path))
    with pytest.raises(EntityNotFoundError):
        scene.sub.report.schedule.delete(schedule_id=theirs)


@checks("tag/search")
def tag_search(scene: Scene, path: str) -> None:
    for tag in (1, 2, 3):
        every = call(scene.master, path, tag_ids=[tag])
        mine = sees(scene, path, tag_ids=[tag])
        assert ids_of(mine.tracker) == [t.id for t in every.tracker if t.id in BOUND_TRACKERS]
        assert ids_of(mine.zone) == [z.id for z in every.zone if z.id == BOUND_ZONE]
        assert mine.place == []
        for kind in ("employee", "vehicle", "task", "task_schedule"):
            assert ids_of(getattr(mine, kind)) == [i.id for i in getattr(every, kind) if bound(i)]


@checks("event/subscription")
def event_subscription(scene: Scene, path: str) -> None:
    """A state batch of every tracker holds the bound ones' states."""
    requests = [StateBatchSubscription(target=SubscriptionTarget(type="all"))]
    with call(scene.sub, path, requests=requests) as events:
        batch = next(e for e in events if isinstance(e, StateBatchEvent))
    scene.mock.transport.shutdown()  # the loopback server of the stream, done with
    sources = {t.source.id: t.id for t in call(scene.master, "tracker/list")}
    assert sorted(sources[s.source_id] for s in batch.data) == list(BOUND_TRACKERS)


# --- Zones and places -----------------------------------------------------------------------


@checks("zone/list", "zone/read", "zone/point/list", "zone/search_location")
def zones(scene: Scene, path: str) -> None:
    assert ids_of(sees(scene, "zone/list")) == [BOUND_ZONE]
    assert ids_of(sees(scene, "zone/list", with_points=True)) == [BOUND_ZONE]
    sees(scene, "zone/read", zone_id=BOUND_ZONE)
    assert ids_of(call(scene.master, "zone/search_location", location=AT_THE_DEPOT)) == [1, 3]
    assert ids_of(sees(scene, "zone/search_location", location=AT_THE_DEPOT)) == [BOUND_ZONE]
    assert sees(scene, "zone/search_location", location=AT_CUSTOMER_A) == []
    for zone_id in scene.zones:
        refused(scene, "zone/read", zone_id=zone_id)
        refused(scene, "zone/point/list", zone_id=zone_id)


@checks("track/visit/list")
def track_visits(scene: Scene, path: str) -> None:
    master = call(scene.master, path, tracker_id=1, from_=FROM, to=TO)
    assert set(master.zones) - {BOUND_ZONE}  # van 1 passes zones the sub-user does not see
    for tracker_id in BOUND_TRACKERS:
        visits = sees(scene, path, tracker_id=tracker_id, from_=FROM, to=TO)
        assert set(visits.zones) <= {BOUND_ZONE}
        assert visits.places == []
    for tracker_id in UNBOUND_TRACKERS:
        refused(scene, path, tracker_id=tracker_id, from_=FROM, to=TO)


@checks("tracker/sensor/data/read", "tracker/sensor/calibration_data/read")
def sensor_of_tracker(scene: Scene, path: str) -> None:
    """A sensor's data: the sub-user reads a sensor of a bound tracker, never another's."""
    options = {"from_": FROM, "to": TO} if path == "tracker/sensor/data/read" else {}
    bound = [
        s.id
        for t in BOUND_TRACKERS
        for s in call(scene.master, "tracker/sensor/list", tracker_id=t)
    ]
    assert bound, "a bound tracker has a sensor"
    failure: FleetApiError | None = None
    try:
        sees(scene, path, tracker_id=BOUND_TRACKERS[0], sensor_id=bound[0], **options)
    except FleetApiError as error:
        failure = error
    assert failure is None or failure.code not in ERRORS_OF_UNSEEN, (path, failure)
    for tracker_id in UNBOUND_TRACKERS:
        refused(scene, path, tracker_id=tracker_id, sensor_id=bound[0], **options)


@checks("beacon/data/read", "beacon/data/last_values")
def beacons(scene: Scene, path: str) -> None:
    reading = path.endswith("read")
    options = {"from_": FROM, "to": TO} if reading else {"skip_older_than_seconds": 10**6}
    assert call(scene.master, path, **options)  # the demo's Van 1 saw beacons
    assert {e.tracker_id for e in sees(scene, path, **options)} <= set(BOUND_TRACKERS)
    for tracker_id in UNBOUND_TRACKERS:
        refused(scene, path, trackers=[tracker_id], **options)


@checks("tracker/batch_get_commands")
def saved_commands(scene: Scene, path: str) -> None:
    assert set(call(scene.master, path)) - {str(t) for t in BOUND_TRACKERS}
    assert set(sees(scene, path)) == {str(t) for t in BOUND_TRACKERS}
    for tracker_id in UNBOUND_TRACKERS:  # refused (7, naming the tracker), never answered
        with pytest.raises(FleetApiError):
            call(scene.sub, path, trackers=[tracker_id])


@checks("tracker/chat/list")
def chat_list(scene: Scene, path: str) -> None:
    for tracker_id in BOUND_TRACKERS:  # vans have no chat (214): never refused for sight
        failure: FleetApiError | None = None
        try:
            sees(scene, path, tracker_id=tracker_id)
        except FleetApiError as error:
            failure = error
        assert failure is None or failure.code not in ERRORS_OF_UNSEEN, (path, tracker_id)
    for tracker_id in UNBOUND_TRACKERS:
        refused(scene, path, tracker_id=tracker_id)


@checks("tracker/chat/unread/count", "tracker/chat/updated/list", "tracker/chat/mark_read_all")
def chat_by_tracker(scene: Scene, path: str) -> None:
    """Answers keyed by tracker (the demo's chat is on tracker 4, which the sub-user does not
    see): the master's names it, the sub-user's never."""
    if path == "tracker/chat/unread/count":
        assert "4" in call(scene.master, path)
        assert set(sees(scene, path)) <= {str(t) for t in BOUND_TRACKERS}
    elif path == "tracker/chat/updated/list":
        assert "4" in call(scene.master, path, trackers=[4])
        assert set(sees(scene, path, trackers=list(BOUND_TRACKERS))) <= {
            str(t) for t in BOUND_TRACKERS
        }
        refused(scene, path, trackers=[4])
    else:
        refused(scene, path, trackers=[4])


@checks("tracker/chat/mark_read")
def chat_mark_read(scene: Scene, path: str) -> None:
    message = call(scene.master, "tracker/chat/list", tracker_id=4)[0]
    refused(scene, path, message_id=message.id)


@checks("tracker/contact/list")
def contacts(scene: Scene, path: str) -> None:
    sees(scene, path)  # the trackers other accounts share: none of the account's unbound


@checks("zone/download")
def zone_download(scene: Scene, path: str) -> None:
    kml = call(scene.sub, path)
    names = [e.text for e in fromstring(kml).iter() if e.tag.endswith("}name")]
    bound_label = call(scene.master, "zone/read", zone_id=BOUND_ZONE).label
    assert names == ["zones", bound_label]  # the document, then the bound zone alone
    for zone_id in scene.zones:
        refused(scene, path, zone_ids=[zone_id])


@checks("place/list", "place/read", "place/search_location")
def places(scene: Scene, path: str) -> None:
    assert sees(scene, "place/list").count == 0
    assert sees(scene, "place/list", place_ids=list(scene.places)).list == []
    assert ids_of(call(scene.master, "place/search_location", location=AT_CUSTOMER_A)) == [1]
    assert sees(scene, "place/search_location", location=AT_CUSTOMER_A) == []
    for place_id in scene.places:
        refused(scene, "place/read", place_id=place_id)


# --- The master's alone ---------------------------------------------------------------------

FILLING: dict[str, Any] = {
    "trackers": [BOUND_TRACKERS[0]],
    "zone_ids": [BOUND_ZONE],
    "place_ids": [1],
    "from_": FROM,
    "to": TO,
}
"""What a master-only call is given for each parameter it needs (``subuser_id``: the
sub-user's own)."""


def masters_alone(scene: Scene, path: str) -> None:
    """A call of the master user alone refuses the sub-user with 13."""
    needed = [f.name for f in attrs.fields(BY_PATH[path].params) if f.default is attrs.NOTHING]
    params = {n: scene.subuser_id if n == "subuser_id" else FILLING[n] for n in needed}
    with pytest.raises(OperationNotPermittedError):
        call(scene.sub, path, **params)


for _endpoint in ENDPOINTS:
    if _endpoint.safe and _endpoint.master_only:
        checks(_endpoint.path)(masters_alone)


# --- The calls set aside --------------------------------------------------------------------

OUT_OF_SCOPE: dict[str, str] = {
    "base/nothing": "answers nothing",
    "apn_settings/read": "a catalogue: the mobile network of a phone number",
    "tracker/sensor/input_name/list": "a catalogue of inputs and state fields",
    "user/get_info": "the caller itself",
    "user/get_tariff_restrictions": "the caller's account",
    "user/settings/read": "the caller's settings",
    "user/settings/ui/read": "the caller's settings",
    "track/waybill/settings/read": "the caller's own last waybill number",
    "user/session/renew": "the caller's session",
    "user/session/push_token/bind": "the caller's session",
    "history/type/list": "a catalogue of event types",
    "history/mark_read_all": "a change (the caller's read marks), not a read",
    "tracker/list_models": "a catalogue of device models",
    "tracker/group/list": "groups carry no tracker (a tracker names its group)",
    "tag/list": "tags carry no tracker, zone or place (tag/search finds those)",
    "entity/list": "the layout of the place form, no place",
    "entity/read": "the layout of the place form, no place",
    "entity/fields/read": "the custom fields of places, no place",
    "form/template/list": "templates carry no tracker (their stats are checked)",
    "form/template/read": "templates carry no tracker (their stats are checked)",
    "retranslator/list": "the account's retranslators carry no tracker",
    "retranslator/protocol/list": "a catalogue of protocols",
    "department/list": "departments carry no tracker",
    "garage/list": "garages carry no tracker",
    "map_layer/list": "KML layers carry no tracker, zone or place",
    "map_layer/read": "KML layers carry no tracker, zone or place",
    "geocoder/search_address": "addresses, no object of the account",
    "geocoder/search_location": "addresses, no object of the account",
    "route/get": "a way between the points asked, no object of the account",
    "route/google/get": "a way between the points asked, no object of the account",
    "route/osrm/get": "a way between the points asked, no object of the account",
    "route/progorod/get": "a way between the points asked, no object of the account",
    "task/route/points/optimize": "an order of the points asked, no object of the account",
    "data/import/list": "import processes carry no tracker",
    "data/import/read": "import processes carry no tracker",
    "employee/import/list": "import processes carry no tracker",
    "employee/import/read": "import processes carry no tracker",
    "employee/import/download_failed": "the lines of the caller's account's file, as written",
    "vehicle/import/list": "import processes carry no tracker",
    "vehicle/import/read": "import processes carry no tracker",
    "vehicle/import/download_failed": "the lines of the caller's account's file, as written",
    "dealer/get_ui_config": "the dealer's",
    "payment_system/list": "the account's billing",
    "payment_system/estimate/get": "the account's billing",
    "bill/list": "the account's billing",
    "subscription/avangate/list": "the account's billing",
    "timezone/list": "a catalogue of time zones",
    "plugin/list": "the account's plugins",
    "notification/list": "the account's notices",
    "file/stats/read": "the account's storage",
    "tariff/list": "the dealer's tariffs",
    "status/listing/list": "working status listings are the account's; they name no tracker",
    "status/list": "the statuses of a listing name no tracker",
    "vehicle/status/listing/read": "the account's vehicle statuses name no vehicle or tracker",
}
"""The read calls that answer no tracker, zone or place (nor anything of a tracker), with the
reason."""


def _names_sight(hint: Any, seen: set[type]) -> bool:
    """Whether a type holds a tracker, zone or place, or an ID naming one."""
    if isinstance(hint, UnionType) or typing.get_origin(hint) is not None:
        return any(_names_sight(arg, seen) for arg in typing.get_args(hint))
    if not isinstance(hint, type) or not attrs.has(hint) or hint in seen:
        return False
    seen.add(hint)
    if any(issubclass(hint, model) for model in OBJECTS):
        return True
    hints = typing.get_type_hints(hint)
    for field in attrs.fields(hint):
        named = field.name in FIELDS or (hint, field.name) in MODEL_FIELDS
        if (named and _holds_int(hints[field.name])) or _names_sight(hints[field.name], seen):
            return True
    return False


def _holds_int(hint: Any) -> bool:
    """Whether a type is ``int`` or holds one (``list[int]``, ``int | None``)."""
    return hint is int or any(_holds_int(arg) for arg in typing.get_args(hint))


def names_sight(endpoint: Endpoint) -> bool:
    """Whether a call takes or answers a tracker, zone or place (or an ID of one)."""
    return _names_sight(endpoint.params, set()) or _names_sight(endpoint.result.type, set())


def test_every_read_call_is_checked_or_set_aside() -> None:
    safe = {e.path for e in ENDPOINTS if e.safe}
    unclassified = sorted(safe - CHECKS.keys() - OUT_OF_SCOPE.keys())
    assert not unclassified, (
        f"read calls the sub-user scenario does not classify: {unclassified}; give each a "
        "check in CHECKS (what a sub-user sees of it) or a reason in OUT_OF_SCOPE"
    )
    assert not CHECKS.keys() & OUT_OF_SCOPE.keys()
    assert OUT_OF_SCOPE.keys() <= safe, sorted(OUT_OF_SCOPE.keys() - safe)


def test_every_read_call_naming_trackers_zones_or_places_is_checked() -> None:
    named = {e.path for e in ENDPOINTS if e.safe and names_sight(e)}
    assert {"tracker/read", "zone/list", "place/search_location", "tag/search"} <= named
    set_aside = sorted(named & OUT_OF_SCOPE.keys())
    assert not set_aside, (
        f"these read calls take or answer trackers, zones or places, yet the sub-user "
        f"scenario sets them aside: {set_aside}; check them in CHECKS"
    )


@pytest.mark.parametrize("path", sorted(CHECKS))
def test_the_sub_user_sees_exactly_what_is_bound(scene: Scene, path: str) -> None:
    CHECKS[path](scene, path)
