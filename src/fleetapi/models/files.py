"""Stored files: upload tickets and file metadata, shared by check-ins, forms and imports.

Files are uploaded in two steps. A ``.../create`` call (``checkin/image/create``,
``checkin/form/file/create``...) reserves the space and answers an :class:`UploadTicket`; the
client then POSTs ``multipart/form-data`` to ``url`` with every entry of ``fields`` as a form
field and the file part last, named ``file_field_name``, before ``expires``. ``file_id`` is the
value to store in a form field or to list in ``file_ids``.
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

import attrs

from fleetapi._types import UNSET, Unset

__all__ = ["FileMetadata", "FileState", "FileStats", "FileType", "UploadTicket"]

FileType = Literal["image", "file"]
"""What a stored file holds."""

FileState = Literal["created", "in_progress", "uploaded", "deleted"]
"""Where a stored file is in its life: reserved, uploading, uploaded or deleted."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class FileMetadata:
    """Metadata of a stored file (images only)."""

    orientation: int | Unset = UNSET
    """The image's EXIF orientation."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class UploadTicket:
    """Where and how to upload a file reserved by a ``.../create`` call."""

    file_id: int
    """The ID to store in the form field or list in ``file_ids`` once uploaded."""
    url: str
    """Where to POST the ``multipart/form-data`` upload."""
    expires: dt.datetime
    """Uploads after this time are rejected (and the reservation is dropped)."""
    file_field_name: str
    """The name of the file part, which must come last."""
    fields: dict[str, str] = attrs.field(factory=dict, repr=False)
    """Extra form fields to send with the upload (they authenticate it, e.g. a ``token``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class FileStats:
    """How much of its file storage an account uses (``file/stats/read``)."""

    file_count: int
    """The files stored (uploaded, or reserved and not yet expired)."""
    total_size: int
    """Their bytes (a reservation counts the size it declared until its upload)."""
    quota: int
    """The bytes the account's files may hold."""
