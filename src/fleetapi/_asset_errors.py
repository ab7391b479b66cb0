"""Codes 201-299 of asset groups (``asset_group/*``): an asset in one group, and the assets
the caller sees.

Each class registers its code with :class:`~fleetapi._error_families.FleetApiError` when this
module is imported (:mod:`fleetapi._errors` does, and builds the table of every code).
"""

from __future__ import annotations

from typing import Any

from fleetapi._error_families import ConflictError, NotFoundError


class AssetNotInGroupError(ConflictError):
    """Code 286: All assets must be present in the group (an asset to remove is not in it)."""

    code = 286
    description = "All assets must be present in the group"


class NoAccessibleGroupAssetError(NotFoundError):
    """Code 287: At least 1 asset in the group must be accessible (the caller sees none of the
    group's assets)."""

    code = 287
    description = "At least 1 asset in the group must be accessible"


class InaccessibleGroupAssetError(NotFoundError):
    """Code 289: All assets in the group must be accessible (the caller does not see one of
    the group's assets)."""

    code = 289
    description = "All assets in the group must be accessible"


class AssetAlreadyGroupedError(ConflictError):
    """Code 290: Asset already assigned to a group.

    :attr:`assigned_assets` names the assets and their groups, as the service lists them
    (``[{"asset": {"id", "type"}, "group_id"}]``).
    """

    code = 290
    description = "Asset already assigned to a group"

    @property
    def assigned_assets(self) -> list[dict[str, Any]]:
        """The assets already in a group: ``{"asset", "group_id"}`` objects."""
        listed = self.extra.get("assigned_assets")
        return [e for e in listed if isinstance(e, dict)] if isinstance(listed, list) else []


class InaccessibleAssetError(NotFoundError):
    """Code 291: All assets in the request must be accessible (the caller does not see one of
    the assets it names)."""

    code = 291
    description = "All assets in the request must be accessible"
