"""The baseline servers: a bare Starlette app, or a plain ASGI app, on the same uvicorn as
``fleet mock serve``.

``python bench/bare.py ANSWERS_FILE [--asgi] [--http NAME] [--loop NAME]`` listens on a free
loopback port, prints ``listening on URL`` and answers each path with the bytes ANSWERS_FILE
(JSON: path to answer text) gives: the same bytes the mock answers, with no work behind them.
The Starlette app answers them as ``application/json``; the plain ASGI app (``--asgi``, no
framework: one function) as ``application/json; charset=utf-8``, the mock's own content type.
``--http`` and ``--loop`` are uvicorn's (``auto`` by default, as the mock's).
"""

from __future__ import annotations

import argparse
import json

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from uvicorn._types import ASGIReceiveCallable, ASGISendCallable, Scope

CONTENT_TYPE = b"application/json; charset=utf-8"
"""The content type of the mock's answers, which the plain ASGI app answers too."""


def create_app(answers: dict[str, bytes]) -> Starlette:
    """The app answering ``answers[path]`` for a POST to any known path."""

    async def answer(request: Request) -> Response:
        await request.body()
        return Response(answers[request.url.path], media_type="application/json")

    return Starlette(routes=[Route("/{path:path}", answer, methods=["POST"])])


def create_asgi_app(answers: dict[str, bytes]):  # type: ignore[no-untyped-def]
    """A plain ASGI app answering ``answers[path]`` (reading the request body first)."""
    heads = {
        path: [(b"content-type", CONTENT_TYPE), (b"content-length", str(len(body)).encode())]
        for path, body in answers.items()
    }

    async def app(scope: Scope, receive: ASGIReceiveCallable, send: ASGISendCallable) -> None:
        more = True
        while more:
            more = (await receive()).get("more_body", False)  # type: ignore[assignment]
        path = scope["path"]  # type: ignore[typeddict-item]
        await send({"type": "http.response.start", "status": 200, "headers": heads[path]})
        await send({"type": "http.response.body", "body": answers[path], "more_body": False})

    return app


class _Server(uvicorn.Server):
    async def startup(self, sockets=None):  # type: ignore[no-untyped-def]
        await super().startup(sockets=sockets)
        port = self.servers[0].sockets[0].getsockname()[1]
        print(f"listening on http://127.0.0.1:{port}", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("answers", help="JSON: path to answer text")
    parser.add_argument("--asgi", action="store_true", help="the plain ASGI app")
    parser.add_argument("--http", default="auto", help="uvicorn's HTTP protocol")
    parser.add_argument("--loop", default="auto", help="uvicorn's event loop")
    args = parser.parse_args()
    with open(args.answers, encoding="utf-8") as file:
        loaded = {path: text.encode() for path, text in json.load(file).items()}
    app = create_asgi_app(loaded) if args.asgi else create_app(loaded)
    config = uvicorn.Config(
        app, host="127.0.0.1", port=0, log_level="warning", access_log=False,
        lifespan="off", http=args.http, loop=args.loop,
    )  # fmt: skip
    _Server(config).run()
