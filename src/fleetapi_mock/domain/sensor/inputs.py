"""The inputs and state fields the platform knows (``tracker/sensor/input_name/list``), and
which of them ``tracker/get_readings`` and ``tracker/get_diagnostics`` tell apart.

An *input* is a value a sensor reads (``board_voltage``, ``analog_2``); a *state field* a value
of another kind (``obd_vin``, ``hardware_key``), with its type and, for some, what each value
means. An indexed input (``analog_1`` ... ``analog_8``) is known by its base name
(``analog``), its description holding ``[N]`` for the number.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from fleetapi._types import UNSET
from fleetapi.models.sensor import InputName, InputValueType, MeteringSensorType

__all__ = [
    "DIAGNOSTIC_PREFIXES",
    "DIAGNOSTIC_STATES",
    "diagnostic_type",
    "input_label",
    "input_names",
    "is_diagnostic_input",
    "is_diagnostic_state",
]

_INPUTS: Final[dict[str, str]] = {
    "acceleration": "Acceleration",
    "analog": "Analog sensor [N]",
    "axis_x": "Acceleration by X axis",
    "axis_y": "Acceleration by Y axis",
    "axis_z": "Acceleration by Z axis",
    "battery_level": "Battery level",
    "battery_voltage": "Battery voltage",
    "board_voltage": "Board voltage",
    "can_adblue_level": "CAN: Level of AdBlue fluid",
    "can_axle_load": "CAN: Axle load [N]",
    "can_consumption": "CAN: Total fuel used",
    "can_coolant_t": "CAN: Coolant temperature",
    "can_engine_hours": "CAN: Engine hours",
    "can_engine_load": "CAN: Engine load",
    "can_engine_temp": "CAN: Engine temp.",
    "can_fuel": "CAN: Fuel level [N]",
    "can_fuel_litres": "CAN: Fuel (litres)",
    "can_fuel_rate": "CAN: Instant fuel rate",
    "can_intake_air_t": "CAN: Intake air temp.",
    "can_mileage": "CAN: Mileage",
    "can_r_prefix": "CAN: R-prefix",
    "can_rpm": "CAN: RPM",
    "can_speed": "CAN: Speed",
    "can_throttle": "CAN: Throttle",
    "counter": "Counter [N]",
    "ext_temp_sensor": "External temperature [N]",
    "freq": "Frequency sensor [N]",
    "fuel_consumption": "Fuel consumption",
    "fuel_level": "LLS: Level",
    "fuel_temperature": "LLS: Temperature",
    "humidity": "Relative humidity sensor [N]",
    "hw_mileage": "Mileage",
    "impulse_counter": "Impulse counter [N]",
    "lls_level": "LLS: Level [N]",
    "lls_level_raw": "LLS: Level (raw) [N]",
    "lls_temperature": "LLS: Temperature [N]",
    "obd_absolute_load_value": "OBD: Absolute load value",
    "obd_consumption": "OBD: Fuel consumption",
    "obd_control_module_voltage": "OBD: Control module voltage",
    "obd_coolant_t": "OBD: Coolant temperature",
    "obd_engine_load": "OBD: Engine load",
    "obd_fuel": "OBD: Fuel",
    "obd_intake_air_t": "OBD: Intake air temp.",
    "obd_mil_run_time": "OBD: Time run with MIL on",
    "obd_rpm": "OBD: RPM",
    "obd_speed": "OBD: Speed",
    "obd_throttle": "OBD: Throttle",
    "obd_time_since_engine_start": "OBD: Run time since engine start",
    "raw_can": "CAN: Raw data [N]",
    "rs232": "RS-232 [N]",
    "temp_sensor": "Temperature",
}
"""The inputs, by name: what each is."""

_OPEN_CLOSED: Final = {"0": "Closed", "1": "Opened"}
_BELT: Final = {"0": "Locked", "1": "Unlocked"}

_STATES: Final[dict[str, tuple[str, InputValueType, dict[str, str] | None]]] = {
    "can_airbag_state": ("Airbag", "Boolean", {"0": "Not used", "1": "Fired"}),
    "can_door_driver_state": ("Driver door", "Boolean", _OPEN_CLOSED),
    "can_door_passenger_state": ("Passenger door", "Boolean", _OPEN_CLOSED),
    "can_door_state": ("Door", "Boolean", _OPEN_CLOSED),
    "can_hood_state": ("Hood", "Boolean", _OPEN_CLOSED),
    "can_ignition_state": ("CAN: Ignition state", "Boolean", None),
    "can_seat_belt_driver_state": ("Driver seat belt", "Boolean", _BELT),
    "can_seat_belt_passenger_state": ("Passenger seat belt", "Boolean", _BELT),
    "can_trunk_state": ("Trunk", "Boolean", _OPEN_CLOSED),
    "driver_ident_state": ("Driver identified", "Boolean", None),
    "event_id": ("Event ID", "Integer", None),
    "external_power_state": ("External power state", "Boolean", None),
    "hardware_key": ("Hardware key", "String", None),
    "moving": ("Moving", "Boolean", None),
    "obd_dtc_cleared_distance": ("OBD: Mileage after DTC reset", "Double", None),
    "obd_dtc_codes": ("DTC", "String", None),
    "obd_dtc_number": ("Errors", "Integer", None),
    "obd_mil_activated_distance": ("OBD: Distance with MIL on", "Double", None),
    "obd_mil_status": ("OBD: MIL status (check engine)", "Boolean", None),
    "obd_vin": ("VIN", "String", None),
    "status": ("Status (state)", "String", None),
    "tacho_card1_last_download": ("TACHO: Card 1 last download", "String", None),
    "tacho_card1_sn": ("TACHO: Card 1 number", "String", None),
    "tacho_card2_last_download": ("TACHO: Card 2 last download", "String", None),
    "tacho_card2_sn": ("TACHO: Card 2 number", "String", None),
    "tacho_vin": ("TACHO: VIN", "String", None),
    "tacho_vin_last_download": ("TACHO: VIN last download", "String", None),
}
"""The state fields, by name: what each is, its type and the titles of its values."""

DIAGNOSTIC_STATES: Final = frozenset(
    {
        *(name for name in _STATES if name.startswith(("obd_", "can_", "tacho_"))),
        "hardware_key",
        "external_power_state",
        "driver_ident_state",
    }
)
"""The state fields ``tracker/get_diagnostics`` answers under ``states``."""

DIAGNOSTIC_PREFIXES: Final = ("can_", "obd_", "raw_can_")
"""The names of the CAN and OBD inputs begin with one of these."""

_DIAGNOSTIC_TYPES: Final[dict[str, MeteringSensorType]] = {
    "can_consumption": "fuel_consumption",
    "can_coolant_t": "temperature",
    "can_engine_temp": "temperature",
    "can_fuel_rate": "instant_consumption",
    "can_intake_air_t": "temperature",
    "can_rpm": "rpm",
    "can_speed": "speed",
    "obd_consumption": "fuel_consumption",
    "obd_control_module_voltage": "power",
    "obd_coolant_t": "temperature",
    "obd_fuel": "fuel",
    "obd_intake_air_t": "temperature",
    "obd_rpm": "rpm",
    "obd_speed": "speed",
}
"""What a CAN or OBD input measures, when no sensor of the tracker says (else ``custom``)."""

_INDEXED = re.compile(r"^(?P<base>.+)_(?P<number>\d+)$")


def _known_input(name: str) -> tuple[str, str | None]:
    """The catalogue's name of an input (``analog`` for ``analog_2``) and its number."""
    match = _INDEXED.match(name)
    if name not in _INPUTS and match and "[N]" in _INPUTS.get(match["base"], ""):
        return match["base"], match["number"]
    return name, None


def input_label(name: str) -> str:
    """What a reported input is (``CAN: Raw data 3`` for ``raw_can_3``); its name when the
    platform does not know it."""
    base, number = _known_input(name)
    description = _INPUTS.get(base) or (_STATES[base][0] if base in _STATES else name)
    return description.replace("[N]", number) if number else description


def is_diagnostic_state(name: str) -> bool:
    """Whether ``tracker/get_diagnostics`` answers the reported value under ``states``."""
    return name in DIAGNOSTIC_STATES


def is_diagnostic_input(name: str) -> bool:
    """Whether a value of this name is a CAN or OBD input (not a state field)."""
    return name.startswith(DIAGNOSTIC_PREFIXES) and name not in _STATES


def diagnostic_type(name: str) -> MeteringSensorType:
    """What a CAN or OBD input measures, for an input no sensor reads."""
    return _DIAGNOSTIC_TYPES.get(name, "custom")


def input_names(model_inputs: Iterable[str], model_states: Iterable[str]) -> list[InputName]:
    """The catalogue, with the inputs and state fields the tracker models name that it lacks
    (described by their names): inputs by name, then state fields by name."""
    inputs = dict(_INPUTS)
    for name in model_inputs:
        base, _ = _known_input(name)
        inputs.setdefault(base, base)
    states: dict[str, tuple[str, InputValueType | None, dict[str, str] | None]] = dict(_STATES)
    for name in model_states:
        states.setdefault(name, (name, None, None))
    return [
        *(InputName(input_name=n, description=inputs[n]) for n in sorted(inputs)),
        *(
            InputName(
                input_name=name,
                description=description,
                value_type=UNSET if kind is None else kind,
                value_titles=UNSET if titles is None else dict(titles),
            )
            for name, (description, kind, titles) in sorted(states.items())
        ),
    ]
