#!/usr/bin/env bash
# Starts and stops the loopback HTTPS servers of the TLS tests (scripts/tls-server.py).
#
#   scripts/tls-server.sh start   installs cryptography and h2 into .venv-tls (once), generates a test
#                                 CA and certificates, starts the servers, prints
#                                 `COURIER_TLS_SERVER=<path of server.json>`
#   scripts/tls-server.sh stop    stops the servers started by `start`
#
# State lives in .build/tls-server/ (pid, certificates, log), so `stop` finds what `start` began.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
name=tls-server
venv="$root/.venv-tls"
state="$root/.build/tls-server"
# shellcheck source=scripts/lib/server.sh
. "$root/scripts/lib/server.sh"

start() {
  server_install 'import cryptography, h2' 'cryptography>=38' 'h2>=4'
  "$venv/bin/python" "$root/scripts/tls-server.py" "$state" >"$state/out" 2>"$state/log" &
  server_started $!
  server_wait_for_line "$state/out" "COURIER_TLS_SERVER="
}

server_main "$@"
