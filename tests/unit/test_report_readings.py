"""The sensor reports read a month of values at a time: their rounding and calibration, done
for many values at once, answer what the readings calls answer one value at a time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fleetapi.models.sensor import CalibrationPoint
from fleetapi_mock.domain.report.readings import calibrated_all, rounded, smoothed
from fleetapi_mock.domain.sensor.values import calibrated
from fleetapi_mock.state.records import MeteringSensorRecord

_VALUES = st.one_of(
    st.floats(allow_nan=False),
    st.floats(min_value=-1e8, max_value=1e8),
    st.integers(-(10**9), 10**9).map(lambda n: n / 1000),  # readings of a few decimals
    st.integers(-(10**12), 10**12).map(lambda n: n / 10**7 + 5e-7),  # halfway cases
    st.integers(-(10**20), 10**20).map(float),
)


@settings(max_examples=400)
@given(st.lists(_VALUES, max_size=50))
def test_rounded_is_round_to_six_places(values: list[float]) -> None:
    expected = [round(v, 6) for v in values]
    found = rounded(values)
    assert [repr(v) for v in found] == [repr(v) for v in expected]


@settings(max_examples=200)
@given(
    st.dictionaries(
        st.floats(-1e6, 1e6), st.floats(-1e6, 1e6), min_size=2, max_size=20
    ),  # the table: in -> out
    st.lists(st.one_of(st.floats(-2e6, 2e6), st.integers(-(10**7), 10**7)), max_size=30),
    st.sampled_from([1.0, 0.001, 3.0, 10.0]),
)
def test_calibrated_all_is_calibrated_of_each(
    table: dict[float, float], raws: list[float], divider: float
) -> None:
    sensor = MeteringSensorRecord(
        id=1, tracker_id=1, sensor_type="fuel", name="Tank", input_name="fuel_level",
        divider=divider, calibration=[CalibrationPoint(in_=k, out=v) for k, v in table.items()],
    )  # fmt: skip
    assert calibrated_all(sensor, raws) == [calibrated(sensor, raw) for raw in raws]
    plain = MeteringSensorRecord(
        id=2, tracker_id=1, sensor_type="fuel", name="Tank", input_name="fuel_level",
        divider=divider,
    )  # fmt: skip
    assert calibrated_all(plain, raws) == [calibrated(plain, raw) for raw in raws]


def test_smoothing_is_the_mean_of_five() -> None:
    assert smoothed([60.0] * 6 + [40.0] * 6) == [
        60.0, 60.0, 60.0, 60.0, 56.0, 52.0, 48.0, 44.0, 40.0, 40.0, 40.0, 40.0,
    ]  # fmt: skip
    assert smoothed([1.0, 2.0, 3.0]) == [2.0, 2.0, 2.0]  # fewer at the ends
    assert smoothed([]) == []
