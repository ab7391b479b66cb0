"""The form completion statistics report (plugin 70).

The forms counted are the tracker's forms submitted in the period (up to now), whose submission
falls in the time filter's days and hours: the forms of the tasks (and route checkpoints)
assigned to the tracker and the check-in forms made for it. The table has a group per form
template (forms of a deleted template by their label): a row per field of its forms (separators
aside) saying in how many of the forms that have the field it was filled, and for choice fields
(``dropdown``, ``radio_group``, ``checkbox_group``) a row per option chosen, with how often;
with ``show_nonselected`` the options nobody chose too, at 0.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs

from fleetapi.models.form import (
    CheckboxGroupValue,
    DropdownValue,
    FileValue,
    FormField,
    FormValue,
    PhotoValue,
    RadioGroupValue,
    SignatureValue,
    TextValue,
)
from fleetapi.models.report import ReportPlugin, ReportSheet
from fleetapi.models.task import Task
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.form import file_ids_of
from fleetapi_mock.domain.report.cells import Column, Kind, Request, Rows, value
from fleetapi_mock.domain.report.spots import blank, passes, text
from fleetapi_mock.domain.track.answer import Source, sources
from fleetapi_mock.state.records import FormRecord

__all__ = ["CHOICE_TYPES", "FORM_STATISTICS", "submitted_forms"]

CHOICE_TYPES: Final = frozenset({"dropdown", "radio_group", "checkbox_group"})
"""The fields whose options the statistics count."""

_COLUMNS: Final[tuple[Column, ...]] = (
    ("field", "Field", "left"),
    ("option", "Option", "left"),
    ("count", "Filled / chosen", "right"),
    ("share", "Share, %", "right"),
)


def _task_tracker(task: Task) -> tuple[int | None]:
    return (task.tracker_id,)


def _form_task(form: FormRecord) -> tuple[int | None]:
    return (form.task_id,)


def _form_tracker(form: FormRecord) -> tuple[int | None]:
    return (form.tracker_id,)


def submitted_forms(ctx: Context, source: Source) -> list[tuple[dt.datetime, FormRecord]]:
    """The tracker's forms submitted in the source's period up to now, each with when (the
    user's time), in that order: its tasks' forms and its check-in forms (by the tables'
    indexes, not a pass over every form)."""
    world = ctx.world
    tracker_id = source.tracker.id
    task_ids = [t.id for t in world.tasks.having(_task_tracker, (tracker_id,))]
    found = world.forms.having(_form_task, task_ids) if task_ids else []
    found += [f for f in world.forms.having(_form_tracker, (tracker_id,)) if f.task_id is None]
    first, last = source.interval[0], min(source.interval[1], ctx.now())
    kept = [
        (f.submitted, f)
        for f in found
        if f.user_id == ctx.account.id and f.submitted is not None and first <= f.submitted <= last
    ]
    kept.sort(key=lambda item: (item[0], item[1].id))
    return [(ctx.user_time(when), form) for when, form in kept]


def _is_filled(value: FormValue | None) -> bool:
    """Whether a value fills its field: a text not blank, a box checked, a file, a choice."""
    if value is None:
        return False
    if isinstance(value, TextValue):
        return bool(value.value.strip())
    if isinstance(value, CheckboxGroupValue):
        return any(value.values)
    if isinstance(value, (FileValue, PhotoValue, SignatureValue)):
        return bool(file_ids_of(value))
    return True


def _chosen(field: FormField, value: FormValue | None) -> list[str]:
    """The labels of the options ``value`` chooses of a choice field (none for other fields)."""
    if isinstance(value, (DropdownValue, RadioGroupValue)):
        options = field.options if isinstance(field.options, list) else []
        index = value.value_index
        return [options[index].label] if 0 <= index < len(options) else []
    if isinstance(value, CheckboxGroupValue):
        boxes = field.group if isinstance(field.group, list) else []
        return [box.label for box, on in zip(boxes, value.values, strict=False) if on]
    return []


def _options(field: FormField) -> list[str]:
    choices = field.group if field.type == "checkbox_group" else field.options
    return [o.label for o in choices] if isinstance(choices, list) else []


@attrs.define
class _FieldTally:
    """One field of a template's forms: its label, how often offered and filled, and how
    often each option was chosen (options in order, the newest form's first)."""

    label: str
    choice: bool
    offered: int = 0
    filled: int = 0
    options: list[str] = attrs.Factory(list)
    chosen: Counter[str] = attrs.Factory(Counter)


@attrs.define
class _Group:
    """The forms of one template: its label (the newest form's) and its fields' tallies."""

    label: str
    forms: int = 0
    fields: dict[str, _FieldTally] = attrs.Factory(dict)


def _groups(forms: Iterable[FormRecord]) -> list[_Group]:
    """The forms' tallies by template (newest forms first, so that labels are the newest),
    in the order of their labels."""
    groups: dict[object, _Group] = {}
    for form in sorted(forms, key=lambda f: (f.submitted, f.id), reverse=True):
        key = form.template_id if form.template_id is not None else form.label
        group = groups.setdefault(key, _Group(form.label))
        group.forms += 1
        values = form.values or {}
        for field in form.fields:
            if field.type == "separator":
                continue
            tally = group.fields.setdefault(
                field.id, _FieldTally(field.label, field.type in CHOICE_TYPES)
            )
            value = values.get(field.id)
            tally.offered += 1
            tally.filled += _is_filled(value)
            tally.options += [o for o in _options(field) if o not in tally.options]
            tally.chosen.update(_chosen(field, value))
    return sorted(groups.values(), key=lambda g: g.label)


def _count(part: int, whole: int) -> dict[str, Any]:
    """A count cell: ``part`` of ``whole`` shown, ``part`` kept, ``whole`` as ``of``."""
    return value(f"{part} of {whole}", float(part), of=whole)


def _share(part: int, whole: int) -> dict[str, Any]:
    percent = round(100 * part / whole, 1) if whole else 0.0
    return value(f"{percent:g}", percent)


def _group_rows(group: _Group, plugin: ReportPlugin) -> list[dict[str, Any]]:
    rows = []
    for position, tally in enumerate(group.fields.values()):
        rows.append(
            {
                "field": value(tally.label, float(position)),
                "option": blank(),
                "count": _count(tally.filled, tally.offered),
                "share": _share(tally.filled, tally.offered),
            }
        )
        for index, option in enumerate(tally.options):
            times = tally.chosen[option]
            if times or plugin.show_nonselected is True:
                rows.append(
                    {
                        "field": text(tally.label),
                        "option": value(option, float(index)),
                        "count": _count(times, tally.filled),
                        "share": _share(times, tally.filled),
                    }
                )
    return rows


def _filled(rows: Sequence[dict[str, Any]]) -> tuple[int, int]:
    """The filled and offered fields of a group's field rows (option rows aside)."""
    fields = [r for r in rows if r["option"]["raw"] is None]
    return int(sum(r["count"]["raw"] for r in fields)), sum(r["count"]["of"] for r in fields)


def _total(rows: Sequence[dict[str, Any]], plugin: ReportPlugin) -> dict[str, Any]:
    filled, offered = _filled(rows)
    return {"text": "In total:", "count": _count(filled, offered), "share": _share(filled, offered)}


def _statistics(forms: Sequence[FormRecord], plugin: ReportPlugin) -> list[dict[str, Any]]:
    """The table's groups: a group per template of ``forms``, its rows and total."""
    found = []
    for group in _groups(forms):
        rows = _group_rows(group, plugin)
        found.append(
            {
                "header": f"{group.label} : {group.forms}",
                "rows": rows,
                "total": _total(rows, plugin),
            }
        )
    return found


def _summary(
    ctx: Context, rows: Sequence[dict[str, Any]], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    """The fields filled of those offered in the forms ``rows`` count."""
    filled, offered = _filled(rows)
    return [("Fields filled", f"{filled} of {offered}", float(filled))]


def _sheet_summary(
    ctx: Context, forms: Sequence[FormRecord], plugin: ReportPlugin
) -> list[tuple[str, str, float]]:
    """The forms counted, the fields filled of those offered and each template's forms."""
    groups = _groups(forms)
    rows = [r for g in groups for r in _group_rows(g, plugin)]
    found = [("Forms", str(len(forms)), float(len(forms))), *_summary(ctx, rows, plugin)]
    found += [(g.label, f"{g.forms} form{'' if g.forms == 1 else 's'}", g.forms) for g in groups]
    return found


def _column(field: str, title: str, align: str) -> dict[str, Any]:
    return {
        "align": align, "field": field, "title": title, "width": 4 if align == "left" else 1,
        "weight": 3 if align == "left" else 0, "highlight_min_max": False,
    }  # fmt: skip


def _sheet(
    ctx: Context, source: Source, forms: Sequence[FormRecord], plugin: ReportPlugin
) -> ReportSheet:
    table = {
        "type": "table", "header": FORM_STATISTICS.header, "column_groups": [],
        "columns": [_column(*c) for c in _COLUMNS], "data": _statistics(forms, plugin),
    }  # fmt: skip
    summary = {
        "type": "map_table",
        "header": "Summary",
        "rows": [
            {"v": v, "raw": raw, "name": name, "highlight": False}
            for name, v, raw in _sheet_summary(ctx, forms, plugin)
        ],
    }
    tracker = source.tracker
    return ReportSheet(header=tracker.label, sections=[table, summary], entity_ids=[tracker.id])


def _sheets(ctx: Context, request: Request) -> list[ReportSheet]:
    """A sheet per tracker of the request (none for one without forms with
    ``hide_empty_tabs``): the statistics of its forms submitted in the time filter."""
    plugin = request.plugin
    sheets = []
    for source in sources(ctx, request.trackers, request.start, request.end):
        forms = [f for when, f in submitted_forms(ctx, source) if passes(when, request.time_filter)]
        if forms or plugin.hide_empty_tabs is not True:
            sheets.append(_sheet(ctx, source, forms, plugin))
    return sheets


def _rows(ctx: Context, source: Source, plugin: ReportPlugin) -> Rows:
    """The table's rows of every form of the period whatever the time filter, at the period's
    start (the sheets group them by template, not by day)."""
    forms = [f for _, f in submitted_forms(ctx, source)]
    start = ctx.user_time(source.interval[0])
    return [(start, row) for group in _statistics(forms, plugin) for row in group["rows"]]


FORM_STATISTICS: Final = Kind(
    "Form completion statistics",
    _rows,
    lambda _: _COLUMNS,
    _total,
    _summary,
    sheets=_sheets,
    decision=(
        "The forms counted are the tracker's forms submitted in the period (up to now) at a "
        "time the time filter keeps: the forms of the tasks and route checkpoints assigned to "
        "it and the check-in forms made for it. The table has a group per form template "
        "(forms of a deleted template by their label; the newest form's labels), headed by "
        "its number of forms, instead of a group per day: a row per field (separators aside) "
        "with in how many of the forms having it it was filled (`raw`) and the share in "
        "percent; for `dropdown`, `radio_group` and `checkbox_group` fields a row per option "
        "chosen, with how many of the forms filling the field chose it (a checkbox group's "
        "shares may add up to more than 100). `show_nonselected` adds the options nobody "
        "chose, at 0. A text counts as filled when not blank, a checkbox group when a box is "
        "checked. The summary counts the forms, the fields filled of those offered and each "
        "template's forms."
    ),
)
"""The form completion statistics report (plugin 70)."""
