#!/usr/bin/env python3
"""Loopback HTTPS servers for the TLS tests of Courier's libcurl transport.

Generates, in the folder given as the first argument, a test certificate authority and three
server certificates for the same key, then serves each on its own port of 127.0.0.1:
  good        signed by the test CA, for localhost, 127.0.0.1, pinned.test and xn--bcher-kva.test
              (bücher.test; `.test` names reach 127.0.0.1 through scripts/test-resolver.c), valid
              now; HTTP/2 (ALPN "h2") when the `h2` package is installed, else HTTP/1.1
  expired     signed by the test CA, for the same names, expired yesterday
  wrong-host  signed by the test CA, valid now, but issued for wrong-host.example only
Every request is answered with a small JSON body naming the protocol and the path:
  {"protocol": "HTTP/2", "path": "/x"}
except these paths of the good server:
  /reset              the connection is reset (TCP RST) instead of answered (SIGPIPE tests)
  /then-reset         answered, the connection kept open (HTTP/1.1 keep-alive or HTTP/2), and reset
                      100 ms later, idle in the client's pool
  /flood?tag=NAME     64 MiB of zeros as fast as the client (and HTTP/2 flow control) allows; the
                      bytes sent are counted under NAME
  /drip               an event (`data: x`) every 50 ms for 3 s
  /stats?tag=NAME     {"bytes": N, "protocol": P}: what /flood?tag=NAME sent, and over which protocol
  /redirect/HOST/REST a 302 to https://HOST:PORT/REST on the same server (HOST: a name of its
                      certificate, such as localhost), for checks that a redirect's new connection is
                      checked again

Writes <folder>/server.json (ports, CA file, the base64 SHA-256 pin of the servers' public key,
whether HTTP/2 is on) and prints its path on the first line of stdout, then serves until killed.
Needs the `cryptography` package; scripts/tls-server.sh installs it (and `h2`) into a venv.
"""
import base64
import datetime
import hashlib
import ipaddress
import json
import os
import socket
import ssl
import struct
import sys
import threading
import time

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

try:
    import h2.config
    import h2.connection
    import h2.events

    HAS_H2 = True
except ImportError:
    HAS_H2 = False


def name(common_name):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def certificate(subject, issuer, public_key, signing_key, not_before, not_after, sans=None, ca=False):
    builder = (
        x509.CertificateBuilder()
        .subject_name(name(subject))
        .issuer_name(name(issuer))
        .public_key(public_key)
        .serial_number(x509.random_serial_number())
        .not_valid_before(not_before)
        .not_valid_after(not_after)
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
    )
    if sans is not None:
        # A TLS server certificate as Apple's trust evaluation requires one (and OpenSSL accepts):
        # names in the SAN, and an extended key usage of serverAuth.
        builder = builder.add_extension(x509.SubjectAlternativeName(sans), critical=False)
        builder = builder.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
    return builder.sign(signing_key, hashes.SHA256())


def write_pem(path, *items):
    with open(path, "wb") as handle:
        for item in items:
            if isinstance(item, x509.Certificate):
                handle.write(item.public_bytes(serialization.Encoding.PEM))
            else:
                handle.write(
                    item.private_bytes(
                        serialization.Encoding.PEM,
                        serialization.PrivateFormat.PKCS8,
                        serialization.NoEncryption(),
                    )
                )


def make_certificates(folder):
    now = datetime.datetime.now(datetime.timezone.utc)
    day = datetime.timedelta(days=1)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca = certificate("Courier Test CA", "Courier Test CA", ca_key.public_key(), ca_key, now - day, now + 30 * day, ca=True)
    key = ec.generate_private_key(ec.SECP256R1())
    local = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
    test_names = [x509.DNSName("pinned.test"), x509.DNSName("xn--bcher-kva.test")]
    certificates = {
        "good": certificate(
            "localhost", "Courier Test CA", key.public_key(), ca_key, now - day, now + 30 * day, local + test_names
        ),
        "expired": certificate("localhost", "Courier Test CA", key.public_key(), ca_key, now - 30 * day, now - day, local),
        "wrong-host": certificate(
            "wrong-host.example", "Courier Test CA", key.public_key(), ca_key, now - day, now + 30 * day,
            [x509.DNSName("wrong-host.example")],
        ),
    }
    write_pem(os.path.join(folder, "ca.pem"), ca)
    write_pem(os.path.join(folder, "key.pem"), key)
    for kind, cert in certificates.items():
        write_pem(os.path.join(folder, f"{kind}.pem"), cert)
    spki = key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(spki).digest()).decode()


FLOOD_SIZE = 64 << 20
# What each /flood?tag=NAME sent: {"bytes": N, "protocol": P}, by NAME.
FLOODS = {}
FLOODS_LOCK = threading.Lock()


def count_flood(tag, protocol, sent):
    with FLOODS_LOCK:
        entry = FLOODS.setdefault(tag, {"bytes": 0, "protocol": protocol})
        entry["bytes"] += sent


def tag_of(path):
    query = path.partition("?")[2]
    for pair in query.split("&"):
        key, _, value = pair.partition("=")
        if key == "tag":
            return value
    return ""


def body_for(protocol, path):
    if path.startswith("/stats"):
        with FLOODS_LOCK:
            return json.dumps(FLOODS.get(tag_of(path), {"bytes": 0, "protocol": ""})).encode()
    return json.dumps({"protocol": protocol, "path": path}).encode()


def redirect_location(connection, path):
    """The Location of /redirect/HOST/REST: the same server's port under another of its names."""
    host, _, rest = path[len("/redirect/"):].partition("/")
    return f"https://{host}:{connection.getsockname()[1]}/{rest}"


def reset(connection, after=0.0):
    """Closes the connection with a TCP RST (SO_LINGER 0), after `after` seconds."""
    time.sleep(after)
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    connection.close()


def serve_http1(connection):
    data = b""
    while b"\r\n\r\n" not in data:
        part = connection.recv(65536)
        if not part:
            return
        data += part
    request_line = data.split(b"\r\n", 1)[0].decode("latin-1").split(" ")
    path = request_line[1] if len(request_line) > 1 else "/"
    if path == "/reset":
        return reset(connection)
    if path.startswith("/flood"):
        connection.sendall(
            f"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: {FLOOD_SIZE}\r\n\r\n".encode()
        )
        chunk = b"\0" * 65536
        for _ in range(FLOOD_SIZE // len(chunk)):
            connection.sendall(chunk)
            count_flood(tag_of(path), "HTTP/1.1", len(chunk))
        return
    if path.startswith("/redirect/"):
        location = redirect_location(connection, path)
        connection.sendall(
            f"HTTP/1.1 302 Found\r\nLocation: {location}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".encode()
        )
        return
    body = body_for("HTTP/1.1", path)
    keep = "keep-alive" if path == "/then-reset" else "close"
    connection.sendall(
        f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: {keep}\r\n".encode()
        + f"Content-Length: {len(body)}\r\n\r\n".encode()
        + body
    )
    if path == "/then-reset":
        reset(connection, after=0.1)


def serve_http2(connection):
    """Serves one HTTP/2 connection; wakes every 20 ms to send drips and floods as windows allow."""
    h2_connection = h2.connection.H2Connection(config=h2.config.H2Configuration(client_side=False))
    h2_connection.initiate_connection()
    connection.sendall(h2_connection.data_to_send())
    paths = {}
    floods = {}  # stream id -> [tag, bytes left]
    drips = {}  # stream id -> [events left, when the next is due]
    resets_later = False
    while True:
        connection.settimeout(0.02)
        try:
            data = connection.recv(65536)
            if not data:
                return
            events = h2_connection.receive_data(data)
        except socket.timeout:
            events = []
        finally:
            connection.settimeout(None)
        for event in events:
            if isinstance(event, h2.events.RequestReceived):
                headers = {k.decode() if isinstance(k, bytes) else k: v for k, v in event.headers}
                path = headers.get(":path", "/")
                paths[event.stream_id] = path.decode() if isinstance(path, bytes) else path
                if paths[event.stream_id] == "/reset":
                    return reset(connection)
            elif isinstance(event, h2.events.StreamEnded):
                path = paths.pop(event.stream_id, "/")
                if path == "/then-reset":
                    resets_later = True
                if path.startswith("/flood") or path.startswith("/drip"):
                    h2_connection.send_headers(
                        event.stream_id, [(":status", "200"), ("content-type", "application/octet-stream")]
                    )
                    if path.startswith("/flood"):
                        floods[event.stream_id] = [tag_of(path), FLOOD_SIZE]
                    else:
                        drips[event.stream_id] = [60, time.monotonic()]
                    continue
                if path.startswith("/redirect/"):
                    location = redirect_location(connection, path)
                    h2_connection.send_headers(
                        event.stream_id,
                        [(":status", "302"), ("location", location), ("content-length", "0")],
                        end_stream=True,
                    )
                    continue
                body = body_for("HTTP/2", path)
                h2_connection.send_headers(
                    event.stream_id,
                    [(":status", "200"), ("content-type", "application/json"), ("content-length", str(len(body)))],
                )
                h2_connection.send_data(event.stream_id, body, end_stream=True)
            elif isinstance(event, h2.events.StreamReset):
                floods.pop(event.stream_id, None)
                drips.pop(event.stream_id, None)
            elif isinstance(event, h2.events.ConnectionTerminated):
                return
        send_drips(h2_connection, drips)
        send_floods(h2_connection, floods)
        connection.sendall(h2_connection.data_to_send())
        if resets_later:
            return reset(connection, after=0.1)


def send_drips(h2_connection, drips):
    now = time.monotonic()
    for stream_id, (left, due) in list(drips.items()):
        if now < due:
            continue
        h2_connection.send_data(stream_id, b"data: x\n\n", end_stream=left == 1)
        if left == 1:
            del drips[stream_id]
        else:
            drips[stream_id] = [left - 1, due + 0.05]


def send_floods(h2_connection, floods):
    """Sends what each flood's flow-control window allows (1 MiB at most per stream and round)."""
    for stream_id, (tag, left) in list(floods.items()):
        budget = min(left, h2_connection.local_flow_control_window(stream_id), 1 << 20)
        while budget > 0:
            size = min(budget, h2_connection.max_outbound_frame_size)
            h2_connection.send_data(stream_id, b"\0" * size, end_stream=size == left)
            count_flood(tag, "HTTP/2", size)
            budget -= size
            left -= size
        if left == 0:
            del floods[stream_id]
        else:
            floods[stream_id][1] = left


def handle(raw, context):
    try:
        with context.wrap_socket(raw, server_side=True) as connection:
            if connection.selected_alpn_protocol() == "h2":
                serve_http2(connection)
            else:
                serve_http1(connection)
    except (ssl.SSLError, OSError):
        pass  # the client refused the certificate, as the tests want, or went away


def listen(folder, kind):
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(os.path.join(folder, f"{kind}.pem"), os.path.join(folder, "key.pem"))
    context.set_alpn_protocols(["h2", "http/1.1"] if HAS_H2 and kind == "good" else ["http/1.1"])
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(64)

    def accept():
        while True:
            raw, _ = server.accept()
            threading.Thread(target=handle, args=(raw, context), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    return server.getsockname()[1]


def main():
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    pin = make_certificates(folder)
    ports = {kind: listen(folder, kind) for kind in ("good", "expired", "wrong-host")}
    info = {
        "good": f"https://127.0.0.1:{ports['good']}",
        "expired": f"https://127.0.0.1:{ports['expired']}",
        "wrongHost": f"https://127.0.0.1:{ports['wrong-host']}",
        "caFile": os.path.join(folder, "ca.pem"),
        "pin": pin,
        "http2": HAS_H2,
    }
    path = os.path.join(folder, "server.json")
    with open(path, "w") as handle:
        json.dump(info, handle)
    print(path, flush=True)
    threading.Event().wait()


if __name__ == "__main__":
    main()
