"""Tagged unions in a converter: each member's hook made at the first value of its tag.

cattrs' ``configure_tagged_union`` makes the hooks of every member of a union when it is
configured, so a converter configuring every union declared so far made a call pay for the
unions of all the models its area imports (``tag/list`` imports the models ``tag/search``
answers: ten unions, a hundred member classes). The hooks here do what that strategy's do
(the same tag key, default member, results and errors) but make a member's hook when a value
of it first comes, so that a union costs nothing until it is converted, and a union met while
one of its own members' hooks is being made needs nothing of that member then.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, get_args

import cattrs
from cattrs.errors import AttributeValidationNote

from fleetapi._strict import WireTypeError
from fleetapi._types import TAGGED_UNIONS

__all__ = ["register_tagged_unions", "tag_of"]

StructureHook = Callable[[Any, Any], Any]


def tag_of(cls: type) -> str:
    """The tag value of a member class of a tagged union (its ``TAG``)."""
    return str(cls.TAG)  # type: ignore[attr-defined]


def register_tagged_unions(conv: cattrs.Converter, *, strict: bool) -> None:
    """Make ``conv`` convert every union of :data:`~fleetapi._types.TAGGED_UNIONS` by its tag:
    the lenient side takes a union's default member for a tag it does not know (or none), the
    strict side refuses a missing or unknown tag as an error of the tag field."""

    def is_tagged(tp: Any) -> bool:
        return tp in TAGGED_UNIONS

    def structure_factory(union: Any) -> StructureHook:
        tag, default = TAGGED_UNIONS[union]
        hook = _structure(union, tag, None if strict else default, conv)
        return _tag_checked(union, tag, hook) if strict else hook

    def unstructure_factory(union: Any) -> Callable[[Any], Any]:
        return _unstructure(union, TAGGED_UNIONS[union][0], conv)

    conv.register_structure_hook_factory(is_tagged, structure_factory)
    conv.register_unstructure_hook_factory(is_tagged, unstructure_factory)


def _structure(union: Any, tag: str, default: type | None, conv: cattrs.Converter) -> StructureHook:
    """The structure hook of ``union``: the member its tag names (``default`` for a tag
    missing or unknown; without one, ``KeyError``)."""
    members = {tag_of(member): member for member in get_args(union)}
    made: dict[Any, Callable[[Any], Any]] = {}
    other = object()  # the key of the default's hook

    def member_hook(name: Any) -> Callable[[Any], Any]:
        if default is not None and name not in members:
            name = other
        hook = made.get(name)
        if hook is None:
            cls = default if name is other else members[name]
            inner = conv.get_structure_hook(cls)
            made[name] = hook = lambda value: inner(value, cls)
        return hook

    if default is None:

        def structure(value: Any, _: Any) -> Any:
            name = value[tag]
            return (made.get(name) or member_hook(name))(value)

        return structure

    def structure_or_default(value: Any, _: Any) -> Any:
        name = value.get(tag, other)
        return (made.get(name) or member_hook(name))(value)

    return structure_or_default


def _unstructure(union: Any, tag: str, conv: cattrs.Converter) -> Callable[[Any], Any]:
    """The unstructure hook of ``union``: the member's, with its tag (``KeyError`` for a value
    of another class)."""
    members = {member: tag_of(member) for member in get_args(union)}
    made: dict[type, Callable[[Any], Any]] = {}

    def unstructure(value: Any) -> Any:
        cls = value.__class__
        hook = made.get(cls)
        if hook is None:
            if cls not in members:
                raise KeyError(cls)
            made[cls] = hook = conv.get_unstructure_hook(cls)
        unstructured = hook(value)
        unstructured[tag] = members[cls]
        return unstructured

    return unstructure


def _tag_checked(union: Any, tag: str, inner: StructureHook) -> StructureHook:
    """The strict structure hook of a tagged union: a missing or unknown tag is an error of
    the tag field (``zone.type: must be one of circle, polygon, sausage``)."""
    members = {tag_of(member) for member in get_args(union)}

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, Mapping):
            raise WireTypeError("must be an object")
        named = value.get(tag)
        if not isinstance(named, str) or named not in members:
            error = WireTypeError("must be one of " + ", ".join(sorted(members)))
            note = f"Structuring a tagged union @ attribute {tag}"
            notes = [AttributeValidationNote(note, tag, str)]
            setattr(error, "__notes__", notes)  # noqa: B010  (Python 3.10 has no add_note)
            raise cattrs.ClassValidationError(f"While structuring {tag}", [error], dict)
        return inner(value, _)

    return structure
