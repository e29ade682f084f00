# Shared by deploy/local-up.sh and deploy/local-down.sh (sourced, not run).

LOCAL_DIR="${JINB_LOCAL_DIR:-/tmp/jinb-local}"
STATE="$LOCAL_DIR/state.env"

log() { echo "local-up: $*" >&2; }
fail() {
  log "$*"
  exit 1
}

# One KEY=value line per started piece; local-down reads the PID_* lines back.
record() { printf '%s=%q\n' "$1" "$2" >>"$STATE"; }

alive() { [[ -n "${1:-}" ]] && kill -0 "$1" 2>/dev/null; }

# Whether anything the state file names still runs.
any_alive() {
  local pid
  for pid in $(sed -n 's/^PID_[A-Za-z0-9_]*=//p' "$STATE"); do
    alive "$pid" && return 0
  done
  return 1
}

port_free() { ! ss -Hltn "sport = :$1" | grep -q .; }

# The first port at or above $1 nothing listens on (within 100 of it).
free_port() {
  local port="$1" limit=$(($1 + 100))
  while ((port < limit)); do
    if port_free "$port"; then
      echo "$port"
      return 0
    fi
    port=$((port + 1))
  done
  fail "no free port in $1-$limit"
}

# wait_for <what> <seconds> <command...>: runs the command every half second until it succeeds.
wait_for() {
  local what="$1" seconds="$2"
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@"; do
    ((SECONDS < deadline)) || fail "$what did not come up within ${seconds}s"
    sleep 0.5
  done
}

# detach <pidfile> <command...>: runs the command in a session of its own (a Ctrl-C or a kill of the caller's process
# group does not reach it) and writes the pid of the command itself, whether or not setsid had to fork.
detach() {
  local pidfile="$1"
  shift
  rm -f "$pidfile"
  setsid sh -c 'echo $$ >"$0"; exec "$@"' "$pidfile" "$@" </dev/null &
  wait_for "$1 to start" 10 test -s "$pidfile"
}

# start_local_node <port>: one app node with the environment local-up wrote (node.env), its log in logs/node-<port>.log
# and its pid in node-<port>.pid.
start_local_node() {
  local port="$1" root
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
  # node.env holds one shell-quoted VAR=value a line (printf %q), read back as the words of an array.
  local -a node_env
  eval "node_env=($(<"$LOCAL_DIR/node.env"))"
  (cd "$root" && detach "$LOCAL_DIR/node-$port.pid" env "${node_env[@]}" PORT="$port" \
    node --import tsx apps/server/src/main.ts >>"$LOCAL_DIR/logs/node-$port.log" 2>&1)
}
