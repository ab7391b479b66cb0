"""Rules: the ``tracker/rule/*`` calls of the service's documentation."""

from __future__ import annotations

from fleetapi._endpoint import Endpoint, Result
from fleetapi.models.rule import (
    Rule,
    RuleBindParams,
    RuleCreateParams,
    RuleDeleteParams,
    RuleListParams,
    RuleUpdateParams,
)

_CONTENT = (
    "Each tracker must be one the caller may see and each zone the account's (204). An "
    "`inoutzone` or `route` rule needs at least one zone (a `route` rule sausage zones), an "
    "`offline` rule none, a `speedup` or `input_change` rule its `param` (7). An empty "
    "string stands for `param` or `suspended` left out, as the documented example sends."
)
_EVENTS = (
    "As positions arrive, the mock makes the events of `inoutzone` (`inzone`, `outzone`), "
    "`speedup`, `track_change` (`track_end`, `track_start`) and `input_change` rules, with "
    "the rule's texts, and `task_status_change` rules record each status a task of a bound "
    "tracker reached when events are next read; rules of the other types are kept and "
    "listed."
)

TRACKER_RULE_LIST = Endpoint(
    path="tracker/rule/list",
    params=RuleListParams,
    result=Result.field("list", list[Rule]),
    summary="List the account's rules, or those bound to a tracker.",
    errors=(201,),
    safe=True,
    origin="service",
    notes=(
        f"By ID. A rule lists the trackers bound to it that the caller may see. 201 for a "
        f"`tracker_id` the caller cannot see. {_EVENTS}"
    ),
)
TRACKER_RULE_CREATE = Endpoint(
    path="tracker/rule/create",
    params=RuleCreateParams,
    result=Result.field("id", int),
    summary="Create a rule and get its ID.",
    right="tracker_rule_update",
    errors=(7, 204),
    origin="service",
    notes=_CONTENT,
)
TRACKER_RULE_UPDATE = Endpoint(
    path="tracker/rule/update",
    params=RuleUpdateParams,
    result=Result.nothing(),
    summary="Replace a rule, named by its `id`.",
    right="tracker_rule_update",
    errors=(7, 201, 204),
    origin="service",
    notes=(
        "201 for a rule that is not the account's. A sub-user's update keeps the trackers "
        f"it cannot see bound. {_CONTENT}"
    ),
    current="tracker/rule/list",
)
TRACKER_RULE_DELETE = Endpoint(
    path="tracker/rule/delete",
    params=RuleDeleteParams,
    result=Result.nothing(),
    summary="Delete a rule; its events stay.",
    right="tracker_rule_update",
    errors=(201,),
    origin="service",
    notes="201 for a rule that is not the account's. The events it made stay in the history.",
)
TRACKER_RULE_BIND = Endpoint(
    path="tracker/rule/bind",
    params=RuleBindParams,
    result=Result.nothing(),
    summary="Bind trackers to a rule.",
    right="tracker_rule_update",
    errors=(201,),
    origin="service",
    notes=(
        "201 for a rule that is not the account's. Trackers the caller cannot see are "
        "ignored, as documented; a tracker already bound stays once."
    ),
)
TRACKER_RULE_UNBIND = Endpoint(
    path="tracker/rule/unbind",
    params=RuleBindParams,
    result=Result.nothing(),
    summary="Unbind trackers from a rule.",
    right="tracker_rule_update",
    errors=(201,),
    origin="service",
    notes=(
        "201 for a rule that is not the account's. Trackers the caller cannot see, or not "
        "bound, are ignored, as documented."
    ),
)

ENDPOINTS = (
    TRACKER_RULE_LIST,
    TRACKER_RULE_CREATE,
    TRACKER_RULE_UPDATE,
    TRACKER_RULE_DELETE,
    TRACKER_RULE_BIND,
    TRACKER_RULE_UNBIND,
)
