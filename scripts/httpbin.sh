#!/usr/bin/env bash
# Starts and stops the httpbin server the integration tests talk to.
#
#   scripts/httpbin.sh start   installs httpbin + gunicorn into .venv-httpbin (once), starts the
#                              server on a free loopback port, prints `COURIER_HTTPBIN_URL=http://…`
#   scripts/httpbin.sh stop    stops the server started by `start`
#
# State lives in .build/httpbin/ (pid, port, log), so `stop` finds what `start` began.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
name=httpbin
venv="$root/.venv-httpbin"
state="$root/.build/httpbin"
# shellcheck source=scripts/lib/server.sh
. "$root/scripts/lib/server.sh"

free_port() {
  "$venv/bin/python" - <<'PY'
import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
s.close()
PY
}

start() {
  server_install 'import httpbin, gunicorn' 'httpbin==0.10.*' 'gunicorn>=22'
  local port
  port="$(free_port)"
  # gthread workers: /delay/N and slow uploads must not block other requests; 4 × 64 threads
  # serve the load test's 500 concurrent requests with a short queue.
  "$venv/bin/gunicorn" --bind "127.0.0.1:$port" --workers 4 --worker-class gthread --threads 64 \
    --timeout 120 --keep-alive 5 --log-level warning httpbin:app >"$state/log" 2>&1 &
  server_started $!
  echo "$port" >"$state/port"
  for _ in $(seq 1 100); do
    if "$venv/bin/python" -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/get', timeout=1)" 2>/dev/null; then
      echo "COURIER_HTTPBIN_URL=http://127.0.0.1:$port"
      return 0
    fi
    sleep 0.2
  done
  server_fail "did not answer on port $port"
}

server_main "$@"
