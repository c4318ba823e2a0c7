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
name=websocket-server
venv="$root/.venv-websockets"
state="$root/.build/websocket-server"
# shellcheck source=scripts/lib/server.sh
. "$root/scripts/lib/server.sh"

start() {
  server_install 'import websockets' 'websockets==17.*'
  "$venv/bin/python" "$root/scripts/websocket-server.py" >"$state/port" 2>"$state/log" &
  server_started $!
  server_wait_for_line "$state/port" "COURIER_WEBSOCKET_URL=ws://127.0.0.1:"
}

server_main "$@"
