"""attrs models of the API's objects and of every call's parameters, shared by SDK and mock.

Conventions (see ``docs/architecture.md``):

* frozen, keyword-only attrs classes; attribute names are the wire names, except that a
  trailing ``_`` (``from_``) is dropped on the wire;
* ``T | Unset = UNSET`` for a field the spec marks optional (omitted when not sent);
* ``T | None`` for a nullable field, with default ``None`` in response objects (the service
  may omit null fields);
* ``Literal[...]`` for enums.
"""

from fleetapi._rules import Rules, rules, rules_of

__all__ = ["Rules", "rules", "rules_of"]
