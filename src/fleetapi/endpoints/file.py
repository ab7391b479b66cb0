"""The account's file storage as a whole."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, NoParams, Result
from fleetapi.models.files import FileStats

FILE_STATS_READ = Endpoint(
    path="file/stats/read",
    params=NoParams,
    result=Result.field("value", FileStats),
    summary="Read how many files the account stores, their bytes and its quota.",
    safe=True,
    origin="service",
    notes="The files of check-ins and forms, uploaded or reserved (a reservation counts its "
    "declared size until its upload; expired reservations and deleted files do not count). "
    "The quota is the platform value `file_storage.user_quota` (100 MiB by default).",
)

ENDPOINTS = (FILE_STATS_READ,)
