#!/usr/bin/env bash
# Starts and stops the WebSocket peer the integration tests and `courier-demo socket` talk to:
# scripts/websocket-server.py on PyPI's `websockets`.
#
#   scripts/websocket-server.sh start   installs websockets into .venv-websockets (once), starts the
#                                       server on a free loopback port, prints
#                                       `COURIER_WEBSOCKET_URL=ws://…`
#   scripts/websocket-server.sh stop    stops the server started by `start`
#
# State lives in .build/websocket-server/ (pid, port, log), so `stop` finds what `start` began.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.venv-websockets"
state="$root/.build/websocket-server"
python="${PYTHON:-python3}"

install() {
  if ! "$venv/bin/python" -c 'import websockets' 2>/dev/null; then
    echo "websocket-server: installing websockets into $venv" >&2
    "$python" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check 'websockets==17.*' >&2
  fi
}

start() {
  install
  mkdir -p "$state"
  stop_quietly
  "$venv/bin/python" "$root/scripts/websocket-server.py" >"$state/port" 2>"$state/log" &
  echo $! >"$state/pid"
  for _ in $(seq 1 100); do
    if [ -s "$state/port" ]; then
      echo "COURIER_WEBSOCKET_URL=ws://127.0.0.1:$(head -n 1 "$state/port")"
      return 0
    fi
    sleep 0.1
  done
  echo "websocket-server: the server did not start; its log:" >&2
  cat "$state/log" >&2
  stop_quietly
  return 1
}

stop_quietly() {
  if [ -f "$state/pid" ]; then
    kill "$(cat "$state/pid")" 2>/dev/null || true
    rm -f "$state/pid" "$state/port"
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop_quietly ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
