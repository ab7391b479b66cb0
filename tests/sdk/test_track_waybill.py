"""``track/waybill/download`` and ``track/waybill/settings/read``: a tracker's waybill as a DOCX
document, and the number the next one takes."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Iterator

import docx
import pytest

from fleetapi import (
    Client,
    DeviceBlockedError,
    EntityNotFoundError,
    InvalidParametersError,
    TariffRestrictionError,
)
from fleetapi.models.track import RegularTrack
from fleetapi_mock import FleetMock

FROM, TO = dt.datetime(2026, 1, 14), dt.datetime(2026, 1, 15, 9)


@pytest.fixture
def mock() -> FleetMock:
    return FleetMock()


@pytest.fixture
def master(mock: FleetMock) -> Iterator[Client]:
    with mock.login() as client:
        yield client


def waybill(client: Client, **options: object) -> docx.document.Document:
    """The waybill of Van 1 over the demo's day of trips, opened by python-docx."""
    sent = {"type": "form3", "fill_history": True, "number": "1", **options}
    content = client.track.waybill.download(tracker_id=1, from_=FROM, to=TO, **sent)
    return docx.Document(io.BytesIO(content))


def tables(document: docx.document.Document) -> dict[str, list[list[str]]]:
    """Each table under its heading, as rows of cell texts."""
    headings = [p.text for p in document.paragraphs if p.style.name == "Heading 2"]
    rows = [[[c.text for c in r.cells] for r in t.rows] for t in document.tables]
    return dict(zip(headings, rows, strict=True))


def test_the_waybill_names_the_form_vehicle_driver_and_garage(master: Client) -> None:
    document = waybill(master, type="form4c", series="A-1", number="0042")
    title = document.paragraphs[0].text
    assert title == "Waybill of a truck paid by the trip (form 4-C) A-1 No. 0042"
    found = tables(document)
    vehicle = master.vehicle.read(vehicle_id=1)
    assert ["Registration number", vehicle.reg_number] in found["Vehicle"]
    assert ["Payload, kg", str(vehicle.payload_weight)] in found["Vehicle"]
    driver = master.tracker.employee.read(tracker_id=1).current
    assert driver is not None
    assert ["Driver", f"{driver.first_name} {driver.last_name}"] in found["Driver"]
    (garage,) = [g for g in master.garage.list() if g.id == vehicle.garage_id]
    assert ["Organization", garage.organization_name] in found["Organization"]
    assert "Odometer" not in found


def test_the_trips_are_those_of_the_track_list_with_their_total(master: Client) -> None:
    tracks = master.track.list(tracker_id=1, from_=FROM, to=TO).list
    rows = tables(waybill(master))["Trips"]
    assert rows[0] == ["No.", "Departure", "Arrival", "From", "To", "km"]
    assert len(rows) == 2 + len(tracks) > 3
    for row, track in zip(rows[1:], tracks, strict=False):
        assert isinstance(track, RegularTrack)
        assert row[1] == f"{track.start_date:%Y-%m-%d %H:%M:%S}"
        assert row[5] == f"{track.length:.2f}"
    total = sum(t.length for t in tracks if isinstance(t, RegularTrack))
    assert rows[-1] == ["Total", "", "", "", "", f"{total:.2f}"]
    merged = tables(waybill(master, split=False))["Trips"]
    assert len(merged) == 3
    assert merged[-1][-1] == f"{total:.2f}"


def test_without_the_history_there_are_no_trips(master: Client) -> None:
    assert "Trips" not in tables(waybill(master, fill_history=False))


def test_the_extended_form_gives_the_fuel_by_the_vehicle_norm(master: Client) -> None:
    found = tables(waybill(master, type="form3ext"))
    norm = master.vehicle.read(vehicle_id=1).norm_avg_fuel_consumption
    total = float(found["Trips"][-1][-1])
    assert isinstance(norm, float)
    fuel = dict(map(tuple, found["Vehicle"]))["Fuel by norm, l"]
    assert float(fuel) == pytest.approx(total * norm / 100, abs=0.01)


def test_the_odometer_is_read_at_the_first_and_last_points(master: Client) -> None:
    series = master.tracker.counter.data.read(tracker_id=1, type="odometer", from_=FROM, to=TO)
    found = dict(map(tuple, tables(waybill(master, fill_odometer=True))["Odometer"]))
    assert float(found["At departure"]) == pytest.approx(series[0].value, abs=0.05)
    assert float(found["At return"]) == pytest.approx(series[-1].value, abs=0.05)


def test_the_last_number_is_kept_per_user_and_incremented_when_all_digits(
    mock: FleetMock, master: Client
) -> None:
    with pytest.raises(EntityNotFoundError):
        master.track.waybill.settings.read()
    waybill(master, number="0099")
    assert master.track.waybill.settings.read().number == "0100"
    waybill(master, number="0099")  # the same download repeated keeps the same number
    assert master.track.waybill.settings.read().number == "0100"
    waybill(master, number="A-7")
    assert master.track.waybill.settings.read().number == "A-7"
    with mock.login("dispatcher", "demo") as dirk, pytest.raises(EntityNotFoundError):
        dirk.track.waybill.settings.read()


@pytest.mark.parametrize(
    ("tracker_id", "error"),
    [
        (5, DeviceBlockedError),
        (6, TariffRestrictionError),  # the Basic tariff has no app_fleet
        (7, EntityNotFoundError),  # another account's
    ],
)
def test_a_refused_download_keeps_no_number(
    master: Client, tracker_id: int, error: type[Exception]
) -> None:
    with pytest.raises(error):
        master.track.waybill.download(
            tracker_id=tracker_id, from_=FROM, to=TO, type="form3", fill_history=False, number="5"
        )
    with pytest.raises(EntityNotFoundError):
        master.track.waybill.settings.read()


def test_a_number_with_a_control_character_is_refused(master: Client) -> None:
    with pytest.raises(InvalidParametersError) as caught:
        waybill(master, number="12\x0b3")
    assert caught.value.errors[0]["parameter"] == "number"


def test_labels_an_xml_document_cannot_hold_are_written_replaced(
    mock: FleetMock, master: Client
) -> None:
    mock.world.trackers.change(1, label="Van\x011")
    mock.world.vehicles.change(1, label="Van\x011", tracker_id=None)
    vehicle = tables(waybill(master))["Vehicle"]
    assert vehicle[0] == ["Vehicle", "Van\ufffd1"]
