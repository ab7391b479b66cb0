"""Records of an account's business with the service: spreadsheets and imports, bills,
transactions, subscriptions, geo links, retranslators (and the trackers bound to them) and map
layers."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

import attrs

from fleetapi._rules import rules
from fleetapi.models.data import ImportLineError, ImportType
from fleetapi.models.link import GeoLink
from fleetapi.models.map_layer import MapLayer
from fleetapi.models.payment import Bill, ExternalSubscription
from fleetapi.models.report import ReportPlugin, ReportSheet, TimeFilter
from fleetapi.models.retranslator import Retranslator, TrackerRetranslator
from fleetapi.models.transaction import Transaction

__all__ = [
    "BillRecord",
    "DataFileFormat",
    "DataFileRecord",
    "GeoLinkRecord",
    "ImportProcessRecord",
    "ImportRow",
    "MapLayerRecord",
    "ReportRecord",
    "RetranslatorBindingRecord",
    "RetranslatorRecord",
    "SubscriptionRecord",
    "TransactionRecord",
]


DataFileFormat = Literal["xlsx", "xls", "csv"]


@attrs.frozen(kw_only=True, weakref_slot=False)
class DataFileRecord:
    """A spreadsheet stored by ``data/spreadsheet/parse``, for a later import to read.

    The upload's first sheet is kept as text cells: ``header`` (the first row, when the upload
    asked ``parse_header``) and ``rows`` (the data rows after it). Blank rows are dropped and
    trailing empty cells trimmed. Look one up for the caller's account with
    ``ctx.owned_one(ctx.world.data_files, file_id, "data file")``.
    """

    id: str
    """The ``file_id`` answered by ``data/spreadsheet/parse``."""
    user_id: int
    """The master user of the account that uploaded it."""
    filename: str
    format: DataFileFormat
    uploaded: dt.datetime
    header: list[str] | None = None
    """The header row as written in the file; null when the upload did not parse a header."""
    header_map: dict[str, str] = attrs.Factory(dict)
    """Column name to field identifier (``{"Label": "label"}``), as the upload gave it."""
    rows: list[list[str]] = attrs.Factory(list)
    """The data rows (after the header), each a list of cell texts."""

    @property
    def fields(self) -> list[str] | None:
        """The header with each column named by its ``header_map`` identifier when it has one
        (matched ignoring case and surrounding spaces); null without a header."""
        if self.header is None:
            return None
        mapping = {k.strip().casefold(): v for k, v in self.header_map.items()}
        return [mapping.get(name.strip().casefold(), name) for name in self.header]


@attrs.frozen(kw_only=True, weakref_slot=False)
class ImportRow:
    """A line of an import process's file: its cells as read and what it makes."""

    line: int = attrs.field(metadata=rules(minimum=1))
    """Its number among the file's data lines (the first after the header is 1)."""
    cells: list[str] = attrs.Factory(list)
    entity: dict[str, Any] | None = None
    """The employee or vehicle it makes, as ``employee/create`` or ``vehicle/create`` would
    take it; null for a line with errors (listed in the process's ``errors``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ImportProcessRecord:
    """A background import of vehicles or employees, moved by the world clock.

    The process waits ``created`` until ``created + start_delay``, then works through
    ``lines`` lines at ``lines_per_minute`` (``in_progress``) and ends ``done``; with
    ``fails_at_line`` it ends ``failed`` when it reaches that line. A line listed in ``errors``
    is not imported (it counts as failed); ``warnings`` are imported with a remark. Both count
    once the process has passed their line.
    """

    id: int
    user_id: int
    """The master user of the account."""
    type: ImportType
    filename: str
    """The preloaded TSV file the process reads."""
    headers: list[str] = attrs.Factory(list)
    """The field identifiers of the file's columns (``params.headers``)."""
    created: dt.datetime
    lines: int = attrs.field(default=0, metadata=rules(minimum=0))
    """Data lines in the file."""
    start_delay: dt.timedelta = dt.timedelta(minutes=1)
    lines_per_minute: int = attrs.field(default=60, metadata=rules(minimum=1))
    fails_at_line: int | None = attrs.field(default=None, metadata=rules(minimum=1))
    """The line at which the process fails (a broken file); null when it does not."""
    warnings: list[ImportLineError] = attrs.Factory(list)
    errors: list[ImportLineError] = attrs.Factory(list)
    started_by: int | None = None
    """The user who started it (``employee/import/start``, ``vehicle/import/start``), whose
    sight its lines are checked in; null: the master user."""
    user_headers: list[str] = attrs.Factory(list)
    """The columns' names as the user sees them, as the start gave them."""
    columns: list[str] = attrs.Factory(list)
    """The header line of the file of failed lines (``download_failed``)."""
    rows: list[ImportRow] = attrs.Factory(list)
    """The lines still to import and the lines that failed: a line leaves once the process
    made its entity. A process without rows imports nothing."""
    settled: int = attrs.field(default=0, metadata=rules(minimum=0))
    """The lines already imported or failed (each made when the world is next touched after
    the process passed it)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class ReportRecord:
    """A tracker report: what was asked, when it is ready, and its content, made from the data
    of its period when it was asked for (sheets with date/times as the user saw them)."""

    id: int
    user_id: int
    """The user who asked for it (a sub-user's reports are its own)."""
    created: dt.datetime
    ready: dt.datetime
    """When its generation ends (world time); ``status`` counts the percent up to it."""
    title: str
    from_: dt.datetime
    to: dt.datetime
    """The period (world time)."""
    time_filter: TimeFilter
    geocoder: str | None = None
    trackers: list[int] = attrs.Factory(list)
    plugin: ReportPlugin
    locale: str = "en_US"
    time_zone: str = "UTC"
    measurement_system: str = "metric"
    sheets: list[ReportSheet] = attrs.Factory(list)


@attrs.frozen(kw_only=True, weakref_slot=False)
class BillRecord(Bill):
    """A bill as the world keeps it: the API's bill and its owner.

    ``created`` is UTC, like every world date/time. Bills change status only outside the API
    (a payment settles one): set ``status`` in a world document or a test.
    """

    user_id: int
    """The master user of the account."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class TransactionRecord(Transaction):
    """A billing transaction as the world keeps it: the API's transaction (``timestamp`` in
    UTC) and its ID. Its ``user_id`` is the account's master user, who owns it."""

    id: int
    """The transaction, in the order they were made."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SubscriptionRecord(ExternalSubscription):
    """An external (Avangate) subscription as the world keeps it: the API's subscription and
    its owner. ``expiration_date`` (the next renewal) is UTC."""

    user_id: int
    """The master user of the account."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class GeoLinkRecord(GeoLink):
    """A geo link as the world keeps it: the API's :class:`~fleetapi.models.link.GeoLink` and
    its owner.

    The date/times (``create_date``, ``lifetime``) are UTC like every record's; ``status`` is
    never stored (it is derived from the clock when listing).
    """

    user_id: int
    """The master user owning the link (its creator may be a sub-user of that account)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RetranslatorRecord(Retranslator):
    """A retranslator as the world keeps it: the API's
    :class:`~fleetapi.models.retranslator.Retranslator` and its owner."""

    user_id: int
    """The master user owning the retranslator."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class RetranslatorBindingRecord(TrackerRetranslator):
    """A tracker bound to a retranslator of its account (``tracker/retranslator/bind``): the
    API's binding and its tracker."""

    id: int
    tracker_id: int


@attrs.frozen(kw_only=True, weakref_slot=False)
class MapLayerRecord(MapLayer):
    """A map layer as the world keeps it: the API's :class:`~fleetapi.models.map_layer.MapLayer`,
    its owner and its KML body."""

    user_id: int
    """The master user owning the layer."""
    kml: str = attrs.field(repr=False)
    """The layer's body: a KML document (UTF-8 text)."""
