"""The account's file storage as a whole."""

from __future__ import annotations

from fleetapi._endpoint import NoParams
from fleetapi.endpoints.file import FILE_STATS_READ
from fleetapi.models.files import FileStats
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.file import storage_stats
from fleetapi_mock.handlers import handles


@handles(FILE_STATS_READ)
def file_stats_read(ctx: Context, params: NoParams) -> FileStats:
    """The account's stored files, their bytes and its quota."""
    return storage_stats(ctx.world, ctx.require_user())
