"""The mock's file storage: reservations, uploads and downloads of check-in and form files.

Files are uploaded in two steps, as on the service:

1. ``checkin/image/create``, ``checkin/form/file/create`` or ``task/form/file/create``
   *reserves* a file
   (:func:`reserve`): a :class:`~fleetapi_mock.state.records.FileRecord` in state ``created`` whose
   ``size`` is the declared maximum, and an upload ticket: ``url``, ``expires``,
   ``file_field_name`` (``file``) and ``fields`` (a secret ``token``);
2. the client POSTs ``multipart/form-data`` to ``url`` (:mod:`fleetapi_mock.web.uploads`,
   :func:`accept_upload`): the ticket's
   fields, then the file part, last. The file becomes ``uploaded`` with its real ``size``,
   ``mime_type``, ``uploaded`` time and a ``download_url``; a GET of that address answers the
   bytes.

The addresses are routes of the mock itself, under the base URL the reserving request came
through (``http://fleet.localhost/v2/__mock__/files/upload/41``), so they work in-process and
served alike. The upload is atomic here: a file goes from ``created`` straight to
``uploaded`` (the service's passing ``in_progress`` state is never seen).

Rules of the upload (failures use the API's envelope):

=====  ======================================================================================
201    no such reservation (unknown ``file_id``)
5      not ``multipart/form-data``, or a method other than POST
7      the ``token`` field is missing (fields after the file part are not read)
11     the ``token`` is not the reservation's
269    the reservation expired (the world clock is past ``expires``) or the file was already
       uploaded or deleted
233    no file part named ``file_field_name``
271    the file is larger than the size declared at reservation
234    not an image (``image/*``) where ``checkin/image/create`` reserved one (the files of form
       fields are checked when the form is submitted: code 9 of 242)
=====  ======================================================================================

Quota: the files of an account (reserved at their declared size, uploaded at their real size;
expired reservations and deleted files not counted) may hold at most the platform value
``file_storage.user_quota`` bytes (default :data:`DEFAULT_USER_QUOTA`, 100 MiB); a
reservation beyond it answers 268, as one beyond the world's limit of the server
(``fleet mock serve --max-file-bytes``, every account's files together). A single file may
declare at most ``file_storage.hard_max_file_size`` bytes (default 16777216); more answers
271.
"""

from __future__ import annotations

import base64
import datetime as dt
import mimetypes
import urllib.parse
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import attrs

from fleetapi._errors import (
    AccessDeniedError,
    EntityMissingError,
    EntityNotFoundError,
    EntityTypeMismatchError,
    FileTooLargeError,
    InvalidDataFormatError,
    InvalidFileStateError,
    InvalidParametersError,
    NoDataFileError,
    OverQuotaError,
    TooManyEntitiesError,
)
from fleetapi._types import UNSET, Unset
from fleetapi.models.checkin import CheckinFile
from fleetapi.models.common import AVATAR_TYPES
from fleetapi.models.files import FileMetadata, FileStats, FileType, UploadTicket
from fleetapi_mock.domain.context import Context, FileReply, UploadedFile
from fleetapi_mock.domain.form import FILE_FIELD_TYPES, field_of, file_is_live, form_files
from fleetapi_mock.state.clock import zone
from fleetapi_mock.state.records import FileRecord, FormRecord, UserRecord, convert

if TYPE_CHECKING:
    from fleetapi_mock.state.world import World

__all__ = [
    "DEFAULT_HARD_MAX_FILE_SIZE",
    "DEFAULT_USER_QUOTA",
    "FILE_FIELD_NAME",
    "MAX_UNSUBMITTED_PER_FIELD",
    "UPLOAD_LIFETIME",
    "accept_upload",
    "avatar_name",
    "downloadable",
    "file_content",
    "hard_max_file_size",
    "owner_zone",
    "reserve",
    "reserve_field_file",
    "storage_stats",
    "unsubmitted_files",
    "wire_file",
    "wire_stored_file",
]

UPLOAD_LIFETIME = dt.timedelta(hours=1)
"""How long an upload ticket stays valid after the reservation."""

DEFAULT_HARD_MAX_FILE_SIZE = 16 * 1024 * 1024
"""The largest file when the platform value ``file_storage.hard_max_file_size`` is absent."""

DEFAULT_USER_QUOTA = 100 * 1024 * 1024
"""The bytes an account's files may hold when ``file_storage.user_quota`` is absent."""

MAX_UNSUBMITTED_PER_FIELD = 5
"""Unsubmitted files a form field may have; reserving a sixth answers 267."""

FILE_FIELD_NAME = "file"
"""The name of the file part of an upload (the ticket's ``file_field_name``)."""

STORAGE_ID = 1
"""The ``storage_id`` of every file of the mock (it has one storage)."""


# --- Limits -----------------------------------------------------------------------------------


def hard_max_file_size(world: World, user: UserRecord) -> int:
    """The largest file ``user`` may reserve (the platform's ``hard_max_file_size``)."""
    value = world.platform_value(user, "file_storage.hard_max_file_size", None)
    return value if isinstance(value, int) else DEFAULT_HARD_MAX_FILE_SIZE


def _user_quota(world: World, user: UserRecord) -> int:
    value = world.platform_value(user, "file_storage.user_quota", None)
    return value if isinstance(value, int) else DEFAULT_USER_QUOTA


def _used_bytes(world: World, account_id: int) -> int:
    return sum(
        f.size
        for f in world.files.values()
        if world.belongs(f, account_id) and file_is_live(world, f)
    )


def storage_stats(world: World, user: UserRecord) -> FileStats:
    """The files of ``user``'s account that count against its quota, their bytes, the quota."""
    live = [
        f.size
        for f in world.files.values()
        if world.belongs(f, user.account_id) and file_is_live(world, f)
    ]
    return FileStats(file_count=len(live), total_size=sum(live), quota=_user_quota(world, user))


def unsubmitted_files(world: World, form_id: int, field_id: str) -> list[FileRecord]:
    """The live files reserved for a form field and not yet part of a submission."""
    return [
        f
        for f in form_files(world, form_id)
        if f.field_id == field_id and not f.submitted and file_is_live(world, f)
    ]


# --- Reserving --------------------------------------------------------------------------------


def reserve(
    ctx: Context,
    *,
    type: FileType,
    size: int,
    filename: str | Unset = UNSET,
    metadata: FileMetadata | Unset = UNSET,
    form_id: int | None = None,
    field_id: str | None = None,
) -> UploadTicket:
    """Reserve a file of at most ``size`` bytes for the caller's account; answer the ticket.

    Args:
        ctx: The request (its base URL starts the ticket's ``url``).
        type: ``image`` (``checkin/image/create``, photo and signature fields) or ``file``.
        size: The declared maximum size.
        filename: The stored file's name (default: the uploaded part's file name).
        metadata: Image metadata (EXIF orientation).
        form_id: The form whose field the file is for.
        field_id: That field.

    Raises:
        FileTooLargeError: 271, ``size`` above the limit.
        OverQuotaError: 268, the account's files would exceed its quota, or the world's
            files the server's limit.
    """
    world = ctx.world
    account = ctx.account
    limit = hard_max_file_size(world, account)
    if size > limit:
        raise FileTooLargeError(f"size {size} is above the maximum of {limit} bytes")
    quota = _user_quota(world, account)
    if _used_bytes(world, account.id) + size > quota:
        raise OverQuotaError(f"the account's files would exceed its quota of {quota} bytes")
    room = ctx.limits.max_file_bytes
    if world.file_bytes() + size > room:
        raise OverQuotaError(
            f"the world's files would exceed {room} bytes (fleet mock serve "
            "--max-file-bytes): delete some, or reset the world"
        )
    now = ctx.now().replace(microsecond=0)
    file_id = world.ids.next("files")
    name = filename if isinstance(filename, str) else ""
    record = FileRecord(
        id=file_id,
        storage_id=STORAGE_ID,
        user_id=account.id,
        type=type,
        created=now,
        name=name,
        size=size,
        mime_type=(mimetypes.guess_type(name)[0] or "") if name else "",
        metadata=metadata if isinstance(metadata, FileMetadata) else FileMetadata(),
        state="created",
        max_size=size,
        token=f"{world.random.getrandbits(128):032x}",
        expires=now + UPLOAD_LIFETIME,
        form_id=form_id,
        field_id=field_id,
    )
    world.files[file_id] = record
    return UploadTicket(
        file_id=file_id,
        url=f"{ctx.base_url}/__mock__/files/upload/{file_id}",
        expires=ctx.user_time(record.expires),
        file_field_name=FILE_FIELD_NAME,
        fields={"token": record.token},
    )


def reserve_field_file(
    ctx: Context,
    form: FormRecord,
    field_id: str,
    *,
    size: int,
    filename: str | Unset = UNSET,
    metadata: FileMetadata | Unset = UNSET,
) -> UploadTicket:
    """Reserve a file for the field ``field_id`` of ``form`` (``checkin/form/file/create``,
    ``task/form/file/create``) and answer its upload ticket.

    Raises:
        EntityNotFoundError: 201, the form has no such field.
        EntityTypeMismatchError: 231, the field is not ``file``, ``photo`` or ``signature``.
        TooManyEntitiesError: 267, the field already has :data:`MAX_UNSUBMITTED_PER_FIELD`
            unsubmitted files.
        FileTooLargeError: 271, as :func:`reserve`.
        OverQuotaError: 268, as :func:`reserve`.
    """
    field = field_of(form, field_id)
    if field is None:
        raise EntityNotFoundError(f"form {form.id} has no field {field_id!r}")
    if field.type not in FILE_FIELD_TYPES:
        raise EntityTypeMismatchError(f"field {field.id!r} is a {field.type} field, not a file")
    pending = unsubmitted_files(ctx.world, form.id, field_id)
    if len(pending) >= MAX_UNSUBMITTED_PER_FIELD:
        raise TooManyEntitiesError(
            f"field {field_id!r} already has {len(pending)} unsubmitted files"
        )
    return reserve(
        ctx,
        type="file" if field.type == "file" else "image",
        size=size,
        filename=filename,
        metadata=metadata,
        form_id=form.id,
        field_id=field.id,
    )


# --- Answering --------------------------------------------------------------------------------


def _download_url(base_url: str, record: FileRecord) -> str:
    name = urllib.parse.quote(record.name or f"file-{record.id}", safe="")
    return f"{base_url}/__mock__/files/{record.id}/{record.token}/{name}"


def wire_file(ctx: Context, record: FileRecord) -> CheckinFile:
    """A file as the caller sees it: their time zone, a ``download_url`` once uploaded, and
    ``deleted`` for a reservation that expired unused."""
    return wire_stored_file(record, ctx.world, ctx.base_url, ctx.user_time)


def wire_stored_file(
    record: FileRecord, world: World, base_url: str, local: Callable[[dt.datetime], dt.datetime]
) -> CheckinFile:
    """A file as an API answer shows it, its times made local by ``local``: the state it has
    now and a ``download_url`` under ``base_url`` once uploaded."""
    state = record.state if file_is_live(world, record) else "deleted"
    return convert(
        CheckinFile,
        record,
        state=state,
        created=local(record.created),
        uploaded=None if record.uploaded is None else local(record.uploaded),
        download_url=_download_url(base_url, record) if state == "uploaded" else None,
    )


def file_content(record: FileRecord) -> bytes:
    """The uploaded bytes of a file."""
    return base64.b64decode(record.content)


# --- Uploading and downloading ---------------------------------------------------------------


def accept_upload(
    world: World, file_id: int, fields: Mapping[str, str], upload: UploadedFile | None
) -> FileRecord:
    """Store ``upload`` as the content of the reserved file ``file_id`` and answer its record.

    ``fields`` are the text fields sent before the file part (the ticket's ``token``). Hold
    the world's lock. The failures are those of the module's table (201, 7, 11, 269, 233,
    271, 234).
    """
    record = world.files.get(file_id)
    if record is None:
        raise EntityNotFoundError(f"no file {file_id} awaits an upload")
    token = fields.get("token")
    if token is None:
        raise InvalidParametersError(
            errors=[{"parameter": "token", "error": "required before the file part"}]
        )
    if token != record.token:
        raise AccessDeniedError("the token is not the one of this upload")
    if record.state != "created":
        raise InvalidFileStateError(f"file {file_id} is {record.state}, not awaiting")
    if world.now() > record.expires:
        raise InvalidFileStateError(f"the upload of file {file_id} expired")
    if upload is None:
        raise NoDataFileError(f"no file part named {FILE_FIELD_NAME!r}")
    if len(upload.data) > record.max_size:
        raise FileTooLargeError(
            f"{len(upload.data)} bytes, above the {record.max_size} bytes reserved"
        )
    name = record.name or upload.filename
    mime = upload.content_type
    if mime in ("", "application/octet-stream"):
        mime = mimetypes.guess_type(name)[0] or "application/octet-stream"
    if record.form_id is None and record.type == "image" and not mime.startswith("image/"):
        raise InvalidDataFormatError(f"an image was reserved, not {mime}")
    record = attrs.evolve(
        record,
        name=name,
        size=len(upload.data),
        mime_type=mime,
        state="uploaded",
        uploaded=world.now().replace(microsecond=0),
        content=base64.b64encode(upload.data).decode("ascii"),
    )
    world.files[file_id] = record
    return record


_AVATAR_EXTENSIONS = {"image/jpeg": "jpg", "image/pjpeg": "jpg", "image/png": "png"}
"""The extension of an avatar's file name by its type, where it is not the subtype."""


def avatar_name(ctx: Context) -> str:
    """The file name of the avatar the request's part ``file`` uploads (a tag's, a
    tracker's): 16 random hex digits and the extension of its type.

    Raises:
        NoDataFileError: (233) no part ``file``, or an empty one.
        InvalidDataFormatError: (234) not one of :data:`~fleetapi.models.common.AVATAR_TYPES`.
        FileTooLargeError: (271) above the platform's ``file_storage.hard_max_file_size``.
    """
    upload = ctx.files.get(FILE_FIELD_NAME)
    if upload is None or not upload.data:
        raise NoDataFileError("no file part named 'file' (or it is empty)")
    kind = upload.content_type.split(";")[0].strip().lower()
    if kind not in AVATAR_TYPES:
        raise InvalidDataFormatError(f"an avatar is one of {', '.join(AVATAR_TYPES)}")
    most = hard_max_file_size(ctx.world, ctx.require_user())
    if len(upload.data) > most:
        raise FileTooLargeError(f"an avatar is at most {most} bytes")
    extension = _AVATAR_EXTENSIONS.get(kind, kind.removeprefix("image/"))
    return f"{ctx.world.new_hash()[:16]}.{extension}"


def owner_zone(world: World, record: FileRecord) -> dt.tzinfo:
    """The time zone of the user owning ``record`` (UTC when there is none)."""
    owner = world.users.get(record.user_id)
    return zone(owner.time_zone) if owner is not None else dt.timezone.utc


def downloadable(world: World, file_id: int, token: str) -> FileReply:
    """The content of the uploaded file ``file_id`` whose download token is ``token``.

    Raises:
        EntityMissingError: (204) no such file, a wrong token, or nothing uploaded yet.
    """
    record = world.files.get(file_id)
    if record is None or record.token != token or record.state != "uploaded":
        raise EntityMissingError("no such file")
    return FileReply(
        content=file_content(record),
        content_type=record.mime_type or "application/octet-stream",
        filename=record.name,
    )
