"""Plugins: the report kinds the mock makes, the registration plugins and the account's
features."""

from __future__ import annotations

from fleetapi._endpoint import NoParams
from fleetapi.endpoints.plugin import PLUGIN_LIST
from fleetapi.models.plugin import Plugin, PluginFilter
from fleetapi.report_plugins import BY_ID
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.report import KINDS
from fleetapi_mock.domain.tracker.device import REGISTRATION_PLUGINS
from fleetapi_mock.handlers import handles

_EVERY_MODEL = PluginFilter(exclusion=True, values=[])

_ACCOUNT_PLUGINS = {29: ("bills", "Bills"), 45: ("personal_info", "PersonalInfo")}
"""The account features a world document's ``plugins`` may grant that the mock knows."""


def _report(plugin_id: int) -> Plugin:
    name = BY_ID[plugin_id].module
    return Plugin(
        id=plugin_id,
        type="tracker_report",
        module=f"com.navixy.plugin.tracker.report.{name}",
        ui_module="".join(part.title() for part in name.split("_")),
        filter=_EVERY_MODEL,
    )


def _feature(plugin_id: int) -> Plugin:
    name, ui_module = _ACCOUNT_PLUGINS[plugin_id]
    return Plugin(
        id=plugin_id,
        type="user",
        module=f"com.navixy.plugin.user.{name}",
        ui_module=ui_module,
        filter=_EVERY_MODEL,
    )


@handles(PLUGIN_LIST)
def plugin_list(ctx: Context, params: NoParams) -> list[Plugin]:
    """The report plugins, the registration plugins, then the account's known features, each
    kind by ID."""
    features = sorted({p for p in ctx.account.plugins if p in _ACCOUNT_PLUGINS})
    registering = [REGISTRATION_PLUGINS[p].wire() for p in sorted(REGISTRATION_PLUGINS)]
    return [*map(_report, sorted(KINDS)), *registering, *map(_feature, features)]
