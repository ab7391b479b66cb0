"""A tracker's uploads: its avatar, and a datalogger's file of points."""

from __future__ import annotations

from fleetapi._errors import (
    InvalidDataFormatError,
    NoDataFileError,
    NotSupportedByDeviceError,
    OverQuotaError,
)
from fleetapi.endpoints.tracker import TRACKER_AVATAR_UPLOAD, TRACKER_DATALOGGER_UPLOAD
from fleetapi.models.tracker import TrackerAvatarUploadParams, TrackerDataloggerUploadParams
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.file import FILE_FIELD_NAME, avatar_name
from fleetapi_mock.domain.position import record_positions
from fleetapi_mock.domain.tracker import unblocked_tracker
from fleetapi_mock.domain.tracker.datalogger import read_datalogger_file
from fleetapi_mock.domain.tracker.device import model_of
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.bounds import in_clock_range
from fleetapi_mock.state.records import TrackPointRecord


@handles(TRACKER_AVATAR_UPLOAD)
def tracker_avatar_upload(ctx: Context, params: TrackerAvatarUploadParams) -> str:
    """The image part ``file`` as the tracker's avatar (``avatar_file_name``): its new file
    name (201: not a tracker the caller sees; 208: blocked; 233: no image; 234: not an avatar
    type; 271: too large)."""
    record = unblocked_tracker(ctx, params.tracker_id)
    name = avatar_name(ctx)
    ctx.world.trackers.change(record.id, avatar_file_name=name)
    return name


@handles(TRACKER_DATALOGGER_UPLOAD)
def tracker_datalogger_upload(ctx: Context, params: TrackerDataloggerUploadParams) -> None:
    """The CSV part ``file``'s points join the datalogger's track, as buffered points of its
    device (201, 208, 219 a clone, 214 not a ``logger`` model; 233 no file or no rows; 234 a
    row that does not read, naming its line; 268 past the world's records limit)."""
    record = unblocked_tracker(ctx, params.tracker_id, refuse_clone=True)
    model = model_of(ctx, record)
    if model is None or model.type != "logger":
        raise NotSupportedByDeviceError(f"tracker {record.id} is not a datalogger")
    upload = ctx.files.get(FILE_FIELD_NAME)
    if upload is None or not upload.data:
        raise NoDataFileError("no file part named 'file' (or it is empty)")
    with ctx.outside_lock():
        logged = read_datalogger_file(upload.data)
    record = unblocked_tracker(ctx, params.tracker_id, refuse_clone=True)  # it may have gone
    points: list[TrackPointRecord] = []
    for row in logged:
        try:
            point = row.point(record.id, ctx.world_time)
        except (OverflowError, ValueError):
            point = None
        if point is None or not in_clock_range(point.get_time):
            raise InvalidDataFormatError(f"line {row.line}: the time is out of range")
        points.append(point)
    most = ctx.limits.max_records
    if ctx.world.record_count() + len(points) > most:
        raise OverQuotaError(
            f"the world would hold more than {most} records (fleet mock serve --max-records)"
        )
    record_positions(ctx.world, points)
