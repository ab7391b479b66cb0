"""The fleet slice through the public SDK: vehicles, garages and departments.

Sync and async clients against the in-process mock (demo world): every call, every error
code, sub-user visibility and rights.
"""

from __future__ import annotations

import json

import attrs
import httpx
import pytest

from fleetapi import (
    DeviceBlockedError,
    DeviceLimitExceededError,
    EntityExistsError,
    EntityHasLinksError,
    EntityMissingError,
    EntityNotFoundError,
    InvalidDataFormatError,
    InvalidParametersError,
    NonExistentEntitiesError,
    OperationNotPermittedError,
)
from fleetapi._converter import converter_for
from fleetapi._types import UNSET
from fleetapi.models.common import Location
from fleetapi.models.department import Department, NewDepartment
from fleetapi.models.garage import Garage, NewGarage
from fleetapi.models.vehicle import NewVehicle, VehicleBatchResult
from fleetapi_mock import DEMO_API_KEY, FleetMock, demo_document

# The demo world: vehicles 1-3 ride trackers 1-3 (vehicle 3 has a service task), vehicle 4
# has no tracker; tracker 5 is blocked, tracker 6 carries no vehicle; tracker 7 and vehicle 5
# belong to the other account. Garages 1 and 2 are demo's, garage 3 the other account's.


def errors_of(info: pytest.ExceptionInfo[InvalidParametersError]) -> dict[str, str]:
    return {e["parameter"]: e["error"] for e in info.value.errors}


# --- Vehicles ---------------------------------------------------------------------------------


def test_create_read_update_delete_a_vehicle(fleet_client):
    new = NewVehicle(
        label="Cargo bike", type="special", subtype="shop", tracker_id=6, garage_id=2,
        reg_number="CB-1", vin="BIKE0001", tags=[3], icon_color="1E96DC",
    )  # fmt: skip
    vehicle_id = fleet_client.vehicle.create(vehicle=new)
    vehicle = fleet_client.vehicle.read(vehicle_id=vehicle_id)
    assert (vehicle.id, vehicle.label, vehicle.subtype) == (vehicle_id, "Cargo bike", "shop")
    assert vehicle.tracker_label == "Scooter (basic tariff)"
    assert vehicle.garage_organization_name == "Demo Fleet South"
    assert vehicle.tags == [3]

    fleet_client.vehicle.update(vehicle=attrs.evolve(vehicle, label="Cargo bike 2", garage_id=1))
    again = fleet_client.vehicle.read(vehicle_id=vehicle_id)
    assert again.label == "Cargo bike 2"
    assert again.garage_organization_name == "Demo Fleet Logistics"

    fleet_client.vehicle.delete(vehicle_id=vehicle_id)
    with pytest.raises(EntityNotFoundError) as info:
        fleet_client.vehicle.read(vehicle_id=vehicle_id)
    assert (info.value.code, info.value.http_status) == (201, 400)


def test_a_read_vehicle_follows_its_tracker_garage_and_tags_changed(fleet_client, fleet_mock):
    """A vehicle's wire object is built once per record: what changes around it (its
    tracker's label, its garage's name) or in its record (its tags) shows at once."""
    before = fleet_client.vehicle.read(vehicle_id=1)
    fleet_mock.world.trackers.change(before.tracker_id, label="Van 1 (renamed)")
    fleet_mock.world.garages.change(before.garage_id, organization_name="New Name")
    fleet_mock.world.vehicles.change(1, tags=[*before.tags, 3])
    after = fleet_client.vehicle.read(vehicle_id=1)
    assert after.tracker_label == "Van 1 (renamed)"
    assert after.garage_organization_name == "New Name"
    assert after.tags == [*before.tags, 3]
    unchanged = {
        "tracker_label": before.tracker_label,
        "garage_organization_name": before.garage_organization_name,
        "tags": before.tags,
    }
    assert attrs.evolve(after, **unchanged) == before


def test_tracker_label_and_icon_cannot_be_written(fleet_client):
    van = fleet_client.vehicle.read(vehicle_id=1)
    fleet_client.vehicle.update(
        vehicle=attrs.evolve(van, tracker_label="renamed", icon_id=99, avatar_file_name="x.png")
    )
    after = fleet_client.vehicle.read(vehicle_id=1)
    assert after.tracker_label == "Van 1"
    assert (after.icon_id, after.avatar_file_name) == (van.icon_id, van.avatar_file_name)
    created = fleet_client.vehicle.create(vehicle=NewVehicle(label="x", type="car", icon_id=5))
    assert fleet_client.vehicle.read(vehicle_id=created).icon_id is None


def test_a_subtype_must_fit_the_type(fleet_client):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.vehicle.create(vehicle=NewVehicle(label="Bus", type="bus", subtype="sedan"))
    assert "vehicle.subtype" in errors_of(info)
    van = fleet_client.vehicle.read(vehicle_id=1)
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.vehicle.update(vehicle=attrs.evolve(van, type="truck"))
    assert "vehicle.subtype" in errors_of(info)
    assert fleet_client.vehicle.read(vehicle_id=1) == van
    # "tractor" is both a truck and a special subtype
    for kind in ("truck", "special"):
        fleet_client.vehicle.create(vehicle=NewVehicle(label=kind, type=kind, subtype="tractor"))


def test_a_blank_label_is_invalid(fleet_client):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.vehicle.create(vehicle=NewVehicle(label="  ", type="car"))
    assert "vehicle.label" in errors_of(info)


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"tracker_id": 424242}, EntityMissingError),  # no such tracker
        ({"tracker_id": 7}, EntityMissingError),  # the other account's tracker
        ({"tracker_id": 5}, DeviceBlockedError),  # blocked
        ({"garage_id": 3}, EntityMissingError),  # the other account's garage
        ({"tags": [1, 424242]}, EntityMissingError),
    ],
)
def test_references_must_be_the_users(fleet_client, changes, error):
    before = fleet_client.vehicle.list()
    with pytest.raises(error):
        fleet_client.vehicle.create(vehicle=NewVehicle(label="New", type="car", **changes))
    spare = fleet_client.vehicle.read(vehicle_id=4)
    with pytest.raises(error):
        fleet_client.vehicle.update(vehicle=attrs.evolve(spare, **changes))
    assert fleet_client.vehicle.list() == before


def test_binding_a_taken_tracker_moves_it_unless_told_not_to(fleet_client):
    with pytest.raises(EntityExistsError) as info:
        fleet_client.vehicle.create(
            vehicle=NewVehicle(label="New van", type="car", tracker_id=2), force_reassign=False
        )
    assert (info.value.code, info.value.http_status) == (247, 409)
    spare = fleet_client.vehicle.read(vehicle_id=4)
    with pytest.raises(EntityExistsError):
        fleet_client.vehicle.update(vehicle=attrs.evolve(spare, tracker_id=2), force_reassign=False)
    assert fleet_client.vehicle.read(vehicle_id=2).tracker_id == 2

    fleet_client.vehicle.update(vehicle=attrs.evolve(spare, tracker_id=2))
    assert fleet_client.vehicle.read(vehicle_id=4).tracker_id == 2
    assert fleet_client.vehicle.read(vehicle_id=2).tracker_id is None

    new_id = fleet_client.vehicle.create(
        vehicle=NewVehicle(label="Newest", type="car", tracker_id=2)
    )
    assert fleet_client.vehicle.read(vehicle_id=new_id).tracker_label == "Van 2"
    assert fleet_client.vehicle.read(vehicle_id=4).tracker_id is None


def test_keeping_a_vehicles_own_tracker_is_no_conflict(fleet_client):
    van = fleet_client.vehicle.read(vehicle_id=1)
    fleet_client.vehicle.update(vehicle=attrs.evolve(van, color="red"), force_reassign=False)
    assert fleet_client.vehicle.read(vehicle_id=1).color == "red"


def test_a_vehicle_with_service_tasks_keeps_its_tracker(fleet_client, fleet_mock):
    truck = fleet_client.vehicle.read(vehicle_id=3)
    for tracker_id in (6, None):
        with pytest.raises(EntityHasLinksError) as info:
            fleet_client.vehicle.update(vehicle=attrs.evolve(truck, tracker_id=tracker_id))
        assert (info.value.code, info.value.http_status) == (261, 403)
    # other fields may change
    fleet_client.vehicle.update(vehicle=attrs.evolve(truck, label="Truck 7 (cold)"))
    assert fleet_client.vehicle.read(vehicle_id=3).label == "Truck 7 (cold)"
    # deleting the vehicle deletes its service tasks
    fleet_client.vehicle.delete(vehicle_id=3)
    assert not [t for t in fleet_mock.world.service_tasks.values() if t.vehicle_id == 3]


def test_update_and_read_of_an_unknown_vehicle_answer_201(fleet_client):
    spare = fleet_client.vehicle.read(vehicle_id=4)
    for vehicle_id in (424242, 5):  # missing; the other account's
        with pytest.raises(EntityNotFoundError):
            fleet_client.vehicle.read(vehicle_id=vehicle_id)
        with pytest.raises(EntityNotFoundError):
            fleet_client.vehicle.update(vehicle=attrs.evolve(spare, id=vehicle_id))


def test_delete_takes_exactly_one_of_the_id_fields(fleet_client):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.vehicle.delete()
    assert "vehicle_id" in errors_of(info)
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.vehicle.delete(vehicle_id=1, vehicle_ids=[2])
    assert "vehicle_ids" in errors_of(info)
    with pytest.raises(EntityNotFoundError):
        fleet_client.vehicle.delete(vehicle_id=5)  # the other account's
    assert [v.id for v in fleet_client.vehicle.list()] == [1, 2, 3, 4]


def test_deleting_several_skips_unknown_ids_silently(fleet_client, fleet_mock):
    fleet_client.vehicle.delete(vehicle_ids=[2, 4, 5, 424242])
    assert [v.id for v in fleet_client.vehicle.list()] == [1, 3]
    assert 5 in fleet_mock.world.vehicles  # the other account's vehicle is untouched


def test_list_filters_by_vin_reg_number_or_label(fleet_client):
    assert [v.id for v in fleet_client.vehicle.list(filter="van")] == [1, 2]
    assert [v.id for v in fleet_client.vehicle.list(filter="df 707")] == [3]
    assert [v.id for v in fleet_client.vehicle.list(filter="TMBJG7")] == [4]
    assert [v.id for v in fleet_client.vehicle.list(filter=None)] == [1, 2, 3, 4]
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.vehicle.list(filter="x" * 101)
    assert "filter" in errors_of(info)


def test_list_sorts_by_up_to_two_fields_and_pages(fleet_client):
    by_type = fleet_client.vehicle.list(sort=["type=desc", "label=asc"])
    assert [v.label for v in by_type] == ["Truck 7", "Spare car", "Van 1", "Van 2"]
    by_garage = fleet_client.vehicle.list(sort=["garage_organization_name=asc", "id=desc"])
    assert [v.id for v in by_garage] == [2, 1, 3, 4]  # no garage sorts last
    page = fleet_client.vehicle.list(sort=["label=desc"], offset=1, limit=2)
    assert [v.label for v in page] == ["Van 1", "Truck 7"]
    assert fleet_client.vehicle.list(limit=0) == []
    assert [v.id for v in fleet_client.vehicle.iterate(page_size=3)] == [1, 2, 3, 4]


@pytest.mark.parametrize(
    ("sort", "parameter"),
    [
        (["label=up"], "sort[0]"),
        (["id=asc", "colour=asc"], "sort[1]"),
        (["label"], "sort[0]"),
        (["id=asc", "label=asc", "vin=asc"], "sort"),
    ],
)
def test_list_refuses_a_bad_sort(fleet_client, sort, parameter):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.vehicle.list(sort=sort)
    assert parameter in errors_of(info)


def test_list_refuses_negative_paging(fleet_client):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.vehicle.list(offset=-1, limit=-1)
    assert {"offset", "limit"} <= set(errors_of(info))


# --- Batch conversion -----------------------------------------------------------------------


def test_batch_convert_reads_the_default_columns_and_creates_nothing(fleet_client):
    batch = (
        "label\tmodel\treg_number\tfuel_grade\n"  # a header line is skipped
        "Van 9\tSprinter\tB-X 9\tDiesel\n\nBus 1\tCitaro\t\t\n"
    )
    result = fleet_client.vehicle.batch_convert(batch=batch)
    assert result.limit_exceeded is False
    van, bus = result.list
    assert (van.label, van.type, van.model, van.reg_number, van.fuel_grade) == (
        "Van 9", "car", "Sprinter", "B-X 9", "Diesel",
    )  # fmt: skip
    assert (bus.label, bus.reg_number, bus.errors) == ("Bus 1", None, UNSET)
    assert van.id is None
    assert [v.id for v in fleet_client.vehicle.list()] == [1, 2, 3, 4]


def test_batch_convert_reports_every_problem_of_a_row(fleet_client):
    fields = ["label", "type", "subtype", "max_speed", "norm_avg_fuel_consumption",
              "tracker_label", "tags", "free_insurance_valid_till", "undefined"]  # fmt: skip
    batch = (
        "Fridge\ttruck\trefrigerator\t90\t21,5\tTruck 7\tFragile, vip\t2026-12-31\tnote\n"
        "Odd\ttruck\tsedan\tfast\t9.5\tNobody\tcheap\t31.12.2026\n"
        "\tboat\n"
        "Spare\tcar\t\t\t\tOld trailer\t\t\t\textra\n"
    )
    good, odd, unnamed, blocked = fleet_client.vehicle.batch_convert(
        batch=batch, fields=fields
    ).list
    assert good.errors is UNSET
    assert (good.type, good.subtype, good.max_speed) == ("truck", "refrigerator", 90)
    assert (good.norm_avg_fuel_consumption, good.tracker_id, good.tags) == (21.5, 3, [2, 3])
    assert str(good.free_insurance_valid_till) == "2026-12-31"
    assert {(e.line, e.parameter) for e in odd.errors} == {
        (2, "subtype"), (2, "max_speed"), (2, "tracker_label"), (2, "tags"),
        (2, "free_insurance_valid_till"),
    }  # fmt: skip
    assert (odd.subtype, odd.max_speed, odd.norm_avg_fuel_consumption) == (None, None, 9.5)
    assert {e.parameter for e in unnamed.errors} == {"label", "type"}
    assert {e.parameter for e in blocked.errors} == {"batch", "tracker_id"}


@pytest.mark.parametrize("iso", [False, True])
def test_batch_convert_answers_the_converters_form_of_its_rows(fleet_mock, iso):
    """The rows are written without making their models: the answer is, key for key and in
    order, what the converter writes of the rows the client reads from it."""
    fields = ["label", "type", "subtype", "max_speed", "payload_height", "tracker_label",
              "tags", "liability_insurance_valid_till", "undefined"]  # fmt: skip
    batch = (
        "Fridge\ttruck\trefrigerator\t90\t1,5\tTruck 7\tFragile, vip\t2026-12-31 10:00:00\tx\n"
        "Odd\ttruck\tsedan\tfast\t9.5\tNobody\tcheap\t31.12.2026\n"
        "\tboat\n"
        "Spare\tcar\t\t\t\tOld trailer\t\t\t\textra\n"
    )
    headers = {"Authorization": f"NVX {DEMO_API_KEY}", "NVX-ISO-DateTime": str(iso).lower()}
    with httpx.Client(transport=fleet_mock.transport, base_url=fleet_mock.base_url) as http:
        answer = http.post("/vehicle/batch_convert", json={"batch": batch, "fields": fields},
                           headers=headers).json()  # fmt: skip
    assert answer.pop("success") is True
    answer.pop("user_time", None)  # the envelope's, in ISO mode
    result = converter_for().structure(answer, VehicleBatchResult)
    assert [bool(row.errors) for row in result.list] == [False, True, True, True]
    written = converter_for(iso=iso).unstructure(result)
    assert json.dumps(written) == json.dumps(answer)


def test_batch_convert_numbers_are_finite(fleet_client):
    (row,) = fleet_client.vehicle.batch_convert(
        batch="Van\tnan\t-inf\t1e3",
        fields=["label", "payload_height", "fuel_cost", "fuel_tank_volume"],
    ).list
    assert (row.payload_height, row.fuel_cost) == (None, None)
    assert {e.parameter for e in row.errors} == {"payload_height", "fuel_cost", "fuel_tank_volume"}


def test_batch_convert_cuts_long_batches(fleet_client):
    result = fleet_client.vehicle.batch_convert(
        batch="\n".join(f"Car {n}" for n in range(1001)), fields=["label"]
    )
    assert result.limit_exceeded is True
    assert len(result.list) == 1000
    assert result.list[-1].label == "Car 999"


def test_batch_convert_refuses_text_that_is_not_tab_delimited(fleet_client):
    with pytest.raises(InvalidDataFormatError) as info:
        fleet_client.vehicle.batch_convert(batch="Van 9,Sprinter,B-X 9,Diesel\n")
    assert (info.value.code, info.value.http_status) == (234, 400)
    # one column needs no tab
    assert fleet_client.vehicle.batch_convert(batch="Van 9", fields=["label"]).list


@pytest.mark.parametrize(
    ("arguments", "parameter"),
    [
        ({"batch": "x", "fields": ["label", "colour"]}, "fields[1]"),
        ({"batch": "x", "fields": ["label", "label"]}, "fields"),
        ({}, "batch"),
    ],
)
def test_batch_convert_checks_its_parameters(fleet_client, arguments, parameter):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.vehicle.batch_convert(**arguments)
    assert parameter in errors_of(info)


def test_batch_convert_reads_a_stored_spreadsheet(fleet_client):
    csv = "Name;Model;Plate;Colour\nVan 10;Vito;B-Y 10;red\nVan 11;Vito;;blue\n"
    stored = fleet_client.data.spreadsheet.parse(
        file=("vans.csv", csv.encode(), "text/csv"),
        preview_count=1,
        parse_header=True,
        header_map={"Name": "label", "Model": "model", "Plate": "reg_number"},
    )
    result = fleet_client.vehicle.batch_convert(file_id=stored.file_id, batch="ignored")
    assert [(v.label, v.model, v.reg_number, v.color) for v in result.list] == [
        ("Van 10", "Vito", "B-Y 10", None),  # unmapped columns are skipped
        ("Van 11", "Vito", None, None),
    ]
    # fields, when given, win over the file's header
    result = fleet_client.vehicle.batch_convert(
        file_id=stored.file_id, fields=["label", "undefined", "undefined", "color"]
    )
    assert [(v.label, v.color) for v in result.list] == [("Van 10", "red"), ("Van 11", "blue")]


def test_batch_convert_of_an_unknown_file_answers_201(fleet_client, fleet_mock):
    with pytest.raises(EntityNotFoundError):
        fleet_client.vehicle.batch_convert(file_id="424242")
    # the demo's stored file "1" is not the other account's
    with fleet_mock.login("other", "other") as other, pytest.raises(EntityNotFoundError):
        other.vehicle.batch_convert(file_id="1")
    assert [v.label for v in fleet_client.vehicle.batch_convert(file_id="1").list]


# --- Sub-users ------------------------------------------------------------------------------


def restricted_world(rights: list[str], trackers: list[int] | None) -> FleetMock:
    document = demo_document()
    dispatcher = next(u for u in document["users"] if u["login"] == "dispatcher")
    dispatcher["rights"] = rights
    dispatcher["trackers"] = trackers
    return FleetMock(document)


def test_a_sub_user_without_vehicle_update_reads_but_cannot_write(fleet_mock):
    with fleet_mock.login("dispatcher", "demo") as dispatcher:
        assert [v.id for v in dispatcher.vehicle.list()] == [1, 2, 3, 4]
        assert [g.id for g in dispatcher.garage.list()] == [1, 2]
        spare = dispatcher.vehicle.read(vehicle_id=4)
        calls = [
            lambda: dispatcher.vehicle.create(vehicle=NewVehicle(label="x", type="car")),
            lambda: dispatcher.vehicle.update(vehicle=spare),
            lambda: dispatcher.vehicle.delete(vehicle_id=4),
            lambda: dispatcher.vehicle.batch_convert(batch="Van"),
            lambda: dispatcher.garage.create(garage=NewGarage()),
            lambda: dispatcher.garage.update(garage=Garage(id=1)),
            lambda: dispatcher.garage.delete(garage_id=1),
        ]
        for call in calls:
            with pytest.raises(OperationNotPermittedError) as info:
                call()
            assert (info.value.code, info.value.http_status) == (13, 403)


def test_a_sub_user_sees_only_the_vehicles_of_its_trackers():
    mock = restricted_world(["vehicle_update", "employee_update"], trackers=[1, 6])
    with mock.login("dispatcher", "demo") as dispatcher:
        assert [v.id for v in dispatcher.vehicle.list()] == [1, 4]  # tracker 1, and none
        with pytest.raises(EntityNotFoundError):
            dispatcher.vehicle.read(vehicle_id=2)
        with pytest.raises(EntityNotFoundError):
            dispatcher.vehicle.delete(vehicle_id=2)
        dispatcher.vehicle.delete(vehicle_ids=[2, 3])  # not seen: skipped
        spare = dispatcher.vehicle.read(vehicle_id=4)
        with pytest.raises(EntityMissingError):  # tracker 2 is not the sub-user's
            dispatcher.vehicle.update(vehicle=attrs.evolve(spare, tracker_id=2))
        dispatcher.vehicle.update(vehicle=attrs.evolve(spare, tracker_id=6))
        assert dispatcher.vehicle.read(vehicle_id=4).tracker_label == "Scooter (basic tariff)"
    assert {2, 3} <= set(mock.world.vehicles)


# --- Garages --------------------------------------------------------------------------------


def test_garages_create_list_update_delete(fleet_client):
    location = Location(lat=52.4, lng=13.5, address="Hof 2", radius=80)
    garage_id = fleet_client.garage.create(
        garage=NewGarage(location=location, organization_name="East yard")
    )
    created = next(g for g in fleet_client.garage.list() if g.id == garage_id)
    assert created == Garage(id=garage_id, location=location, organization_name="East yard")
    fleet_client.garage.update(garage=attrs.evolve(created, mechanic_name="Mia", location=None))
    updated = next(g for g in fleet_client.garage.list() if g.id == garage_id)
    assert (updated.mechanic_name, updated.location) == ("Mia", None)
    fleet_client.garage.delete(garage_id=garage_id)
    assert garage_id not in {g.id for g in fleet_client.garage.list()}


def test_deleting_a_garage_leaves_its_vehicles_without_one(fleet_client):
    fleet_client.garage.delete(garage_id=1)
    for vehicle_id in (1, 2):
        vehicle = fleet_client.vehicle.read(vehicle_id=vehicle_id)
        assert (vehicle.garage_id, vehicle.garage_organization_name) == (None, None)
    assert fleet_client.vehicle.read(vehicle_id=3).garage_id == 2


def test_unknown_garages_answer_201(fleet_client):
    for garage_id in (424242, 3):  # missing; the other account's
        with pytest.raises(EntityNotFoundError):
            fleet_client.garage.update(garage=Garage(id=garage_id, organization_name="x"))
        with pytest.raises(EntityNotFoundError):
            fleet_client.garage.delete(garage_id=garage_id)


def test_a_garage_location_must_be_valid(fleet_client):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.garage.create(garage=NewGarage(location=Location(lat=91, lng=13)))
    assert "garage.location.lat" in errors_of(info)


# --- Departments ------------------------------------------------------------------------------


def test_departments_create_list_update_delete(fleet_client):
    assert [d.label for d in fleet_client.department.list()] == ["North", "South"]
    department_id = fleet_client.department.create(department=NewDepartment(label="West"))
    listed = {d.id: d for d in fleet_client.department.list()}
    assert listed[department_id] == Department(id=department_id, label="West")
    location = Location(lat=52.5, lng=13.2, address="Westend", radius=300)
    fleet_client.department.update(
        department=Department(id=department_id, label="West end", location=location)
    )
    listed = {d.id: d for d in fleet_client.department.list()}
    assert (listed[department_id].label, listed[department_id].location) == ("West end", location)
    fleet_client.department.delete(department_id=department_id)
    assert department_id not in {d.id for d in fleet_client.department.list()}


def test_deleting_a_department_leaves_its_employees_without_one(fleet_client, fleet_mock):
    fleet_client.department.delete(department_id=1)
    employees = fleet_mock.world.employees
    assert [e.department_id for _, e in sorted(employees.items())] == [None, None, 2]


def test_department_labels_and_locations_are_checked(fleet_client):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.department.create(
            department=NewDepartment(label=" ", location=Location(lat=1, lng=200))
        )
    assert {"department.label", "department.location.lng"} <= set(errors_of(info))


def test_unknown_departments_answer_201(fleet_client, fleet_mock):
    with fleet_mock.login("other", "other") as other_user:
        other = other_user.department.create(department=NewDepartment(label="Theirs"))
        assert [d.id for d in other_user.department.list()] == [other]
    for department_id in (424242, other):
        with pytest.raises(EntityNotFoundError):
            fleet_client.department.update(department=Department(id=department_id, label="x"))
        with pytest.raises(EntityNotFoundError):
            fleet_client.department.delete(department_id=department_id)


def test_a_sub_user_with_employee_update_manages_departments(fleet_mock):
    with fleet_mock.login("dispatcher", "demo") as dispatcher:
        department_id = dispatcher.department.create(department=NewDepartment(label="Night"))
        dispatcher.department.delete(department_id=department_id)
    mock = restricted_world(["vehicle_update"], trackers=None)
    with mock.login("dispatcher", "demo") as dispatcher:
        assert dispatcher.department.list()
        with pytest.raises(OperationNotPermittedError):
            dispatcher.department.create(department=NewDepartment(label="Night"))
        with pytest.raises(OperationNotPermittedError):
            dispatcher.department.update(department=Department(id=1, label="x"))
        with pytest.raises(OperationNotPermittedError):
            dispatcher.department.delete(department_id=1)


def test_a_dealer_over_its_device_limit_gets_221():
    document = demo_document()
    document["dealers"][0]["device_limit"] = 6  # its accounts hold 7 trackers
    mock = FleetMock(document)
    with mock.login() as client:
        with pytest.raises(DeviceLimitExceededError) as info:
            client.department.list()
        assert (info.value.code, info.value.http_status) == (221, 403)
        with pytest.raises(DeviceLimitExceededError):
            client.department.create(department=NewDepartment(label="x"))
        client.department.delete(department_id=2)  # not checked by the other calls
    document["dealers"][0]["device_limit"] = 7
    with FleetMock(document).login() as client:
        assert client.department.list()


def test_a_sub_user_listing_a_tracker_that_is_gone_gets_217():
    mock = restricted_world(["employee_update"], trackers=[1, 424242])
    with mock.login("dispatcher", "demo") as dispatcher:
        with pytest.raises(NonExistentEntitiesError) as info:
            dispatcher.department.list()
        assert (info.value.code, info.value.http_status) == (217, 400)
        with pytest.raises(NonExistentEntitiesError):
            dispatcher.department.create(department=NewDepartment(label="x"))


# --- Async ----------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_the_async_client_covers_the_fleet_slice(fleet_async_client):
    vehicles = fleet_async_client.vehicle
    vehicle_id = await vehicles.create(vehicle=NewVehicle(label="Async van", type="car"))
    vehicle = await vehicles.read(vehicle_id=vehicle_id)
    await vehicles.update(vehicle=attrs.evolve(vehicle, tracker_id=6))
    assert (await vehicles.read(vehicle_id=vehicle_id)).tracker_id == 6
    with pytest.raises(EntityExistsError):
        await vehicles.update(vehicle=attrs.evolve(vehicle, tracker_id=1), force_reassign=False)
    truck = await vehicles.read(vehicle_id=3)
    with pytest.raises(EntityHasLinksError):
        await vehicles.update(vehicle=attrs.evolve(truck, tracker_id=None))
    assert [v.id for v in await vehicles.list(filter="async")] == [vehicle_id]
    assert [v.id async for v in vehicles.iterate(page_size=2)] == [1, 2, 3, 4, vehicle_id]
    await vehicles.delete(vehicle_ids=[vehicle_id])
    converted = await vehicles.batch_convert(batch="Async bus\tbus", fields=["label", "type"])
    assert [(v.label, v.type) for v in converted.list] == [("Async bus", "bus")]
    with pytest.raises(InvalidDataFormatError):
        await vehicles.batch_convert(batch="no tabs at all")
    with pytest.raises(EntityNotFoundError):
        await vehicles.delete(vehicle_id=vehicle_id)

    garage_id = await fleet_async_client.garage.create(garage=NewGarage(organization_name="A"))
    await fleet_async_client.garage.update(garage=Garage(id=garage_id, organization_name="B"))
    assert Garage(id=garage_id, organization_name="B") in await fleet_async_client.garage.list()
    await fleet_async_client.garage.delete(garage_id=garage_id)
    with pytest.raises(EntityNotFoundError):
        await fleet_async_client.garage.delete(garage_id=garage_id)

    departments = fleet_async_client.department
    department_id = await departments.create(department=NewDepartment(label="Async"))
    await departments.update(department=Department(id=department_id, label="Async 2"))
    assert Department(id=department_id, label="Async 2") in await departments.list()
    await departments.delete(department_id=department_id)
    with pytest.raises(EntityNotFoundError):
        await departments.delete(department_id=department_id)
