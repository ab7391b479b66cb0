"""The file routes of the mock: ``/__mock__/files/upload/<id>`` and the downloads.

Upload tickets (``checkin/image/create``, ``checkin/form/file/create``) point here; the rules
of what an upload may hold are :mod:`fleetapi_mock.domain.file`'s, this module reads the
multipart body and answers over HTTP.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fleetapi._converter import converter_for
from fleetapi._errors import EntityNotFoundError, WrongRequestFormatError
from fleetapi_mock.domain.context import UploadedFile, local_time
from fleetapi_mock.domain.file import (
    FILE_FIELD_NAME,
    accept_upload,
    downloadable,
    owner_zone,
    wire_stored_file,
)
from fleetapi_mock.state.bounds import decimal_id
from fleetapi_mock.state.world import World
from fleetapi_mock.web.wire import Response, file_response, json_response, multipart_parts

__all__ = ["handle_route"]


def handle_route(
    world: World,
    method: str,
    segments: Sequence[str],
    headers: Mapping[str, str],
    body: bytes,
    *,
    base_url: str,
) -> Response:
    """Answer ``/__mock__/files/...``: ``upload/<file_id>`` (POST) and
    ``<file_id>/<token>/<name>`` (GET, the download; the name is only for people)."""
    if len(segments) == 2 and segments[0] == "upload":
        if method != "POST":
            raise WrongRequestFormatError("uploads are POST multipart/form-data")
        return _upload(world, _file_id(segments[1]), headers, body, base_url)
    if len(segments) >= 3 and method in ("GET", "HEAD"):  # the name may hold slashes
        with world.lock:
            return file_response(downloadable(world, _file_id(segments[0]), segments[1]))
    raise WrongRequestFormatError("unknown file route")


def _file_id(text: str) -> int:
    found = decimal_id(text)
    if found is None:
        raise EntityNotFoundError("no such file")
    return found


def _upload(
    world: World, file_id: int, headers: Mapping[str, str], body: bytes, base_url: str
) -> Response:
    content_type = headers.get("content-type", "")
    if content_type.split(";", 1)[0].strip().lower() != "multipart/form-data":
        raise WrongRequestFormatError("an upload is a multipart/form-data body")
    parts = multipart_parts(content_type, body)
    fields: dict[str, str] = {}
    upload: UploadedFile | None = None
    for name, value in parts:
        if isinstance(value, UploadedFile):
            if name == FILE_FIELD_NAME:
                upload = value
                break  # the file part comes last: what follows is not read
        else:
            fields.setdefault(name, value)
    with world.lock:
        record = accept_upload(world, file_id, fields, upload)
        tz = owner_zone(world, record)
        wired = wire_stored_file(record, world, base_url, lambda t: local_time(t, tz))
        value = converter_for().unstructure(wired)
    return json_response(200, {"success": True, "value": value})
