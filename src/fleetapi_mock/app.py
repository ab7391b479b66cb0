"""The ASGI app of the mock (Starlette): one catch-all route onto a :class:`Backend`."""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from fleetapi_mock.router import Backend

__all__ = ["create_app"]

_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]


async def _read_body(request: Request, limit: int) -> tuple[bytes, int]:
    """The body and its size, reading no further than one chunk past ``limit``.

    A body larger than ``limit`` is not kept: the backend answers 413 from the size alone.
    """
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        return b"", int(declared)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            return b"", size
    return b"".join(chunks), size


def create_app(backend: Backend | None = None) -> Starlette:
    """A Starlette app answering every path and method from ``backend`` (the demo world's
    backend when not given)."""
    served = backend if backend is not None else Backend()

    async def answer(request: Request) -> Response:
        body, size = await _read_body(request, served.max_body_bytes)
        client = request.client.host if request.client else None
        status, headers, content = await run_in_threadpool(
            served.handle,
            request.method,
            request.url.path,
            dict(request.query_params),
            request.headers,
            body,
            client=client,
            body_size=size,
            scheme=request.url.scheme,
        )
        return Response(content, status_code=status, headers=headers)

    app = Starlette(routes=[Route("/{path:path}", answer, methods=_METHODS)])
    app.state.backend = served
    return app
