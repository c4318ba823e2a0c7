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
venv="$root/.venv-tls"
state="$root/.build/tls-server"
python="${PYTHON:-python3}"

install() {
  if ! "$venv/bin/python" -c 'import cryptography, h2' 2>/dev/null; then
    echo "tls-server: installing cryptography and h2 into $venv" >&2
    "$python" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check 'cryptography>=38' 'h2>=4' >&2
  fi
}

start() {
  install
  stop_quietly
  mkdir -p "$state"
  "$venv/bin/python" "$root/scripts/tls-server.py" "$state" >"$state/out" 2>"$state/log" &
  echo $! >"$state/pid"
  for _ in $(seq 1 100); do
    if [ -s "$state/out" ]; then
      echo "COURIER_TLS_SERVER=$(head -n 1 "$state/out")"
      return 0
    fi
    sleep 0.1
  done
  echo "tls-server: the servers did not start; their log:" >&2
  cat "$state/log" >&2
  stop_quietly
  return 1
}

stop_quietly() {
  if [ -f "$state/pid" ]; then
    kill "$(cat "$state/pid")" 2>/dev/null || true
    rm -f "$state/pid" "$state/out"
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop_quietly ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
