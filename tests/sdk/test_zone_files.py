"""``zone/upload`` and ``zone/download``: zones to and from KML files."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator

import pytest

from fleetapi import (
    Client,
    EntityNotFoundError,
    InvalidDataFormatError,
    NoDataFileError,
    TooFewZonePointsError,
)
from fleetapi.models.common import LatLng
from fleetapi.models.zone import ImportedZone, ZonePoint
from fleetapi_mock import FleetMock

KML = "http://www.opengis.net/kml/2.2"


def kml(body: str) -> tuple[str, bytes]:
    """A KML file of ``body`` (the Document's content)."""
    head = f'<?xml version="1.0" encoding="UTF-8"?><kml xmlns="{KML}">'
    return ("zones.kml", f"{head}<Document>{body}</Document></kml>".encode())


LINE = """<name>Simple line</name><Placemark><LineString><coordinates>
-122.366278,37.818844,30 -122.365248,37.819267,30 -122.366669,37.819429,30
</coordinates></LineString></Placemark>"""

SHAPES = """<name>Depot</name>
<ExtendedData><Data name="radius"><value>300</value></Data></ExtendedData>
<Placemark><name>Gate</name><Point><coordinates>13.40,52.52</coordinates></Point></Placemark>
<Folder><name>Yards</name>
  <Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>
  13.1,52.1 13.2,52.1 13.2,52.2 13.1,52.1</coordinates></LinearRing></outerBoundaryIs>
  <innerBoundaryIs><LinearRing><coordinates>13.15,52.15 13.16,52.15 13.16,52.16 13.15,52.15
  </coordinates></LinearRing></innerBoundaryIs></Polygon></Placemark>
  <Placemark><MultiGeometry>
    <Point><coordinates>13.3,52.3</coordinates></Point>
    <Point><coordinates>13.4,52.4</coordinates></Point>
  </MultiGeometry></Placemark>
</Folder>"""


@pytest.fixture
def mock() -> FleetMock:
    return FleetMock()


@pytest.fixture
def master(mock: FleetMock) -> Iterator[Client]:
    with mock.login() as client:
        yield client


def test_a_dry_run_answers_the_zones_and_creates_none(master: Client) -> None:
    before = len(master.zone.list())
    (line,) = master.zone.upload(file=kml(LINE))
    assert isinstance(line, ImportedZone)
    assert (line.id, line.type, line.label, line.radius) == (None, "sausage", "Simple line 1", 150)
    assert line.points == [
        ZonePoint(lat=37.818844, lng=-122.366278, node=True),
        ZonePoint(lat=37.819267, lng=-122.365248, node=False),
        ZonePoint(lat=37.819429, lng=-122.366669, node=True),
    ]
    assert len(master.zone.list()) == before
    (wider,) = master.zone.upload(file=kml(LINE), default_radius=40)
    assert isinstance(wider, ImportedZone)
    assert wider.radius == 40


def test_an_upload_creates_each_geometry_with_its_radius_and_name(master: Client) -> None:
    ids = master.zone.upload(file=kml(SHAPES), dry_run=False)
    assert all(isinstance(i, int) for i in ids)
    zones = {z.id: z for z in master.zone.list(with_points=True)}
    made = [zones[i] for i in ids if isinstance(i, int)]
    assert [(z.label, z.TAG) for z in made] == [
        ("Gate", "circle"),
        ("Yards 1", "polygon"),  # the hole is left out, the closing point dropped
        ("Yards 2", "circle"),
        ("Yards 3", "circle"),
    ]
    gate = made[0]
    assert (gate.center, gate.radius) == (LatLng(lat=52.52, lng=13.40), 300)  # the document's
    assert [(p.lat, p.lng) for p in made[1].points] == [(52.1, 13.1), (52.1, 13.2), (52.2, 13.2)]


def test_a_download_reads_back_as_the_same_zones(mock: FleetMock, master: Client) -> None:
    zones = master.zone.list(with_points=True)
    read_back = master.zone.upload(file=("zones.kml", master.zone.download()))
    assert [(z.label, z.TAG, getattr(z, "radius", None)) for z in zones] == [
        (z.label, z.type, z.radius if z.type != "polygon" else None)
        for z in read_back
        if isinstance(z, ImportedZone)
    ]
    shaped = [z for z in zones if z.TAG != "circle"]
    assert [[(p.lat, p.lng) for p in z.points] for z in shaped] == [
        [(p.lat, p.lng) for p in z.points]
        for z in read_back
        if isinstance(z, ImportedZone) and z.type != "circle"
    ]
    archive = zipfile.ZipFile(io.BytesIO(master.zone.download(format="kmz", zone_ids=[1])))
    assert archive.namelist() == ["doc.kml"]
    assert b"<name>zones</name>" in archive.read("doc.kml")
    with pytest.raises(EntityNotFoundError):
        master.zone.download(zone_ids=[1, 999])


def test_a_sub_user_downloads_the_zones_it_sees(mock: FleetMock, master: Client) -> None:
    master.subuser.zones.unbind(subuser_id=2, zone_ids=[2, 3])
    with mock.login("dispatcher", "demo") as dirk:
        seen = dirk.zone.download()
        with pytest.raises(EntityNotFoundError):
            dirk.zone.download(zone_ids=[2])
    (only,) = master.zone.upload(file=("zones.kml", seen))
    assert isinstance(only, ImportedZone)
    assert only.label == master.zone.read(zone_id=1).label


@pytest.mark.parametrize(
    ("content", "error"),
    [
        (b"", NoDataFileError),
        (b"not xml at all", InvalidDataFormatError),
        (b"<gpx/>", InvalidDataFormatError),
        (kml("<name>empty</name>")[1], InvalidDataFormatError),
        (kml("<Placemark><Point><coordinates>1,95</coordinates></Point></Placemark>")[1],
         InvalidDataFormatError),
        (b'<!DOCTYPE kml [<!ENTITY a "aaaa">]><kml xmlns="' + KML.encode() + b'">&a;</kml>',
         InvalidDataFormatError),
        (b"<kml>" + b"<Folder>" * 5000 + b"</Folder>" * 5000 + b"</kml>", InvalidDataFormatError),
        (kml("<Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>1,1 2,2"
             "</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>")[1],
         TooFewZonePointsError),
    ],
)  # fmt: skip
def test_a_file_that_is_not_zones_changes_nothing(
    master: Client, content: bytes, error: type[Exception]
) -> None:
    before = master.zone.list()
    with pytest.raises(error):
        master.zone.upload(file=("zones.kml", content), dry_run=False)
    assert master.zone.list() == before
