"""Trackers as the API shows them: the wire objects of tracker records and their states."""

from __future__ import annotations

from fleetapi.models.common import LatLng
from fleetapi.models.tracker import (
    GpsState,
    TagBinding,
    Tracker,
    TrackerSource,
    TrackerState,
)
from fleetapi_mock.domain.context import Context
from fleetapi_mock.state.records import TrackerRecord

__all__ = ["wire_state", "wire_tracker"]


def wire_tracker(record: TrackerRecord) -> Tracker:
    """The wire object of a tracker record."""
    return Tracker(
        id=record.id,
        label=record.label,
        clone=record.clone,
        group_id=record.group_id,
        avatar_file_name=record.avatar_file_name,
        source=TrackerSource(
            id=record.source_id,
            device_id=record.device_id,
            model=record.model,
            blocked=record.blocked,
            tariff_id=record.tariff_id,
            status_listing_id=record.status_listing_id,
            creation_date=record.creation_date,
            tariff_end_date=record.tariff_end_date,
            phone=record.phone,
        ),
        tag_bindings=[TagBinding(tag_id=t, ordinal=i) for i, t in enumerate(record.tag_ids)],
    )


def wire_state(ctx: Context, record: TrackerRecord) -> TrackerState:
    """The wire state of a tracker, date/times in the caller's time zone."""
    state = record.state
    location = (
        LatLng(lat=state.lat, lng=state.lng)
        if state.lat is not None and state.lng is not None
        else None
    )
    return TrackerState(
        source_id=record.source_id,
        gps=GpsState(
            updated=ctx.optional_user_time(state.gps_updated),
            signal_level=state.signal_level,
            location=location,
            heading=state.heading,
            speed=state.speed,
            alt=state.alt,
        ),
        connection_status=state.connection_status,
        movement_status=state.movement_status,
        last_update=ctx.optional_user_time(state.last_update),
        battery_level=state.battery_level,
    )
