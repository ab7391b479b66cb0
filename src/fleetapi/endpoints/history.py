"""Events (history entries): the calls of the service's documentation (``origin="service"``)."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Result
from fleetapi.models.history import (
    MAX_HISTORY_LIMIT,
    EventType,
    HistoryAssetCount,
    HistoryAssetCountParams,
    HistoryAssetList,
    HistoryAssetListParams,
    HistoryEntry,
    HistoryMarkReadParams,
    HistoryReadParams,
    HistoryTrackerList,
    HistoryTrackerListParams,
    HistoryTypeListParams,
    HistoryUnreadCountParams,
    HistoryUnreadListParams,
    HistoryUserListParams,
)

_SEEN = "A user sees the events of the trackers it may see; read and unread are each user's own."

HISTORY_TYPE_LIST = Endpoint(
    path="history/type/list",
    params=HistoryTypeListParams,
    result=Result.field("list", list[EventType]),
    summary="List the event types and their descriptions.",
    safe=True,
    origin="service",
    notes="The types the mock's events take, described in English whatever the `locale`.",
)
HISTORY_TRACKER_LIST = Endpoint(
    path="history/tracker/list",
    params=HistoryTrackerListParams,
    result=Result.body(HistoryTrackerList),
    summary="List the events of trackers over a period, with their counts.",
    errors=(211, 212, 217),
    safe=True,
    origin="service",
    notes=(
        f"{_SEEN} Sorted by time (ties by ID), oldest first unless `ascending` is false; "
        f"`limit` (at most {MAX_HISTORY_LIMIT}, 212 beyond) cuts the list, `total` and "
        "`total_unread` count every match. 217 names every tracker the caller cannot see or "
        "that is blocked."
    ),
    decisions=(
        Decision(
            "`add_tracker_label`",
            "Puts `<tracker label>: ` before the message (default true for "
            "`history/tracker/list`, false for `history/read`); a message is cut at 256 "
            "characters.",
        ),
    ),
)
HISTORY_USER_LIST = Endpoint(
    path="history/user/list",
    params=HistoryUserListParams,
    result=Result.body(HistoryTrackerList),
    summary="List the events of every tracker the user sees over a period, with their counts.",
    errors=(211, 212),
    safe=True,
    origin="service",
    notes=f"{_SEEN} `limit` at most {MAX_HISTORY_LIMIT} (212 beyond).",
    decisions=(
        Decision(
            "`history/user/list`",
            "The events of every tracker the caller may see, blocked ones included (their "
            "events stay in the history), filtered, sorted and counted as "
            "`history/tracker/list` does.",
        ),
    ),
)
HISTORY_UNREAD_LIST = Endpoint(
    path="history/unread/list",
    params=HistoryUnreadListParams,
    result=Result.field("list", list[HistoryEntry]),
    summary="List the user's latest unread events.",
    errors=(212,),
    safe=True,
    origin="service",
    notes=f"{_SEEN} Newest first, from `from` (a year ago by default), at most `limit`.",
)
HISTORY_UNREAD_COUNT = Endpoint(
    path="history/unread/count",
    params=HistoryUnreadCountParams,
    result=Result.field("count", int),
    summary="Count the user's unread events.",
    safe=True,
    origin="service",
    notes=f"{_SEEN} From `from` (a year ago by default).",
)
HISTORY_READ = Endpoint(
    path="history/read",
    params=HistoryReadParams,
    result=Result.field("value", HistoryEntry),
    summary="Read one event.",
    errors=(201,),
    safe=True,
    origin="service",
    notes=f"{_SEEN} 201 for one the caller cannot see.",
)
HISTORY_MARK_READ = Endpoint(
    path="history/mark_read",
    params=HistoryMarkReadParams,
    result=Result.nothing(),
    summary="Mark one event read.",
    errors=(201,),
    origin="service",
    notes=(
        "For the caller only. 201 for an event the caller cannot see or has read already "
        "(the documentation: no unread entry with that ID)."
    ),
    decisions=(
        Decision(
            "Retrying `history/mark_read`",
            "Not retried after a lost answer: the repeat would answer 201 (read already) "
            "though the first did the work. `history/mark_read_all` is retried: a repeat "
            "changes nothing more and answers the same.",
        ),
    ),
)
HISTORY_MARK_READ_ALL = Endpoint(
    path="history/mark_read_all",
    params=NoParams,
    result=Result.nothing(),
    summary="Mark every event of the user read.",
    safe=True,
    origin="service",
)
HISTORY_ASSET_LIST = Endpoint(
    path="history/asset/list",
    params=HistoryAssetListParams,
    result=Result.body(HistoryAssetList),
    summary="List the events of the trackers of vehicles and employees over a period.",
    errors=(201, 211, 212),
    safe=True,
    origin="service",
    notes=(
        f"{_SEEN} 201 names an asset that is not the account's. Sorted by time (ties by ID), "
        f"oldest first unless `ascending` is false; at most `limit` ({MAX_HISTORY_LIMIT}, the "
        "default; 212 beyond)."
    ),
    decisions=(
        Decision(
            "The assets of `history/asset/list` and `count`",
            "An asset is a vehicle or an employee of the account with a tracker the caller "
            "sees; one without a tracker adds no event. Without `assets`, every asset of the "
            "`asset_types` (both by default). An asset's label is the label of the vehicle "
            "carrying the tracker, else the full name of the employee bound to it; "
            "`limit_exceeded` is true when more events matched than `limit`, as in "
            "`history/tracker/list` (`tests/sdk/test_history_asset.py`).",
        ),
    ),
)
HISTORY_ASSET_COUNT = Endpoint(
    path="history/asset/count",
    params=HistoryAssetCountParams,
    result=Result.body(HistoryAssetCount),
    summary="Count the events, and the unread ones, of the trackers of vehicles and employees.",
    errors=(201, 211),
    safe=True,
    origin="service",
    notes=f"{_SEEN} Filtered as `history/asset/list` filters them.",
)

ENDPOINTS = (
    HISTORY_TYPE_LIST,
    HISTORY_TRACKER_LIST,
    HISTORY_USER_LIST,
    HISTORY_UNREAD_LIST,
    HISTORY_UNREAD_COUNT,
    HISTORY_READ,
    HISTORY_MARK_READ,
    HISTORY_MARK_READ_ALL,
    HISTORY_ASSET_LIST,
    HISTORY_ASSET_COUNT,
)
