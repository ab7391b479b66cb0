"""Reading the check-ins of the window with their files and forms, and the files of the
window's task forms.

A file is kept as the world keeps one (``FileRecord``): the API's fields (its
``download_url`` left out: a world makes its own), where it belongs (its check-in, or the form
field it was reserved for), a token drawn from the world's random source for the addresses the
world hands out, and no content: no reading call answers a file's bytes (a download address is
the storage's, not a call), so the world's copy downloads empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

from fleetapi_mock.domain.file import UPLOAD_LIFETIME
from fleetapi_mock.snapshot.shaping import Taking, pages, structure, utc
from fleetapi_mock.state.records import CheckinRecord, FileRecord, FormRecord

__all__ = ["CALLS", "read_checkins", "read_task_files"]

CALLS: Final = ("checkin/list", "form/read", "task/form/read")
"""The calls this module makes."""


def read_checkins(taking: Taking, window: Mapping[str, str]) -> None:
    """The check-ins of the window (of every tracker that may have some), each with its files
    and the form sent with it (``form/read``: the form and the files its values name)."""
    client, world, account, zone = taking.client, taking.world, taking.account, taking.zone
    for row in pages(client, "checkin/list", window):
        checkin = structure({**row, "user_id": account}, CheckinRecord)
        world.checkins[row["id"]] = utc(checkin, zone)
        for found in row.get("files") or []:
            _keep_file(taking, found, checkin_id=row["id"])
        if row.get("form_id") is not None:
            answer = client.request("form/read", {"id": row["form_id"]})
            form = {**answer["value"], "user_id": account, "checkin_id": None}  # answered
            world.forms[row["form_id"]] = utc(structure(form, FormRecord), zone)
            for found in answer.get("files") or []:
                _keep_file(taking, found)
        taking.tell("checkins", len(world.checkins))
    taking.finish("checkins", len(world.checkins))


def read_task_files(taking: Taking) -> None:
    """The files reserved for the fields of each task form read (``task/form/read``),
    submitted or not."""
    tasks = [f.task_id for f in taking.world.forms.values() if f.task_id is not None]
    for done, task_id in enumerate(tasks):
        taking.tell("files", len(taking.world.files), done=done, total=len(tasks))
        answer = taking.client.request("task/form/read", {"task_id": task_id})
        for found in answer.get("files") or []:
            _keep_file(taking, found)
    taking.finish("files", len(taking.world.files))


def _keep_file(taking: Taking, row: Mapping[str, Any], *, checkin_id: int | None = None) -> None:
    """A file as a check-in or a form answers it, as the world keeps it."""
    binding = (row.get("bindings") or {}).get("form_field") or {}
    where = {
        "checkin_id": checkin_id,
        "form_id": binding.get("form_id"),
        "field_id": binding.get("field_id"),
        "submitted": checkin_id is not None or bool(binding.get("submitted")),
    }
    token = f"{taking.world.random.getrandbits(128):032x}"
    data = {**row, **where, "download_url": None, "max_size": row["size"], "token": token,
            "expires": row["created"], "user_id": taking.account}  # fmt: skip
    record: FileRecord = utc(structure(data, FileRecord), taking.zone)
    # the upload's end is not told: an hour after the reservation, as the world's own
    record = attrs.evolve(record, expires=record.created + UPLOAD_LIFETIME)
    taking.world.files[record.id] = record
