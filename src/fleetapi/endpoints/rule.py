"""Rules: the ``tracker/rule/*`` calls of the service's documentation."""

from __future__ import annotations

from fleetapi._endpoint import Decision, Endpoint, Result
from fleetapi.models.rule import (
    Rule,
    RuleBindParams,
    RuleCreateParams,
    RuleDeleteParams,
    RuleListParams,
    RuleUpdateParams,
)

_EMPTY = (
    "An empty string stands for `param` or `suspended` left out, as the documented example sends."
)
_EVENTS = (
    "As positions arrive, the mock makes the events of `inoutzone` (`inzone`, `outzone`), "
    "`speedup`, `track_change` (`track_end`, `track_start`) and `input_change` rules, with "
    "the rule's texts, `task_status_change` rules record each status a task of a bound "
    "tracker reached when events are next read, and `work_status_change` rules each working "
    "status `status/tracker/assign` gives a bound tracker; rules of the other types are kept "
    "and listed."
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
        "By ID. A rule lists the trackers and zones bound to it that the caller may see. 201 "
        f"for a `tracker_id` the caller cannot see. {_EVENTS}"
    ),
    decisions=(
        Decision(
            "`schedule`, `param`, `zone_id` in answers",
            "Each window of a schedule gets an `interval_id` when stored (after the largest in "
            "the world) unless it has one; a rule without a schedule answers `[]`. `param` is 0 "
            "and `suspended` false when never given. `zone_id` (shown by the documented list) "
            "is the first of `zone_ids`, 0 without.",
        ),
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
    notes=_EMPTY,
    decisions=(
        Decision(
            "What a rule needs",
            "Its trackers must be ones the caller may see and its zones the account's (204, "
            "the code documented for a missing zone). `inoutzone` and `route` need a zone "
            "(`route`: sausage zones), `offline` takes none, as documented; `speedup` and "
            "`input_change` need their `param` (7). Trackers are kept once each. `bind` and "
            "`unbind` ignore trackers the caller cannot see, as documented.",
        ),
    ),
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
        "The rule is checked as `tracker/rule/create` checks a new one. A sub-user's update "
        f"keeps the trackers and zones it cannot see bound. {_EMPTY}"
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
    notes="The events it made stay in the history.",
)
TRACKER_RULE_BIND = Endpoint(
    path="tracker/rule/bind",
    params=RuleBindParams,
    result=Result.nothing(),
    summary="Bind trackers to a rule.",
    right="tracker_rule_update",
    errors=(201,),
    origin="service",
)
TRACKER_RULE_UNBIND = Endpoint(
    path="tracker/rule/unbind",
    params=RuleBindParams,
    result=Result.nothing(),
    summary="Unbind trackers from a rule.",
    right="tracker_rule_update",
    errors=(201,),
    origin="service",
    notes="Trackers that are not bound are ignored, as documented.",
)

ENDPOINTS = (
    TRACKER_RULE_LIST,
    TRACKER_RULE_CREATE,
    TRACKER_RULE_UPDATE,
    TRACKER_RULE_DELETE,
    TRACKER_RULE_BIND,
    TRACKER_RULE_UNBIND,
)
