"""The baseline server: a bare Starlette app on the same uvicorn as ``fleet mock serve``.

``python bench/bare.py ANSWERS_FILE`` listens on a free loopback port, prints ``listening on
URL`` and answers each path with the bytes ANSWERS_FILE (JSON: path to answer text) gives,
as ``application/json``: the same bytes the mock answers, with no work behind them.
"""

from __future__ import annotations

import json
import sys

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route


def create_app(answers: dict[str, bytes]) -> Starlette:
    """The app answering ``answers[path]`` for a POST to any known path."""

    async def answer(request: Request) -> Response:
        await request.body()
        return Response(answers[request.url.path], media_type="application/json")

    return Starlette(routes=[Route("/{path:path}", answer, methods=["POST"])])


class _Server(uvicorn.Server):
    async def startup(self, sockets=None):  # type: ignore[no-untyped-def]
        await super().startup(sockets=sockets)
        port = self.servers[0].sockets[0].getsockname()[1]
        print(f"listening on http://127.0.0.1:{port}", flush=True)


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as file:
        loaded = {path: text.encode() for path, text in json.load(file).items()}
    config = uvicorn.Config(
        create_app(loaded), host="127.0.0.1", port=0, log_level="warning",
        access_log=False, lifespan="off",
    )  # fmt: skip
    _Server(config).run()
