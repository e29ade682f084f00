#!/usr/bin/env bash
# One app node of the local run (deploy/local-up.sh), as an operator or a test drives a rolling restart or a crash:
#   deploy/local-node.sh stop <port>     SIGTERM, then wait for it to exit (it drains: SHUTDOWN_TIMEOUT_MS)
#   deploy/local-node.sh kill <port>     SIGKILL, nothing drained
#   deploy/local-node.sh start <port>    start it again with the run's environment and wait for its health check
#   deploy/local-node.sh restart <port>  stop, then start
# The state file follows, so deploy/local-down.sh still stops exactly what runs.
set -euo pipefail

DEPLOY_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=deploy/lib/local-common.sh
source "$DEPLOY_DIR/lib/local-common.sh"
log() { echo "local-node: $*" >&2; }

action="${1:-}"
port="${2:-}"
[[ "$action" =~ ^(stop|kill|start|restart)$ && "$port" =~ ^[0-9]+$ ]] ||
  fail "usage: local-node.sh stop|kill|start|restart <port>"
[[ -f "$STATE" ]] || fail "the local run is not up (no $STATE)"
grep -q "^PID_node_$port=" "$STATE" || fail "no node on port $port in $STATE"
pid="$(sed -n "s/^PID_node_$port=//p" "$STATE")"

stop_node() {
  local signal="$1"
  alive "$pid" || return 0
  kill "-$signal" "$pid"
  wait_for "node $port to exit" 30 bash -c "! kill -0 $pid 2>/dev/null"
  log "node $port ($pid) stopped with SIG$signal"
}

case "$action" in
  stop | restart) stop_node TERM ;;
  kill) stop_node KILL ;;
esac
if [[ "$action" == start || "$action" == restart ]]; then
  alive "$pid" && fail "node $port already runs ($pid)"
  start_local_node "$port"
  new_pid="$(cat "$LOCAL_DIR/node-$port.pid")"
  sed -i "s/^PID_node_$port=.*/PID_node_$port=$new_pid/" "$STATE"
  health() { curl -fs -o /dev/null --max-time 2 "http://127.0.0.1:$port/api/health"; }
  wait_for "node $port (logs/node-$port.log)" 120 health
  # A moment for the restarted node's pool and caches under load before the next one goes (nginx itself never marks
  # a node failed: max_fails=0, see deploy/README.md).
  sleep "${JINB_NODE_SETTLE_S:-5}"
  log "node $port started ($new_pid)"
fi
