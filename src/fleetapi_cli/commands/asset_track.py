"""``fleet asset track``: an asset's trips over a period, and exports of them as GPX, CSV or
GeoJSON."""

from __future__ import annotations

import datetime as dt
import enum
import sys
from typing import TYPE_CHECKING, Annotated, Any, Optional, TextIO

import typer

from fleetapi_cli._typer import OutputOption, examples, new_group, wraps_call
from fleetapi_cli.context import state_of
from fleetapi_cli.files import OutOption, is_stdout, open_text_out
from fleetapi_cli.values import WHEN_HELP, parse_until, parse_when

if TYPE_CHECKING:
    from fleetapi import Client
    from fleetapi.models.track import AssetRef, PointInfo, TrackInfo

__all__ = ["app"]

app = new_group(
    "Asset tracks: trips of an employee or a vehicle; exports.",
    epilog=examples(
        "fleet asset track list --vehicle 1 --from 2026-01-14 --to 2026-01-15",
        "fleet asset track export --vehicle 1 --from 2026-01-14 --to 2026-01-15",
    ),
)

TRACK_COLUMNS = [
    "tracker_id",
    "type",
    "id",
    "start_date",
    "end_date",
    "length",
    "points",
    "max_speed",
    "avg_speed",
    "start_address",
    "end_address",
]
POINT_COLUMNS = [
    "tracker_id",
    "track_id",
    "get_time",
    "lat",
    "lng",
    "alt",
    "speed",
    "heading",
    "satellites",
    "mileage",
    "address",
    "precision",
    "gsm_lbs",
    "parking",
    "buffered",
]

EmployeeOption = Annotated[
    Optional[int],  # noqa: UP045 - Typer reads the annotation at run time
    typer.Option("--employee", metavar="ID", help="The employee whose tracks to show."),
]
VehicleOption = Annotated[
    Optional[int],  # noqa: UP045
    typer.Option("--vehicle", metavar="ID", help="The vehicle whose tracks to show."),
]
FromOption = Annotated[
    dt.datetime,
    typer.Option("--from", metavar="WHEN", parser=parse_when, help=f"Start: {WHEN_HELP}."),
]
ToOption = Annotated[
    dt.datetime,
    typer.Option("--to", metavar="WHEN", parser=parse_until, help="End, after --from."),
]
FilterOption = Annotated[
    bool,
    typer.Option("--filter/--no-filter", help="Drop tracks too short to count."),
]
LbsOption = Annotated[
    bool,
    typer.Option("--include-gsm-lbs/--no-gsm-lbs", help="Use points located by GSM LBS."),
]


class ExportFormat(str, enum.Enum):
    """The file formats of ``fleet asset track export``."""

    gpx = "gpx"
    csv = "csv"
    geojson = "geojson"


def _asset(ctx: typer.Context, employee: int | None, vehicle: int | None) -> AssetRef:
    from fleetapi.models.track import AssetRef

    if (employee is None) == (vehicle is None):
        raise typer.BadParameter("give exactly one of --employee and --vehicle", ctx=ctx)
    if employee is not None:
        return AssetRef(id=employee, type="employee")
    assert vehicle is not None
    return AssetRef(id=vehicle, type="vehicle")


def _hms(value: Any) -> str:
    """A duration as H:MM:SS (days counted in hours)."""
    seconds = int(value.total_seconds())
    return f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


@app.command("list")
@wraps_call("asset/track/list")
def list_tracks(
    ctx: typer.Context,
    from_: FromOption,
    to: ToOption,
    employee: EmployeeOption = None,
    vehicle: VehicleOption = None,
    split: Annotated[
        bool, typer.Option("--split/--merge", help="One row per trip, or one merged track.")
    ] = True,
    filter_: FilterOption = True,
    include_gsm_lbs: LbsOption = True,
    cluster: Annotated[
        bool, typer.Option("--cluster", help="Group single reports by coordinates.")
    ] = False,
    count_events: Annotated[
        bool, typer.Option("--count-events", help="Count the events of each track.")
    ] = False,
    output: OutputOption = None,
) -> None:
    """List the trips of an employee or a vehicle over a period, with totals.

    A table (and TSV) has one row per track and, in a table, the totals after it; JSON has the
    whole answer (every tracker's tracks and the totals).
    """
    from fleetapi._types import UNSET
    from fleetapi_cli.output import OutputFormat, to_jsonable

    asset = _asset(ctx, employee, vehicle)
    start, end = from_, to
    state = state_of(ctx)
    with state.client() as client:
        result = client.asset.track.list(
            asset=asset,
            from_=start,
            to=end,
            split=split,
            filter=filter_,
            include_gsm_lbs=include_gsm_lbs,
            cluster_single_reports=True if cluster else UNSET,
            count_events=True if count_events else UNSET,
        )
    fmt = state.output_format(output)
    if fmt in (OutputFormat.json, OutputFormat.jsonl):
        state.emit(result, output=fmt)
        return
    data = to_jsonable(result)
    rows = [
        {"tracker_id": element["tracker_id"], **track}
        for element in data["list"]
        for track in element["tracks"]
    ]
    columns = TRACK_COLUMNS + (["event_count"] if count_events else [])
    state.emit(rows, output=fmt, columns=columns)
    if fmt is OutputFormat.table:
        total = result.total
        totals = {
            "tracks": total.count,
            "length_km": total.length,
            "trips_duration": _hms(total.trips_duration) if total.trips_duration else "",
            "parking_duration": _hms(total.parking_duration),
        }
        if isinstance(total.norm_fuel_consumed, float):
            totals["norm_fuel_consumed"] = total.norm_fuel_consumed
        sys.stdout.write("\n")
        state.emit(totals, output=fmt)


# --- Export -----------------------------------------------------------------------------------


def _trips(
    client: Client, asset: AssetRef, start: dt.datetime, end: dt.datetime, **options: Any
) -> list[tuple[int, TrackInfo, list[PointInfo]]]:
    """Every trip of the period with all its points: (tracker ID, track, points)."""
    from fleetapi.models.track import RegularTrack, SingleReportTrack

    listed = client.asset.track.list(asset=asset, from_=start, to=end, **options)
    trips: list[tuple[int, TrackInfo, list[PointInfo]]] = []
    for element in listed.list:
        for track in element.tracks:
            if not isinstance(track, (RegularTrack, SingleReportTrack)):
                continue
            read = client.asset.track.read(
                asset=asset, from_=start, to=end, track_id=track.id, simplify=False
            )
            points = [p for r in read if r.tracker_id == element.tracker_id for p in r.track_points]
            trips.append((element.tracker_id, track, points))
    return trips


def _gpx(trips: list[tuple[int, TrackInfo, list[PointInfo]]], title: str) -> str:
    import gpxpy.gpx

    from fleetapi.models.track import SingleReportTrack

    document = gpxpy.gpx.GPX()
    document.name = title
    by_tracker: dict[int, gpxpy.gpx.GPXTrack] = {}
    for tracker_id, track, points in trips:
        if isinstance(track, SingleReportTrack):
            for p in points:
                document.waypoints.append(
                    gpxpy.gpx.GPXWaypoint(
                        p.lat,
                        p.lng,
                        elevation=p.alt,
                        time=p.get_time,
                        name=f"single report {track.id}",
                        description=p.address or None,
                    )
                )
            continue
        gpx_track = by_tracker.get(tracker_id)
        if gpx_track is None:
            gpx_track = by_tracker[tracker_id] = gpxpy.gpx.GPXTrack(name=f"tracker {tracker_id}")
            document.tracks.append(gpx_track)
        segment = gpxpy.gpx.GPXTrackSegment()
        segment.points = [
            gpxpy.gpx.GPXTrackPoint(p.lat, p.lng, elevation=p.alt, time=p.get_time) for p in points
        ]
        gpx_track.segments.append(segment)
    return str(document.to_xml(version="1.1"))


def _wire(value: Any) -> Any:
    """A model as JSON values, date/times in ISO 8601 with their offsets."""
    from fleetapi._converter import converter_for

    return converter_for(iso=True).unstructure(value)


def _csv_cell(value: Any) -> Any:
    return ("true" if value else "false") if isinstance(value, bool) else value


def _csv(trips: list[tuple[int, TrackInfo, list[PointInfo]]], stream: TextIO) -> None:
    import csv

    writer = csv.DictWriter(stream, fieldnames=POINT_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for tracker_id, track, points in trips:
        for p in points:
            row = _wire(p)
            writer.writerow(
                {
                    "tracker_id": tracker_id,
                    "track_id": getattr(track, "id", ""),
                    **{k: _csv_cell(row.get(k, "")) for k in POINT_COLUMNS[2:]},
                }
            )


def _geojson(trips: list[tuple[int, TrackInfo, list[PointInfo]]]) -> dict[str, Any]:
    features = []
    for tracker_id, track, points in trips:
        if not points:
            continue
        coordinates = [[p.lng, p.lat, p.alt] for p in points]
        geometry = (
            {"type": "Point", "coordinates": coordinates[0]}
            if len(coordinates) == 1
            else {"type": "LineString", "coordinates": coordinates}
        )
        properties = {k: v for k, v in _wire(track).items() if k != "points_list"}
        properties["tracker_id"] = tracker_id
        properties["times"] = [_wire(p)["get_time"] for p in points]
        features.append({"type": "Feature", "geometry": geometry, "properties": properties})
    return {"type": "FeatureCollection", "features": features}


@app.command()
@wraps_call(uses=("asset/track/list", "asset/track/read"))
def export(
    ctx: typer.Context,
    from_: FromOption,
    to: ToOption,
    employee: EmployeeOption = None,
    vehicle: VehicleOption = None,
    format_: Annotated[
        ExportFormat, typer.Option("--format", "-f", help="The file format.")
    ] = ExportFormat.gpx,
    destination: OutOption = None,
    filter_: FilterOption = True,
    include_gsm_lbs: LbsOption = True,
) -> None:
    """Export an asset's trips over a period, every point included, as GPX, CSV or GeoJSON.

    GPX: a track per tracker, a segment per trip, single reports as waypoints. CSV: one row
    per point with its tracker and track. GeoJSON: a LineString feature per trip (a Point for
    a single report) with the trip's fields and its points' times. Times carry your time
    zone's offset.
    """
    import json

    from fleetapi_cli.output import note

    asset = _asset(ctx, employee, vehicle)
    start, end = from_, to
    state = state_of(ctx)
    with state.client() as plain:
        client = plain.with_options(iso_datetime=True)
        trips = _trips(client, asset, start, end, filter=filter_, include_gsm_lbs=include_gsm_lbs)
    title = f"{asset.type} {asset.id}, {from_} to {to}"
    with open_text_out(destination) as stream:
        if format_ is ExportFormat.gpx:
            stream.write(_gpx(trips, title) + "\n")
        elif format_ is ExportFormat.csv:
            _csv(trips, stream)
        else:
            stream.write(json.dumps(_geojson(trips), indent=2, ensure_ascii=False) + "\n")
    points = sum(len(p) for _, _, p in trips)
    where = "" if is_stdout(destination) else f" to {destination}"
    note(f"Exported {len(trips)} tracks, {points} points{where}.")
