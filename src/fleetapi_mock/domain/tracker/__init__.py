"""Trackers as the API shows them: the wire objects of tracker records and their states."""

from __future__ import annotations

import functools
import operator
from typing import Any

import attrs

from fleetapi._converter import converter_for
from fleetapi._errors import (
    CloneNotAllowedError,
    DeviceBlockedError,
    DeviceLimitExceededError,
    EntityNotFoundError,
    FleetApiError,
    NonExistentEntitiesError,
)
from fleetapi._types import UNSET
from fleetapi.models.common import LatLng
from fleetapi.models.tracker import (
    GpsState,
    TagBinding,
    Tracker,
    TrackerSource,
    TrackerState,
)
from fleetapi_mock.domain.context import Context, TimeWriter
from fleetapi_mock.state.records import TrackerRecord, TrackerStateRecord
from fleetapi_mock.state.table import Table

__all__ = [
    "state_json",
    "tracker_json",
    "unblocked_tracker",
    "unblocked_trackers",
    "wire_state",
    "wire_tracker",
]


def unblocked_tracker(
    ctx: Context,
    tracker_id: int,
    missing: type[FleetApiError] = EntityNotFoundError,
    *,
    refuse_clone: bool = False,
) -> TrackerRecord:
    """The tracker a call reads: 201 (or ``missing``, the code a call documents) when the
    caller may not see it, 208 when it is blocked; with ``refuse_clone`` (a call the service
    refuses for clones of a device), 219 for a clone."""
    record = ctx.visible_tracker(tracker_id)
    if record is None:
        raise missing(f"no tracker {tracker_id}")
    if record.blocked:
        raise DeviceBlockedError(f"tracker {tracker_id} is blocked")
    if refuse_clone and record.clone:
        raise CloneNotAllowedError(f"tracker {tracker_id} is a clone")
    return record


def unblocked_trackers(
    ctx: Context, tracker_ids: list[int], *, limit: int | None = None
) -> list[TrackerRecord]:
    """The trackers a batch call reads, each once: 221 for more than ``limit`` of them, 217
    naming every one the caller may not see or that is blocked."""
    wanted = list(dict.fromkeys(tracker_ids))
    if limit is not None and len(wanted) > limit:
        raise DeviceLimitExceededError(f"at most {limit} trackers per call")
    found = {t: ctx.visible_tracker(t) for t in wanted}
    records = [r for r in found.values() if r is not None and not r.blocked]
    if len(records) < len(found):
        bad = [t for t, r in found.items() if r is None or r.blocked]
        raise NonExistentEntitiesError("no such (or blocked) trackers: " + ", ".join(map(str, bad)))
    return records


def wire_tracker(record: TrackerRecord) -> Tracker:
    """The wire object of a tracker record (one object for records of equal wire values)."""
    return _wire_tracker(_WIRE_VALUES(record), tuple(record.tag_ids))


def tracker_json(
    trackers: Table[int, TrackerRecord], record: TrackerRecord, *, iso: bool
) -> dict[str, Any]:
    """The JSON form of :func:`wire_tracker`'s object (date/times as ``iso`` asks) of
    ``record`` of the world's ``trackers``: made once and kept by the table until the record is
    replaced (read it, never change it). A list of every tracker of a large world makes
    each once, not once per call (a bounded cache of all trackers would churn)."""
    memo = trackers.memo(_JSON_MEMOS[iso])
    kept = memo.get(record.id)
    if kept is not None and kept[0] is record:
        return kept[1]  # type: ignore[no-any-return]
    values = (_WIRE_VALUES(record), tuple(record.tag_ids))
    made: dict[str, Any] = converter_for(iso=iso).unstructure(_build_tracker(*values))
    memo[record.id] = (record, made)
    return made


_JSON_MEMOS = {False: "tracker_json", True: "tracker_json_iso"}
"""The kinds of :meth:`Table.memo` holding trackers' JSON forms, by date/time mode."""


_WIRE_FIELDS = (
    "id", "label", "clone", "group_id", "avatar_file_name", "source_id", "device_id", "model",
    "blocked", "tariff_id", "status_listing_id", "creation_date", "tariff_end_date", "phone",
)  # fmt: skip
"""The fields of a tracker record its wire object shows (its tags aside)."""
_WIRE_VALUES = operator.attrgetter(*_WIRE_FIELDS)


def _build_tracker(values: tuple[Any, ...], tag_ids: tuple[int, ...]) -> Tracker:
    """The wire object of a tracker record's :data:`_WIRE_FIELDS` values and tags."""
    record = dict(zip(_WIRE_FIELDS, values, strict=True))
    return Tracker(
        id=record["id"],
        label=record["label"],
        clone=record["clone"],
        group_id=record["group_id"],
        avatar_file_name=record["avatar_file_name"],
        source=TrackerSource(
            id=record["source_id"],
            device_id=record["device_id"],
            model=record["model"],
            blocked=record["blocked"],
            tariff_id=record["tariff_id"],
            status_listing_id=record["status_listing_id"],
            creation_date=record["creation_date"],
            tariff_end_date=record["tariff_end_date"],
            phone=record["phone"],
        ),
        tag_bindings=[TagBinding(tag_id=t, ordinal=i) for i, t in enumerate(tag_ids)],
    )


_wire_tracker = functools.lru_cache(maxsize=4096)(_build_tracker)
""":func:`_build_tracker` once for trackers read again and again (the handlers never change
a wire object)."""


def wire_state(ctx: Context, record: TrackerRecord) -> TrackerState:
    """The wire state of a tracker, date/times in the caller's time zone (what
    :func:`state_json` writes straight into its JSON form, a property test holds it so)."""
    state = record.state
    location = (
        LatLng(lat=state.lat, lng=state.lng)
        if state.lat is not None and state.lng is not None
        else None
    )
    local = ctx.optional_user_time
    gsm = state.gsm
    return TrackerState(
        source_id=record.source_id,
        gps=GpsState(
            updated=local(state.gps_updated),
            signal_level=state.signal_level,
            location=location,
            heading=state.heading,
            speed=state.speed,
            alt=state.alt,
            precision=UNSET if state.precision is None else state.precision,
            gsm_lbs=True if state.gsm_lbs else UNSET,
        ),
        connection_status=state.connection_status,
        movement_status=state.movement_status,
        movement_status_update=local(state.movement_status_update),
        ignition=UNSET if state.ignition is None else state.ignition,
        ignition_update=(
            UNSET
            if state.ignition is None or state.ignition_update is None
            else ctx.user_time(state.ignition_update)
        ),
        gsm=None if gsm is None else attrs.evolve(gsm, updated=local(gsm.updated)),
        last_update=local(state.last_update),
        battery_level=state.battery_level,
        battery_update=local(state.battery_update),
        inputs=list(state.inputs),
        inputs_update=local(state.inputs_update),
        outputs=list(state.outputs),
        outputs_update=local(state.outputs_update),
        additional={
            name: attrs.evolve(value, updated=local(value.updated))
            for name, value in state.additional.items()
        },
        actual_track_update=local(state.actual_track_update),
    )


def state_json(
    ctx: Context, record: TrackerRecord, compact: bool = False, write: TimeWriter | None = None
) -> dict[str, Any]:
    """The JSON form of :func:`wire_state` (the converter's, in the caller's date/time mode),
    built straight from the record: no wire object made and unstructured again, keys in the
    converter's order (the model's, the fields it may omit last), omitted ones left out.

    ``compact``: only the fields of the ``compact`` event format
    (``fleetapi_mock.domain.event.COMPACT_FIELDS``). ``write`` is a
    :meth:`Context.time_writer` of ``ctx`` (one for a whole batch of states).
    """
    write = write or ctx.time_writer()
    state = record.state
    lat, lng = state.lat, state.lng
    gps: dict[str, Any] = {
        "updated": write(state.gps_updated),
        "signal_level": state.signal_level,
        "location": None if lat is None or lng is None else {"lat": lat, "lng": lng},
        "heading": state.heading,
        "speed": state.speed,
        "alt": state.alt,
    }
    if state.precision is not None:
        gps["precision"] = state.precision
    if state.gsm_lbs:
        gps["gsm_lbs"] = True
    made: dict[str, Any] = {
        "source_id": record.source_id,
        "gps": gps,
        "connection_status": state.connection_status,
        "movement_status": state.movement_status,
        "movement_status_update": write(state.movement_status_update),
    }
    if compact:
        _ignition(made, state, write)
        made["last_update"] = write(state.last_update)
        return made
    gsm = state.gsm
    made["gsm"] = (
        None
        if gsm is None
        else {
            "updated": write(gsm.updated),
            "signal_level": gsm.signal_level,
            "network_name": gsm.network_name,
            "roaming": gsm.roaming,
        }
    )
    made["last_update"] = write(state.last_update)
    made["battery_level"] = state.battery_level
    made["battery_update"] = write(state.battery_update)
    made["inputs"] = list(state.inputs)
    made["inputs_update"] = write(state.inputs_update)
    made["outputs"] = list(state.outputs)
    made["outputs_update"] = write(state.outputs_update)
    made["additional"] = {
        name: {"value": value.value, "updated": write(value.updated)}
        for name, value in state.additional.items()
    }
    made["actual_track_update"] = write(state.actual_track_update)
    _ignition(made, state, write)  # the converter writes the fields it may omit last
    return made


def _ignition(made: dict[str, Any], state: TrackerStateRecord, write: TimeWriter) -> None:
    """The ignition and its time, when the tracker has an ignition sensor."""
    if state.ignition is not None:
        made["ignition"] = state.ignition
        if state.ignition_update is not None:
            made["ignition_update"] = write(state.ignition_update)
