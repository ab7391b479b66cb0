"""Check-ins through the public SDK, sync and async, against the in-process mock.

``checkin/read``, ``delete``, ``create``, ``image/create``, ``form/create`` and
``form/file/create`` with every error code, and the two-step file upload.
"""

from __future__ import annotations

import attrs
import httpx
import pytest

from fleetapi import (
    AccessDeniedError,
    Client,
    EntityMissingError,
    EntityNotFoundError,
    EntityTypeMismatchError,
    FileTooLargeError,
    InvalidDataFormatError,
    InvalidFileStateError,
    InvalidParametersError,
    NoDataFileError,
    OperationNotPermittedError,
    OverQuotaError,
    TooManyEntitiesError,
    ValidationFailedError,
)
from fleetapi.models.checkin import CheckinFile, FormSubmission
from fleetapi.models.common import Location
from fleetapi.models.files import UploadTicket
from fleetapi_mock import FleetMock, WorldDocumentError, demo_document
from fleetapi_mock.state.world import World

PNG = bytes.fromhex("89504e470d0a1a0a") + b"picture"
PHOTO = ("photo.png", PNG, "image/png")
FILE_KEYS = {f.name for f in attrs.fields(CheckinFile)}
HERE = Location(lat=52.52, lng=13.405, address="Alexanderplatz, Berlin", precision=8)


def download(mock: FleetMock, url: str) -> httpx.Response:
    with httpx.Client(transport=mock.transport) as http:
        return http.get(url)


# --- read -------------------------------------------------------------------------------------


def test_read_a_demo_checkin_with_its_photo_and_form(fleet_client, fleet_mock):
    checkin = fleet_client.checkin.read(checkin_id=1)
    assert checkin.tracker_id == 4
    assert checkin.employee_id == 1
    assert checkin.comment == "Parcel delivered to reception"
    assert (checkin.form_id, checkin.form_label) == (1, "Delivery report")
    [photo] = checkin.files
    assert (photo.type, photo.state, photo.name) == ("image", "uploaded", "reception.png")
    assert photo.download_url is not None
    answer = download(fleet_mock, photo.download_url)
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "image/png"
    assert answer.content.startswith(b"\x89PNG")
    assert len(answer.content) == photo.size


def test_read_answers_in_the_users_time_zone(fleet_mock):
    with fleet_mock.login("dispatcher", "demo") as berlin:
        checkin = berlin.checkin.read(checkin_id=2)
    assert str(checkin.marker_time) == "2026-01-15 09:30:00"  # 08:30 UTC in Berlin


@pytest.mark.parametrize("checkin_id", [424242, 4])  # missing; another account's
def test_read_of_a_checkin_one_cannot_see_is_204(fleet_client, checkin_id):
    with pytest.raises(EntityMissingError) as info:
        fleet_client.checkin.read(checkin_id=checkin_id)
    assert (info.value.code, info.value.http_status) == (204, 404)


def test_read_of_a_checkin_on_a_tracker_hidden_from_the_sub_user_is_204(fleet_mock):
    fleet_mock.world.users.change(2, trackers=[1, 2])
    with fleet_mock.login("dispatcher", "demo") as dispatcher:
        assert dispatcher.checkin.read(checkin_id=2).tracker_id == 1
        with pytest.raises(EntityMissingError):
            dispatcher.checkin.read(checkin_id=1)


def test_read_with_a_wrong_id_type_is_7(fleet_client):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.request("checkin/read", {"checkin_id": "one"})
    assert info.value.errors[0]["parameter"] == "checkin_id"


# --- delete -----------------------------------------------------------------------------------


def test_delete_removes_checkins_their_files_and_forms(fleet_client, fleet_mock):
    url = fleet_client.checkin.read(checkin_id=1).files[0].download_url
    fleet_client.checkin.delete(checkin_ids=[1, 3])
    for checkin_id in (1, 3):
        with pytest.raises(EntityMissingError):
            fleet_client.checkin.read(checkin_id=checkin_id)
    assert 1 not in fleet_mock.world.forms
    assert all(fleet_mock.world.files[i].state == "deleted" for i in (1, 2, 3, 4))
    assert download(fleet_mock, url).status_code == 404
    assert fleet_client.checkin.read(checkin_id=2).id == 2
    # the deleted files name no deleted check-in or form: the world is a world document still
    assert World.from_document(fleet_mock.world.to_document()).files[2].state == "deleted"


@pytest.mark.parametrize("ids", [[2, 424242], [2, 4]])
def test_delete_with_any_unavailable_id_is_201_and_deletes_nothing(fleet_client, ids):
    with pytest.raises(EntityNotFoundError) as info:
        fleet_client.checkin.delete(checkin_ids=ids)
    assert info.value.code == 201
    assert fleet_client.checkin.read(checkin_id=2).id == 2


def test_a_sub_user_deletes_only_checkins_of_its_trackers(fleet_mock):
    fleet_mock.world.users.change(2, rights=[*fleet_mock.world.users[2].rights, "checkin_update"])
    fleet_mock.world.users.change(2, trackers=[1])
    with fleet_mock.login("dispatcher", "demo") as dispatcher:
        with pytest.raises(EntityNotFoundError):
            dispatcher.checkin.delete(checkin_ids=[2, 3])
        dispatcher.checkin.delete(checkin_ids=[2])
    assert 2 not in fleet_mock.world.checkins
    assert 3 in fleet_mock.world.checkins


def test_delete_and_create_need_the_checkin_update_right(fleet_mock):
    with fleet_mock.login("dispatcher", "demo") as dispatcher:
        assert dispatcher.checkin.read(checkin_id=1).id == 1  # employee_update: may read
        with pytest.raises(OperationNotPermittedError):
            dispatcher.checkin.delete(checkin_ids=[1])
        with pytest.raises(OperationNotPermittedError):
            dispatcher.checkin.create(tracker_id=1, location=HERE)
    assert 1 in fleet_mock.world.checkins


def test_read_needs_the_employee_update_right(fleet_mock):
    fleet_mock.world.users.change(2, rights=["checkin_update"])
    with (
        fleet_mock.login("dispatcher", "demo") as dispatcher,
        pytest.raises(OperationNotPermittedError) as info,
    ):
        dispatcher.checkin.read(checkin_id=1)
    assert info.value.code == 13


def test_delete_of_an_empty_list_is_7(fleet_client):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.checkin.delete(checkin_ids=[])
    assert info.value.errors[0]["parameter"] == "checkin_ids"


# --- create -----------------------------------------------------------------------------------


def test_create_a_checkin_now_with_the_trackers_employee(fleet_client, fleet_mock):
    fleet_mock.clock.advance(90)
    checkin_id = fleet_client.checkin.create(tracker_id=4, location=HERE, comment="At the door")
    checkin = fleet_client.checkin.read(checkin_id=checkin_id)
    assert checkin.marker_time == fleet_mock.clock.now()
    assert (checkin.user_id, checkin.tracker_id, checkin.employee_id) == (1, 4, 1)
    assert checkin.location == HERE
    assert checkin.comment == "At the door"
    assert checkin.files == []
    assert checkin.form_id is None
    assert checkin.form_label is None


@pytest.mark.parametrize("tracker_id", [424242, 5, 7])  # missing, blocked, another account's
def test_create_for_an_unusable_tracker_is_201(fleet_client, fleet_mock, tracker_id):
    before = len(fleet_mock.world.checkins)
    with pytest.raises(EntityNotFoundError):
        fleet_client.checkin.create(tracker_id=tracker_id, location=HERE)
    assert len(fleet_mock.world.checkins) == before


def test_create_with_photos_in_any_live_state(fleet_client, fleet_mock):
    uploaded = fleet_client.checkin.image.create(size=100, filename="a.png")
    fleet_client.upload_file(uploaded, PHOTO)
    pending = fleet_client.checkin.image.create(size=100)
    checkin_id = fleet_client.checkin.create(
        tracker_id=1, location=HERE, file_ids=[uploaded.file_id, pending.file_id]
    )
    files = fleet_client.checkin.read(checkin_id=checkin_id).files
    assert [(f.id, f.state) for f in files] == [
        (uploaded.file_id, "uploaded"),
        (pending.file_id, "created"),
    ]
    assert files[1].uploaded is None
    assert files[1].download_url is None
    assert files[1].size == 100
    fleet_client.upload_file(pending, ("later.jpg", b"\xff\xd8", "image/jpeg"))
    later = fleet_client.checkin.read(checkin_id=checkin_id).files[1]
    assert (later.state, later.name, later.size, later.mime_type) == (
        "uploaded",
        "later.jpg",
        2,
        "image/jpeg",
    )


def test_create_with_unusable_files_is_201(fleet_client, fleet_mock):
    expired = fleet_client.checkin.image.create(size=10).file_id
    fleet_mock.clock.advance(3601)
    form_id = fleet_client.checkin.form.create(tracker_id=1, template_id=1)
    form_file = fleet_client.checkin.form.file.create(
        form_id=form_id, field_id="photos", size=10
    ).file_id
    for bad in ([424242], [expired], [form_file], [1]):  # 1 is already on check-in 1
        with pytest.raises(EntityNotFoundError):
            fleet_client.checkin.create(tracker_id=1, location=HERE, file_ids=bad)
    assert fleet_mock.world.files[1].checkin_id == 1


def test_create_with_a_filled_form(fleet_client, fleet_mock):
    form_id = fleet_client.checkin.form.create(tracker_id=4, template_id=1)
    signature = fleet_client.checkin.form.file.create(
        form_id=form_id, field_id="signature", size=100, filename="sig.png"
    )
    fleet_client.upload_file(signature, PHOTO)
    checkin_id = fleet_client.checkin.create(
        tracker_id=4,
        location=HERE,
        form_submission=FormSubmission(
            form_id=form_id,
            values={
                "recipient": {"type": "text", "value": "Jo"},
                "signature": {"type": "signature", "file_id": signature.file_id},
            },
        ),
    )
    checkin = fleet_client.checkin.read(checkin_id=checkin_id)
    assert (checkin.form_id, checkin.form_label) == (form_id, "Delivery report")
    assert fleet_mock.world.forms[form_id].submitted == fleet_mock.clock.now()


def test_create_with_invalid_form_values_is_242_and_creates_nothing(fleet_client, fleet_mock):
    form_id = fleet_client.checkin.form.create(tracker_id=4, template_id=1)
    image = fleet_client.checkin.image.create(size=10).file_id
    before = fleet_mock.world.to_document()
    with pytest.raises(ValidationFailedError) as info:
        fleet_client.checkin.create(
            tracker_id=4,
            location=HERE,
            file_ids=[image],
            form_submission=FormSubmission(
                form_id=form_id, values={"recipient": {"type": "text", "value": ""}}
            ),
        )
    assert info.value.http_status == 400
    assert sorted((e["field_id"], e["code"]) for e in info.value.errors) == [
        ("recipient", 1),
        ("signature", 1),
    ]
    assert fleet_mock.world.to_document() == before


def test_create_with_a_form_that_is_not_an_unsent_checkin_form_is_201(fleet_client):
    values = {"condition": {"type": "dropdown", "value_index": 1}}
    for form_id in (424242, 1):  # missing; the demo form already sent with check-in 1
        with pytest.raises(EntityNotFoundError):
            fleet_client.checkin.create(
                tracker_id=4,
                location=HERE,
                form_submission=FormSubmission(form_id=form_id, values=values),
            )


def test_create_with_a_wrong_location_or_comment_is_7(fleet_client, fleet_mock):
    before = len(fleet_mock.world.checkins)
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.request("checkin/create", {"tracker_id": 1, "location": {"lat": 1}})
    assert info.value.errors[0]["parameter"] == "location.lng"
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.checkin.create(tracker_id=1, location=HERE, comment="x" * 1025)
    assert info.value.errors[0]["parameter"] == "comment"
    assert len(fleet_mock.world.checkins) == before


# --- form/create ------------------------------------------------------------------------------


def test_form_create_makes_a_form_for_a_tracker(fleet_client, fleet_mock):
    form_id = fleet_client.checkin.form.create(tracker_id=2, template_id=2)
    record = fleet_mock.world.forms[form_id]
    assert (record.tracker_id, record.template_id, record.label) == (
        2,
        2,
        "Vehicle inspection",
    )
    assert record.created == fleet_mock.clock.now()


@pytest.mark.parametrize(
    ("tracker_id", "template_id"),
    [(1, 424242), (424242, 1), (5, 1), (7, 1)],
)
def test_form_create_is_201_for_a_missing_template_or_unusable_tracker(
    fleet_client, fleet_mock, tracker_id, template_id
):
    before = dict(fleet_mock.world.forms)
    with pytest.raises(EntityNotFoundError) as info:
        fleet_client.checkin.form.create(tracker_id=tracker_id, template_id=template_id)
    assert info.value.code == 201
    assert fleet_mock.world.forms == before


def test_form_create_of_another_accounts_template_is_201(fleet_mock):
    fleet_mock.world.form_templates.change(2, user_id=3)
    with fleet_mock.login() as client, pytest.raises(EntityNotFoundError):
        client.checkin.form.create(tracker_id=1, template_id=2)


# --- image/create and form/file/create --------------------------------------------------------


def test_image_create_answers_a_ticket_under_the_requests_base_url(fleet_mock):
    with Client(
        base_url=f"{fleet_mock.base_url}/api-v2",
        api_key=fleet_mock.session(),
        transport=fleet_mock.transport,
    ) as client:
        ticket = client.checkin.image.create(size=2048, filename="door.png")
        assert isinstance(ticket, UploadTicket)
        assert ticket.url.startswith("http://fleet.localhost/api-v2/")
        assert ticket.file_field_name == "file"
        assert set(ticket.fields) == {"token"}
        assert ticket.expires == fleet_mock.clock.now().replace(hour=10)  # an hour to upload
        stored = client.upload_file(ticket, PHOTO)
    assert stored is not None
    assert stored.id == ticket.file_id
    assert stored.download_url is not None
    assert stored.download_url.startswith("http://fleet.localhost/api-v2/")
    assert (stored.name, stored.size, stored.mime_type) == ("door.png", len(PNG), "image/png")
    assert download(fleet_mock, stored.download_url).content == PNG


def test_image_create_above_the_platform_maximum_is_271(fleet_client, fleet_mock):
    fleet_client.checkin.image.create(size=16777216)
    with pytest.raises(FileTooLargeError) as info:
        fleet_client.checkin.image.create(size=16777217)
    assert (info.value.code, info.value.http_status) == (271, 413)
    fleet_mock.world.dealers[1].platform["file_storage.hard_max_file_size"] = 1000
    with pytest.raises(FileTooLargeError):
        fleet_client.checkin.image.create(size=1001)


def test_reservations_count_against_the_file_quota_until_they_expire(fleet_client, fleet_mock):
    fleet_mock.world.dealers[1].platform["file_storage.user_quota"] = 1000
    used = sum(f.size for f in fleet_mock.world.files.values())  # the demo's files
    fleet_client.checkin.image.create(size=1000 - used)
    with pytest.raises(OverQuotaError) as info:
        fleet_client.checkin.image.create(size=1)
    assert (info.value.code, info.value.http_status) == (268, 402)
    fleet_mock.clock.advance(3601)  # the reservation expired unused
    fleet_client.checkin.image.create(size=1)


def test_an_uploaded_file_counts_at_its_real_size(fleet_client, fleet_mock):
    fleet_mock.world.dealers[1].platform["file_storage.user_quota"] = 1000
    used = sum(f.size for f in fleet_mock.world.files.values())
    ticket = fleet_client.checkin.image.create(size=1000 - used)
    fleet_client.upload_file(ticket, PHOTO)
    fleet_client.checkin.image.create(size=1000 - used - len(PNG))
    with pytest.raises(OverQuotaError):
        fleet_client.checkin.image.create(size=1)


def test_form_file_create_by_form_or_by_checkin(fleet_client):
    by_form = fleet_client.checkin.form.file.create(form_id=1, field_id="photos", size=10)
    by_checkin = fleet_client.checkin.form.file.create(checkin_id=1, field_id="photos", size=10)
    assert by_checkin.file_id == by_form.file_id + 1


@pytest.mark.parametrize(
    "params",
    [
        {"field_id": "photos", "size": 10},
        {"form_id": 1, "checkin_id": 1, "field_id": "photos", "size": 10},
        {"form_id": 1, "field_id": "photos", "size": 0},
        {"form_id": 1, "field_id": " ", "size": 10},
    ],
)
def test_form_file_create_with_bad_parameters_is_7(fleet_client, params):
    with pytest.raises(InvalidParametersError) as info:
        fleet_client.checkin.form.file.create(**params)
    assert info.value.errors


@pytest.mark.parametrize(
    "target",
    [
        {"form_id": 424242},
        {"checkin_id": 424242},
        {"checkin_id": 2},  # a check-in without a form
        {"checkin_id": 4},  # another account's
        {"form_id": 1, "field_id": "nope"},
    ],
)
def test_form_file_create_for_a_missing_checkin_form_or_field_is_201(fleet_client, target):
    params = {"field_id": "photos", "size": 10} | target
    with pytest.raises(EntityNotFoundError) as info:
        fleet_client.checkin.form.file.create(**params)
    assert info.value.code == 201


def test_form_file_create_for_a_field_that_takes_no_file_is_231(fleet_client, fleet_mock):
    before = len(fleet_mock.world.files)
    with pytest.raises(EntityTypeMismatchError) as info:
        fleet_client.checkin.form.file.create(form_id=1, field_id="recipient", size=10)
    assert (info.value.code, info.value.http_status) == (231, 409)
    assert len(fleet_mock.world.files) == before


def test_the_sixth_unsubmitted_file_of_a_field_is_267(fleet_client, fleet_mock):
    form_id = fleet_client.checkin.form.create(tracker_id=4, template_id=1)
    tickets = [
        fleet_client.checkin.form.file.create(form_id=form_id, field_id="photos", size=100)
        for _ in range(5)
    ]
    fleet_client.upload_file(tickets[0], PHOTO[:2])  # uploaded, still unsubmitted
    with pytest.raises(TooManyEntitiesError) as info:
        fleet_client.checkin.form.file.create(form_id=form_id, field_id="photos", size=100)
    assert (info.value.code, info.value.http_status) == (267, 400)
    # another field is counted apart; an expired reservation frees its place
    fleet_client.checkin.form.file.create(form_id=form_id, field_id="signature", size=10)
    fleet_mock.clock.advance(3601)  # the four reservations never uploaded expire
    for _ in range(4):
        fleet_client.checkin.form.file.create(form_id=form_id, field_id="photos", size=100)
    with pytest.raises(TooManyEntitiesError):
        fleet_client.checkin.form.file.create(form_id=form_id, field_id="photos", size=100)


def test_form_file_create_above_the_maximum_is_271_and_over_quota_268(fleet_client, fleet_mock):
    with pytest.raises(FileTooLargeError):
        fleet_client.checkin.form.file.create(form_id=1, field_id="photos", size=16777217)
    fleet_mock.world.dealers[1].platform["file_storage.user_quota"] = 300
    with pytest.raises(OverQuotaError):
        fleet_client.checkin.form.file.create(form_id=1, field_id="photos", size=100)


# --- uploads ----------------------------------------------------------------------------------


def test_an_upload_after_expiry_is_refused(fleet_client, fleet_mock):
    ticket = fleet_client.checkin.image.create(size=100)
    fleet_mock.clock.advance(3600)
    fleet_mock.clock.advance(1)
    with pytest.raises(InvalidFileStateError) as info:
        fleet_client.upload_file(ticket, PHOTO)
    assert info.value.code == 269
    assert fleet_mock.world.files[ticket.file_id].state == "created"


def test_an_upload_just_before_expiry_is_accepted(fleet_client, fleet_mock):
    ticket = fleet_client.checkin.image.create(size=100)
    fleet_mock.clock.advance(3600)
    assert fleet_client.upload_file(ticket, PHOTO) is not None


def test_a_file_is_uploaded_once(fleet_client):
    ticket = fleet_client.checkin.image.create(size=100)
    fleet_client.upload_file(ticket, PHOTO)
    with pytest.raises(InvalidFileStateError):
        fleet_client.upload_file(ticket, PHOTO)


def test_an_upload_larger_than_declared_is_271(fleet_client, fleet_mock):
    ticket = fleet_client.checkin.image.create(size=4)
    with pytest.raises(FileTooLargeError):
        fleet_client.upload_file(ticket, PHOTO)
    assert fleet_mock.world.files[ticket.file_id].state == "created"


def test_a_checkin_image_must_be_an_image(fleet_client):
    ticket = fleet_client.checkin.image.create(size=100)
    with pytest.raises(InvalidDataFormatError) as info:
        fleet_client.upload_file(ticket, ("notes.txt", b"hello", "text/plain"))
    assert info.value.code == 234


def test_an_upload_with_a_wrong_token_or_part_name_is_refused(fleet_client, fleet_mock):
    ticket = fleet_client.checkin.image.create(size=100)
    forged = UploadTicket(
        file_id=ticket.file_id,
        url=ticket.url,
        expires=ticket.expires,
        file_field_name="file",
        fields={"token": "0" * 32},
    )
    with pytest.raises(AccessDeniedError):
        fleet_client.upload_file(forged, PHOTO)
    renamed = UploadTicket(
        file_id=ticket.file_id,
        url=ticket.url,
        expires=ticket.expires,
        file_field_name="photo",
        fields=ticket.fields,
    )
    with pytest.raises(NoDataFileError) as info:
        fleet_client.upload_file(renamed, PHOTO)
    assert info.value.code == 233
    assert fleet_mock.world.files[ticket.file_id].state == "created"


def test_upload_fields_must_come_before_the_file_part(fleet_client, fleet_mock):
    ticket = fleet_client.checkin.image.create(size=100)
    boundary = "b0undary"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n'
            "Content-Type: image/png\r\n\r\n"
        ).encode()
        + PNG
        + (
            f'\r\n--{boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n'
            f"{ticket.fields['token']}\r\n--{boundary}--\r\n"
        ).encode()
    )
    with httpx.Client(transport=fleet_mock.transport) as http:
        answer = http.post(
            ticket.url,
            content=body,
            headers={"content-type": f"multipart/form-data; boundary={boundary}"},
        )
    assert answer.status_code == 400
    assert answer.json()["status"]["code"] == 7
    assert answer.json()["errors"][0]["parameter"] == "token"


def test_an_upload_that_is_not_multipart_or_names_no_reservation(fleet_client, fleet_mock):
    ticket = fleet_client.checkin.image.create(size=100)
    with httpx.Client(transport=fleet_mock.transport) as http:
        assert http.post(ticket.url, json={"token": "x"}).json()["status"]["code"] == 5
        assert http.get(ticket.url).json()["status"]["code"] == 5
        missing = ticket.url.rsplit("/", 1)[0] + "/424242"
        answer = http.post(missing, files={"file": ("a.png", PNG)}, data=ticket.fields)
        assert answer.json()["status"]["code"] == 201
        wrong = ticket.url.rsplit("/", 1)[0] + "/abc"
        answer = http.post(wrong, files={"file": ("a.png", PNG)}, data=ticket.fields)
        assert answer.json()["status"]["code"] == 201


def test_upload_reports_progress(fleet_client):
    ticket = fleet_client.checkin.image.create(size=200_000)
    content = b"\x89PNG" + bytes(150_000)
    seen: list[tuple[int, int]] = []
    fleet_client.upload_file(
        ticket, ("big.png", content, "image/png"), progress=lambda s, t: seen.append((s, t))
    )
    assert len(seen) >= 2
    assert seen[-1] == (len(content), len(content))
    assert [s for s, _ in seen] == sorted(s for s, _ in seen)


def test_upload_from_a_path_keeps_its_name(fleet_client, tmp_path):
    photo = tmp_path / "gate.png"
    photo.write_bytes(PNG)
    ticket = fleet_client.checkin.image.create(size=100)
    stored = fleet_client.upload_file(ticket, photo)
    assert stored is not None
    assert (stored.name, stored.mime_type) == ("gate.png", "image/png")


# --- async ------------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_async_upload_flow_and_checkin(fleet_async_client, fleet_mock):
    client = fleet_async_client
    ticket = await client.checkin.image.create(size=100, filename="a.png")
    stored = await client.upload_file(ticket, PHOTO)
    assert stored is not None
    assert stored.state == "uploaded"
    form_id = await client.checkin.form.create(tracker_id=1, template_id=2)
    checkin_id = await client.checkin.create(
        tracker_id=1,
        location=HERE,
        file_ids=[ticket.file_id],
        form_submission=FormSubmission(
            form_id=form_id, values={"condition": {"type": "dropdown", "value_index": 2}}
        ),
    )
    checkin = await client.checkin.read(checkin_id=checkin_id)
    assert [f.id for f in checkin.files] == [ticket.file_id]
    assert checkin.form_label == "Vehicle inspection"
    await client.checkin.delete(checkin_ids=[checkin_id])
    with pytest.raises(EntityMissingError):
        await client.checkin.read(checkin_id=checkin_id)


@pytest.mark.anyio
async def test_async_errors_carry_their_codes(fleet_async_client):
    client = fleet_async_client
    with pytest.raises(EntityNotFoundError):
        await client.checkin.form.create(tracker_id=1, template_id=424242)
    with pytest.raises(EntityTypeMismatchError):
        await client.checkin.form.file.create(form_id=1, field_id="recipient", size=1)
    with pytest.raises(FileTooLargeError):
        await client.checkin.image.create(size=10**9)
    form_id = await client.checkin.form.create(tracker_id=1, template_id=2)
    with pytest.raises(ValidationFailedError):
        await client.checkin.create(
            tracker_id=1,
            location=HERE,
            form_submission=FormSubmission(form_id=form_id, values={}),
        )


# --- over HTTP --------------------------------------------------------------------------------


def test_the_upload_flow_over_http(fleet_server):
    with Client.login(fleet_server.base_url, "demo", "demo") as client:
        ticket = client.checkin.image.create(size=100, filename="yard.png")
        assert ticket.url.startswith(fleet_server.base_url)
        stored = client.upload_file(ticket, PHOTO)
        assert stored is not None
        assert stored.download_url is not None
        checkin_id = client.checkin.create(tracker_id=2, location=HERE, file_ids=[stored.id])
        [file] = client.checkin.read(checkin_id=checkin_id).files
        assert file.download_url is not None
        with httpx.Client() as http:
            assert http.get(file.download_url).content == PNG
        fleet_server.mock.clock.advance(7200)
        late = client.checkin.image.create(size=100)
        fleet_server.mock.clock.advance(3601)
        with pytest.raises(InvalidFileStateError):
            client.upload_file(late, PHOTO)


def test_a_world_document_keeps_checkins_forms_and_files():
    document = FleetMock().world.to_document()
    assert [c["id"] for c in document["checkins"]] == [1, 2, 3, 4]
    again = FleetMock(document)
    with again.login() as client:
        checkin = client.checkin.read(checkin_id=1)
        assert checkin.files[0].download_url is not None
        assert download(again, checkin.files[0].download_url).content.startswith(b"\x89PNG")
    broken = demo_document()
    broken["files"][0]["checkin_id"] = 99
    with pytest.raises(WorldDocumentError) as info:
        FleetMock(broken)
    assert {path for path, _ in info.value.errors} == {"files[id=1].checkin_id"}
    api_file = {k: v for k, v in broken["files"][1].items() if k in FILE_KEYS}
    broken["checkins"][0]["files"] = [api_file]  # a file names its check-in, not the reverse
    with pytest.raises(WorldDocumentError) as info:
        FleetMock(broken)
    assert info.value.errors == [("checkins[0].files", "unknown key")]


# --- sub-users and the remaining codes, async -------------------------------------------------


def test_a_sub_user_works_only_with_the_trackers_it_sees(fleet_mock):
    fleet_mock.world.users.change(2, rights=[*fleet_mock.world.users[2].rights, "checkin_update"])
    fleet_mock.world.users.change(2, trackers=[1, 2])
    with fleet_mock.login("dispatcher", "demo") as dispatcher:
        # file and form reservations need no right
        ticket = dispatcher.checkin.image.create(size=100, filename="a.png")
        dispatcher.upload_file(ticket, PHOTO)
        form_id = dispatcher.checkin.form.create(tracker_id=1, template_id=1)
        dispatcher.checkin.form.file.create(form_id=form_id, field_id="photos", size=10)
        with pytest.raises(EntityNotFoundError):
            dispatcher.checkin.form.create(tracker_id=4, template_id=2)
        with pytest.raises(EntityNotFoundError):
            dispatcher.checkin.create(tracker_id=4, location=HERE)
        with pytest.raises(EntityNotFoundError):  # the demo form of tracker 4
            dispatcher.checkin.form.file.create(form_id=1, field_id="photos", size=10)
        with pytest.raises(EntityNotFoundError):  # check-in 1 is on tracker 4
            dispatcher.checkin.form.file.create(checkin_id=1, field_id="photos", size=10)
        checkin_id = dispatcher.checkin.create(
            tracker_id=1, location=HERE, file_ids=[ticket.file_id]
        )
    assert fleet_mock.world.checkins[checkin_id].user_id == 1  # the account's
    assert fleet_mock.world.files[ticket.file_id].user_id == 1


@pytest.mark.anyio
async def test_async_failures_carry_every_code(fleet_async_client, fleet_mock):
    client = fleet_async_client
    with pytest.raises(InvalidParametersError):  # 7
        await client.checkin.delete(checkin_ids=[])
    with pytest.raises(EntityMissingError):  # 204
        await client.checkin.read(checkin_id=424242)
    with pytest.raises(EntityNotFoundError):  # 201
        await client.checkin.delete(checkin_ids=[424242])
    with pytest.raises(EntityNotFoundError):  # 201
        await client.checkin.create(tracker_id=5, location=HERE)
    fleet_mock.world.dealers[1].platform["file_storage.user_quota"] = 300
    with pytest.raises(OverQuotaError):  # 268
        await client.checkin.image.create(size=100)
    fleet_mock.world.dealers[1].platform.pop("file_storage.user_quota")
    form_id = await client.checkin.form.create(tracker_id=4, template_id=1)
    for _ in range(5):
        await client.checkin.form.file.create(form_id=form_id, field_id="photos", size=10)
    with pytest.raises(TooManyEntitiesError):  # 267
        await client.checkin.form.file.create(form_id=form_id, field_id="photos", size=10)
    ticket = await client.checkin.image.create(size=100)
    fleet_mock.clock.advance(3601)
    with pytest.raises(InvalidFileStateError):  # 269: the upload expired
        await client.upload_file(ticket, PHOTO)


def test_form_values_may_be_given_as_models(fleet_client, fleet_mock):
    from fleetapi.models.form import PhotoValue, SignatureValue, TextValue

    form_id = fleet_client.checkin.form.create(tracker_id=4, template_id=1)
    files = []
    for field in ("signature", "photos"):
        ticket = fleet_client.checkin.form.file.create(form_id=form_id, field_id=field, size=100)
        fleet_client.upload_file(ticket, PHOTO)
        files.append(ticket.file_id)
    fleet_client.checkin.create(
        tracker_id=4,
        location=HERE,
        form_submission=FormSubmission(
            form_id=form_id,
            values={
                "recipient": TextValue(value="Jo"),
                "signature": SignatureValue(file_id=files[0]),
                "photos": PhotoValue(file_ids=[files[1]]),
            },
        ),
    )
    stored = fleet_mock.world.forms[form_id].values
    assert stored is not None
    assert stored["photos"] == PhotoValue(file_ids=[files[1]])


def test_download_file_fetches_the_bytes_of_uploaded_files(fleet_client):
    checkin = fleet_client.checkin.read(checkin_id=1)
    assert fleet_client.download_file(checkin.files[0]).startswith(b"\x89PNG")
    ticket = fleet_client.checkin.form.file.create(form_id=1, field_id="photos", size=100)
    report = b'{"not": "an envelope"}'
    stored = fleet_client.upload_file(ticket, ("report.json", report, "application/json"))
    assert stored is not None
    assert fleet_client.download_file(stored) == report
    assert stored.download_url is not None
    assert fleet_client.download_file(stored.download_url) == report
    pending = fleet_client.checkin.image.create(size=10)
    created = fleet_client.checkin.create(tracker_id=1, location=HERE, file_ids=[pending.file_id])
    [unsent] = fleet_client.checkin.read(checkin_id=created).files
    with pytest.raises(ValueError, match="not uploaded"):
        fleet_client.download_file(unsent)
    fleet_client.checkin.delete(checkin_ids=[1])
    with pytest.raises(EntityMissingError):
        fleet_client.download_file(checkin.files[0])


@pytest.mark.anyio
async def test_async_download_file(fleet_async_client):
    checkin = await fleet_async_client.checkin.read(checkin_id=3)
    content = await fleet_async_client.download_file(checkin.files[0])
    assert content.startswith(b"\x89PNG")


@pytest.mark.parametrize("name", ["reports/gate 3.png", "../x?.png", "%2F.png", "Tür #1.png"])
def test_any_file_name_gives_a_working_download_url(fleet_client, name):
    ticket = fleet_client.checkin.image.create(size=100, filename=name)
    stored = fleet_client.upload_file(ticket, PHOTO)
    assert stored is not None
    assert stored.name == name
    assert fleet_client.download_file(stored) == PNG
