"""A snapshot without the names of people and places: labels, names, contacts, addresses and
device numbers replaced, every position moved by one offset.

:func:`anonymized` keeps what tests rely on (ids, kinds, times, speeds, the shapes of zones
and tracks, distances between positions) and replaces what tells who and where: a record's
``label`` becomes its kind and id (``Tracker 3``, a form's ``Form 4``, as its check-in names
it), a file's name ``File 7`` and its suffix, people become ``Person 2``, e-mail addresses and
logins ``person2@example.invalid``, phone and device numbers digits made from the id;
addresses, comments, descriptions and the text people wrote in forms and custom fields are
replaced;
every ``lat``/``lng`` pair moves by the same offset, drawn once, so that tracks still run
through their zones.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import PurePosixPath
from typing import Any, Final

__all__ = ["anonymized"]

KEPT: Final = frozenset(
    {"format", "description", "now", "sequences", "dealers", "tariffs", "tracker_models"}
)
"""Parts of a world document that tell nothing of the account's people and places."""

_KIND: Final = {
    "trackers": "Tracker",
    "tracker_groups": "Group",
    "zones": "Zone",
    "places": "Place",
    "tags": "Tag",
    "vehicles": "Vehicle",
    "garages": "Garage",
    "departments": "Department",
    "tasks": "Task",
    "routes": "Route",
    "rules": "Rule",
    "sensors": "Sensor",
    "form_templates": "Form",
    "forms": "Form",
}
"""What a record's new ``label`` (or ``name``) says it is, by collection."""
_RECORD_CLEARED: Final = ("description", "comment", "note")
"""A record's own free text, emptied (a form field's description, which tells what to fill,
is kept)."""
_CLEARED: Final = frozenset(
    {
        "address",
        "tracker_label",
        "legal_name",
        "tin",
        "post_street_address",
        "post_index",
        "registered_street_address",
        "registered_index",
    }
)
"""Fields emptied wherever they are: they tell where someone is or who they are."""
_PEOPLE: Final = frozenset({"first_name", "middle_name", "last_name"})
"""People's names: ``Person`` and the record's id."""
_NUMBERS: Final = ("phone", "device_id", "vin", "reg_number", "hardware_key", "personnel_number")
"""Fields made of digits telling the field and the record's id."""
_OFFSET: Final = 0.5
"""Degrees, at most, that positions move in latitude and in longitude."""


def anonymized(document: Mapping[str, Any], *, seed: int | None = None) -> dict[str, Any]:
    """``document`` with its people and places made anonymous (a new document)."""
    rng = random.Random(seed)
    shift = (rng.uniform(-_OFFSET, _OFFSET), rng.uniform(-_OFFSET, _OFFSET))
    out: dict[str, Any] = {}
    for name, value in document.items():
        if name in KEPT or not isinstance(value, list):
            out[name] = value
            continue
        out[name] = [_record(name, row, shift) for row in value]
    return out


def _record(collection: str, row: Any, shift: tuple[float, float]) -> Any:
    if not isinstance(row, Mapping):
        return row
    key = row.get("id", row.get("tracker_id", 0))
    changed = _value(collection, row, key, shift)
    for field in _RECORD_CLEARED:
        if isinstance(row.get(field), str) and row[field]:
            changed[field] = ""
    kind = _KIND.get(collection)
    if kind is not None:
        for field in ("label", "name", "title"):
            if isinstance(row.get(field), str):
                changed[field] = f"{kind} {key}"
    if collection == "files" and isinstance(row.get("name"), str):  # its kind kept
        changed["name"] = f"File {key}{PurePosixPath(row['name']).suffix}"
    if collection == "checkins" and row.get("form_label"):  # the label of its form
        changed["form_label"] = f"Form {row.get('form_id')}"
    form = changed.get("form")
    if isinstance(form, Mapping) and isinstance(form.get("label"), str):  # a task's form
        changed["form"] = {**form, "label": f"Form {form.get('id')}"}
    return changed


def _value(field: str, value: Any, key: Any, shift: tuple[float, float]) -> Any:
    if isinstance(value, Mapping):
        moved = {k: _value(k, v, key, shift) for k, v in value.items()}
        if value.get("type") == "text" and isinstance(value.get("value"), str):
            moved["value"] = "Text"  # what a person wrote in a form or a custom field
        lat, lng = value.get("lat"), value.get("lng")
        if isinstance(lat, (int, float)) and isinstance(lng, (int, float)):
            moved["lat"] = round(max(-90.0, min(90.0, lat + shift[0])), 6)
            moved["lng"] = round((lng + shift[1] + 180.0) % 360.0 - 180.0, 6)
        return moved
    if isinstance(value, list):
        return [_value(field, v, key, shift) for v in value]
    if not isinstance(value, str) or not value:
        return value
    if field in _CLEARED:
        return ""
    if field in _PEOPLE:
        return {"first_name": "Person", "last_name": str(key)}.get(field, "")
    if field in ("email", "login"):
        return f"person{key}@example.invalid"
    if field in _NUMBERS:  # digits of the field's kind and the record's id: unique per record
        return f"{_NUMBERS.index(field) + 1}{int(key) if str(key).isdigit() else 0:014d}"
    return value
