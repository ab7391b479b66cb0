"""Sub-users and security groups (``subuser/*``): the master user's management of them.

A sub-user is a :class:`~fleetapi_mock.state.records.UserRecord` with a ``master_id``; it sees
the trackers of its ``trackers`` list (every tracker of the account when the list is null), the
zones and places of :mod:`.geo`, and holds the rights of its security group
(:func:`~fleetapi_mock.domain.subuser.rights_of`). Every call here is ``master_only`` in the
table: the router answers a sub-user 13 before a handler runs.
"""

from __future__ import annotations

import attrs

from fleetapi._endpoint import NoParams
from fleetapi._errors import EntriesMismatchError, LoginInUseError
from fleetapi._types import UNSET
from fleetapi.endpoints.subuser import (
    SUBUSER_DELETE,
    SUBUSER_LIST,
    SUBUSER_REGISTER,
    SUBUSER_SECURITY_GROUP_ASSIGN,
    SUBUSER_SECURITY_GROUP_CREATE,
    SUBUSER_SECURITY_GROUP_DELETE,
    SUBUSER_SECURITY_GROUP_LIST,
    SUBUSER_SECURITY_GROUP_UPDATE,
    SUBUSER_SESSION_CREATE,
    SUBUSER_TRACKER_BIND,
    SUBUSER_TRACKER_LIST,
    SUBUSER_TRACKER_UNBIND,
    SUBUSER_UPDATE,
)
from fleetapi.models.subuser import (
    NewSubUser,
    SecurityGroup,
    SecurityGroupAssignParams,
    SecurityGroupCreateParams,
    SecurityGroupDeleteParams,
    SecurityGroupUpdateParams,
    SubUser,
    SubUserDeleteParams,
    SubUserParams,
    SubUserRegisterParams,
    SubUserTrackersParams,
    SubUserUpdateParams,
)
from fleetapi.models.user import PASSWORD_LENGTH
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.domain.subuser import subuser_of
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import (
    GeoAccess,
    SecurityGroupRecord,
    UserProfile,
    UserRecord,
    convert,
)

_PROFILE_FIELDS = tuple(
    a.name for a in attrs.fields(NewSubUser) if a.name in attrs.fields_dict(UserProfile)
)
"""The fields of a sub-user the world keeps in its user's profile."""


def _subusers(ctx: Context) -> list[UserRecord]:
    account = ctx.account.id
    return [u for u in ctx.world.users.values() if u.master_id == account]


def _check_group(ctx: Context, group_id: int | None) -> None:
    if group_id is not None:
        ctx.owned_one(ctx.world.security_groups, group_id, "security group")


def _check_login(ctx: Context, login: str, subuser_id: int | None = None) -> None:
    taken = ctx.world.user_by_login(login)
    if taken is not None and taken.id != subuser_id:
        raise LoginInUseError(f"the login {login!r} is in use")


def _wire(ctx: Context, user: UserRecord) -> SubUser:
    """A sub-user as ``subuser/list`` answers it: ``creation_date`` in the caller's time zone,
    as every date/time."""
    profile = user.profile
    created = profile.creation_date
    return SubUser(
        id=user.id,
        login=user.login,
        activated=user.activated,
        first_name=user.first_name,
        last_name=user.last_name,
        security_group_id=user.security_group_id,
        creation_date=None if created is None else ctx.user_time(created),
        **{name: getattr(profile, name) for name in _PROFILE_FIELDS},
    )


def _with_fields(user: UserRecord, fields: NewSubUser) -> UserRecord:
    """``user`` with the fields of a ``subuser/register`` or ``update`` object."""
    profile = attrs.evolve(
        user.profile, **{name: getattr(fields, name) for name in _PROFILE_FIELDS}
    )
    return attrs.evolve(
        user,
        login=fields.login,
        activated=fields.activated,
        first_name=fields.first_name,
        last_name=fields.last_name,
        security_group_id=fields.security_group_id,
        rights=[],  # a world document's own list gives way to the groups
        profile=profile,
    )


@handles(SUBUSER_LIST)
def subuser_list(ctx: Context, params: NoParams) -> list[SubUser]:
    """The account's sub-users, by ID."""
    return [_wire(ctx, u) for u in sorted(_subusers(ctx), key=lambda u: u.id)]


@handles(SUBUSER_REGISTER)
def subuser_register(ctx: Context, params: SubUserRegisterParams) -> int:
    """A new sub-user of the account, seeing no tracker, zone or place yet, in its master's
    time zone and
    language; answers its ID (201: no such group, 206: login taken, 7: bad password)."""
    password = str(params.password)
    shortest, longest = PASSWORD_LENGTH
    if not shortest <= len(password) <= longest:
        raise invalid("password", f"must be {shortest} to {longest} characters")
    _check_group(ctx, params.user.security_group_id)
    _check_login(ctx, params.user.login)
    master = ctx.account
    new_id = ctx.world.ids.next("users")
    blank = UserRecord(
        id=new_id,
        login=params.user.login,
        password=password,
        master_id=master.id,
        dealer_id=master.dealer_id,
        time_zone=master.time_zone,
        locale=master.locale,
        trackers=[],
        zones=GeoAccess(access_to_all=False),
        places=GeoAccess(access_to_all=False),
        profile=UserProfile(creation_date=ctx.now().replace(microsecond=0)),
    )
    ctx.world.users[new_id] = _with_fields(blank, params.user)
    return new_id


@handles(SUBUSER_UPDATE)
def subuser_update(ctx: Context, params: SubUserUpdateParams) -> None:
    """Replace a sub-user's fields (its password, trackers and creation date stay)."""
    user = subuser_of(ctx, params.user.id)
    _check_group(ctx, params.user.security_group_id)
    _check_login(ctx, params.user.login, user.id)
    ctx.world.users[user.id] = _with_fields(user, params.user)


@handles(SUBUSER_DELETE)
def subuser_delete(ctx: Context, params: SubUserDeleteParams) -> None:
    """Delete a sub-user: its sessions end and its own reports and report schedules go; the
    geo links it created stay the account's, credited to the master user."""
    world = ctx.world
    user = subuser_of(ctx, params.subuser_id)
    for session in [s for s in world.sessions.values() if s.user_id == user.id]:
        del world.sessions[session.hash]
    for report in [r for r in world.reports.values() if r.user_id == user.id]:
        del world.reports[report.id]
    for schedule in [r for r in world.report_schedules.values() if r.user_id == user.id]:
        del world.report_schedules[schedule.id]
    for link in [g for g in world.geo_links.values() if g.creator_id == user.id]:
        world.geo_links[link.id] = attrs.evolve(link, creator_id=user.account_id)
    del world.users[user.id]


@handles(SUBUSER_TRACKER_LIST)
def subuser_tracker_list(ctx: Context, params: SubUserParams) -> list[int]:
    """The IDs of the trackers the sub-user sees."""
    user = subuser_of(ctx, params.subuser_id)
    return [t.id for t in ctx.world.trackers_visible_to(user)]


def _account_trackers(ctx: Context, ids: list[int]) -> None:
    """262 when a tracker is not the account's."""
    strangers = [i for i in ids if ctx.owned_get(ctx.world.trackers, i) is None]
    if strangers:
        raise EntriesMismatchError(f"not trackers of the account: {strangers}")


@handles(SUBUSER_TRACKER_BIND)
def subuser_tracker_bind(ctx: Context, params: SubUserTrackersParams) -> None:
    """Add trackers to those the sub-user sees (all of them already: nothing changes)."""
    user = subuser_of(ctx, params.subuser_id)
    _account_trackers(ctx, params.trackers)
    if user.trackers is not None:
        bound = list(dict.fromkeys([*user.trackers, *params.trackers]))
        ctx.world.users[user.id] = attrs.evolve(user, trackers=bound)


@handles(SUBUSER_TRACKER_UNBIND)
def subuser_tracker_unbind(ctx: Context, params: SubUserTrackersParams) -> None:
    """Remove trackers from those the sub-user sees."""
    user = subuser_of(ctx, params.subuser_id)
    _account_trackers(ctx, params.trackers)
    gone = set(params.trackers)
    seen = [t.id for t in ctx.world.trackers_visible_to(user)]
    ctx.world.users[user.id] = attrs.evolve(user, trackers=[i for i in seen if i not in gone])


@handles(SUBUSER_SESSION_CREATE)
def subuser_session_create(ctx: Context, params: SubUserParams) -> str:
    """A new session of the sub-user: its hash."""
    user = subuser_of(ctx, params.subuser_id)
    return ctx.world.create_session(user, most=ctx.limits.max_sessions).hash


@handles(SUBUSER_SECURITY_GROUP_LIST)
def security_group_list(ctx: Context, params: NoParams) -> list[SecurityGroup]:
    """The account's security groups, by ID."""
    return [convert(SecurityGroup, g) for g in ctx.owned(ctx.world.security_groups)]


@handles(SUBUSER_SECURITY_GROUP_CREATE)
def security_group_create(ctx: Context, params: SecurityGroupCreateParams) -> int:
    """A new security group of the account: its ID."""
    return ctx.world.add_owned("security_groups", SecurityGroupRecord, params.group, ctx.account.id)


@handles(SUBUSER_SECURITY_GROUP_UPDATE)
def security_group_update(ctx: Context, params: SecurityGroupUpdateParams) -> None:
    """Replace a group's label and privileges: its sub-users' rights change with it."""
    record = ctx.owned_one(ctx.world.security_groups, params.group.id, "security group")
    ctx.world.security_groups[record.id] = convert(
        SecurityGroupRecord, params.group, user_id=record.user_id
    )


@handles(SUBUSER_SECURITY_GROUP_DELETE)
def security_group_delete(ctx: Context, params: SecurityGroupDeleteParams) -> None:
    """Delete a group, named by ``security_group_id`` or ``id``; its sub-users fall back to
    the default group."""
    named = {i for i in (params.security_group_id, params.id) if i is not UNSET}
    if len(named) != 1:
        problem = "give the group's ID once" if named else "is required"
        raise invalid("security_group_id", problem)
    (group_id,) = named
    record = ctx.owned_one(ctx.world.security_groups, group_id, "security group")
    del ctx.world.security_groups[record.id]
    for user in _subusers(ctx):
        if user.security_group_id == record.id:
            ctx.world.users[user.id] = attrs.evolve(user, security_group_id=None, rights=[])


@handles(SUBUSER_SECURITY_GROUP_ASSIGN)
def security_group_assign(ctx: Context, params: SecurityGroupAssignParams) -> None:
    """Put sub-users in a group (null: the default one); 201 when the group or a sub-user is
    not the account's, nothing changed then."""
    _check_group(ctx, params.group_id)
    users = [subuser_of(ctx, i) for i in params.subuser_ids]
    for user in users:
        ctx.world.users[user.id] = attrs.evolve(user, security_group_id=params.group_id, rights=[])
