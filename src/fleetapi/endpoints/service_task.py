"""Vehicle service works: plan them by date, mileage or engine hours, follow their status,
set them done, list and download them."""

from __future__ import annotations

from fleetapi._endpoint import EXPORT_MEDIA_TYPES, Decision, Endpoint, Paging, Result
from fleetapi.models.service_task import (
    ServiceTask,
    ServiceTaskBatchCreateParams,
    ServiceTaskCreateParams,
    ServiceTaskDeleteParams,
    ServiceTaskDownloadParams,
    ServiceTaskListParams,
    ServiceTaskReadParams,
    ServiceTaskSetStatusParams,
    ServiceTaskUpdateParams,
)

_TESTS = "(`tests/sdk/test_service_task.py`)"

SERVICE_TASK_CREATE = Endpoint(
    path="vehicle/service_task/create",
    params=ServiceTaskCreateParams,
    result=Result.field("id", int),
    summary="Plan a service work for a vehicle with a tracker and get its ID.",
    right="vehicle_update",
    errors=(201, 204, 214),
    origin="service",
    decisions=(
        Decision(
            "Service task conditions",
            "Counted from the task's `start`: a mileage or engine hours condition by what the "
            "tracker's counter (`tracker/counter/value/get`) grew since the start, a date "
            "condition by the world's clock. A condition is `notified` once within its "
            "`notification_interval` of its limit (km, hours or days; omitted: at the limit) "
            "and `expired` at its limit; the task's status is the furthest any condition "
            "reached. `conditions` without any of the three answers 7 naming "
            f"`task.conditions` {_TESTS}.",
        ),
        Decision(
            "A service task's `start`",
            "The date and the tracker's counters when the task is made (0 for a counter that "
            "has counted nothing yet); `update` keeps it, unless it moves the task to another "
            "vehicle, whose counters it takes then.",
        ),
        Decision(
            "Service task references",
            "A vehicle that is not the caller's (or that a sub-user does not see), or has no "
            "tracker, is 201 (as documented); a file of `file_ids` that is not the caller's "
            "is 204; an engine hours condition on a tracker that never reported its ignition "
            f"is 214 {_TESTS}.",
        ),
        Decision(
            "Notices of a service task",
            "When a task reaches `notified`, then `expired`, the mock records an event of the "
            "vehicle's tracker (`service_task_notified`, `service_task_expired`, its "
            "`extra.service_task_id` the task) at the moment it was reached, where the tracker "
            "was then, and puts an e-mail to each of `notifications.emails` in the sent box. "
            "It finds out when the tracker's points are recorded and when service tasks or "
            "the history are read: the clock alone moves nothing until then. Text messages "
            f"and pushes are not sent {_TESTS}.",
        ),
        Decision(
            "Rights of the service task calls",
            "Reading, listing and downloading need none; creating, updating, deleting and "
            "setting the status need `vehicle_update`, as the vehicle calls do.",
        ),
    ),
)
SERVICE_TASK_BATCH_CREATE = Endpoint(
    path="vehicle/service_task/batch/create",
    params=ServiceTaskBatchCreateParams,
    result=Result.nothing(),
    summary="Plan the same service work for several vehicles.",
    right="vehicle_update",
    errors=(201, 204, 214),
    origin="service",
    decisions=(
        Decision(
            "`vehicle/service_task/batch/create`",
            "All or none: every vehicle is checked as `create` checks one (201, 204, 214) "
            "before any task is made; a vehicle named twice gets one task. The answer holds "
            f"no ID: `list` with `vehicle_ids` finds the tasks {_TESTS}.",
        ),
    ),
)
SERVICE_TASK_UPDATE = Endpoint(
    path="vehicle/service_task/update",
    params=ServiceTaskUpdateParams,
    result=Result.nothing(),
    summary="Rewrite a service work's fields, conditions and notifications.",
    right="vehicle_update",
    errors=(204, 214),
    origin="service",
    current="vehicle/service_task/read",
    decisions=(
        Decision(
            "`vehicle/service_task/update`",
            "Rewrites the task whole (an omitted optional field takes its default); a task "
            "or vehicle that is not the caller's, a vehicle without a tracker or a file not "
            "the caller's is 204. `start` and `completion` are kept. A change of conditions "
            "(or vehicle) has the status worked out again from them, and told again when it "
            "is reached; other changes keep what was told; a done task stays done "
            f"{_TESTS}.",
        ),
    ),
)
SERVICE_TASK_DELETE = Endpoint(
    path="vehicle/service_task/delete",
    params=ServiceTaskDeleteParams,
    result=Result.nothing(),
    summary="Delete a service work, or several.",
    right="vehicle_update",
    origin="service",
    decisions=(
        Decision(
            "`vehicle/service_task/delete`",
            "IDs that are not the caller's tasks are skipped; neither or both of `task_id` "
            "and `task_ids` is 7. A file the deleted tasks held and no other task, check-in "
            f"or form holds is deleted with them {_TESTS}.",
        ),
    ),
)
SERVICE_TASK_LIST = Endpoint(
    path="vehicle/service_task/list",
    params=ServiceTaskListParams,
    result=Result.field("list", list[ServiceTask]),
    summary="List the service works of the user's vehicles, filtered, sorted and paged.",
    errors=(201,),
    safe=True,
    origin="service",
    paging=Paging(items="list", total=None),
    decisions=(
        Decision(
            "`vehicle/service_task/list` filters and order",
            "By id unless `sort` says otherwise (`vehicle` by label, `creation_date` the "
            "start's date, `predicted_date` the prediction's end). `filter` keeps tasks whose "
            "description, comment or vehicle label holds it, any case. A vehicle of "
            "`vehicle_ids` that is not the caller's is 201. A sub-user sees the tasks of the "
            "vehicles it sees. `add_filename_header` changes nothing in a JSON answer "
            f"{_TESTS}.",
        ),
        Decision(
            "A service task's `prediction`",
            "`wear_percentage`: how far the task is toward its nearest limit (0 to 100); "
            "`end_date`: the earliest end its conditions predict, a date condition's `end` or "
            "when a counter reaches its limit at its pace since the start (null while a "
            "counter has not moved and there is no date). Both freeze when the task is done "
            "(`end_date` its completion).",
        ),
    ),
)
SERVICE_TASK_READ = Endpoint(
    path="vehicle/service_task/read",
    params=ServiceTaskReadParams,
    result=Result.field("value", ServiceTask),
    summary="Read one service work with its status and counters.",
    errors=(201, 204),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "201 and 204 of `vehicle/service_task/read` and `set_status`",
            "204 for a task that is not the caller's (or whose vehicle a sub-user does not "
            "see); 201 when a mileage or engine hours condition needs the counters of a "
            f"tracker the vehicle no longer has (its tracker was removed) {_TESTS}.",
        ),
    ),
)
SERVICE_TASK_SET_STATUS = Endpoint(
    path="vehicle/service_task/set_status",
    params=ServiceTaskSetStatusParams,
    result=Result.nothing(),
    summary="Set a service work done, keeping the date and counters of its completion.",
    right="vehicle_update",
    errors=(201, 204),
    origin="service",
    decisions=(
        Decision(
            "`vehicle/service_task/set_status` to `done`",
            "Keeps the date and counters now as `completion` (`completion_date` the same "
            "date). A repeating task starts the next one at once, its `start` the completion: "
            "a counter condition's limit is its `repeat_interval` (else its limit), a date "
            "condition ends `repeat_interval` days after the completion (else as long after "
            "as it lasted). A task already done is left as it is (no second repeat) "
            f"{_TESTS}.",
        ),
    ),
)
SERVICE_TASK_DOWNLOAD = Endpoint(
    path="vehicle/service_task/download",
    params=ServiceTaskDownloadParams,
    result=Result.file(*EXPORT_MEDIA_TYPES.values()),
    summary="Download the service works `list` finds as a pdf document or an xlsx workbook.",
    errors=(201,),
    safe=True,
    origin="service",
    decisions=(
        Decision(
            "`vehicle/service_task/download` content",
            "The tasks `list` finds with the same parameters, a row each: vehicle, "
            "description, status, conditions, start, predicted end, wear, cost, comment. "
            "`pdf` by default; `xlsx` and `xls` answer the same workbook. `group_by` puts a "
            "heading row before the tasks of each vehicle or status. The file is named "
            f"`service_tasks.<format>` when `add_filename_header` is true {_TESTS}.",
        ),
    ),
)

ENDPOINTS = (
    SERVICE_TASK_CREATE,
    SERVICE_TASK_BATCH_CREATE,
    SERVICE_TASK_UPDATE,
    SERVICE_TASK_DELETE,
    SERVICE_TASK_LIST,
    SERVICE_TASK_READ,
    SERVICE_TASK_SET_STATUS,
    SERVICE_TASK_DOWNLOAD,
)
