"""A report's chart drawn on a pdf page (fpdf2), and the texts the pdf's fonts can write.

A chart is a frame with grid lines at round values, each axis labelled (the y values; the x
axis as times of the report's zone or as km), a polyline per series in its own colour, the x
axis's title and a legend of the series below. The built-in PDF fonts cover Latin-1 only:
:func:`latin1` writes another character as ``?``.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from fleetapi_mock.domain.report.files.content import ChartBlock

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = [
    "CHART_HEIGHT", "draw_chart", "fit", "latin1", "text_width", "time_ticks", "value_ticks",
    "write",
]  # fmt: skip

CHART_HEIGHT: Final = 95.0
"""Millimetres a chart takes on its page, its header, labels and legend included."""

_PLOT_HEIGHT: Final = 62.0
_LABELS: Final = 18.0
"""Millimetres left of the frame for the y labels."""
_COLOURS: Final = (
    (31, 119, 180), (214, 39, 40), (44, 160, 44), (255, 127, 14),
    (148, 103, 189), (140, 86, 75), (227, 119, 194), (127, 127, 127),
)  # fmt: skip
_EPOCH: Final = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
_STEPS: Final = (
    60, 300, 900, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600,
    86_400, 2 * 86_400, 7 * 86_400, 14 * 86_400, 28 * 86_400,
)  # fmt: skip
"""Seconds between the ticks of a time axis, the shortest that gives at most 8 ticks."""


def latin1(text: str) -> str:
    """``text`` on one line as the built-in fonts write it: spaces for line breaks and tabs,
    ``?`` for a character beyond Latin-1."""
    return " ".join(text.split()).encode("latin-1", "replace").decode("latin-1")


def text_width(pdf: FPDF, text: str) -> float:
    """The width of ``text`` (already :func:`latin1`) in the current font, millimetres; for
    the built-in fonts from their character widths (fpdf2's own measure costs ten times
    more)."""
    widths = getattr(pdf.current_font, "cw", None)
    if isinstance(widths, dict):
        try:
            return float(sum(map(widths.__getitem__, text))) * pdf.font_size / 1000
        except KeyError:  # a character the font does not know
            pass
    return pdf.get_string_width(text)


def fit(pdf: FPDF, text: str, width: float) -> str:
    """``text`` (already :func:`latin1`) cut with ``...`` to ``width`` millimetres in the
    current font."""
    if text_width(pdf, text) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest start that fits with the dots
        middle = (low + high + 1) // 2
        if text_width(pdf, text[:middle] + "...") <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "..."


def write(
    pdf: FPDF, x: float, y: float, width: float, height: float, text: str, align: str = "L"
) -> None:
    """``text`` (already :func:`latin1`) on one line in the box at ``x``, ``y``: cut to the
    box's width less a millimetre each side, left, right (``R``) or centre (``C``) aligned,
    vertically centred."""
    if not text:
        return
    shown = fit(pdf, text, width - 2)
    if align == "L":
        at = x + 1
    else:
        room = width - 1 - text_width(pdf, shown)
        at = x + room if align == "R" else x + (room + 1) / 2
    pdf.text(at, y + height / 2 + 0.35 * pdf.font_size, shown)


def value_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round values from at or below ``low`` to at or above ``high``, steps of 1, 2 or 5
    times a power of ten, at most ``most`` + 1 of them."""
    if not high > low:
        low, high = low - 1, high + 1
    rough = (high - low) / most
    power = 10 ** math.floor(math.log10(rough))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= rough)
    first = math.floor(low / step) * step
    count = math.ceil((high - first) / step - 1e-9)
    return [round(first + n * step, 10) for n in range(count + 1)]


def time_ticks(low: float, high: float, zone: dt.tzinfo) -> list[tuple[float, str]]:
    """Ticks of a time axis from ``low`` to ``high`` (UNIX milliseconds): round times of the
    zone (whole minutes, hours or midnights), each with its label."""
    span = max(high - low, 1.0) / 1000
    step = next((s for s in _STEPS if span / s <= 8), _STEPS[-1] * math.ceil(span / 8 / _STEPS[-1]))
    start = (_EPOCH + dt.timedelta(milliseconds=low)).astimezone(zone).replace(tzinfo=None)
    if step >= 86_400:
        tick = start.replace(hour=0, minute=0, second=0, microsecond=0)
    else:
        seconds = start.hour * 3600 + start.minute * 60
        tick = start.replace(hour=0, minute=0, second=0, microsecond=0) + dt.timedelta(
            seconds=seconds - seconds % step
        )
    shape = "%b %d" if step >= 86_400 else "%b %d %H:%M" if span > 86_400 else "%H:%M"
    ticks: list[tuple[float, str]] = []
    while True:
        at = tick.replace(tzinfo=zone).timestamp() * 1000
        if at > high:
            return ticks
        if at >= low:
            ticks.append((at, tick.strftime(shape)))
        tick += dt.timedelta(seconds=step)


def _number(value: float, step: float) -> str:
    places = max(0, -math.floor(math.log10(step))) if step > 0 else 0
    return f"{value:.{places}f}"


def draw_chart(pdf: FPDF, block: ChartBlock, zone: dt.tzinfo) -> None:
    """Draw ``block`` at the current position, full width, :data:`CHART_HEIGHT` high."""
    left = pdf.l_margin + _LABELS
    right = pdf.w - pdf.r_margin - 4
    top = pdf.y + 2
    bottom = top + _PLOT_HEIGHT
    lines = [(title, points) for title, points in block.series if points]
    pdf.set_draw_color(0)
    pdf.set_line_width(0.2)
    pdf.rect(left, top, right - left, bottom - top)
    pdf.set_font("Helvetica", size=7)
    if not lines:
        write(pdf, left, (top + bottom) / 2 - 2, right - left, 4, "No data for the chart.", "C")
        pdf.set_y(top + CHART_HEIGHT - 2)
        return
    xs = [x for _, points in lines for x, _ in points]
    ys = [y for _, points in lines for _, y in points]
    y_ticks = value_ticks(min(ys), max(ys))
    y_low, y_high = y_ticks[0], y_ticks[-1]
    x_low, x_high = min(xs), max(xs)
    if x_high == x_low:
        x_low, x_high = x_low - 60_000, x_high + 60_000
    if block.axis == "time":
        x_ticks = time_ticks(x_low, x_high, zone)
    else:
        steps = value_ticks(x_low, x_high, 8)
        x_low, x_high = steps[0], steps[-1]
        x_ticks = [(x, _number(x, steps[1] - steps[0])) for x in steps]

    def at(x: float, y: float) -> tuple[float, float]:
        return (
            left + (x - x_low) / (x_high - x_low) * (right - left),
            bottom - (y - y_low) / (y_high - y_low) * (bottom - top),
        )

    pdf.set_draw_color(220)
    y_step = y_ticks[1] - y_ticks[0] if len(y_ticks) > 1 else 1.0
    for y in y_ticks:
        _, height = at(x_low, y)
        pdf.line(left, height, right, height)
        write(pdf, pdf.l_margin, height - 2, _LABELS - 1, 4, _number(y, y_step), "R")
    for x, label in x_ticks:
        across, _ = at(x, y_low)
        pdf.line(across, top, across, bottom)
        write(pdf, across - 15, bottom + 1, 30, 4, latin1(label), "C")
    for number, (_, points) in enumerate(lines):
        pdf.set_draw_color(*_COLOURS[number % len(_COLOURS)])
        pdf.set_line_width(0.4)
        pdf.polyline([at(x, y) for x, y in points])
    pdf.set_line_width(0.2)
    pdf.set_draw_color(0)
    axis = "Time" if block.axis == "time" else "Mileage, km"
    write(pdf, left, bottom + 6, right - left, 4, axis, "C")
    _legend(pdf, [title for title, _ in lines], left, right, bottom + 12)
    pdf.set_y(top + CHART_HEIGHT - 2)


def _legend(pdf: FPDF, titles: Sequence[str], left: float, right: float, y: float) -> None:
    """A short line in each series' colour and its title, side by side (wrapping)."""
    x = left
    for number, title in enumerate(titles):
        text = fit(pdf, latin1(title or f"Series {number + 1}"), right - left - 12)
        width = 10 + text_width(pdf, text) + 6
        if x + width > right and x > left:
            x, y = left, y + 5
        pdf.set_draw_color(*_COLOURS[number % len(_COLOURS)])
        pdf.set_line_width(0.8)
        pdf.line(x, y + 2, x + 8, y + 2)
        write(pdf, x + 9, y, width - 9, 4, text)
        x += width
    pdf.set_line_width(0.2)
    pdf.set_draw_color(0)
