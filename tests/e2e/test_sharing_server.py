"""Map layers over real HTTP: the SDK's multipart upload and the KML download."""

from __future__ import annotations

from pathlib import Path

import pytest

from fleetapi import Client, InvalidDataFormatError
from fleetapi.models.map_layer import MapLayer
from fleetapi_mock import ThreadedServer

pytestmark = pytest.mark.e2e

KML = b'<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Zones</name></Document></kml>'


def test_upload_and_download_a_layer_over_http(fleet_server: ThreadedServer, tmp_path: Path):
    path = tmp_path / "zones.kml"
    path.write_bytes(KML)
    with Client.login(fleet_server.base_url, "demo", "demo") as client:
        layer_id = client.map_layer.upload(file=path, label="Zones")
        assert MapLayer(id=layer_id, label="Zones") in client.map_layer.list()
        assert client.map_layer.read(id=layer_id) == KML
        redirected = client.map_layer.upload(
            file=path, label="Via a form", redirect_target="https://app.example/done"
        )
        assert redirected == layer_id + 1
        with pytest.raises(InvalidDataFormatError):
            client.map_layer.upload(file=("zones.pdf", KML), label="Wrong type")
    assert fleet_server.world.map_layers[layer_id].kml == KML.decode()
