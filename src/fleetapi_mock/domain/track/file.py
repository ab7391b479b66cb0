"""Track points as a KML document (``track/download``), or zipped as KMZ.

One placemark per point (its time, speed and heading), in one list or, split by tracks, in
one folder per track with a start and an end marker. The document is built with
:mod:`xml.etree.ElementTree`, which escapes every label and address.
"""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from collections.abc import Sequence
from xml.etree.ElementTree import Element, SubElement, tostring

from fleetapi.models.track import PointInfo

__all__ = ["KML_NAMESPACE", "kml_document", "kmz_archive"]

KML_NAMESPACE = "http://www.opengis.net/kml/2.2"


def _placemark(parent: Element, name: str, point: PointInfo, offset: dt.timedelta) -> None:
    mark = SubElement(parent, "Placemark")
    SubElement(mark, "name").text = name
    SubElement(mark, "visibility").text = "1"
    SubElement(mark, "description").text = point.get_time.strftime("%Y-%m-%d %H:%M:%S")
    stamp = SubElement(mark, "TimeStamp")
    aware = point.get_time.replace(tzinfo=dt.timezone(offset))
    SubElement(stamp, "when").text = aware.isoformat(timespec="milliseconds")
    data = SubElement(mark, "ExtendedData")
    for key, value in (("speed", point.speed), ("heading", point.heading)):
        field = SubElement(data, "Data", name=key)
        SubElement(field, "value").text = str(value)
    where = SubElement(mark, "Point")
    SubElement(where, "coordinates").text = f"{point.lng},{point.lat}"


def kml_document(
    title: str, tracks: Sequence[Sequence[PointInfo]], *, split: bool, offset: dt.timedelta
) -> bytes:
    """A KML document of ``tracks`` (each a list of points in the user's time, ``offset``
    from UTC): every point a numbered placemark; with ``split``, a folder per track holding
    its start and end markers and its points."""
    root = Element("kml", xmlns=KML_NAMESPACE)
    document = SubElement(root, "Document")
    SubElement(document, "name").text = title
    number = 0
    for index, points in enumerate(tracks, start=1):
        parent = document
        if split and points:
            parent = SubElement(document, "Folder")
            SubElement(parent, "name").text = f"track #{index}"
            _placemark(parent, "start", points[0], offset)
            _placemark(parent, "end", points[-1], offset)
        for point in points:
            number += 1
            _placemark(parent, f"point #{number}", point, offset)
    body: bytes = tostring(root, encoding="utf-8", xml_declaration=True)
    return body


def kmz_archive(kml: bytes) -> bytes:
    """``kml`` zipped as ``doc.kml``, the KMZ layout."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("doc.kml", kml)
    return buffer.getvalue()
