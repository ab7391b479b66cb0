"""Share the location of two vans through a geo link, then upload and download a map layer.

Run it against the demo backend (``make demo`` in another shell):

    FLEETAPI_BASE_URL=http://127.0.0.1:8765 python examples/share_location.py
"""

from __future__ import annotations

import datetime as dt
import os

from fleetapi import Client
from fleetapi.models.link import (
    GeoLinkDisplayOptions,
    GeoLinkLifetime,
    GeoLinkOptions,
    GeoLinkTracker,
    GeoLinkTrackerOptions,
)

ZONES = b"""<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Yard</name>
<Placemark><name>Gate</name><Point><coordinates>13.36,52.49,0</coordinates></Point></Placemark>
</Document></kml>
"""


def main() -> None:
    """Create a geo link valid for a day, print its URL and the links' statuses; then store a
    KML layer, read it back and clean up."""
    base_url = os.environ.get("FLEETAPI_BASE_URL", "http://127.0.0.1:8765")
    login = os.environ.get("FLEET_DEMO_LOGIN", "demo")
    password = os.environ.get("FLEET_DEMO_PASSWORD", "demo")

    with Client.login(base_url, login, password) as client:
        vans = [t.id for t in client.tracker.list(labels=["Van"]) if not t.source.blocked]
        domain = client.dealer.get_ui_config(hash=client.hash or "").dealer.ui_domain
        tomorrow = dt.datetime.now() + dt.timedelta(days=1)
        link_id = client.tracker.location.link.create(
            lifetime=GeoLinkLifetime(to=tomorrow.replace(microsecond=0)),
            description="Your deliveries today",
            trackers=[
                GeoLinkTracker(
                    tracker_id=van, params=GeoLinkTrackerOptions(object_data=["speed", "address"])
                )
                for van in vans
            ],
            params=GeoLinkOptions(bounding_zone_ids=[], display_options=GeoLinkDisplayOptions()),
        )
        link = client.tracker.location.link.read(id=link_id)
        print(f"geo link {link_id} for trackers {vans}: {link.url(domain)}")
        for item in client.tracker.location.link.list(sort=["status=asc"]):
            print(f"  {item.id}: {item.status:<8} {item.description}")
        client.tracker.location.link.delete(id=link_id)

        layer_id = client.map_layer.upload(file=("yard.kml", ZONES), label="Yard")
        body = client.map_layer.read(id=layer_id)
        print(f"map layer {layer_id} stored, {len(body)} bytes of KML read back")
        client.map_layer.delete(id=layer_id)


if __name__ == "__main__":
    main()
