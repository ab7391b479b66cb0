"""Sub-users and their security groups (``subuser/*``).

A sub-user is a user of a master user's account who sees the trackers bound to it (and what
goes with them) and may make the calls its security group's rights allow; ``admin`` (managing
sub-users) is the master user's alone.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, Literal

import attrs

from fleetapi._deprecation import moved_models
from fleetapi._rules import rules
from fleetapi._types import UNSET, Unset
from fleetapi.models.common import LegalType

__all__ = [
    "RIGHTS",
    "NewSecurityGroup",
    "NewSubUser",
    "SecurityGroup",
    "SecurityGroupAssignParams",
    "SecurityGroupCreateParams",
    "SecurityGroupDeleteParams",
    "SecurityGroupPrivileges",
    "SecurityGroupUpdateParams",
    "SubUser",
    "SubUserAccess",
    "SubUserChange",
    "SubUserDeleteParams",
    "SubUserGeoListParams",
    "SubUserParams",
    "SubUserPlacesBindParams",
    "SubUserPlacesParams",
    "SubUserRegisterParams",
    "SubUserRight",
    "SubUserTrackersParams",
    "SubUserUpdateParams",
    "SubUserZonesBindParams",
    "SubUserZonesParams",
]

SubUserRight = Literal[
    "tracker_update",
    "tracker_configure",
    "tracker_set_output",
    "tracker_register",
    "tracker_rule_update",
    "tag_update",
    "task_update",
    "form_template_update",
    "zone_update",
    "place_update",
    "places_custom_fields_update",
    "employee_update",
    "vehicle_update",
    "video_monitoring",
    "payment_create",
    "reports",
    "weblocator_session_create",
    "delivery_session_create",
    "checkin_update",
    "completed_form_update",
]
"""A right a security group grants (``admin`` is the master user's alone);
``completed_form_update`` (changing the form of a completed task) is named by the task form
calls."""

RIGHTS: tuple[str, ...] = SubUserRight.__args__  # type: ignore[attr-defined]
"""Every right a security group may grant, in the documentation's order."""

_STORE_PERIOD = r"^[0-9]{1,4}[hdmy]$"
"""A legacy duration: a number of hours, days, months or years (``2h``, ``3d``, ``5m``, ``1y``)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SecurityGroupPrivileges:
    """What a security group allows its sub-users."""

    rights: list[SubUserRight] = attrs.field(metadata=rules(max_items=len(RIGHTS)))
    """The rights granted; an empty list grants none (read calls need none)."""
    store_period: str | Unset = attrs.field(default=UNSET, metadata=rules(pattern=_STORE_PERIOD))
    """How far back the sub-users may see history: ``2h``, ``3d``, ``5m`` (months), ``1y``."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewSecurityGroup:
    """A security group without its ID: the ``group`` of ``subuser/security_group/create``."""

    label: str = attrs.field(metadata=rules(not_blank=True, printable=True, max_length=100))
    """The group's name."""
    privileges: SecurityGroupPrivileges
    """The rights of its sub-users and how far back they see history."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SecurityGroup(NewSecurityGroup):
    """A security group of the account: a label and the privileges of its sub-users."""

    id: int
    """The group."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SecurityGroupCreateParams:
    """Parameters of ``subuser/security_group/create``."""

    group: NewSecurityGroup
    """The new group: its label and privileges."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SecurityGroupUpdateParams:
    """Parameters of ``subuser/security_group/update``."""

    group: SecurityGroup
    """The group with its ID and its label and privileges as they should be."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SecurityGroupDeleteParams:
    """Parameters of ``subuser/security_group/delete``: the group, by either name the
    documentation gives its ID (its table says ``security_group_id``, its example ``id``)."""

    security_group_id: int | Unset = UNSET
    """The group, as the documentation's table names it."""
    id: int | Unset = UNSET
    """The group, as the documentation's example names it."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SecurityGroupAssignParams:
    """Parameters of ``subuser/security_group/assign``."""

    group_id: int | None
    """The group, or null for the default group (no rights)."""
    subuser_ids: list[int] = attrs.field(metadata=rules(min_items=1, max_items=10_000))
    """Sub-users of the account."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class NewSubUser:
    """A sub-user without its ID: the ``user`` of ``subuser/register``."""

    login: str = attrs.field(metadata=rules(email=True, not_blank=True, max_length=255))
    """An e-mail address, unique on the platform."""
    activated: bool = True
    """Whether the sub-user may log in."""
    first_name: str = ""
    """The sub-user's (or contact person's) first name."""
    middle_name: str = ""
    """The middle name."""
    last_name: str = ""
    """The last name."""
    legal_type: LegalType = "individual"
    """``legal_entity``, ``individual`` or ``sole_trader``."""
    phone: str = attrs.field(default="", metadata=rules(max_length=15))
    """A phone number, 10 to 15 digits."""
    post_country: str = ""
    """The postal address's country."""
    post_index: str = ""
    """The postal address's postcode."""
    post_region: str = ""
    """The postal address's region."""
    post_city: str = ""
    """The postal address's city."""
    post_street_address: str = ""
    """The postal address's street and number."""
    registered_country: str = ""
    """The registered address's country."""
    registered_index: str = ""
    """The registered address's postcode."""
    registered_region: str = ""
    """The registered address's region."""
    registered_city: str = ""
    """The registered address's city."""
    registered_street_address: str = ""
    """The registered address's street and number."""
    state_reg_num: str = attrs.field(default="", metadata=rules(max_length=15))
    """A state registration number (EIN in the USA)."""
    tin: str = ""
    """The taxpayer identification number (VATIN)."""
    legal_name: str = ""
    """The legal name of a ``legal_entity``."""
    iec: str = ""
    """The industrial enterprises classifier (KPP, in Russia) of a ``legal_entity``."""
    security_group_id: int | None = None
    """The sub-user's security group; null for the default group (no rights)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SubUserChange(NewSubUser):
    """A sub-user with its ID, every field as it should be: the ``user`` of
    ``subuser/update`` (``creation_date``, read-only, is left out)."""

    id: int
    """The sub-user."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SubUser(SubUserChange):
    """A sub-user of the account."""

    login: str
    """The login: an e-mail address for a sub-user registered through the API (a world
    document's may be any text)."""
    creation_date: dt.datetime | None = None
    """When the sub-user was registered."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SubUserRegisterParams:
    """Parameters of ``subuser/register``."""

    user: NewSubUser
    """The new sub-user, without ID."""
    password: str | int
    """6 to 20 characters (a number, as the documentation's example sends one, is read as
    its digits)."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SubUserUpdateParams:
    """Parameters of ``subuser/update``."""

    user: SubUserChange
    """The sub-user with its ID, every field as it should be."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SubUserParams:
    """Parameters naming one sub-user (``subuser/tracker/list``, ``subuser/session/create``)."""

    subuser_id: int
    """A sub-user of the account."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SubUserDeleteParams(SubUserParams):
    """Parameters of ``subuser/delete``: the sub-user goes, with its sessions."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SubUserTrackersParams(SubUserParams):
    """Parameters of ``subuser/tracker/bind`` and ``unbind``."""

    trackers: list[int] = attrs.field(metadata=rules(min_items=1, max_items=10_000))
    """Trackers of the account."""


_MAX_BOUND = 10_000
"""The most objects one call binds or unbinds."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SubUserZonesParams(SubUserParams):
    """Parameters of ``subuser/zones/unbind``."""

    zone_ids: list[int] = attrs.field(metadata=rules(max_items=_MAX_BOUND))
    """Zones of the account."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SubUserZonesBindParams(SubUserParams):
    """Parameters of ``subuser/zones/bind``: ``access_to_all``, ``zone_ids`` or both."""

    access_to_all: bool | Unset | None = UNSET
    """True: the sub-user sees every zone of the account; false: only those bound to it."""
    zone_ids: list[int] | Unset | None = attrs.field(
        default=UNSET, metadata=rules(max_items=_MAX_BOUND)
    )
    """Zones of the account to bind to the sub-user."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SubUserPlacesParams(SubUserParams):
    """Parameters of ``subuser/places/unbind``."""

    place_ids: list[int] = attrs.field(metadata=rules(max_items=_MAX_BOUND))
    """Places of the account."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SubUserPlacesBindParams(SubUserParams):
    """Parameters of ``subuser/places/bind``: ``access_to_all``, ``place_ids`` or both."""

    access_to_all: bool | Unset | None = UNSET
    """True: the sub-user sees every place of the account; false: only those bound to it."""
    place_ids: list[int] | Unset | None = attrs.field(
        default=UNSET, metadata=rules(max_items=_MAX_BOUND)
    )
    """Places of the account to bind to the sub-user."""


@attrs.frozen(kw_only=True, weakref_slot=False)
class SubUserGeoListParams(SubUserParams):
    """Parameters of ``subuser/zones/list`` and ``subuser/places/list``."""

    filter: str | Unset = attrs.field(default=UNSET, metadata=rules(max_length=1024))
    """Only those whose label holds this text (any case)."""
    tag_ids: list[int] | Unset = UNSET
    """Only those carrying every one of these tags."""
    offset: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """Skip this many first."""
    limit: int | Unset = attrs.field(default=UNSET, metadata=rules(minimum=0))
    """At most this many (a page)."""
    order: Literal["id", "label"] = "id"
    """Sort by ID or by label."""


@attrs.frozen(kw_only=True, slots=False)
class SubUserAccess:
    """What ``subuser/zones/list_ids`` and ``subuser/places/list_ids`` answer."""

    access_to_all: bool
    """Whether the sub-user sees every object of its kind in the account."""
    list: list[int]
    """The IDs of the objects bound to the sub-user."""


__getattr__: Callable[[str], Any] = moved_models(__name__)
"""The models that moved from here (:data:`fleetapi._deprecation.MOVED_MODELS`), each with
a warning."""
