#!/usr/bin/env bash
# Runs courier-bench against its own loopback nginx, then stops the server.
#
#   scripts/bench.sh [--quick] [--json PATH] [--only NAME,NAME] [--transfer-mib N] [--peers]
#
# 1. installs nginx from Debian's packages when it is missing (apt-get, as root);
# 2. writes the files the scenarios fetch into a temporary folder: 100 B and 1 MiB of random
#    bytes, about 1 MiB of JSON, and sparse 64 MiB and 1 GiB files for the transfer scenarios;
# 3. starts nginx on 8 free loopback ports (the first is the base URL; all 8 are the origins of the
#    server-scale rows), keep-alive on, one worker, no access log;
# 4. with --peers, builds the peer clients of scripts/peer-bench (AsyncHTTPClient's and
#    websocket-kit's, a package of their own: never Courier's dependencies; a first build takes
#    minutes) and passes them on, for the server-scale and WebSocket rows; CI never does;
# 5. runs `swift run -c release courier-bench --base-url http://127.0.0.1:PORT --origins … "$@"`
#    (COURIER_BENCH_CONFIGURATION=debug runs the debug build instead: scripts/test.sh does, with
#    --quick, to check that every scenario still runs without a release build's three minutes; a
#    debug build's figures say nothing about cost);
# 6. stops nginx and removes the folder, also when the benchmark fails.
#
# The server is nginx and never Python: a slow server would hide the cost being measured.
set -euo pipefail
cd "$(dirname "$0")/.."

configuration="${COURIER_BENCH_CONFIGURATION:-release}"
case "$configuration" in
release | debug) ;;
*)
  echo "bench: COURIER_BENCH_CONFIGURATION is release or debug, not $configuration" >&2
  exit 64
  ;;
esac
peers=0
arguments=()
for argument in "$@"; do
  if [ "$argument" = "--peers" ]; then peers=1; else arguments+=("$argument"); fi
done
# The server-scale rows keep 1,024 connections open on each side.
ulimit -n 65536 2>/dev/null || true

find_nginx() {
  command -v nginx 2>/dev/null || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; } || true
}

nginx_bin="$(find_nginx)"
if [ -z "$nginx_bin" ]; then
  echo "bench: installing nginx from Debian's packages" >&2
  if [ "$(id -u)" -ne 0 ]; then
    echo "bench: nginx is missing and installing it needs root (apt-get install nginx-light)" >&2
    exit 1
  fi
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >&2 ||
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >&2
  nginx_bin="$(find_nginx)"
fi

dir="$(mktemp -d "${TMPDIR:-/tmp}/courier-bench.XXXXXX")"
pid_file="$dir/nginx.pid"

stop() {
  if [ -s "$pid_file" ]; then
    local pid
    pid="$(cat "$pid_file")"
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
  fi
  rm -rf "$dir"
}
trap stop EXIT

# --- the files nginx serves -------------------------------------------------------------------
mkdir -p "$dir/www/transfer" "$dir/temp"
head -c 100 /dev/urandom >"$dir/www/100b.bin"
head -c 1048576 /dev/urandom >"$dir/www/1m.bin"
head -c 65536 /dev/urandom >"$dir/www/64k.bin"
# An array of records like Sources/courier-bench/Targets/Record.swift, about 1 MiB.
awk 'BEGIN {
  printf "["
  for (i = 0; i < 7800; i++) {
    if (i) printf ","
    printf "{\"id\":%d,\"name\":\"User %d\",\"email\":\"user%d@example.com\",\"active\":%s,", i, i, i, (i % 2 ? "true" : "false")
    printf "\"score\":%d.25,\"tags\":[\"alpha\",\"beta\",\"gamma\",\"delta\"]}", i % 1000
  }
  printf "]"
}' >"$dir/www/1m.json"
# Sparse: no disk space, and nginx reads zeros as fast as the page cache allows.
truncate -s 64M "$dir/www/transfer/64m.bin"
truncate -s 1G "$dir/www/transfer/1024m.bin"

# --- nginx on a free loopback port ------------------------------------------------------------
write_config() {
  local port="$1" user_line="" listen="" offset
  for offset in 0 1 2 3 4 5 6 7; do listen="$listen    listen 127.0.0.1:$((port + offset));"$'\n'; done
  # As root, nginx's workers would run as `nobody`, who cannot read the private temporary folder.
  [ "$(id -u)" -eq 0 ] && user_line="user root;"
  cat >"$dir/nginx.conf" <<EOF
$user_line
worker_processes 1;
worker_rlimit_nofile 16384;
pid $pid_file;
error_log $dir/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  sendfile on;
  tcp_nodelay on;
  keepalive_timeout 75s;
  keepalive_requests 1000000;
  client_body_temp_path $dir/temp/body;
  proxy_temp_path $dir/temp/proxy;
  fastcgi_temp_path $dir/temp/fastcgi;
  uwsgi_temp_path $dir/temp/uwsgi;
  scgi_temp_path $dir/temp/scgi;
  types { application/json json; application/octet-stream bin; }
  default_type application/octet-stream;
  server {
$listen    root $dir/www;
    # Uploads: nginx reads the whole body and drops it, then answers 204.
    location = /upload {
      client_max_body_size 0;
      return 204;
    }
  }
}
EOF
}

port=""
for _ in $(seq 20); do
  candidate=$((20000 + RANDOM % 40000))
  candidate=$((candidate - candidate % 8))
  write_config "$candidate"
  if "$nginx_bin" -c "$dir/nginx.conf" -p "$dir" 2>>"$dir/start.log"; then
    port="$candidate"
    break
  fi
done
if [ -z "$port" ]; then
  echo "bench: nginx did not start:" >&2
  cat "$dir/start.log" "$dir/error.log" >&2 2>/dev/null || true
  exit 1
fi
base_url="http://127.0.0.1:$port"
origins=""
for offset in 0 1 2 3 4 5 6 7; do origins="$origins${origins:+,}http://127.0.0.1:$((port + offset))"; done
echo "bench: nginx $("$nginx_bin" -v 2>&1 | sed 's/.*\///') at $base_url (and the 7 ports after it)" >&2

peer_arguments=()
if [ "$peers" = 1 ]; then
  echo "bench: building the peer clients (scripts/peer-bench)" >&2
  swift build -c release --package-path scripts/peer-bench >&2
  peer_arguments=(--peer-dir "$(swift build -c release --package-path scripts/peer-bench --show-bin-path)")
fi

# --- the benchmark ----------------------------------------------------------------------------
[ "$configuration" = debug ] && echo "bench: the debug build: its figures say nothing about cost" >&2
swift run -c "$configuration" courier-bench --base-url "$base_url" --origins "$origins" --work-dir "$dir/transfers" \
  ${peer_arguments[@]+"${peer_arguments[@]}"} ${arguments[@]+"${arguments[@]}"}
