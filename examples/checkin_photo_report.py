"""Record a delivery as a check-in with a photo and a filled form, then export the day's list.

Run it against the demo backend (``make demo`` in another shell):

    FLEETAPI_BASE_URL=http://127.0.0.1:8765 python examples/checkin_photo_report.py
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from pathlib import Path

from fleetapi import Client, ValidationFailedError
from fleetapi.models.checkin import FormSubmission
from fleetapi.models.common import Location

# A 1x1 PNG, standing in for a photo taken by the driver.
PHOTO = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c63f8cfc0f01f0004050201a1d3e1e90000000049454e44ae426082"
)


def main() -> None:
    """Upload a photo and a signature, send the form with a check-in, export the check-ins."""
    base_url = os.environ.get("FLEETAPI_BASE_URL", "http://127.0.0.1:8765")
    with Client.login(base_url, "demo", "demo") as client:
        # 1. The photo of the delivered parcel: reserve, then upload.
        ticket = client.checkin.image.create(size=len(PHOTO), filename="parcel.png")
        client.upload_file(ticket, PHOTO)
        print(f"photo uploaded as file {ticket.file_id}")

        # 2. The "Delivery report" form of Anna's phone (tracker 4), with a signature.
        form_id = client.checkin.form.create(tracker_id=4, template_id=1)
        signature = client.checkin.form.file.create(
            form_id=form_id, field_id="signature", size=len(PHOTO), filename="signature.png"
        )
        client.upload_file(signature, PHOTO)

        # A form without its required values is refused, field by field (code 242).
        where = Location(lat=52.5219, lng=13.4132, address="Alexanderplatz 1, Berlin")
        try:
            client.checkin.create(
                tracker_id=4,
                location=where,
                form_submission=FormSubmission(form_id=form_id, values={}),
            )
        except ValidationFailedError as exc:
            print("form refused:", ", ".join(f"{e['field_id']} ({e['code']})" for e in exc.errors))

        values = {
            "recipient": {"type": "text", "value": "Maria Lopez"},
            "signature": {"type": "signature", "file_id": signature.file_id},
        }
        checkin_id = client.checkin.create(
            tracker_id=4,
            location=where,
            comment="Left at the reception",
            file_ids=[ticket.file_id],
            form_submission=FormSubmission(form_id=form_id, values=values),
        )
        checkin = client.checkin.read(checkin_id=checkin_id)
        print(
            f"check-in {checkin.id} at {checkin.marker_time}: {checkin.form_label}, "
            f"{len(checkin.files)} photo(s)"
        )

        # 3. This week's check-ins as a spreadsheet.
        week = dt.datetime(2026, 1, 12)
        content = client.checkin.list_file(
            format="xlsx", from_=week, to=week + dt.timedelta(days=7)
        )
        target = Path(tempfile.gettempdir()) / "checkins.xlsx"
        target.write_bytes(content)
        page = client.checkin.list(from_=week, to=week + dt.timedelta(days=7))
        print(f"{page.count} check-ins this week, exported to {target} ({len(content)} bytes)")


if __name__ == "__main__":
    main()
