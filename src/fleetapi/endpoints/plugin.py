"""Plugins: the report kinds and account features open to a user."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, NoParams, Result
from fleetapi.models.plugin import Plugin

PLUGIN_LIST = Endpoint(
    path="plugin/list",
    params=NoParams,
    result=Result.field("list", list[Plugin]),
    summary="List the plugins available to the user (report kinds, account features).",
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "The plugins of `plugin/list`",
            "The report plugins the mock generates (`report/tracker/generate` takes no "
            "other), for every device model, the registration plugins `tracker/register` "
            "takes (44 and 37 for devices, 35 and 68 for the mobile app: see its decisions), "
            "and the account features its world document "
            "grants in the master user's `plugins` (29: bills) that the mock knows; a "
            "sub-user sees its master's (`tests/sdk/test_plugin.py`).",
        ),
    ),
)

ENDPOINTS = (PLUGIN_LIST,)
