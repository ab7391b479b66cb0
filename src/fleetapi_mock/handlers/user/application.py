"""Applications embedded in the account's menu."""

from __future__ import annotations

from fleetapi._types import Unset
from fleetapi.endpoints.user import USER_APPLICATION_CREATE
from fleetapi.models.application import NewUserApplication, UserApplicationCreateParams
from fleetapi_mock.domain.context import Context, invalid
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import ApplicationRecord


def _one_of(app: NewUserApplication, name: str, alias: str) -> str | bool | None:
    """The value given under ``name`` or its other name ``alias`` (7 when they differ)."""
    given = [v for v in (getattr(app, name), getattr(app, alias)) if not isinstance(v, Unset)]
    if len(set(given)) > 1:
        raise invalid(f"application.{name}", f"differs from application.{alias}")
    value: str | bool | None = given[0] if given else None
    return value


@handles(USER_APPLICATION_CREATE)
def user_application_create(ctx: Context, params: UserApplicationCreateParams) -> int:
    """A new application of the account, in either documented form; answers its ID."""
    app = params.application
    if not isinstance(app.id, Unset) and app.id is not None:
        raise invalid("application.id", "must be null for a new application")
    label, url = _one_of(app, "label", "name"), _one_of(app, "url_template", "url")
    enabled = _one_of(app, "enabled", "is_enabled")
    if not isinstance(label, str) or not label.strip():
        raise invalid("application.label", "is required (or name)")
    if not isinstance(url, str) or not url.startswith(("http://", "https://")):
        raise invalid("application.url_template", "an http or https address is required")
    authorization = None if isinstance(app.authorization, Unset) else app.authorization
    if authorization is not None and authorization.type == "api_key":
        key = authorization.hash
        if not isinstance(key, str) or ctx.owned_get(ctx.world.api_keys, key) is None:
            raise invalid("application.authorization.hash", "not an API key of the account")
    new_id = ctx.world.ids.next("applications")
    ctx.world.applications[new_id] = ApplicationRecord(
        id=new_id,
        user_id=ctx.account.id,
        label=label,
        url_template=url,
        authorization=authorization,
        display_method=app.display_method,
        icon=app.icon,
        description=app.description,
        enabled=enabled is not False,
    )
    return new_id
