"""What the user's dealer shows (its UI configuration)."""

from __future__ import annotations

from fleetapi._errors import (
    DealerNotFoundError,
    EntityNotFoundError,
    InvalidParametersError,
    SessionNotFoundError,
)
from fleetapi._types import UNSET
from fleetapi.endpoints.dealer import DEALER_GET_UI_CONFIG
from fleetapi.models.dealer import DealerInfo, DealerUiConfig, UiConfigParams
from fleetapi_mock.domain.context import Context
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import DealerRecord


def _dealer_by_hash(ctx: Context, credential: str) -> DealerRecord:
    world = ctx.world
    user_id: int | None = None
    session = world.sessions.get(credential)
    if session is not None and not world.session_expired(session):
        user_id = session.user_id
    key = world.api_keys.get(credential)
    if key is not None:
        user_id = key.user_id
    user = world.users.get(user_id) if user_id is not None else None
    if user is None:
        raise SessionNotFoundError("unknown hash, or the session has ended")
    dealer = world.dealers.get(user.dealer_id)
    if dealer is None:
        raise DealerNotFoundError()
    return dealer


def _dealer_by_domain(ctx: Context, domain: str) -> DealerRecord:
    wanted = domain.strip().lower()
    for dealer in ctx.world.dealers.values():
        domains = {dealer.ui_domain.lower()}
        if dealer.settings is not None:
            domains.add(dealer.settings.domain.lower())
        if wanted in domains:
            return dealer
    raise DealerNotFoundError(f"no dealer has the domain {domain!r}")


@handles(DEALER_GET_UI_CONFIG)
def get_ui_config(ctx: Context, params: UiConfigParams) -> DealerUiConfig:
    """A dealer's interface configuration, found by ``hash`` (which wins) or ``domain``.

    The hash may also come in the ``Authorization`` header. The domain is the dealer's
    ``ui_domain`` or its settings' ``domain``, matched case-insensitively. 12 for an unknown
    domain, 4 for an unknown or ended hash, 201 for a dealer without interface settings, 7
    naming ``domain`` when neither is given.
    """
    credential = params.hash if params.hash is not UNSET and params.hash else ctx.credential
    if credential:
        dealer = _dealer_by_hash(ctx, credential)
    elif params.domain is not UNSET and params.domain.strip():
        dealer = _dealer_by_domain(ctx, params.domain)
    else:
        raise InvalidParametersError(
            errors=[{"parameter": "domain", "error": "either domain or hash is required"}]
        )
    if dealer.settings is None:
        raise EntityNotFoundError("the dealer has no interface settings")
    return DealerUiConfig(
        dealer=DealerInfo(id=dealer.id, ui_domain=dealer.ui_domain, company_url=dealer.company_url),
        settings=dealer.settings,
        demo_ends=dealer.demo_ends,
        premium_gis=dealer.premium_gis,
        features=list(dealer.features),
        platform=dict(dealer.platform),
    )
