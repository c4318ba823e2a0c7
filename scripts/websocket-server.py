"""A WebSocket peer for Courier's integration tests and `courier-demo socket`, on PyPI's
`websockets` (an independent RFC 6455 and RFC 7692 implementation).

Prints the port it listens on (127.0.0.1, chosen free), then serves until killed:

  /echo              sends back every message, text as text and binary as binary
  /close?code=N      closes at once with code N and the reason "closing as asked"
  /count?n=N         sends N text messages "message 1" … "message N", then closes with 1000
  /headers           sends one text message: the handshake's headers as JSON, then echoes

Every path offers permessage-deflate (the library's default) and picks "chat.v2" when the client
offers it among its subprotocols.
"""

import asyncio
import json
import sys
from urllib.parse import parse_qs, urlparse

from websockets.asyncio.server import serve


def choose_subprotocol(connection, offered):
    return "chat.v2" if "chat.v2" in offered else None


async def handle(connection):
    url = urlparse(connection.request.path)
    query = parse_qs(url.query)
    if url.path == "/close":
        await connection.close(int(query.get("code", ["1000"])[0]), "closing as asked")
        return
    if url.path == "/count":
        for number in range(1, int(query.get("n", ["3"])[0]) + 1):
            await connection.send(f"message {number}")
        await connection.close(1000, "done")
        return
    if url.path == "/headers":
        await connection.send(json.dumps({name.lower(): value for name, value in connection.request.headers.raw_items()}))
    async for message in connection:
        await connection.send(message)


async def main():
    async with serve(
        handle, "127.0.0.1", 0, select_subprotocol=choose_subprotocol, max_size=64 * 1024 * 1024
    ) as server:
        port = server.sockets[0].getsockname()[1]
        print(port, flush=True)
        await asyncio.Future()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
