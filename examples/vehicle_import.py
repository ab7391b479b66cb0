"""Check a tab-delimited list of vehicles, create the good rows in a new depot, list them.

Run it against the demo backend (``make demo`` in another shell):

    FLEETAPI_BASE_URL=http://127.0.0.1:8765 python examples/vehicle_import.py
"""

from __future__ import annotations

import os

import attrs

from fleetapi import Client
from fleetapi.models.garage import NewGarage

FIELDS = ["label", "type", "subtype", "model", "reg_number", "tracker_label"]
BATCH = """label\ttype\tsubtype\tmodel\treg_number\ttracker_label
Courier 1\tcar\tminivan\tCitan\tB-CR 1\tScooter (basic tariff)
Courier 2\tcar\tpickup\tAmarok\tB-CR 2\t
Courier 3\tbus\tsedan\tSprinter\tB-CR 3\tNo such tracker
"""


def main() -> None:
    """Convert the batch (nothing is created), then create what has no errors."""
    base_url = os.environ.get("FLEETAPI_BASE_URL", "http://127.0.0.1:8765")
    with Client.login(base_url, "demo", "demo") as client:
        converted = client.vehicle.batch_convert(batch=BATCH, fields=FIELDS)
        good = [row for row in converted.list if not row.errors]
        for row in converted.list:
            for error in row.errors or []:
                print(f"skipped {row.label}: line {error.line}: {error.parameter}: {error.error}")
        depot = client.garage.create(garage=NewGarage(organization_name="Courier depot"))
        for row in good:  # a converted row is a vehicle to create (sent without its errors)
            client.vehicle.create(vehicle=attrs.evolve(row, garage_id=depot))
        for vehicle in client.vehicle.list(filter="courier", sort=["label=asc"]):
            tracker = vehicle.tracker_label or "no tracker"
            print(f"{vehicle.id}: {vehicle.label} ({vehicle.reg_number}, {tracker})"
                  f" at {vehicle.garage_organization_name}")  # fmt: skip


if __name__ == "__main__":
    main()
