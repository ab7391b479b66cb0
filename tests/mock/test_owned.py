"""The one rule of ownership: the world's ``belongs``, ``owned_by`` and ``owned_record``."""

from __future__ import annotations

from dataclasses import dataclass

from fleetapi_mock import World, demo_world
from fleetapi_mock.domain.form import form_of, template_of


@dataclass
class Thing:
    id: int
    user_id: int


RECORDS = {5: Thing(5, 1), 2: Thing(2, 7), 3: Thing(3, 1), 9: Thing(9, 1)}


def test_belongs_compares_the_owner():
    assert World.belongs(Thing(1, 4), 4)
    assert not World.belongs(Thing(1, 4), 5)


def test_owned_by_keeps_the_account_records_in_key_order():
    assert [t.id for t in World.owned_by(RECORDS, 1)] == [3, 5, 9]
    assert [t.id for t in World.owned_by(RECORDS, 7)] == [2]
    assert World.owned_by(RECORDS, 8) == []


def test_owned_by_accepts_text_keys():
    records = {"b": Thing(1, 1), "a": Thing(2, 1), "c": Thing(3, 2)}
    assert [t.id for t in World.owned_by(records, 1)] == [2, 1]


def test_owned_record_answers_none_for_missing_and_foreign_alike():
    assert World.owned_record(RECORDS, 1, 5) is RECORDS[5]
    assert World.owned_record(RECORDS, 1, 2) is None
    assert World.owned_record(RECORDS, 1, 4) is None
    assert World.owned_record(RECORDS, 7, 2) is RECORDS[2]


def test_world_lookups_without_a_context_follow_the_rule():
    world = demo_world()
    template = next(iter(world.form_templates.values()))
    other = max(world.users) + 1
    assert template_of(world, template.user_id, template.id) is template
    assert template_of(world, other, template.id) is None
    form = next(iter(world.forms.values()))
    assert form_of(world, form.user_id, form.id) is form
    assert form_of(world, other, form.id) is None
    owner = next(iter(world.trackers.values())).user_id
    assert world.owned_by(world.trackers, owner) == [
        t for _, t in sorted(world.trackers.items()) if t.user_id == owner
    ]
    assert world.owned_by(world.trackers, other) == []
