"""An employee's avatar: an icon of the standard set, or an uploaded image.

``employee/avatar/assign`` keeps ``icon_id`` (null shows the uploaded avatar),
``employee/avatar/upload`` keeps the uploaded image's file name as ``avatar_file_name``; each
leaves the other as it is. Both make the checks of the other employee calls first.
"""

from __future__ import annotations

from fleetapi._errors import EntityNotFoundError
from fleetapi.endpoints.employee import EMPLOYEE_AVATAR_ASSIGN, EMPLOYEE_AVATAR_UPLOAD
from fleetapi.models.employee import EmployeeAvatarAssignParams, EmployeeAvatarUploadParams
from fleetapi_mock.domain.context import Context
from fleetapi_mock.domain.employee import check_employee_calls, visible_employee
from fleetapi_mock.domain.file import avatar_name
from fleetapi_mock.handlers import handles
from fleetapi_mock.state.records import EmployeeRecord


def _employee(ctx: Context, employee_id: int) -> EmployeeRecord:
    """The employee, after the checks of the employee calls (201: one the caller does not
    see)."""
    check_employee_calls(ctx)
    record = visible_employee(ctx, employee_id)
    if record is None:
        raise EntityNotFoundError(f"no employee {employee_id}")
    return record


@handles(EMPLOYEE_AVATAR_ASSIGN)
def employee_avatar_assign(ctx: Context, params: EmployeeAvatarAssignParams) -> None:
    """Keep the employee's icon (201: not an employee the caller sees)."""
    record = _employee(ctx, params.employee_id)
    ctx.world.employees.change(record.id, icon_id=params.icon_id)


@handles(EMPLOYEE_AVATAR_UPLOAD)
def employee_avatar_upload(ctx: Context, params: EmployeeAvatarUploadParams) -> str:
    """The image part ``file`` as the employee's avatar: its new file name (201: not an
    employee the caller sees; 233: no image; 234: not an avatar type; 271: too large)."""
    record = _employee(ctx, params.employee_id)
    name = avatar_name(ctx)
    ctx.world.employees.change(record.id, avatar_file_name=name)
    return name
