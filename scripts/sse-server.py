#!/usr/bin/env python3
"""A scripted server-sent events server on 127.0.0.1, for Courier's streaming tests.

Prints its port on the first line of stdout, then serves until killed. Every stream is sent with
chunked encoding, each piece flushed on its own (TCP_NODELAY), so the client sees the cuts the
route asks for. A route given `tag=NAME` records what happened to its connection under that name
(see /stats).

  /script?pieces=P&delay=MS  writes the pieces of P (base64url of a JSON list of base64 strings)
                             as separate flushes MS ms apart (5 by default), then ends the body;
                             tests send their own edge cases this way, cut where they like;
                             `type=T` sends Content-Type T instead of text/event-stream
  /events/edge-cases         a fixed stream with every edge case: a byte order mark, comments,
                             multi-line data, event/id/retry fields, an id holding NUL, CR-only
                             and CRLF line endings, a CRLF and a UTF-8 character cut between
                             flushes, and a last event with no blank line (which must be dropped)
  /events/llm?count=N        N JSON deltas, then `data: [DONE]` (an LLM completion's shape)
  /events/resume             events 1-6 with ids and `retry: 50`; a first connection gets 1-3, half
                             of event 4, then a dropped connection (no last chunk); a request with
                             Last-Event-ID: K gets the events after K and a clean end
  /events/flood?mb=N         N MB (200 by default) of 1 KiB events, as fast as the client reads
  /events/drip?interval=MS   an event every MS ms (100 by default), forever
  /events/gzip?state=S       three events, gzip-encoded, in 64-byte flushes: S is `valid` (by
                             default), `corrupt` (the compressed bytes after the first flush are
                             garbage) or `truncated` (the gzip stream is cut before its end, and
                             the body then ends cleanly)
  /events/silent-reconnect   a first connection gets event 1 (id 1) and is dropped; a request with
                             Last-Event-ID gets no answer at all, until the client gives up
  /events/early-hints        a `103 Early Hints` head, then the event stream's 200 head and two
                             events
  /events/fail               503 with a short text body
  /events/fail-endless       500 with an endless body: a client must read only its start
  /events/auth               401 with WWW-Authenticate unless `Authorization: Bearer fresh`
  /stats?tag=NAME            JSON about the tagged connections: closed (the client closed it),
                             bytesSent, connections, lastEventIDs (the Last-Event-ID of each)
"""
import base64
import gzip
import json
import select
import socket
import socketserver
import sys
import threading
import time
import urllib.parse

STATS = {}
STATS_LOCK = threading.Lock()


def record(tag, **changes):
    if not tag:
        return
    with STATS_LOCK:
        stats = STATS.setdefault(tag, {"closed": False, "bytesSent": 0, "connections": 0, "lastEventIDs": []})
        for key, value in changes.items():
            if key == "bytesSent":
                stats[key] += value
            elif key == "connections":
                stats[key] += value
            elif key == "lastEventID":
                stats["lastEventIDs"].append(value)
            else:
                stats[key] = value


class ClientGone(Exception):
    """The client closed the connection."""


class Handler(socketserver.BaseRequestHandler):
    def handle(self):
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        data = b""
        while b"\r\n\r\n" not in data:
            part = self.request.recv(65536)
            if not part:
                return
            data += part
        head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1")
        request_line, *header_lines = head.split("\r\n")
        target = request_line.split(" ")[1] if request_line.count(" ") >= 2 else "/"
        url = urllib.parse.urlsplit(target)
        self.query = {key: values[-1] for key, values in urllib.parse.parse_qs(url.query).items()}
        self.headers = {}
        for line in header_lines:
            name, _, value = line.partition(":")
            self.headers[name.strip().lower()] = value.strip()
        self.tag = self.query.get("tag")
        record(self.tag, connections=1)
        route = "route_" + url.path.strip("/").replace("/", "_").replace("-", "_")
        try:
            getattr(self, route, self.route_missing)()
        except (BrokenPipeError, ConnectionResetError, ClientGone):
            record(self.tag, closed=True)

    # --- writing ------------------------------------------------------------------------------

    def send(self, data):
        self.request.sendall(data if isinstance(data, bytes) else data.encode())

    def head(self, status="200 OK", content_type="text/event-stream", extra=""):
        self.send(
            f"HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nCache-Control: no-cache\r\n"
            f"Transfer-Encoding: chunked\r\nConnection: close\r\n{extra}\r\n"
        )

    def piece(self, data):
        """One chunk of the body, flushed at once."""
        data = data if isinstance(data, bytes) else data.encode()
        if data:
            self.send(f"{len(data):x}\r\n".encode() + data + b"\r\n")
            record(self.tag, bytesSent=len(data))

    def end(self):
        self.send(b"0\r\n\r\n")

    def drop(self):
        """Closes the connection in the middle of the body: no last chunk, so the client sees an error."""
        self.request.shutdown(socket.SHUT_RDWR)
        self.request.close()

    def wait(self, seconds):
        """Sleeps, noticing at once if the client closes the connection meanwhile."""
        readable, _, _ = select.select([self.request], [], [], seconds)
        if readable and not self.request.recv(65536, socket.MSG_PEEK):
            raise ClientGone()

    def json(self, status, value):
        body = json.dumps(value).encode()
        self.send(
            f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            f"Connection: close\r\n\r\n"
        )
        self.send(body)

    # --- routes -------------------------------------------------------------------------------

    def route_script(self):
        encoded = self.query.get("pieces", "W10=")
        pieces = [base64.b64decode(p) for p in json.loads(base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)))]
        delay = int(self.query.get("delay", "5")) / 1000
        self.head(content_type=self.query.get("type", "text/event-stream"))
        for index, data in enumerate(pieces):
            if index:
                self.wait(delay)
            self.piece(data)
        self.end()

    def route_events_edge_cases(self):
        pieces = [
            b"\xef\xbb",  # a byte order mark cut in two
            b"\xbf: a comment first\n",
            b"retry: 2000\nid: 1\nevent: greeting\ndata: hello\r",  # CR | LF cut
            b"\ndata: world\r\n\r\n",
            b"id: 2\x00bad\ndata: the id above holds NUL and is ignored\n\n",
            b"data: caf\xc3",  # a UTF-8 character cut in two
            b"\xa9 \xe2\x9c\x93\rdata\r\r",  # CR-only line endings; `data` alone adds an empty line
            b"retry: soon\ndata: retry above is not digits\n: comment inside\n\n",
            b"data: never dispatched: no blank line follows",
        ]
        self.head()
        for index, data in enumerate(pieces):
            if index:
                self.wait(0.005)
            self.piece(data)
        self.end()

    def route_events_llm(self):
        count = int(self.query.get("count", "5"))
        self.head()
        for index in range(count):
            self.piece(f'data: {{"index": {index}, "text": "token {index} "}}\n\n')
            self.wait(0.002)
        self.piece("data: [DONE]\n\n")
        self.end()

    def route_events_resume(self):
        last = self.headers.get("last-event-id")
        record(self.tag, lastEventID=last)
        self.head()
        if last is None:
            self.piece("retry: 50\n")
            for number in range(1, 4):
                self.piece(f"id: {number}\ndata: event {number}\n\n")
            self.piece("id: 4\ndata: event 4 is cut off")
            self.wait(0.02)
            self.drop()
            return
        for number in range(int(last) + 1, 7):
            self.piece(f"id: {number}\ndata: event {number}\n\n")
        self.end()

    def route_events_flood(self):
        total = int(self.query.get("mb", "200")) * 1_000_000
        event = b"data: " + b"x" * 1016 + b"\n\n"
        block = event * 64
        self.head()
        sent = 0
        while sent < total:
            self.piece(block)
            sent += len(block)
        self.end()

    def route_events_drip(self):
        interval = int(self.query.get("interval", "100")) / 1000
        self.head()
        number = 0
        while True:
            number += 1
            self.piece(f"id: {number}\ndata: drop {number}\n\n")
            self.wait(interval)

    def route_events_gzip(self):
        state = self.query.get("state", "valid")
        body = gzip.compress(b"".join(f"id: {n}\ndata: event {n}\n\n".encode() for n in range(1, 4)) * 20)
        if state == "corrupt":
            body = body[:64] + bytes((byte ^ 0x5A) for byte in body[64:])
        elif state == "truncated":
            body = body[: len(body) // 2]
        self.head(extra="Content-Encoding: gzip\r\n")
        for start in range(0, len(body), 64):
            if start:
                self.wait(0.002)
            self.piece(body[start : start + 64])
        self.end()

    def route_events_silent_reconnect(self):
        last = self.headers.get("last-event-id")
        record(self.tag, lastEventID=last)
        if last is None:
            self.head()
            self.piece("id: 1\ndata: one\n\n")
            self.wait(0.02)
            self.drop()
            return
        for _ in range(600):
            self.wait(0.1)

    def route_events_early_hints(self):
        self.send("HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n")
        self.wait(0.02)
        self.head()
        self.piece("data: one\n\n")
        self.wait(0.02)
        self.piece("data: two\n\n")
        self.end()

    def route_events_fail(self):
        body = b"the event service is down for maintenance"
        self.send(
            f"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: {len(body)}\r\n"
            f"Connection: close\r\n\r\n"
        )
        self.send(body)

    def route_events_fail_endless(self):
        self.head("500 Internal Server Error", "text/plain")
        line = b"error " * 1000 + b"\n"
        while True:
            self.piece(line)

    def route_events_auth(self):
        if self.headers.get("authorization") != "Bearer fresh":
            self.send(
                'HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Bearer realm="courier"\r\n'
                "Content-Type: text/plain\r\nContent-Length: 13\r\nConnection: close\r\n\r\ntoken expired"
            )
            return
        self.head()
        self.piece("data: authorized\n\n")
        self.end()

    def route_stats(self):
        with STATS_LOCK:
            stats = dict(STATS.get(self.tag or "", {"closed": False, "bytesSent": 0, "connections": 0, "lastEventIDs": []}))
        # The /stats request itself carries the tag: leave it out of the count.
        stats["connections"] = max(stats["connections"] - 1, 0)
        self.json("200 OK", stats)

    def route_missing(self):
        self.json("404 Not Found", {"error": "no such route"})


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128


if __name__ == "__main__":
    with Server(("127.0.0.1", 0), Handler) as server:
        print(server.server_address[1], flush=True)
        server.serve_forever()
