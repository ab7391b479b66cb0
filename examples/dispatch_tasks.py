"""Dispatch the afternoon's deliveries from a spreadsheet export, then follow them.

Checks tab-delimited rows with ``task/batch_convert`` (geocoding addresses, proposing an
employee per row), creates the rows that passed, and prints the day's board and what a
customer's delivery-tracking page would show.

Run it against the demo backend (``make demo`` in another shell):

    FLEETAPI_BASE_URL=http://127.0.0.1:8765 python examples/dispatch_tasks.py
"""

from __future__ import annotations

import os

from fleetapi import Client
from fleetapi.models.task import NewTask, TaskLocation

BATCH = """\
label\tfrom\tto\taddress\texternal_id
Flowers for Mrs Berg\t2026-01-15 15:00:00\t2026-01-15 17:00:00\tPotsdamer Platz 1\t5001
Office chairs\t2026-01-15 15:30:00\t\tUnter den Linden 77\t5002
Lost parcel\t2026-01-15 16:00:00\t\tAtlantis 1\t5003
"""


def main() -> None:
    """Convert, create, list."""
    base_url = os.environ.get("FLEETAPI_BASE_URL", "http://127.0.0.1:8765")
    with Client.login(base_url, "demo", "demo") as client:
        converted = client.task.batch_convert(
            batch=BATCH,
            fields=["label", "from", "to", "address", "external_id"],
            geocoder="osm",
            default_duration=90,
            employee_ids=[1, 2],
        )
        for row in converted.list:
            if row.errors:
                problems = "; ".join(f"{e['parameter']}: {e['error']}" for e in row.errors)
                print(f"skipped {row.label!r}: {problems}")
                continue
            assert row.location is not None
            assert row.from_ is not None
            assert row.to is not None
            created = client.task.create(
                task=NewTask(
                    location=TaskLocation(
                        lat=row.location.lat,
                        lng=row.location.lng,
                        radius=row.location.radius or 100,
                        address=row.location.address,
                    ),
                    label=row.label or "",
                    description=row.description or "",
                    from_=row.from_,
                    to=row.to,
                    external_id=row.external_id,
                    tracker_id=row.tracker_id,
                )
            )
            print(f"created task {created.id} {row.label!r} for tracker {row.tracker_id}")

        board = client.task.list(sort=["from=asc"])
        print(f"\n{board.count} tasks today:")
        for task in board.list:
            window = f"{task.from_:%H:%M}-{task.to:%H:%M}"
            print(f"  {task.id:>3}  {window}  {task.status:<10}  {task.label}")

        delivery = client.delivery.read(external_id=1001)
        print(
            f"\ndelivery 1001: {delivery.task.status} by {delivery.first_name or '-'} "
            f"in {delivery.tracker.label}, estimated {delivery.estimated_time} s"
        )


if __name__ == "__main__":
    main()
