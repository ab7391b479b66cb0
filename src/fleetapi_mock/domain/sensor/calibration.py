"""A metering sensor's calibration table: the quantity (``out``) each value of the sensor
(``in``, after its divider) stands for, such as the litres of a tank at each level.

A value between two points of the table is read on the straight line between them; a value
below the first point or above the last reads the first or last ``out``. A table holds two
points at least, each ``in`` once, and the sensor's record keeps it ordered by ``in``
(:func:`~fleetapi_mock.state.records.calibration_problem`).

``tracker/sensor/calibration_data/upload_omnicomm`` reads the table from an Omnicomm LLS
Monitor XML file, which the service names but does not lay out. The mock reads this layout
(element and attribute names in any case, namespaces ignored)::

    <calibration>
      <sensor number="1">
        <point level="0" volume="0"/>
        <point level="4095" volume="480"/>
      </sensor>
    </calibration>

each ``sensor`` element (numbered by ``number``, else by its place in the file, 1 first)
holding its ``point`` rows: the sensor's ``level`` (``in``) and the ``volume`` it stands for
(``out``).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from typing import Final
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from fleetapi._errors import (
    InvalidDataFormatError,
    InvalidParametersError,
    MissingCalibrationDataError,
)
from fleetapi.models.sensor import MAX_CALIBRATION_POINTS, CalibrationPoint
from fleetapi_mock.state.records import calibration_problem

__all__ = ["omnicomm_table", "through_table"]

_LIMIT: Final = 1e12
"""The largest magnitude of a table's values (as the calls' ``in`` and ``out`` allow)."""


def through_table(table: Sequence[CalibrationPoint], value: float) -> float:
    """``value`` read through an ordered table: on the line between the points around it,
    the first or last ``out`` beyond the table."""
    if value <= table[0].in_:
        return table[0].out
    if value >= table[-1].in_:
        return table[-1].out
    after = bisect.bisect_right([p.in_ for p in table], value)
    low, high = table[after - 1], table[after]
    return low.out + (value - low.in_) * (high.out - low.out) / (high.in_ - low.in_)


def _name(element: Element) -> str:
    return element.tag.rpartition("}")[2].lower() if isinstance(element.tag, str) else ""


def _attribute(element: Element, name: str) -> str | None:
    for key, value in element.attrib.items():
        if key.rpartition("}")[2].lower() == name:
            return value
    return None


def _number(text: str | None, what: str) -> float:
    try:
        value = float(text if text is not None else "")
    except ValueError:
        raise InvalidDataFormatError(f"a point's {what} is not a number: {text!r}") from None
    if not math.isfinite(value) or abs(value) > _LIMIT:
        raise InvalidDataFormatError(f"a point's {what} is out of range: {text!r}")
    return value


def _sensors(data: bytes) -> dict[int, Element]:
    """The file's sensor elements by number; 234 for anything but such an XML file."""
    try:
        root = fromstring(data)
    except (ParseError, DefusedXmlException, ValueError) as exc:
        raise InvalidDataFormatError(f"not an LLS Monitor XML file: {exc}") from None
    sensors: dict[int, Element] = {}
    for place, element in enumerate((e for e in root.iter() if _name(e) == "sensor"), 1):
        number = _attribute(element, "number")
        key = place if number is None else int(_number(number, "sensor number"))
        if key in sensors:
            raise InvalidDataFormatError(f"the file describes sensor {key} twice")
        sensors[key] = element
    if not sensors:
        raise InvalidDataFormatError("not an LLS Monitor XML file: it describes no sensor")
    return sensors


def omnicomm_table(data: bytes, sensor_number: int | None) -> list[CalibrationPoint]:
    """The table of sensor ``sensor_number`` (or of the file's one sensor) of an LLS Monitor
    XML file.

    Raises:
        InvalidDataFormatError: 234, not such a file, or its table is no table.
        MissingCalibrationDataError: 235, no table for the sensor.
        InvalidParametersError: 7 naming ``sensor_number``: the file describes several.
    """
    sensors = _sensors(data)
    if sensor_number is None:
        if len(sensors) > 1:
            numbers = ", ".join(str(n) for n in sorted(sensors))
            raise InvalidParametersError(
                errors=[
                    {
                        "parameter": "sensor_number",
                        "error": f"the file describes sensors {numbers}: name one",
                    }
                ]
            )
        (element,) = sensors.values()
    elif sensor_number in sensors:
        element = sensors[sensor_number]
    else:
        raise MissingCalibrationDataError(f"the file has no sensor {sensor_number}")
    rows = [e for e in element.iter() if _name(e) == "point"]
    if not rows:
        raise MissingCalibrationDataError("the file has no calibration points for the sensor")
    if len(rows) > MAX_CALIBRATION_POINTS:
        raise InvalidDataFormatError(f"a table holds at most {MAX_CALIBRATION_POINTS} points")
    table = [
        CalibrationPoint(
            in_=_number(_attribute(row, "level"), "level"),
            out=_number(_attribute(row, "volume"), "volume"),
        )
        for row in rows
    ]
    problem = calibration_problem(table)
    if problem is not None:
        raise InvalidDataFormatError(problem)
    return table
