"""Map layers through the public SDK (sync and async clients) against the in-process mock."""

from __future__ import annotations

import tracemalloc
from pathlib import Path
from typing import Any

import pytest
import sharing_support
from sharing_support import Connect

from fleetapi import (
    EntityNotFoundError,
    InvalidDataFormatError,
    InvalidParametersError,
    OverQuotaError,
    ValidationFailedError,
)
from fleetapi.models.map_layer import MapLayer
from fleetapi_mock import FleetMock
from fleetapi_mock.handlers.map_layer import check_kml
from fleetapi_mock.state.records import MapLayerRecord

connect = sharing_support.connect
sdk = sharing_support.sdk

KML = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n'
    b'<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Stra\xc3\x9fen</name>'
    b"<Placemark><Point><coordinates>13.4,52.5,0</coordinates></Point></Placemark>"
    b"</Document></kml>\n"
)


def snapshot(mock: FleetMock) -> dict[int, Any]:
    return dict(mock.world.map_layers)


def test_upload_a_kml_file_then_read_rename_delete(sdk: Any, tmp_path: Path):
    path = tmp_path / "streets.kml"
    path.write_bytes(KML)
    layer_id = sdk.map_layer.upload(file=path, label="Streets")
    assert MapLayer(id=layer_id, label="Streets") in sdk.map_layer.list()
    assert sdk.map_layer.read(id=layer_id) == KML
    sdk.map_layer.update(layer=MapLayer(id=layer_id, label="Main streets"))
    assert MapLayer(id=layer_id, label="Main streets") in sdk.map_layer.list()
    sdk.map_layer.delete(id=layer_id)
    assert [layer.id for layer in sdk.map_layer.list()] == [1]
    with pytest.raises(EntityNotFoundError):
        sdk.map_layer.read(id=layer_id)


@pytest.mark.parametrize(
    "file",
    [
        KML,  # raw bytes travel as application/octet-stream
        ("layer.xml", KML),
        ("layer", KML, "text/xml"),
        ("layer.kml", b"\xef\xbb\xbf" + KML),  # a byte order mark
        ("old.kml", KML.replace(b"www.opengis.net/kml/2.2", b"earth.google.com/kml/2.1")),
    ],
    ids=["bytes", "xml", "text-xml", "bom", "google-namespace"],
)
def test_accepted_kinds_of_upload(sdk: Any, file: Any):
    layer_id = sdk.map_layer.upload(file=file, label="Layer")
    assert b"<Placemark>" in sdk.map_layer.read(id=layer_id)


def test_the_demo_world_has_a_layer(sdk: Any):
    assert sdk.map_layer.list() == [MapLayer(id=1, label="Delivery areas")]
    assert sdk.map_layer.read(id=1).startswith(b"<?xml")


@pytest.mark.parametrize(
    "file",
    [
        ("layer.png", KML, "image/png"),
        ("layer.txt", KML),
        ("layer.kmz", KML),
        ("layer.json", b"{}"),
    ],
    ids=["png", "text", "kmz", "json"],
)
def test_a_file_of_another_type_is_234(sdk: Any, fleet_mock: FleetMock, file: Any):
    before = snapshot(fleet_mock)
    with pytest.raises(InvalidDataFormatError) as info:
        sdk.map_layer.upload(file=file, label="Layer")
    assert (info.value.code, info.value.http_status) == (234, 400)
    assert snapshot(fleet_mock) == before


BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>&b;</name></Document></kml>"""


@pytest.mark.parametrize(
    "content",
    [
        b"this is not XML",
        b'<kml xmlns="http://www.opengis.net/kml/2.2"><Document></kml>',
        b'<gpx xmlns="http://www.topografix.com/GPX/1/1"/>',
        b"<kml><Document/></kml>",
        KML.replace(b"\xc3\x9f", b"\xdf"),  # Latin-1, not UTF-8
        BOMB,
    ],
    ids=["text", "broken", "gpx", "no-namespace", "latin-1", "entities"],
)
def test_a_body_that_is_not_kml_is_242(sdk: Any, fleet_mock: FleetMock, content: bytes):
    before = snapshot(fleet_mock)
    with pytest.raises(ValidationFailedError) as info:
        sdk.map_layer.upload(file=("layer.kml", content), label="Layer")
    assert (info.value.code, info.value.http_status) == (242, 400)
    assert info.value.errors[0]["parameter"] == "file"
    assert snapshot(fleet_mock) == before


@pytest.mark.parametrize("label", ["", "   ", "x" * 256, "line\nbreak"])
def test_labels_are_printable_not_blank_and_short(sdk: Any, label: str):
    with pytest.raises(InvalidParametersError) as info:
        sdk.map_layer.upload(file=("a.kml", KML), label=label)
    assert info.value.errors[0]["parameter"] == "label"
    with pytest.raises(InvalidParametersError) as info:
        sdk.map_layer.update(layer=MapLayer(id=1, label=label))
    assert info.value.errors[0]["parameter"] == "layer.label"


def test_the_101st_layer_is_over_quota(sdk: Any, fleet_mock: FleetMock):
    with fleet_mock.world.lock:
        for _ in range(99):
            layer_id = fleet_mock.world.ids.next("map_layers")
            fleet_mock.world.map_layers[layer_id] = MapLayerRecord(
                id=layer_id, label="Copy", user_id=1, kml=KML.decode()
            )
    before = snapshot(fleet_mock)
    with pytest.raises(OverQuotaError) as info:
        sdk.map_layer.upload(file=("a.kml", KML), label="One too many")
    assert (info.value.code, info.value.http_status) == (268, 402)
    assert snapshot(fleet_mock) == before
    sdk.map_layer.delete(id=1)
    sdk.map_layer.upload(file=("a.kml", KML), label="Fits again")


def test_missing_layers_and_those_of_another_account_are_201(
    connect: Connect, fleet_mock: FleetMock
):
    theirs = connect("other").map_layer.upload(file=("a.kml", KML), label="Theirs")
    demo = connect()
    before = snapshot(fleet_mock)
    for missing in (theirs, 424242):
        for call in (
            lambda i=missing: demo.map_layer.read(id=i),
            lambda i=missing: demo.map_layer.update(layer=MapLayer(id=i, label="Mine")),
            lambda i=missing: demo.map_layer.delete(id=i),
        ):
            with pytest.raises(EntityNotFoundError) as info:
                call()
            assert (info.value.code, info.value.http_status) == (201, 400)
    assert snapshot(fleet_mock) == before
    assert [layer.id for layer in demo.map_layer.list()] == [1]


def test_sub_users_share_the_accounts_layers(connect: Connect):
    dispatcher = connect("dispatcher")
    layer_id = dispatcher.map_layer.upload(file=("a.kml", KML), label="From the office")
    assert layer_id in {layer.id for layer in connect().map_layer.list()}
    assert dispatcher.map_layer.read(id=1).startswith(b"<?xml")


def test_with_a_redirect_target_the_sdk_reads_the_answer_from_the_redirect(sdk: Any):
    layer_id = sdk.map_layer.upload(
        file=("a.kml", KML),
        label="Via the browser form",
        redirect_target="https://app.example/done",
    )
    assert MapLayer(id=layer_id, label="Via the browser form") in sdk.map_layer.list()
    with pytest.raises(ValidationFailedError):
        sdk.map_layer.upload(
            file=("a.kml", b"nope"), label="Bad", redirect_target="https://app.example/done"
        )


def test_a_large_kml_upload_is_checked_without_holding_its_tree() -> None:
    """Checking a KML file costs about its text, not a tree of every element (a 15 MB file
    used to add 187 MiB to the server)."""
    marks = "".join(
        f"<Placemark><name>p{i}</name><Point><coordinates>13.{i},52.{i}</coordinates></Point>"
        "</Placemark>"
        for i in range(40_000)
    )
    data = f'<kml xmlns="http://www.opengis.net/kml/2.2"><Document>{marks}</Document></kml>'
    body = data.encode()
    tracemalloc.start()
    try:
        assert check_kml(body) == data
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 3 * len(data), f"{peak / len(data):.1f} times the file"
