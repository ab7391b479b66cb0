"""Every model of the SDK round-trips through JSON and both converters (property tests)."""

from __future__ import annotations

import datetime as dt
import importlib
import json
import pkgutil
import string
import typing
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fleetapi.models
from fleetapi._converter import converter_for
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


def roundtrip(model: type, value: Any, *, strict: bool, extra: bool) -> Any:
    conv = converter_for(strict=strict)
    wire = json.loads(json.dumps(conv.unstructure(value)))
    if extra and isinstance(wire, dict):
        wire["field_added_by_a_newer_service"] = {"anything": [1, 2]}
    return conv.structure(wire, model)


@pytest.mark.parametrize(
    "model", MODELS, ids=lambda m: f"{m.__module__.split('.')[-1]}.{m.__name__}"
)
@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_every_model_round_trips_and_tolerates_unknown_fields(model, data):
    value = data.draw(strategy_for(model, st.text(max_size=8)))
    assert roundtrip(model, value, strict=False, extra=True) == value


@pytest.mark.parametrize(
    "model", MODELS, ids=lambda m: f"{m.__module__.split('.')[-1]}.{m.__name__}"
)
@settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_the_strict_converter_accepts_what_the_client_sends(model, data):
    value = data.draw(strategy_for(model, SAFE_TEXT))
    assert roundtrip(model, value, strict=True, extra=False) == value


def test_there_are_models_to_check():
    assert len(MODELS) >= 10


def test_slotted_models_and_records_hold_no_weak_reference_slot():
    """A decision (docs/decisions.md): values, 8 bytes lighter each in a large mock world."""
    from fleetapi_mock.state import records

    record_classes = [c for c in vars(records).values() if isinstance(c, type) and attrs.has(c)]
    slotted = [c for c in [*MODELS, *record_classes] if "__slots__" in vars(c)]
    assert len(slotted) > 300
    assert [c.__name__ for c in slotted if hasattr(c, "__weakref__")] == []


def test_unset_fields_are_omitted_and_null_fields_sent():
    from fleetapi.models.common import Location
    from fleetapi.models.tracker import TrackerSource

    conv = converter_for()
    assert conv.unstructure(Location(lat=1.0, lng=2.0)) == {"lat": 1.0, "lng": 2.0}
    source = TrackerSource(
        id=1,
        device_id="d",
        model="m",
        blocked=False,
        tariff_id=2,
        creation_date=dt.date(2026, 1, 1),
    )
    wire = conv.unstructure(source)
    assert wire["status_listing_id"] is None
    assert wire["creation_date"] == "2026-01-01"


def _cattrs_structure(model: type) -> Any:
    """cattrs' own structure function of ``model`` for the client's converter (what the
    client's generated one replaces: ``fleetapi/_client_structure.py``)."""
    from cattrs.gen import make_dict_structure_fn, override

    from fleetapi._formats import wire_name

    renames = {a.name: override(rename=wire_name(a.name)) for a in attrs.fields(model)}
    return make_dict_structure_fn(
        model, converter_for(), _cattrs_forbid_extra_keys=False, **renames
    )


def _outcome(structure: Any, wire: Any, model: type) -> tuple[str, Any]:
    try:
        return "value", structure(wire, model)
    except Exception:  # with two faults, each may meet another first
        return "error", None


@pytest.mark.parametrize(
    "model", MODELS, ids=lambda m: f"{m.__module__.split('.')[-1]}.{m.__name__}"
)
@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_the_client_structures_any_answer_as_cattrs_does(model, data):
    """Fields dropped, nulled or given a JSON value of another type: the client's generated
    function gives the same model, or fails the same way, as cattrs' function."""
    conv = converter_for()
    wire = json.loads(json.dumps(conv.unstructure(data.draw(strategy_for(model, SAFE_TEXT)))))
    for key in data.draw(st.lists(st.sampled_from(sorted(wire) or ["-"]), max_size=3)):
        change = data.draw(st.sampled_from(["drop", "leaf", "number text"]))
        if change == "drop":
            wire.pop(key, None)
        else:
            wire[key] = data.draw(JSON_LEAF if change == "leaf" else st.just("12"))
    assert _outcome(conv.structure, wire, model) == _outcome(_cattrs_structure(model), wire, model)


def test_a_model_with_fields_outside_init_structures_by_cattrs_function():
    """The client's generator leaves such classes to cattrs, which sets those fields itself."""

    @attrs.define
    class Odd:
        name: str
        size: int = attrs.field(default=attrs.Factory(lambda self: len(self.name), takes_self=True))
        seen: int = attrs.field(init=False, default=0)

    conv = converter_for()
    assert conv.structure({"name": "abc"}, Odd) == Odd(name="abc")
    assert conv.structure({"name": "abc", "size": "7"}, Odd).size == 7
