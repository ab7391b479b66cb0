"""The driver journal: a tracker's trips put in categories (entries), the trips that could
become entries (proposals), and the journal as a file."""

from __future__ import annotations

from fleetapi._endpoint import EXPORT_MEDIA_TYPES, Decision, Endpoint, Result
from fleetapi.models.driver_journal import (
    JournalEntry,
    JournalEntryCreateParams,
    JournalEntryDeleteParams,
    JournalEntryDownloadParams,
    JournalEntryListParams,
    JournalEntryUpdateParams,
    JournalProposal,
    JournalProposalListParams,
)

_TESTS = "(`tests/sdk/test_driver_journal.py`)"

JOURNAL_ENTRY_CREATE = Endpoint(
    path="driver/journal/entry/create",
    params=JournalEntryCreateParams,
    result=Result.nothing(),
    summary="Create driver journal entries: trips put in a category.",
    right="tracker_update",
    errors=(201, 204, 208),
    origin="service",
    decisions=(
        Decision(
            "`driver/journal/entry/create` checks",
            "All or none: a tracker the caller may not see is 201, a blocked one 208, a driver "
            "(`employee_id`) that is not the caller's employee 204, an `end_date` not later "
            "than `start_date` 7 naming it. Entries are kept as sent (a trip of "
            "`proposal/list` or any other); the answer holds no ID: `list` finds them "
            f"{_TESTS}.",
        ),
        Decision(
            "Rights of the driver journal calls",
            "Listing, downloading and the proposals need none; creating, updating and "
            "deleting entries need `tracker_update`. A sub-user sees the entries of the "
            "trackers it sees. Removing a tracker removes its entries.",
        ),
    ),
)
JOURNAL_ENTRY_UPDATE = Endpoint(
    path="driver/journal/entry/update",
    params=JournalEntryUpdateParams,
    result=Result.nothing(),
    summary="Change a driver journal entry's type and comment.",
    right="tracker_update",
    errors=(201, 204),
    origin="service",
    current="driver/journal/entry/list",
    decisions=(
        Decision(
            "201 and 204 of `driver/journal/entry/update`",
            "204 for an entry that is not the caller's account's; 201 for one whose tracker "
            f"the caller may not see (a sub-user's) {_TESTS}.",
        ),
    ),
)
JOURNAL_ENTRY_DELETE = Endpoint(
    path="driver/journal/entry/delete",
    params=JournalEntryDeleteParams,
    result=Result.nothing(),
    summary="Delete driver journal entries.",
    right="tracker_update",
    origin="service",
    decisions=(
        Decision(
            "`driver/journal/entry/delete` of unknown IDs",
            "Skipped, as are entries of trackers the caller may not see: no error is "
            f"documented {_TESTS}.",
        ),
    ),
)
JOURNAL_ENTRY_LIST = Endpoint(
    path="driver/journal/entry/list",
    params=JournalEntryListParams,
    result=Result.field("list", list[JournalEntry]),
    summary="List a tracker's driver journal entries of a period.",
    errors=(201, 208, 211),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "Which entries `driver/journal/entry/list` finds",
            "The tracker's entries that end at or after `from` and start at or before `to` "
            "(in the caller's time zone; `to` not later than `from` is 7, a span longer than "
            "`report.max_time_span` 211). With `entry_ids` (the documented second way), those "
            "entries whatever their time, of `tracker_id` when given: `tracker_id`, `from` "
            "and `to` are required without it (7 naming the first missing), optional with it; "
            "entries of trackers the caller may not see are left out. `types` keeps those "
            f"types. A tracker the caller may not see is 201, a blocked one 208 {_TESTS}.",
        ),
        Decision(
            "Driver journal order",
            "`start_date` and `end_date` compare the day alone (in the caller's time zone), "
            "`start_datetime` and `end_datetime` the moment, the addresses and `type` as text, "
            "`driver` the last, first and middle names (entries without a driver last); ties "
            "keep the order of IDs. Default `start_date=asc` (`tests/sdk/test_driver_journal.py`).",
        ),
    ),
)
JOURNAL_ENTRY_DOWNLOAD = Endpoint(
    path="driver/journal/entry/download",
    params=JournalEntryDownloadParams,
    result=Result.file(*EXPORT_MEDIA_TYPES.values()),
    summary="Download a tracker's driver journal of a period as a pdf document or a workbook.",
    errors=(201, 208, 211),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`driver/journal/entry/download` content",
            "The entries `list` finds with the same parameters, a row each: start, end, type, "
            "driver, from, to, km, the odometer at both ends and the comment, with the total "
            "km; `xlsx` and `xls` answer the same workbook. `group_by` puts a heading row "
            "before the entries of each type or day. The file is named "
            f"`driver_journal.<format>` unless `add_filename_header` is false {_TESTS}.",
        ),
    ),
)
JOURNAL_PROPOSAL_LIST = Endpoint(
    path="driver/journal/proposal/list",
    params=JournalProposalListParams,
    result=Result.field("list", list[JournalProposal]),
    summary="List a tracker's trips of a period that could become driver journal entries.",
    errors=(201, 208, 211),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "Driver journal proposals",
            "The trips `track/list` answers for the tracker (its default filter: no single "
            "reports, no trip shorter than its minimum), whole, that have points from `from` "
            "to `to` and up to now; a trip is divided where the tracker's last driver change "
            "(`tracker/employee/read`'s `last_change`) falls inside it. The driver is the "
            "employee that change bound, null before it; without a change recorded, the "
            "employee bound to the tracker now. Addresses are the points' (else the nearest "
            "known address), the odometer the tracker's at the first and last point, and "
            "`overlapped` is true when an entry of the tracker shares some of the trip's time "
            f"{_TESTS}.",
        ),
    ),
)

ENDPOINTS = (
    JOURNAL_ENTRY_LIST,
    JOURNAL_ENTRY_CREATE,
    JOURNAL_ENTRY_UPDATE,
    JOURNAL_ENTRY_DELETE,
    JOURNAL_ENTRY_DOWNLOAD,
    JOURNAL_PROPOSAL_LIST,
)
