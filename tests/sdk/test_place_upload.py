"""Places uploaded in a CSV file through the SDK, against the mock: the header names the
columns, rows read as ``place/batch_convert`` rows, and the policies for rows with errors and
for places already known by their external ID."""

from __future__ import annotations

from typing import Any

import pytest

from fleetapi import (
    EntityExistsError,
    InvalidDataFormatError,
    NoDataFileError,
    OverQuotaError,
)
from fleetapi.models.place import PlaceLocation
from fleetapi_mock import FleetMock

HEADER = "label;address;lat;lng;radius;external_id;description"
KIOSK = "Kiosk;Alexanderplatz 1, Berlin;52.5219;13.4132;80;KIOSK-1;Newspapers"
DEPOT = "Depot;Depotweg 1, Berlin;;;;;"  # located by its address
NOWHERE = "Nowhere;Atlantis 1;;;;;"  # an address the gazetteer does not know
AGAIN = "Customer A, new door;Pariser Platz 2, Berlin;52.5165;13.3780;40;CUST-A;Side door"


def _csv(*lines: str) -> tuple[str, bytes, str]:
    return ("places.csv", "\n".join(lines).encode(), "text/csv")


def _places(client: Any) -> dict[str, Any]:
    return {p.label: p for p in client.place.list().list}


def test_rows_become_places(client: Any) -> None:
    answer = client.place.upload(
        file=_csv(HEADER, KIOSK, DEPOT, NOWHERE),
        error_policy="ignore",
        duplicate_policy="fail",
        default_radius=120,
    )
    assert (answer.total, answer.errors) == (3, 1)
    places = _places(client)
    assert "Nowhere" not in places
    assert places["Kiosk"].location == PlaceLocation(
        lat=52.5219, lng=13.4132, address="Alexanderplatz 1, Berlin", radius=80
    )
    assert (places["Kiosk"].external_id, places["Kiosk"].description) == ("KIOSK-1", "Newspapers")
    assert places["Depot"].location.radius == 120
    assert (places["Depot"].location.lat, places["Depot"].location.lng) == (52.49, 13.36)


def test_a_row_with_errors_refuses_the_file_unless_ignored(client: Any) -> None:
    before = _places(client)
    with pytest.raises(InvalidDataFormatError, match="line 3"):
        client.place.upload(
            file=_csv(HEADER, KIOSK, NOWHERE), error_policy="fail", duplicate_policy="skip"
        )
    assert _places(client) == before


def test_the_duplicate_policy_concerns_external_ids(client: Any) -> None:
    before = _places(client)
    with pytest.raises(EntityExistsError):
        client.place.upload(
            file=_csv(HEADER, KIOSK, AGAIN), error_policy="fail", duplicate_policy="fail"
        )
    assert _places(client) == before
    skipped = client.place.upload(
        file=_csv(HEADER, AGAIN), error_policy="fail", duplicate_policy="skip"
    )
    assert (skipped.total, skipped.errors) == (1, 0)
    assert _places(client) == before
    client.place.upload(file=_csv(HEADER, AGAIN), error_policy="fail", duplicate_policy="update")
    updated = client.place.read(place_id=1)
    assert (updated.label, updated.description, updated.location.radius) == (
        "Customer A, new door",
        "Side door",
        40,
    )
    assert (updated.tags, updated.fields) == (
        before["Customer A"].tags,
        before["Customer A"].fields,
    )
    assert len(_places(client)) == len(before)


def test_a_second_row_of_an_external_id_is_a_duplicate(client: Any) -> None:
    renamed = KIOSK.replace("Kiosk;", "Kiosk at the station;", 1)
    client.place.upload(
        file=_csv(HEADER, KIOSK, renamed), error_policy="fail", duplicate_policy="update"
    )
    places = _places(client)
    assert "Kiosk at the station" in places
    assert "Kiosk" not in places


def test_the_header_names_known_columns(client: Any) -> None:
    for header in ("label;address;colour", "label;label", "address;lat;lng", ""):
        with pytest.raises(InvalidDataFormatError):
            client.place.upload(
                file=_csv(header, KIOSK), error_policy="ignore", duplicate_policy="skip"
            )
    with pytest.raises(InvalidDataFormatError):
        client.place.upload(
            file=("p.csv", "Kiosk;Café".encode("latin-1"), "text/csv"),
            error_policy="ignore",
            duplicate_policy="skip",
        )
    with pytest.raises(NoDataFileError):
        client.place.upload(
            file=("p.csv", b"", "text/csv"), error_policy="ignore", duplicate_policy="skip"
        )
    answer = client.place.upload(
        file=_csv("description;label;lat;lng", "A;Spot;52.5;13.4"),
        error_policy="fail",
        duplicate_policy="fail",
    )
    assert (answer.total, _places(client)["Spot"].description) == (1, "A")


def test_places_beyond_the_accounts_limit(
    fleet_mock: FleetMock, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import fleetapi_mock.handlers.place.batch as uploads

    monkeypatch.setattr(uploads, "MAX_PLACES", 4)
    before = _places(client)
    with pytest.raises(OverQuotaError):
        client.place.upload(
            file=_csv(HEADER, KIOSK, DEPOT), error_policy="fail", duplicate_policy="fail"
        )
    assert _places(client) == before
    client.place.upload(file=_csv(HEADER, KIOSK), error_policy="fail", duplicate_policy="fail")
