"""The driver journal (``driver/journal/*``), as the service documents it.

A journal entry is a trip of a tracker put in a category (``work``, ``personal``, ``other``),
with its driver, where it started and ended, its length and the odometer at both ends.
Proposals are the trips the tracker made over a period, ready to become entries: whole trips,
divided where the tracker's driver changed, each telling whether an entry already covers part
of it (``overlapped``).
"""

from __future__ import annotations

import datetime as dt
from typing import Final, Literal

import attrs

from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.report import ReportFormat

__all__ = [
    "JOURNAL_SORT_FIELDS",
    "JournalEntry",
    "JournalEntryCreateParams",
    "JournalEntryDeleteParams",
    "JournalEntryDownloadParams",
    "JournalEntryListParams",
    "JournalEntryType",
    "JournalEntryUpdate",
    "JournalEntryUpdateParams",
    "JournalGroupBy",
    "JournalLocation",
    "JournalProposal",
    "JournalProposalListParams",
    "NewJournalEntry",
]

JournalEntryType = Literal["work", "personal", "other"]
"""The category of a trip: business, private or to be decided."""

JournalGroupBy = Literal["type", "date"]
"""How ``driver/journal/entry/download`` groups its rows: by type, or by the day of the start."""

JOURNAL_SORT_FIELDS: frozenset[str] = frozenset(
    {
        "start_date",
        "start_datetime",
        "end_date",
        "end_datetime",
        "start_address",
        "end_address",
        "driver",
        "type",
    }
)
"""Fields entries sort by: start_date and end_date (the day alone), start_datetime and
end_datetime, start_address, end_address, driver (last, first and middle name), type."""

MAX_COMMENT: Final = 1024
"""The most characters of an entry's comment."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class JournalLocation:
    """Where a trip started or ended."""

    lat: float = attrs.field(metadata=rules(minimum=-90, maximum=90))
    lng: float = attrs.field(metadata=rules(minimum=-180, maximum=180))
    address: str = attrs.field(default="", metadata=rules(max_length=1024))
    """The address (empty when unknown)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewJournalEntry:
    """A journal entry to create: a trip and its category."""

    tracker_id: int
    """A tracker of the user, not blocked."""
    start_date: dt.datetime
    end_date: dt.datetime
    """Later than ``start_date``."""
    type: JournalEntryType
    start_location: JournalLocation
    end_location: JournalLocation
    length: float = attrs.field(metadata=rules(minimum=0, maximum=1e6))
    """The trip's length, km."""
    employee_id: int | None = None
    """The driver, an employee of the user (null: none)."""
    comment: str | None = attrs.field(default=None, metadata=rules(max_length=MAX_COMMENT))
    """A comment (at most 1024 characters)."""
    start_odometer: float | None = attrs.field(default=None, metadata=rules(minimum=0, maximum=1e9))
    """The odometer at the start, km (null: unknown)."""
    end_odometer: float | None = attrs.field(default=None, metadata=rules(minimum=0, maximum=1e9))
    """The odometer at the end, km (null: unknown)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class JournalEntry(NewJournalEntry):
    """A journal entry as the API answers it."""

    id: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class JournalEntryUpdate:
    """What ``driver/journal/entry/update`` changes of an entry: its type and comment."""

    id: int
    """The entry."""
    type: JournalEntryType
    comment: str | None = attrs.field(default=None, metadata=rules(max_length=MAX_COMMENT))
    """The new comment (null or omitted: none)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class JournalProposal:
    """A trip that could become a journal entry (``driver/journal/proposal/list``)."""

    tracker_id: int
    employee_id: int | None = None
    """The driver at the trip (null: none known)."""
    start_date: dt.datetime
    end_date: dt.datetime
    start_location: JournalLocation
    end_location: JournalLocation
    length: float
    """km."""
    start_odometer: float | None = None
    end_odometer: float | None = None
    overlapped: bool
    """Whether an entry of the tracker already covers part of the trip's time."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class JournalEntryCreateParams:
    """Parameters of ``driver/journal/entry/create``."""

    entries: list[NewJournalEntry] = attrs.field(metadata=rules(min_items=1, max_items=1000))
    """The entries (all or none are created; at most 1000)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class JournalEntryUpdateParams:
    """Parameters of ``driver/journal/entry/update``."""

    entry: JournalEntryUpdate
    """The entry's ID, new type and comment."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class JournalEntryDeleteParams:
    """Parameters of ``driver/journal/entry/delete``."""

    entry_ids: list[int] = attrs.field(metadata=rules(min_items=1, max_items=1000))
    """The entries (at most 1000)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class JournalEntryListParams:
    """Parameters of ``driver/journal/entry/list``."""

    tracker_id: int | Unset = UNSET
    """A tracker of the user, not blocked (required without ``entry_ids``)."""
    from_: dt.datetime | Unset = UNSET
    """Entries ending at or after this moment (required without ``entry_ids``)."""
    to: dt.datetime | Unset = UNSET
    """Entries starting at or before this moment; later than ``from`` (required without
    ``entry_ids``)."""
    entry_ids: list[int] | Unset = attrs.field(default=UNSET, metadata=rules(max_items=1000))
    """Only these entries (of ``tracker_id`` when given), whatever the period."""
    types: list[JournalEntryType] | Unset = UNSET
    """Only entries of these types (empty: every type)."""
    sort: list[str] | Unset = attrs.field(default=UNSET, metadata=rules(max_items=10))
    """``<field>=asc|desc`` items on :data:`JOURNAL_SORT_FIELDS` (default ``start_date=asc``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class JournalEntryDownloadParams(JournalEntryListParams):
    """Parameters of ``driver/journal/entry/download``."""

    format: ReportFormat
    """``pdf``, ``xlsx`` or ``xls`` (the same workbook)."""
    add_filename_header: bool | Unset = UNSET
    """Answer a ``Content-Disposition`` header with the file's name (default true)."""
    group_by: JournalGroupBy | Unset = UNSET
    """A section per type or per day (default: one table)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class JournalProposalListParams:
    """Parameters of ``driver/journal/proposal/list``."""

    tracker_id: int
    """A tracker of the user, not blocked."""
    from_: dt.datetime
    """Trips ending at or after this moment."""
    to: dt.datetime
    """Trips starting at or before this moment; later than ``from``."""
