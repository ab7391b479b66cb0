"""The driver journal (``driver/journal/*``): entries, their list and file, and proposals.

Entries belong to their tracker's owner; a sub-user sees those of the trackers it sees.
Proposals are worked out from the tracker's trips (:mod:`fleetapi_mock.domain.driver_journal`).
"""

from __future__ import annotations

import datetime as dt
from typing import Final

from fleetapi._errors import EntityMissingError, EntityNotFoundError
from fleetapi._types import Unset
from fleetapi.endpoints.driver_journal import (
    JOURNAL_ENTRY_CREATE,
    JOURNAL_ENTRY_DELETE,
    JOURNAL_ENTRY_DOWNLOAD,
    JOURNAL_ENTRY_LIST,
    JOURNAL_ENTRY_UPDATE,
    JOURNAL_PROPOSAL_LIST,
)
from fleetapi.models.driver_journal import (
    JOURNAL_SORT_FIELDS,
    JournalEntry,
    JournalEntryCreateParams,
    JournalEntryDeleteParams,
    JournalEntryDownloadParams,
    JournalEntryListParams,
    JournalEntryUpdateParams,
    JournalProposal,
    JournalProposalListParams,
)
from fleetapi_mock.domain import search
from fleetapi_mock.domain.context import Context, FileReply, invalid
from fleetapi_mock.domain.driver_journal import entries_of, proposals, wire_entry
from fleetapi_mock.domain.employee import visible_employee
from fleetapi_mock.domain.export import CONTENT_TYPES, Cell, Export, ExportFormat, sections
from fleetapi_mock.domain.tracker import unblocked_tracker
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import EmployeeRecord, JournalEntryRecord, convert

DEFAULT_SORT: Final = ("start_date=asc",)
"""Entries by the day they start when ``sort`` is not given."""


@handles(JOURNAL_ENTRY_CREATE)
def journal_entry_create(ctx: Context, params: JournalEntryCreateParams) -> None:
    """Store the entries, all or none: 201 for a tracker the caller may not see, 208 for a
    blocked one, 204 for a driver not the caller's, 7 for an end not after the start."""
    made = []
    for index, entry in enumerate(params.entries):
        where = f"entries[{index}]"
        tracker = unblocked_tracker(ctx, entry.tracker_id)
        if entry.employee_id is not None and visible_employee(ctx, entry.employee_id) is None:
            raise EntityMissingError(f"no employee {entry.employee_id}")
        start = ctx.request_time(entry.start_date, f"{where}.start_date")
        end = ctx.request_time(entry.end_date, f"{where}.end_date")
        if end <= start:
            raise invalid(f"{where}.end_date", "must be later than start_date")
        made.append((tracker.user_id, entry, start, end))
    for owner, entry, start, end in made:
        entry_id = ctx.world.ids.next("journal_entries")
        ctx.world.journal_entries[entry_id] = convert(
            JournalEntryRecord, entry, id=entry_id, user_id=owner, start_date=start, end_date=end
        )


def _entry(ctx: Context, entry_id: int) -> JournalEntryRecord:
    """An entry of the caller's account (204) on a tracker the caller sees (201)."""
    record = ctx.owned_get(ctx.world.journal_entries, entry_id)
    if record is None:
        raise EntityMissingError(f"no journal entry {entry_id}")
    if ctx.visible_tracker(record.tracker_id) is None:
        raise EntityNotFoundError(f"no tracker {record.tracker_id}")
    return record


@handles(JOURNAL_ENTRY_UPDATE)
def journal_entry_update(ctx: Context, params: JournalEntryUpdateParams) -> None:
    """Change an entry's type and comment (the rest is kept)."""
    change = params.entry
    record = _entry(ctx, change.id)
    ctx.world.journal_entries.change(record.id, type=change.type, comment=change.comment)


@handles(JOURNAL_ENTRY_DELETE)
def journal_entry_delete(ctx: Context, params: JournalEntryDeleteParams) -> None:
    """Delete the entries named that the caller sees; others are skipped."""
    for entry_id in dict.fromkeys(params.entry_ids):
        try:
            record = _entry(ctx, entry_id)
        except (EntityMissingError, EntityNotFoundError):
            continue
        del ctx.world.journal_entries[record.id]


def _driver_name(employee: EmployeeRecord | None, *, shown: bool = False) -> str | None:
    """An employee's names: last, first and middle (to sort by), or as shown (first, middle
    and last)."""
    if employee is None:
        return None
    names = [employee.last_name, employee.first_name, employee.middle_name]
    if shown:
        names = names[1:] + names[:1]
    return " ".join(n for n in names if n) or None


def _fields(ctx: Context) -> dict[str, search.Field[JournalEntryRecord]]:
    """The sort fields of entries (the days in the caller's time zone)."""
    world = ctx.world

    def driver(entry: JournalEntryRecord) -> str | None:
        found = world.employees.get(entry.employee_id) if entry.employee_id else None
        return _driver_name(found)

    fields: dict[str, search.Field[JournalEntryRecord]] = {
        "start_date": search.Field("text", lambda e: ctx.user_time(e.start_date).date()),
        "start_datetime": search.Field("datetime", lambda e: e.start_date),
        "end_date": search.Field("text", lambda e: ctx.user_time(e.end_date).date()),
        "end_datetime": search.Field("datetime", lambda e: e.end_date),
        "start_address": search.Field("text", lambda e: e.start_location.address),
        "end_address": search.Field("text", lambda e: e.end_location.address),
        "driver": search.Field("text", driver),
        "type": search.Field("text", lambda e: e.type),
    }
    assert set(fields) == JOURNAL_SORT_FIELDS
    return fields


def _find(ctx: Context, params: JournalEntryListParams) -> list[JournalEntryRecord]:
    """The entries the request finds (by IDs, or the tracker's of the period), in order."""
    named = (
        None if isinstance(params.entry_ids, Unset) or not params.entry_ids else params.entry_ids
    )
    if named is None:
        for name, value in (
            ("tracker_id", params.tracker_id),
            ("from", params.from_),
            ("to", params.to),
        ):
            if isinstance(value, Unset):
                raise invalid(name, "is required without entry_ids")
    tracker = None
    if isinstance(params.tracker_id, int):
        tracker = unblocked_tracker(ctx, params.tracker_id)
    start, end = ctx.request_period(
        params.from_ if isinstance(params.from_, dt.datetime) else None,
        params.to if isinstance(params.to, dt.datetime) else None,
    )
    fields = _fields(ctx)
    sort = list(DEFAULT_SORT) if isinstance(params.sort, Unset) or not params.sort else params.sort
    search.check_sort(sort, fields)
    if tracker is not None:
        found = entries_of(ctx, tracker.id)
    else:
        seen = ctx.visible_tracker_ids()
        found = [e for e in ctx.owned(ctx.world.journal_entries) if e.tracker_id in seen]
    if named is not None:
        wanted = set(named)
        found = [e for e in found if e.id in wanted]
    else:
        assert start is not None
        assert end is not None
        found = [e for e in found if e.end_date >= start and e.start_date <= end]
    if not isinstance(params.types, Unset) and params.types:
        types = set(params.types)
        found = [e for e in found if e.type in types]
    return search.sort_records(found, sort, fields)


@handles(JOURNAL_ENTRY_LIST)
def journal_entry_list(ctx: Context, params: JournalEntryListParams) -> list[JournalEntry]:
    """The tracker's entries of the period (or those named), sorted (by start day)."""
    return [wire_entry(ctx, e) for e in _find(ctx, params)]


EXPORT_HEADINGS: Final = (
    "Start",
    "End",
    "Type",
    "Driver",
    "From",
    "To",
    "Length, km",
    "Start odometer",
    "End odometer",
    "Comment",
)


@handles(JOURNAL_ENTRY_DOWNLOAD)
def journal_entry_download(ctx: Context, params: JournalEntryDownloadParams) -> FileReply:
    """The entries ``list`` finds as a pdf document or a workbook, with the total km, in
    sections by type or day when grouped."""
    entries = _find(ctx, params)
    world = ctx.world
    rows: list[list[Cell]] = []
    for entry in entries:
        driver = world.employees.get(entry.employee_id) if entry.employee_id else None
        rows.append(
            [
                ctx.user_time(entry.start_date).replace(tzinfo=None),
                ctx.user_time(entry.end_date).replace(tzinfo=None),
                entry.type,
                _driver_name(driver, shown=True) or "",
                entry.start_location.address,
                entry.end_location.address,
                round(entry.length, 3),
                entry.start_odometer,
                entry.end_odometer,
                entry.comment or "",
            ]
        )
    if not isinstance(params.group_by, Unset):
        keys: list[str]
        if params.group_by == "type":
            keys = [e.type for e in entries]
        else:
            keys = [ctx.user_time(e.start_date).date().isoformat() for e in entries]
        rows = sections(rows, keys, len(EXPORT_HEADINGS))
    total = round(sum(e.length for e in entries), 3)
    rows.append(["Total", None, None, None, None, None, total, None, None, None])
    now = ctx.user_time(ctx.now()).replace(tzinfo=None)
    what = [world.trackers[params.tracker_id].label] if isinstance(params.tracker_id, int) else []
    if isinstance(params.from_, dt.datetime) and isinstance(params.to, dt.datetime):
        what.append(f"{params.from_:%Y-%m-%d %H:%M} to {params.to:%Y-%m-%d %H:%M}")
    export = Export(
        title="Driver journal",
        subtitle=", ".join([*what, f"{len(entries)} entries"])
        + f"; exported {now:%Y-%m-%d %H:%M:%S}",
        headings=EXPORT_HEADINGS,
        rows=rows,
        created=now,
        widths=(20, 20, 10, 18, 30, 30, 10, 12, 12, 30),
    )
    kind: ExportFormat = "pdf" if params.format == "pdf" else "xlsx"
    return FileReply(
        content=export.render(kind),
        content_type=CONTENT_TYPES[kind],
        filename=None if params.add_filename_header is False else f"driver_journal.{params.format}",
    )


@handles(JOURNAL_PROPOSAL_LIST)
def journal_proposal_list(ctx: Context, params: JournalProposalListParams) -> list[JournalProposal]:
    """The tracker's trips of the period, ready to become entries."""
    tracker = unblocked_tracker(ctx, params.tracker_id)
    start, end = ctx.period(params.from_, params.to)
    return proposals(ctx, tracker, start, end)
