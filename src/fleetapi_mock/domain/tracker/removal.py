"""Removing a tracker (``tracker/corrupt``, ``tracker/delete``): the tracker and its data go,
and every entity bound to it lets it go, so that no list or call shows it again and the world
stays a valid world document.
"""

from __future__ import annotations

import attrs

from fleetapi_mock.domain.checkin import checkin_files
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.form import delete_form
from fleetapi_mock.domain.route import delete_tasks
from fleetapi_mock.domain.task_schedule import forget_tracker
from fleetapi_mock.state.records import TrackerRecord

__all__ = ["remove_tracker"]


def remove_tracker(ctx: Context, record: TrackerRecord) -> None:
    """Remove ``record`` with its data: its points, events, sensors, last change of employee,
    saved and queued commands, chat, retranslator bindings, driver journal entries, trusted
    numbers, settings, beacon data and working status changes, the tasks and routes assigned to
    it and the schedules making them, its check-ins and the forms made for it (their files
    marked deleted); contacts share it no more. The employee and the vehicle bound to it are
    unbound; it leaves its status listing, rules, geo links (a link left with no tracker is
    deleted) and sub-users' tracker lists."""
    world, gone = ctx.world, record.id
    world.track_points.remove_tracker(gone)
    for table in (
        world.events,
        world.sensors,
        world.tracker_commands,
        world.command_queue,
        world.chat_messages,
        world.retranslator_bindings,
        world.status_changes,
        world.journal_entries,
    ):
        for key in [k for k, r in table.items() if r.tracker_id == gone]:
            del table[key]
    for keyed in (world.employee_changes, world.trusted_numbers, world.tracker_settings):
        keyed.pop(gone, None)
    world.beacon_data[:] = [b for b in world.beacon_data if b.tracker_id != gone]
    for contact in [c for c in world.contacts.values() if gone in c.tracker_ids]:
        world.contacts.change(contact.id, tracker_ids=[t for t in contact.tracker_ids if t != gone])
    _forget_work(ctx, gone)
    for employee in [e for e in world.employees.values() if e.tracker_id == gone]:
        world.employees.change(employee.id, tracker_id=None)
    for vehicle in [v for v in world.vehicles.values() if v.tracker_id == gone]:
        world.vehicles.change(vehicle.id, tracker_id=None)
    for rule in [r for r in world.rules.values() if gone in r.trackers]:
        world.rules.change(rule.id, trackers=[t for t in rule.trackers if t != gone])
    for listing in [s for s in world.status_listings.values() if gone in s.trackers]:
        world.status_listings.change(
            listing.id, trackers=[t for t in listing.trackers if t != gone]
        )
    for link in [
        g for g in world.geo_links.values() if any(t.tracker_id == gone for t in g.trackers)
    ]:
        kept = [t for t in link.trackers if t.tracker_id != gone]
        if kept:
            world.geo_links.change(link.id, trackers=kept)
        else:
            del world.geo_links[link.id]
    for user in [u for u in world.users.values() if u.trackers is not None and gone in u.trackers]:
        world.users.change(user.id, trackers=[t for t in user.trackers or () if t != gone])
    del world.trackers[gone]


def _forget_work(ctx: Context, gone: int) -> None:
    """The tasks, routes, check-ins and forms of the tracker ``gone``."""
    world = ctx.world
    for route in [r for r in world.routes.values() if r.tracker_id == gone]:
        delete_tasks(ctx, route.checkpoint_ids)
        del world.routes[route.id]
    delete_tasks(ctx, [t.id for t in world.tasks.values() if t.tracker_id == gone])
    forget_tracker(world, gone)
    for checkin in [c for c in world.checkins.values() if c.tracker_id == gone]:
        del world.checkins[checkin.id]
        for file in checkin_files(world, checkin.id):
            world.files[file.id] = attrs.evolve(file, state="deleted", checkin_id=None)
    for form in [f for f in world.forms.values() if f.tracker_id == gone]:
        delete_form(world, form)
