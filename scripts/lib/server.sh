# Shared by the test servers' start/stop scripts (scripts/httpbin.sh, scripts/tls-server.sh,
# scripts/websocket-server.sh): a virtual environment made once from PyPI, one server process whose
# pid is kept in the script's state folder, and the `start|stop` command line.
#
# A script sets `name`, `venv` and `state`, defines `start`, sources this file and calls
# `server_main "$@"`.

# server_install CHECK PACKAGE…: makes $venv with the packages unless `python -c CHECK` passes in it.
server_install() {
  local check="$1"
  shift
  if ! "$venv/bin/python" -c "$check" 2>/dev/null; then
    echo "$name: installing $* into $venv" >&2
    "${PYTHON:-python3}" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "$@" >&2
  fi
}

# server_started PID: keeps the pid of the server just started, for `stop`.
server_started() {
  echo "$1" >"$state/pid"
}

# server_wait_for_line FILE PREFIX: prints PREFIX and the first line the server writes to FILE (its
# address) once it has written it; fails after 10 s with the server's log.
server_wait_for_line() {
  local file="$1" prefix="$2"
  for _ in $(seq 1 100); do
    if [ -s "$file" ]; then
      echo "$prefix$(head -n 1 "$file")"
      return 0
    fi
    sleep 0.1
  done
  server_fail "did not start"
}

# server_fail WHAT: says what went wrong and shows the server's log ($state/log), stops it, fails.
server_fail() {
  echo "$name: the server $1; its log:" >&2
  cat "$state/log" >&2
  server_stop
  return 1
}

# server_stop: stops the server `start` began, if any.
server_stop() {
  if [ -f "$state/pid" ]; then
    kill "$(cat "$state/pid")" 2>/dev/null || true
    rm -f "$state/pid" "$state/port" "$state/out"
  fi
}

server_main() {
  case "${1:-}" in
    start)
      mkdir -p "$state"
      server_stop
      start
      ;;
    stop) server_stop ;;
    *)
      echo "usage: $0 start|stop" >&2
      exit 2
      ;;
  esac
}
