"""Strategies of model values (hypothesis), shared by the property tests of the models and of
what the converters derive from them."""

from __future__ import annotations

import datetime as dt
import importlib
import pkgutil
import string
import typing
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin

import attrs
from hypothesis import strategies as st

import fleetapi.models
from fleetapi._rules import Rules, rules_of
from fleetapi._types import UNSET, Unset


def all_models() -> list[type]:
    found = []
    for info in pkgutil.iter_modules(fleetapi.models.__path__):
        module = importlib.import_module(f"fleetapi.models.{info.name}")
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if isinstance(obj, type) and attrs.has(obj) and obj.__module__ == module.__name__:
                found.append(obj)
    return found


MODELS = all_models()
JSON_LEAF = st.one_of(st.none(), st.booleans(), st.integers(-1000, 1000), st.text(max_size=5))
SAFE_TEXT = st.text(alphabet=string.ascii_letters + string.digits + " -_.", max_size=8)


_MEMO: dict[tuple[Any, int], st.SearchStrategy[Any]] = {}


def disturb(data: st.DataObject, wire: dict[str, Any]) -> None:
    """Up to three of ``wire``'s fields dropped, nulled or given a JSON value of another type
    (a number as text among them), in place."""
    for key in data.draw(st.lists(st.sampled_from(sorted(wire) or ["-"]), max_size=3)):
        change = data.draw(st.sampled_from(["drop", "leaf", "number text"]))
        if change == "drop":
            wire.pop(key, None)
        else:
            wire[key] = data.draw(JSON_LEAF if change == "leaf" else st.just("12"))


def strategy_for(tp: Any, text: st.SearchStrategy[str]) -> st.SearchStrategy[Any]:
    """A strategy for values of ``tp``; recursive types reuse one deferred strategy."""
    key = (tp, id(text))
    if key not in _MEMO:
        _MEMO[key] = st.deferred(lambda: _strategy_for(tp, text))
    return _MEMO[key]


def _strategy_for(tp: Any, text: st.SearchStrategy[str]) -> st.SearchStrategy[Any]:
    origin = get_origin(tp)
    if tp is Unset:
        return st.just(UNSET)
    if tp is type(None) or tp is None:
        return st.none()
    if tp is Any:
        return JSON_LEAF
    if tp is bool:
        return st.booleans()
    if tp is int:
        return st.integers(-(2**31), 2**31)
    if tp is float:
        return st.floats(allow_nan=False, allow_infinity=False, width=64)
    if tp is str:
        return text
    if tp is bytes:
        return st.binary(max_size=8)
    if tp is dt.datetime:
        return st.datetimes(dt.datetime(2000, 1, 1), dt.datetime(2100, 1, 1)).map(
            lambda d: d.replace(microsecond=0)
        )
    if tp is dt.date:
        return st.dates(dt.date(2000, 1, 1), dt.date(2100, 1, 1))
    if tp is dt.timedelta:
        return st.integers(0, 10**8).map(lambda s: dt.timedelta(seconds=s))
    if origin is Literal:
        return st.sampled_from(get_args(tp))
    if origin in (Union, UnionType):
        return st.one_of([strategy_for(a, text) for a in get_args(tp)])
    if origin is list:
        (inner,) = get_args(tp)
        return st.lists(strategy_for(inner, text), max_size=2)
    if origin is dict:
        _key, value = get_args(tp)
        return st.dictionaries(SAFE_TEXT, strategy_for(value, text), max_size=2)
    if isinstance(tp, type) and attrs.has(tp):
        hints = typing.get_type_hints(tp)
        fields = {
            a.name: within_rules(hints[a.name], rules_of(a), text)
            if rules_of(a)
            else strategy_for(hints[a.name], text)
            for a in attrs.fields(tp)
            if a.init
        }
        return st.builds(tp, **fields)
    raise AssertionError(f"no strategy for {tp!r}")


def within_rules(
    tp: Any, limits: Rules | None, text: st.SearchStrategy[str]
) -> st.SearchStrategy[Any]:
    """Values of ``tp`` that keep the declared limits (the mock refuses the others)."""
    assert limits is not None
    if get_origin(tp) in (Union, UnionType):
        return st.one_of([within_rules(a, limits, text) for a in get_args(tp)])
    if tp is str and limits.url:
        path = st.text(alphabet=string.ascii_letters + string.digits + "/?=&-_.", max_size=8)
        return st.builds("{}://example.{}/{}".format, st.sampled_from(["http", "https"]),
                         st.sampled_from(["com", "org"]), path)  # fmt: skip
    if tp is str and limits.pattern is not None:  # and the other limits beside it
        return st.from_regex(limits.pattern, fullmatch=True).filter(lambda v: not limits.check(v))
    if tp is str and limits.email:
        addresses = ["a@b.co", "smith@example.com"]
        return st.sampled_from(addresses if limits.not_blank else ["", *addresses])
    if tp is str:
        shortest = max(limits.min_length or 0, 1 if limits.not_blank else 0)
        return st.text(
            alphabet=string.ascii_letters + string.digits + " -_.",
            min_size=shortest,
            max_size=max(shortest, min(limits.max_length or 8, 8)),
        ).filter(lambda v: v.strip() or not limits.not_blank)
    if tp is int:
        low = -(2**31) if limits.minimum is None else int(limits.minimum)
        high = 2**31 if limits.maximum is None else int(limits.maximum)
        return st.integers(low, high)
    if tp is float:
        return st.floats(limits.minimum, limits.maximum, allow_nan=False, allow_infinity=False)
    if get_origin(tp) is list:
        (inner,) = get_args(tp)
        low = limits.min_items or 0
        high = max(low, min(2, 2 if limits.max_items is None else limits.max_items))
        return st.lists(strategy_for(inner, text), min_size=low, max_size=high)
    return strategy_for(tp, text)
