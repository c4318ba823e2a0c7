#!/usr/bin/env python3
"""A loopback HTTP server that misbehaves on purpose, for Courier's resilience tests.

Prints its port on the first line of stdout, then serves until killed. Paths:
  /malformed-json     200 with a truncated JSON body
  /short-body         Content-Length: 1000, sends 10 bytes, closes
  /close-mid-body     chunked body, closes before the last chunk
  /stall              sends the status line and headers, then nothing
  /trickle            Content-Length: 100, then one byte every 0.5 s: never idle, never done soon
  /huge               Content-Length: 1 GiB, streams zeros as fast as the client reads
  /huge-chunked       1 GiB with no Content-Length (chunked)
  /endless?id=X       chunked, 1 KiB every 20 ms for up to a minute, until the client goes away
  /closed?id=X        {"closed": true} once /endless?id=X saw its client close the connection
  /count-body         reads a Content-Length body, then counts the bytes sent after it for 0.5 s:
                      {"body": N, "extra": M}
  /gzip-bomb          Content-Encoding: gzip: 64 KiB on the wire that inflate to 64 MiB of zeros
  /not-http           answers bytes that are not HTTP at all
  /ok                 a well-formed 200 with {"ok": true}
  /auth               200 for `Authorization: Bearer fresh`, else 401 with WWW-Authenticate
  /redirect-endless?id=X&length=L
                      302 to /ok whose body never ends (chunked; or Content-Length L, sent
                      whole), until the client goes away
  /sent?id=X          {"bytes": N}: the body bytes /redirect-endless?id=X or /endless-head?id=X
                      managed to send
  /endless-head?id=X  a status line, then 1 KiB header lines that never end
  /gzip-flood         Content-Encoding: gzip, chunked: 1 GiB of zeros as ~1 MiB of gzip
  /gather?id=X&count=N&n=I[&redirect=1]
                      held until N requests with id X arrived (10 s at most), then all answered at
                      once: {"n": I, "together": B} (B false when the 10 s ran out), or a 302 to
                      /numbered, which answers the same
  /numbered?n=I&together=1  {"n": I, "together": true}
  /early-answer       200 "first", kept alive; 100 ms later, unasked, a second answer "STALE" on
                      the idle connection; later requests on it get {"ok": true}
"""
import functools
import gzip
import socket
import socketserver
import threading
import time
import zlib

GIB = 1 << 30
CHUNK = b"\0" * 65536


# The ids of /endless requests whose client closed the connection, for /closed.
closed_streams = set()
closed_lock = threading.Lock()
# Body bytes sent by /redirect-endless, by id, for /sent.
sent_bytes = {}
# The barriers /gather requests wait at, by id.
gatherings = {}


@functools.lru_cache(maxsize=1)
def gzip_flood():
    """1 GiB of zeros as one gzip member (about 1 MiB), compressed a MiB at a time."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    mebibyte = b"\0" * (1 << 20)
    parts = [compressor.compress(mebibyte) for _ in range(1024)]
    parts.append(compressor.flush())
    return b"".join(parts)


@functools.lru_cache(maxsize=1)
def gzip_bomb():
    """64 MiB of zeros, gzipped once (about 64 KiB)."""
    return gzip.compress(b"\0" * (64 << 20), compresslevel=9)


class Handler(socketserver.BaseRequestHandler):
    def handle(self):
        data = b""
        while b"\r\n\r\n" not in data:
            part = self.request.recv(4096)
            if not part:
                return
            data += part
        path = data.split(b" ", 2)[1].decode("latin-1") if data.count(b" ") >= 2 else "/"
        path, _, self.query = path.partition("?")
        self.head = data.decode("latin-1").lower()
        self.early = data.split(b"\r\n\r\n", 1)[1]
        try:
            getattr(self, "route_" + path.strip("/").replace("-", "_"), self.route_missing)()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def send(self, text):
        self.request.sendall(text if isinstance(text, bytes) else text.encode())

    def route_ok(self):
        body = b'{"ok": true}'
        self.send(f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n")
        self.send(body)

    def route_auth(self):
        if "\r\nauthorization: bearer fresh\r\n" in self.head:
            body = b'{"authorized": true}'
            self.send(f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n")
        else:
            body = b'{"error": "token expired"}'
            self.send(f'HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Bearer realm="courier"\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n')
        self.send(body)

    def route_malformed_json(self):
        body = b'{"name": "trunc'
        self.send(f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n")
        self.send(body)

    def route_short_body(self):
        self.send("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n")
        self.send(b"0123456789")
        self.request.shutdown(socket.SHUT_RDWR)

    def route_close_mid_body(self):
        self.send("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n")
        self.send(b"a\r\n0123456789\r\n")
        self.request.shutdown(socket.SHUT_RDWR)

    def route_stall(self):
        self.send("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n\r\n")
        time.sleep(60)

    def route_burst_then_stall(self):
        # 8 MiB at once, more than a stream's buffer holds (so the transfer pauses), then nothing.
        self.send(f"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: {GIB}\r\n\r\n")
        for _ in range(128):
            self.send(CHUNK)
        time.sleep(60)

    def route_trickle(self):
        self.send("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100\r\nConnection: close\r\n\r\n")
        for _ in range(100):
            self.send(b".")
            time.sleep(0.5)

    def route_huge(self):
        self.send(f"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: {GIB}\r\nConnection: close\r\n\r\n")
        for _ in range(GIB // len(CHUNK)):
            self.send(CHUNK)

    def route_huge_chunked(self):
        self.send("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
        header = f"{len(CHUNK):x}\r\n".encode()
        for _ in range(GIB // len(CHUNK)):
            self.send(header + CHUNK + b"\r\n")
        self.send(b"0\r\n\r\n")

    def route_gzip_bomb(self):
        body = gzip_bomb()
        self.send(f"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Encoding: gzip\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n")
        self.send(body)

    def route_gzip_flood(self):
        body = gzip_flood()
        self.send("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n")
        for start in range(0, len(body), 16384):
            piece = body[start:start + 16384]
            self.send(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
        self.send(b"0\r\n\r\n")

    def route_count_body(self):
        length = 0
        for line in self.head.split("\r\n"):
            name, _, value = line.partition(":")
            if name.strip() == "content-length":
                length = int(value.strip())
        received = self.early
        while len(received) < length:
            part = self.request.recv(65536)
            if not part:
                break
            received += part
        extra = len(received) - min(len(received), length)
        self.request.settimeout(0.5)
        try:
            while True:
                part = self.request.recv(65536)
                if not part:
                    break
                extra += len(part)
        except socket.timeout:
            pass
        body = f'{{"body": {min(len(received), length)}, "extra": {extra}}}'.encode()
        self.send(f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n")
        self.send(body)

    def route_endless(self):
        self.send("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = f"{1024:x}\r\n".encode() + b"x" * 1024 + b"\r\n"
        try:
            for _ in range(3000):
                self.send(chunk)
                time.sleep(0.02)
        except OSError:
            with closed_lock:
                closed_streams.add(self.query_value("id"))

    def route_closed(self):
        with closed_lock:
            closed = self.query_value("id") in closed_streams
        body = b'{"closed": true}' if closed else b'{"closed": false}'
        self.send(f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n")
        self.send(body)

    def route_redirect_endless(self):
        length = self.query_value("length")
        framing = f"Content-Length: {length}" if length else "Transfer-Encoding: chunked"
        self.send(f"HTTP/1.1 302 Found\r\nLocation: /ok\r\nContent-Type: text/html\r\n{framing}\r\n\r\n")
        self.send_until_gone(CHUNK if length else f"{len(CHUNK):x}\r\n".encode() + CHUNK + b"\r\n")

    def route_endless_head(self):
        self.send("HTTP/1.1 200 OK\r\n")
        self.send_until_gone(b"X-Pad: " + b"a" * 1015 + b"\r\n")

    def send_until_gone(self, piece):
        """Sends `piece` again and again until the client goes away, counting the bytes for /sent."""
        ident = self.query_value("id")
        try:
            while True:
                self.send(piece)
                with closed_lock:
                    sent_bytes[ident] = sent_bytes.get(ident, 0) + len(piece)
        except OSError:
            pass

    def route_early_answer(self):
        self.send("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nfirst")
        time.sleep(0.1)
        self.send("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nSTALE")
        data = b""
        while True:
            while b"\r\n\r\n" not in data:
                part = self.request.recv(4096)
                if not part:
                    return
                data += part
            data = data.split(b"\r\n\r\n", 1)[1]
            body = b'{"ok": true}'
            self.send(f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n")
            self.send(body)

    def route_gather(self):
        with closed_lock:
            barrier = gatherings.setdefault(self.query_value("id"), threading.Barrier(int(self.query_value("count"))))
        try:
            barrier.wait(timeout=10)
            together = 1
        except threading.BrokenBarrierError:
            together = 0
        self.query = f"n={self.query_value('n')}&together={together}"
        if "redirect=1" in self.head.split("\r\n", 1)[0]:
            self.send(f"HTTP/1.1 302 Found\r\nLocation: /numbered?{self.query}\r\nContent-Length: 0\r\n\r\n")
        else:
            self.route_numbered()

    def route_numbered(self):
        together = "true" if self.query_value("together") == "1" else "false"
        body = f'{{"n": {self.query_value("n")}, "together": {together}}}'.encode()
        self.send(f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n")
        self.send(body)

    def route_sent(self):
        with closed_lock:
            sent = sent_bytes.get(self.query_value("id"), 0)
        body = f'{{"bytes": {sent}}}'.encode()
        self.send(f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n")
        self.send(body)

    def query_value(self, name):
        for pair in self.query.split("&"):
            key, _, value = pair.partition("=")
            if key == name:
                return value
        return ""

    def route_not_http(self):
        self.send(b"\x16\x03\x01garbage that is not HTTP\r\n\r\n")

    def route_missing(self):
        self.send("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128  # /gather's clients connect all at once


if __name__ == "__main__":
    threading.Thread(target=gzip_flood, daemon=True).start()  # 3 s of compression, before it is asked for
    with Server(("127.0.0.1", 0), Handler) as server:
        print(server.server_address[1], flush=True)
        server.serve_forever()
