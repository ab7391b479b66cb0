"""The checks of a loaded world document beyond its shape: every reference points at
something there (users, tariffs and bundles at dealers, trackers at owners and tariffs, tasks at
trackers...), owners are master users, logins and hashes are unique.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from fleetapi.models.task import Route, Task
from fleetapi_mock.state.clock import zone
from fleetapi_mock.state.records import MeteringSensorRecord

if TYPE_CHECKING:
    from fleetapi_mock.state.world import World

__all__ = ["reference_problems"]


def reference_problems(world: World) -> Iterator[tuple[str, str]]:
    """Every broken reference of ``world`` as ``(path, problem)``."""
    logins: set[str] = set()
    for user in world.users.values():
        where = f"users[id={user.id}]"
        if user.login.lower() in logins:
            yield f"{where}.login", f"duplicate login {user.login!r}"
        logins.add(user.login.lower())
        if user.dealer_id not in world.dealers:
            yield f"{where}.dealer_id", f"no dealer {user.dealer_id}"
        if user.master_id is not None:
            master = world.users.get(user.master_id)
            if master is None or not master.is_master:
                yield f"{where}.master_id", f"no master user {user.master_id}"
        try:
            zone(user.time_zone)
        except KeyError:
            yield f"{where}.time_zone", f"unknown time zone {user.time_zone!r}"
    for session in world.sessions.values():
        if session.user_id not in world.users:
            yield "sessions", f"a session of unknown user {session.user_id}"
        if len(session.hash) != 32:
            yield "sessions", "a session hash is not 32 characters"
    for key in world.api_keys.values():
        owner = world.users.get(key.user_id)
        if owner is None or not owner.is_master:
            yield "api_keys", f"an API key of unknown master user {key.user_id}"
        if len(key.hash) != 32:
            yield "api_keys", "an API key is not 32 characters"
    clash = set(world.sessions) & set(world.api_keys)
    if clash:
        yield "api_keys", "a hash is both a session and an API key"
    for tariff in world.tariffs.values():
        if tariff.dealer_id is not None and tariff.dealer_id not in world.dealers:
            yield f"tariffs[id={tariff.id}].dealer_id", f"no dealer {tariff.dealer_id}"
    for bundle in world.bundles.values():
        if bundle.dealer_id not in world.dealers:
            yield f"bundles[imei={bundle.imei}].dealer_id", f"no dealer {bundle.dealer_id}"
    for tracker in world.trackers.values():
        where = f"trackers[id={tracker.id}]"
        if tracker.user_id not in world.users or not world.users[tracker.user_id].is_master:
            yield f"{where}.user_id", f"no master user {tracker.user_id}"
        if tracker.tariff_id not in world.tariffs:
            yield f"{where}.tariff_id", f"no tariff {tracker.tariff_id}"
        if tracker.group_id and not _owns(
            world, tracker.user_id, world.tracker_groups, tracker.group_id
        ):
            yield f"{where}.group_id", f"no tracker group {tracker.group_id} of the owner"
        for kind, counter in tracker.counters.items():
            source = None if counter.sensor_id is None else world.sensors.get(counter.sensor_id)
            if counter.sensor_id is not None and (
                kind != "odometer"
                or not isinstance(source, MeteringSensorRecord)
                or source.tracker_id != tracker.id
            ):
                yield (
                    f"{where}.counters.{kind}.sensor_id",
                    f"no metering sensor {counter.sensor_id} of the tracker for the {kind}",
                )
    drivers: dict[int, int] = {}
    for employee in world.employees.values():
        where = f"employees[id={employee.id}]"
        yield from _tracker_of(world, where, employee.user_id, employee.tracker_id)
        if employee.tracker_id is not None:
            other = drivers.setdefault(employee.tracker_id, employee.id)
            if other != employee.id:
                yield f"{where}.tracker_id", f"employee {other} is bound to the tracker"
        if employee.department_id is not None and employee.department_id not in (world.departments):
            yield f"{where}.department_id", f"no department {employee.department_id}"
    for event in world.events.values():
        yield from _tracker_of(world, f"events[id={event.id}]", event.user_id, event.tracker_id)
    for change in world.employee_changes.values():
        if change.tracker_id not in world.trackers:
            where = f"employee_changes[tracker_id={change.tracker_id}].tracker_id"
            yield where, f"no tracker {change.tracker_id}"
    for settings in world.tracker_settings.values():
        if settings.tracker_id not in world.trackers:
            where = f"tracker_settings[tracker_id={settings.tracker_id}].tracker_id"
            yield where, f"no tracker {settings.tracker_id}"
    for rule in world.rules.values():
        where = f"rules[id={rule.id}]"
        owner = world.users.get(rule.user_id)
        if owner is None or not owner.is_master:
            yield f"{where}.user_id", f"no master user {rule.user_id}"
        for tracker_id in rule.trackers:
            yield from _tracker_of(world, where, rule.user_id, tracker_id)
        for zone_id in rule.zone_ids:
            if not _owns(world, rule.user_id, world.zones, zone_id):
                yield f"{where}.zone_ids", f"no zone {zone_id} of the owner"
    for sensor in world.sensors.values():
        if sensor.tracker_id not in world.trackers:
            yield f"sensors[id={sensor.id}].tracker_id", f"no tracker {sensor.tracker_id}"
    for name in ("tracker_commands", "command_queue"):
        for command in getattr(world, name).values():
            if command.tracker_id not in world.trackers:
                yield f"{name}[id={command.id}].tracker_id", f"no tracker {command.tracker_id}"
    for point in world.track_points:
        if point.tracker_id not in world.trackers:
            yield "track_points", f"a point of unknown tracker {point.tracker_id}"
    owned: list[tuple[str, Any]] = [
        *((f"data_files[id={f.id}]", f) for f in world.data_files.values()),
        *((f"import_processes[id={p.id}]", p) for p in world.import_processes.values()),
        *((f"bills[order_id={b.order_id}]", b) for b in world.bills.values()),
        *((f"transactions[id={t.id}]", t) for t in world.transactions.values()),
        *((f"subscriptions[reference={s.reference}]", s) for s in world.subscriptions.values()),
        *((f"geo_links[id={r.id}]", r) for r in world.geo_links.values()),
        *((f"retranslators[id={r.id}]", r) for r in world.retranslators.values()),
        *((f"map_layers[id={r.id}]", r) for r in world.map_layers.values()),
        *((f"departments[id={d.id}]", d) for d in world.departments.values()),
        *((f"garages[id={g.id}]", g) for g in world.garages.values()),
        *((f"tracker_groups[id={g.id}]", g) for g in world.tracker_groups.values()),
        *((f"vehicles[id={v.id}]", v) for v in world.vehicles.values()),
        *((f"asset_groups[id={g.id}]", g) for g in world.asset_groups.values()),
        *((f"employees[id={e.id}]", e) for e in world.employees.values()),
        *((f"zones[id={z.id}]", z) for z in world.zones.values()),
        *((f"places[id={p.id}]", p) for p in world.places.values()),
        *((f"entities[id={e.id}]", e) for e in world.entities.values()),
        *((f"entity_fields[id={f.id}]", f) for f in world.entity_fields.values()),
        *((f"tags[id={t.id}]", t) for t in world.tags.values()),
        *((f"forms[id={f.id}]", f) for f in world.forms.values()),
        *((f"tasks[id={t.id}]", t) for t in world.tasks.values()),
        *((f"routes[id={r.id}]", r) for r in world.routes.values()),
    ]
    for where, record in owned:
        owner = world.users.get(record.user_id)
        if owner is None or not owner.is_master:
            yield f"{where}.user_id", f"no master user {record.user_id}"
    yield from _check_sharing_references(world)
    yield from _check_tasks(world)
    yield from _check_form_and_file_references(world)
    yield from _check_fleet_references(world)
    yield from _check_entities(world)
    yield from _check_contact_references(world)
    yield from _check_status_references(world)
    yield from _check_task_schedules(world)


def _owns(world: World, account: int, records: Mapping[int, Any], key: int) -> bool:
    """Whether ``records`` holds ``key`` and it belongs to the master user ``account``."""
    return world.owned_record(records, account, key) is not None


def _tracker_of(
    world: World, where: str, owner: int, tracker_id: int | None
) -> Iterator[tuple[str, str]]:
    """The fault of ``where.tracker_id`` unless it is null or a tracker of ``owner``."""
    if tracker_id is not None and not _owns(world, owner, world.trackers, tracker_id):
        yield f"{where}.tracker_id", f"no tracker {tracker_id} of the owner"


def _check_form_and_file_references(world: World) -> Iterator[tuple[str, str]]:
    for template in world.form_templates.values():
        if template.user_id not in world.users:
            yield f"form_templates[id={template.id}].user_id", f"no user {template.user_id}"
    for record in world.forms.values():
        yield from _tracker_of(world, f"forms[id={record.id}]", record.user_id, record.tracker_id)
    for checkin in world.checkins.values():
        where = f"checkins[id={checkin.id}]"
        yield from _tracker_of(world, where, checkin.user_id, checkin.tracker_id)
        if checkin.form_id is not None and checkin.form_id not in world.forms:
            yield f"{where}.form_id", f"no form {checkin.form_id}"
        employee = checkin.employee_id
        if isinstance(employee, int) and not _owns(
            world, checkin.user_id, world.employees, employee
        ):
            yield f"{where}.employee_id", f"no employee {employee} of the user"
    for stored in world.files.values():
        where = f"files[id={stored.id}]"
        if stored.user_id not in world.users:
            yield f"{where}.user_id", f"no user {stored.user_id}"
        if stored.form_id is not None and stored.form_id not in world.forms:
            yield f"{where}.form_id", f"no form {stored.form_id}"
        if stored.checkin_id is not None and stored.checkin_id not in world.checkins:
            yield f"{where}.checkin_id", f"no check-in {stored.checkin_id}"


def _check_tasks(world: World) -> Iterator[tuple[str, str]]:
    entities: list[tuple[str, Task | Route]] = [
        *((f"tasks[id={t.id}]", t) for t in world.tasks.values()),
        *((f"routes[id={r.id}]", r) for r in world.routes.values()),
    ]
    for where, entity in entities:
        yield from _tracker_of(world, where, entity.user_id, entity.tracker_id)
    for route in world.routes.values():
        where = f"routes[id={route.id}]"
        if route.id in world.tasks:
            yield f"{where}.id", f"id {route.id} is also a task's"
        for checkpoint_id in route.checkpoint_ids:
            checkpoint = world.tasks.get(checkpoint_id)
            if checkpoint is None or checkpoint.parent_id != route.id:
                yield f"{where}.checkpoint_ids", f"{checkpoint_id} is not its checkpoint"
    for task in world.tasks.values():
        if task.parent_id is not None and task.parent_id not in world.routes:
            yield f"tasks[id={task.id}].parent_id", f"no route {task.parent_id}"
    for record in world.forms.values():
        if record.task_id is not None and record.task_id not in world.tasks:
            yield f"forms[id={record.id}].task_id", f"no task {record.task_id}"


def _check_sharing_references(world: World) -> Iterator[tuple[str, str]]:
    """Geo links' creators and unique hashes; retranslators' protocols."""
    hashes: set[str] = set()
    for record in world.geo_links.values():
        where = f"geo_links[id={record.id}]"
        link = record
        creator = world.users.get(link.creator_id)
        if creator is None or creator.account_id != record.user_id:
            yield f"{where}.creator_id", f"no user {link.creator_id} in the account"
        if len(link.hash) != 32 or link.hash in hashes:
            yield f"{where}.hash", "a link hash is 32 characters and unique"
        hashes.add(link.hash)
        for index, shared in enumerate(link.trackers):
            yield from _tracker_of(
                world, f"{where}.trackers[{index}]", record.user_id, shared.tracker_id
            )
    for forwarder in world.retranslators.values():
        protocol = forwarder.protocol_id
        if protocol not in world.retranslator_protocols:
            yield (
                f"retranslators[id={forwarder.id}].protocol_id",
                f"no protocol {protocol}",
            )


def _check_fleet_references(world: World) -> Iterator[tuple[str, str]]:
    """Vehicles' trackers (one vehicle each) and garages; service tasks' vehicles; asset
    groups' assets (one of each type per group, one group per asset); journal entries'
    trackers and drivers."""
    bound: dict[int, int] = {}
    for vehicle in world.vehicles.values():
        where = f"vehicles[id={vehicle.id}]"
        if vehicle.tracker_id is not None:
            if not _owns(world, vehicle.user_id, world.trackers, vehicle.tracker_id):
                yield f"{where}.tracker_id", f"no tracker {vehicle.tracker_id} of the owner"
            elif vehicle.tracker_id in bound:
                yield (
                    f"{where}.tracker_id",
                    f"tracker {vehicle.tracker_id} is bound to vehicle "
                    f"{bound[vehicle.tracker_id]} too",
                )
            bound.setdefault(vehicle.tracker_id, vehicle.id)
        if vehicle.garage_id is not None and not _owns(
            world, vehicle.user_id, world.garages, vehicle.garage_id
        ):
            yield f"{where}.garage_id", f"no garage {vehicle.garage_id} of the owner"
    for task in world.service_tasks.values():
        if task.vehicle_id not in world.vehicles:
            yield f"service_tasks[id={task.id}].vehicle_id", f"no vehicle {task.vehicle_id}"
    grouped: dict[tuple[int, str], int] = {}
    for group in world.asset_groups.values():
        where = f"asset_groups[id={group.id}]"
        types = [a.type for a in group.assets]
        if len(set(types)) < len(types):
            yield f"{where}.assets", "a group holds one asset of each type"
        for asset in group.assets:
            if (asset.id, asset.type) in grouped:
                other = grouped[(asset.id, asset.type)]
                yield f"{where}.assets", f"{asset.type} {asset.id} is in group {other} too"
            grouped.setdefault((asset.id, asset.type), group.id)
    for entry in world.journal_entries.values():
        where = f"journal_entries[id={entry.id}]"
        yield from _tracker_of(world, where, entry.user_id, entry.tracker_id)
        if entry.employee_id is not None and not _owns(
            world, entry.user_id, world.employees, entry.employee_id
        ):
            yield f"{where}.employee_id", f"no employee {entry.employee_id} of the owner"


def _check_entities(world: World) -> Iterator[tuple[str, str]]:
    """One entity of each type per account; custom fields' entities, the owner's; a place's
    values, of its owner's place fields and of their types."""
    kinds: set[tuple[int, str]] = set()
    for entity in world.entities.values():
        if (entity.user_id, entity.type) in kinds:
            yield f"entities[id={entity.id}].type", f"a second {entity.type} entity of the owner"
        kinds.add((entity.user_id, entity.type))
    for field in world.entity_fields.values():
        if not _owns(world, field.user_id, world.entities, field.entity_id):
            where = f"entity_fields[id={field.id}].entity_id"
            yield where, f"no entity {field.entity_id} of the owner"
    place_entities = {e.user_id: e.id for e in world.entities.values() if e.type == "place"}
    for place in world.places.values():
        owners_entity = place_entities.get(place.user_id)
        for key, value in place.fields.items():
            declared = world.entity_fields.get(int(key)) if key.isdigit() else None
            where = f"places[id={place.id}].fields.{key}"
            if declared is None or declared.entity_id != owners_entity:
                yield where, f"no custom field {key} of the owner's places"
            elif value.type != declared.type:
                yield f"{where}.type", f"the field's type is {declared.type!r}"


def _check_contact_references(world: World) -> Iterator[tuple[str, str]]:
    """Chat messages', trusted numbers' and retranslator bindings' trackers; contacts'
    users and shared trackers."""
    for index, entry in enumerate(world.beacon_data):
        if entry.tracker_id not in world.trackers:
            yield f"beacon_data[{index}].tracker_id", f"no tracker {entry.tracker_id}"
    for message in world.chat_messages.values():
        where = f"chat_messages[id={message.id}]"
        yield from _tracker_of(world, where, message.user_id, message.tracker_id)
    for numbers in world.trusted_numbers.values():
        if numbers.tracker_id not in world.trackers:
            where = f"trusted_numbers[tracker_id={numbers.tracker_id}].tracker_id"
            yield where, f"no tracker {numbers.tracker_id}"
    for binding in world.retranslator_bindings.values():
        where = f"retranslator_bindings[id={binding.id}]"
        tracker = world.trackers.get(binding.tracker_id)
        if tracker is None:
            yield f"{where}.tracker_id", f"no tracker {binding.tracker_id}"
        elif not _owns(world, tracker.user_id, world.retranslators, binding.retranslator_id):
            where = f"{where}.retranslator_id"
            yield where, f"no retranslator {binding.retranslator_id} of the tracker's owner"
    for contact in world.contacts.values():
        where = f"contacts[id={contact.id}]"
        for name in ("user_id", "contact_id"):
            user = world.users.get(getattr(contact, name))
            if user is None or not user.is_master:
                yield f"{where}.{name}", f"no master user {getattr(contact, name)}"
        if contact.contact_id == contact.user_id:
            yield f"{where}.contact_id", "a contact is another account"
        for tracker_id in contact.tracker_ids:
            yield from _tracker_of(world, where, contact.contact_id, tracker_id)


def _check_status_references(world: World) -> Iterator[tuple[str, str]]:
    """Owners of listings and statuses; statuses' listings; listings' trackers (each in one
    listing at most); the trackers of status changes; owners of vehicle statuses."""
    listed: dict[int, int] = {}
    for listing in world.status_listings.values():
        where = f"status_listings[id={listing.id}]"
        owner = world.users.get(listing.user_id)
        if owner is None or not owner.is_master:
            yield f"{where}.user_id", f"no master user {listing.user_id}"
        for tracker_id in listing.trackers:
            if not _owns(world, listing.user_id, world.trackers, tracker_id):
                yield f"{where}.trackers", f"no tracker {tracker_id} of the owner"
            other = listed.setdefault(tracker_id, listing.id)
            if other != listing.id:
                yield f"{where}.trackers", f"tracker {tracker_id} has listing {other}"
    for status in world.work_statuses.values():
        if not _owns(world, status.user_id, world.status_listings, status.listing_id):
            where = f"work_statuses[id={status.id}].listing_id"
            yield where, f"no status listing {status.listing_id} of the owner"
    for change in world.status_changes.values():
        if change.tracker_id not in world.trackers:
            where = f"status_changes[id={change.id}].tracker_id"
            yield where, f"no tracker {change.tracker_id}"
    for vehicle_status in world.vehicle_statuses.values():
        owner = world.users.get(vehicle_status.user_id)
        if owner is None or not owner.is_master:
            where = f"vehicle_statuses[id={vehicle_status.id}].user_id"
            yield where, f"no master user {vehicle_status.user_id}"


def _check_task_schedules(world: World) -> Iterator[tuple[str, str]]:
    """Schedules' owners and trackers; what each kind needs (days, a zone, a route schedule of
    the same owner for a checkpoint); report schedules' users."""
    schedules = world.task_schedules
    for record in schedules.values():
        where = f"task_schedules[id={record.id}]"
        owner = world.users.get(record.user_id)
        if owner is None or not owner.is_master:
            yield f"{where}.user_id", f"no master user {record.user_id}"
        yield from _tracker_of(world, where, record.user_id, record.tracker_id)
        if record.type != "checkpoint" and record.parameters is None:
            yield f"{where}.parameters", f"a {record.type} schedule needs its days"
        if record.type != "route" and record.location is None:
            yield f"{where}.location", f"a {record.type} schedule needs its zone"
        if record.type == "checkpoint":
            route = schedules.get(record.parent_id) if record.parent_id is not None else None
            if route is None or route.type != "route" or route.user_id != record.user_id:
                yield f"{where}.parent_id", f"no route schedule {record.parent_id} of the owner"
    for report_schedule in world.report_schedules.values():
        if report_schedule.user_id not in world.users:
            where = f"report_schedules[id={report_schedule.id}].user_id"
            yield where, f"no user {report_schedule.user_id}"
