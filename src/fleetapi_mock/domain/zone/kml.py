"""Zones in KML documents: read from a file (``zone/upload``) and written to one
(``zone/download``).

A placemark's ``Point`` is a circle, its ``LineString`` a sausage, its ``Polygon`` a polygon (the
outer boundary: holes are left out), and each geometry of a ``MultiGeometry`` a zone of its
own. A circle's or sausage's ``radius`` is the ``Data name="radius"`` of the placemark's
extended data, or of the nearest folder or document above it that has one. Elements are
matched by their local names, whatever KML namespace the file uses. Files are parsed with
:mod:`defusedxml`: an entity declaration is refused.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final
from xml.etree.ElementTree import Element, ParseError, SubElement, tostring

import attrs
from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from fleetapi._errors import InvalidDataFormatError
from fleetapi.models.common import LatLng
from fleetapi.models.zone import ImportedZone, ZonePoint
from fleetapi_mock.domain.track.file import KML_NAMESPACE
from fleetapi_mock.state.records import ZoneRecord

__all__ = ["zones_from_kml", "zones_kml"]

MAX_LABEL: Final = 255
"""The longest zone label (a longer placemark name is cut)."""

MAX_DEPTH: Final = 64
"""The deepest nesting of elements a file may have (folders in folders...)."""


def zones_from_kml(data: bytes, default_radius: int) -> list[ImportedZone]:
    """The zones of a KML document, in document order.

    Raises:
        InvalidDataFormatError: (234) not well-formed XML, an entity declared, not KML, or no
            zone in it.
    """
    try:
        root = fromstring(data)
    except (ParseError, DefusedXmlException, ValueError) as exc:
        raise InvalidDataFormatError(f"the file is not a well-formed KML document: {exc}") from None
    if _local(root.tag) != "kml":
        raise InvalidDataFormatError("the file is not KML: its root element must be kml")
    _check_depth(root)
    zones: list[ImportedZone] = []
    _walk(root, None, default_radius, "", zones, [0])
    if not zones:
        raise InvalidDataFormatError("the file holds no point, line or polygon")
    return zones


def _check_depth(root: Element) -> None:
    """234 for elements nested deeper than :data:`MAX_DEPTH` (read without recursion)."""
    stack = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise InvalidDataFormatError(f"the file nests elements deeper than {MAX_DEPTH}")
        stack.extend((child, depth + 1) for child in element)


def _walk(
    element: Element,
    radius: int | None,
    default_radius: int,
    name: str,
    zones: list[ImportedZone],
    counter: list[int],
) -> None:
    """Collect the zones under ``element``; ``radius`` and ``name`` are the nearest of the
    containers above, ``counter`` numbers the unnamed placemarks of the named container."""
    own_radius = _radius(element)
    radius = own_radius if own_radius is not None else radius
    kind = _local(element.tag)
    if kind in ("Document", "Folder"):
        own_name = _text(element, "name")
        if own_name:
            name, counter = own_name, [0]
        for child in element:
            _walk(child, radius, default_radius, name, zones, counter)
        return
    if kind == "Placemark":
        label = _text(element, "name")
        for shape in _shapes(element):
            if not label:
                counter[0] += 1
            zone = _zone(shape, radius or default_radius)
            if zone is not None:
                title = label or (f"{name} {counter[0]}" if name else f"Zone {len(zones) + 1}")
                zones.append(attrs.evolve(zone, label=title[:MAX_LABEL]))
        return
    for child in element:
        _walk(child, radius, default_radius, name, zones, counter)


def _shapes(placemark: Element) -> Iterator[Element]:
    """The geometries of a placemark (those of a ``MultiGeometry`` one by one)."""
    for child in placemark:
        kind = _local(child.tag)
        if kind == "MultiGeometry":
            yield from _shapes(child)
        elif kind in ("Point", "LineString", "Polygon"):
            yield child


def _zone(shape: Element, radius: int) -> ImportedZone | None:
    """The zone of one geometry (its label set later), or ``None`` for one without
    coordinates."""
    kind = _local(shape.tag)
    if kind == "Polygon":
        outer = next((e for e in shape.iter() if _local(e.tag) == "outerBoundaryIs"), shape)
        coordinates = _coordinates(outer)
        if len(coordinates) > 1 and coordinates[0] == coordinates[-1]:
            coordinates = coordinates[:-1]  # a ring repeats its first point to close
        points = [ZonePoint(lat=lat, lng=lng) for lat, lng in coordinates]
        return ImportedZone(type="polygon", label="", points=points) if points else None
    coordinates = _coordinates(shape)
    if not coordinates:
        return None
    if kind == "Point":
        lat, lng = coordinates[0]
        return ImportedZone(type="circle", label="", center=LatLng(lat=lat, lng=lng), radius=radius)
    last = len(coordinates) - 1
    points = [
        ZonePoint(lat=lat, lng=lng, node=i in (0, last)) for i, (lat, lng) in enumerate(coordinates)
    ]
    return ImportedZone(type="sausage", label="", points=points, radius=radius)


def _coordinates(element: Element) -> list[tuple[float, float]]:
    """The ``lng,lat[,alt]`` tuples of the first ``coordinates`` under ``element``.

    Raises:
        InvalidDataFormatError: (234) a tuple that is not two or three numbers in range.
    """
    found = next((e for e in element.iter() if _local(e.tag) == "coordinates"), None)
    pairs: list[tuple[float, float]] = []
    for item in (found.text or "").split() if found is not None else ():
        parts = item.split(",")
        try:
            lng, lat = float(parts[0]), float(parts[1])
        except (ValueError, IndexError):
            raise InvalidDataFormatError(f"coordinates {item[:40]!r} are not lng,lat") from None
        if len(parts) > 3 or not (-90 <= lat <= 90 and -180 <= lng <= 180):
            raise InvalidDataFormatError(f"coordinates {item[:40]!r} are out of range")
        pairs.append((lat, lng))
    return pairs


def _radius(element: Element) -> int | None:
    """The ``radius`` of the element's own extended data, if it gives a positive number."""
    for child in element:
        if _local(child.tag) != "ExtendedData":
            continue
        for data in child:
            if _local(data.tag) == "Data" and data.get("name") == "radius":
                try:
                    value = round(float(_text(data, "value")))
                except ValueError:
                    raise InvalidDataFormatError("a radius is not a number") from None
                return value if value > 0 else None
    return None


def _text(element: Element, name: str) -> str:
    """The stripped text of the element's first child called ``name`` ("" if none)."""
    child = next((c for c in element if _local(c.tag) == name), None)
    return "" if child is None else (child.text or "").strip()


def _local(tag: object) -> str:
    """An element's name without its namespace (``""`` for comments)."""
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


def zones_kml(zones: Sequence[ZoneRecord]) -> bytes:
    """A KML document named ``zones`` with a placemark per zone (what
    :func:`zones_from_kml` reads back as the same zones)."""
    root = Element("kml", xmlns=KML_NAMESPACE)
    document = SubElement(root, "Document")
    SubElement(document, "name").text = "zones"
    for zone in zones:
        mark = SubElement(document, "Placemark")
        SubElement(mark, "name").text = zone.label
        SubElement(mark, "visibility").text = "1"
        if zone.type != "polygon":
            data = SubElement(SubElement(mark, "ExtendedData"), "Data", name="radius")
            SubElement(data, "value").text = str(zone.radius or 0)
        if zone.type == "circle" and zone.center is not None:
            where = SubElement(mark, "Point")
            SubElement(where, "coordinates").text = f"{zone.center.lng},{zone.center.lat}"
        elif zone.type == "sausage":
            line = SubElement(mark, "LineString")
            SubElement(line, "coordinates").text = _joined(zone.points)
        else:
            ring = SubElement(
                SubElement(SubElement(mark, "Polygon"), "outerBoundaryIs"), "LinearRing"
            )
            SubElement(ring, "coordinates").text = _joined([*zone.points, *zone.points[:1]])
    body: bytes = tostring(root, encoding="utf-8", xml_declaration=True)
    return body


def _joined(points: Sequence[ZonePoint]) -> str:
    return " ".join(f"{p.lng},{p.lat}" for p in points)
