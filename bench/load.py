"""A cheap HTTP load generator: keep-alive connections, one request in flight on each.

``python bench/load.py HOST PORT SECONDS CONNECTIONS REQUEST_FILE`` sends the raw request in
REQUEST_FILE over CONNECTIONS connections for SECONDS, then prints the answers counted and the
seconds measured (after a warm-up of one answer per connection). Every answer must be HTTP 200.
Run in its own process, so that it competes with the server only for the processor, as wrk does.
"""

from __future__ import annotations

import asyncio
import sys
import time


async def _connection(
    host: str, port: int, request: bytes, stop: list[float], counts: list[int]
) -> None:
    reader, writer = await asyncio.open_connection(host, port)
    try:
        while True:
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            if not head.startswith(b"HTTP/1.1 200"):
                raise RuntimeError(f"answer: {head[:200]!r}")
            length = 0
            for line in head.split(b"\r\n"):
                if line[:15].lower() == b"content-length:":
                    length = int(line[15:])
                    break
            await reader.readexactly(length)
            counts[0] += 1
            if time.perf_counter() >= stop[0]:
                return
    finally:
        writer.close()


async def _main(host: str, port: int, seconds: float, connections: int, request: bytes) -> None:
    warm = [0]
    await asyncio.gather(
        *(_connection(host, port, request, [0.0], warm) for _ in range(connections))
    )
    counts = [0]
    started = time.perf_counter()
    stop = [started + seconds]
    await asyncio.gather(
        *(_connection(host, port, request, stop, counts) for _ in range(connections))
    )
    print(counts[0] + warm[0], counts[0], time.perf_counter() - started, flush=True)


if __name__ == "__main__":
    host, port, seconds, connections, path = sys.argv[1:6]
    with open(path, "rb") as file:
        raw = file.read()
    asyncio.run(_main(host, int(port), float(seconds), int(connections), raw))
