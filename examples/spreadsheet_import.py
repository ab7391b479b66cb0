"""Upload a vehicle spreadsheet, check its columns, and follow the account's import processes.

Run it against the demo backend (``make demo`` in another shell):

    FLEETAPI_BASE_URL=http://127.0.0.1:8765 python examples/spreadsheet_import.py
"""

from __future__ import annotations

import os

from fleetapi import Client

CSV = b"""Label;Model;Reg number
Van 11;Sprinter;B-FL 311
Van 12;Crafter;B-FL 312
"""

HEADER_MAP = {"Label": "label", "Model": "model", "Reg number": "reg_number"}


def main() -> None:
    """Parse a CSV with a header map, then print every import process with its progress."""
    base_url = os.environ.get("FLEETAPI_BASE_URL", "http://127.0.0.1:8765")
    with Client.login(base_url, "demo", "demo") as client:
        preview = client.data.spreadsheet.parse(
            file=("vehicles.csv", CSV, "text/csv"),
            preview_count=5,
            parse_header=True,
            header_map=HEADER_MAP,
        )
        print(f"stored as file {preview.file_id}, columns: {preview.header}")
        for row in preview.preview:
            print("  " + " | ".join(row))
        for process in client.data.import_.list():
            progress = process.progress
            print(
                f"import {process.id} ({process.type}, {process.filename}): {process.status},"
                f" {progress.percent}% of the lines, {progress.imported} imported,"
                f" {progress.failed} failed"
            )
            for error in progress.errors:
                print(f"  line {error.line}: {error.error}")


if __name__ == "__main__":
    main()
