#!/usr/bin/env bash
# Stops what deploy/local-up.sh started, by the process ids in its state file and nothing else: the app nodes first
# (SIGTERM: they drain their requests), then nginx, Prometheus, Redis and PostgreSQL. Keeps the state folder (its
# database, secrets and logs) for the next start; JINB_LOCAL_PURGE=1 removes it too.
set -uo pipefail

DEPLOY_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=deploy/lib/local-common.sh
source "$DEPLOY_DIR/lib/local-common.sh"
log() { echo "local-down: $*" >&2; }

if [[ ! -f "$STATE" ]]; then
  log "nothing to stop (no $STATE)"
  exit 0
fi

# stop <name> <pid> <signal> <seconds>: the signal, then SIGKILL if the process outlives the grace period.
stop() {
  local name="$1" pid="$2" signal="$3" seconds="$4"
  alive "$pid" || return 0
  kill "-$signal" "$pid" 2>/dev/null
  local deadline=$((SECONDS + seconds))
  while alive "$pid" && ((SECONDS < deadline)); do sleep 0.2; done
  if alive "$pid"; then
    log "$name ($pid) still running after ${seconds}s: SIGKILL"
    kill -KILL "$pid" 2>/dev/null
  else
    log "$name ($pid) stopped"
  fi
}

pids="$(sed -n 's/^PID_\([A-Za-z0-9_]*\)=\(.*\)$/\1 \2/p' "$STATE")"
pid_of() { awk -v name="$1" '$1 == name { print $2 }' <<<"$pids"; }

# The nodes in parallel: each has SHUTDOWN_TIMEOUT_MS (10 s) to drain.
while read -r name pid; do
  [[ "$name" == node_* ]] && stop "$name" "$pid" TERM 20 &
done <<<"$pids"
wait
# nginx: QUIT lets open connections finish; Prometheus and Redis: TERM; PostgreSQL: INT is its fast shutdown.
stop nginx "$(pid_of nginx)" QUIT 10
stop prometheus "$(pid_of prometheus)" TERM 10
stop redis "$(pid_of redis)" TERM 10
stop postgres "$(pid_of postgres)" INT 30

rm -f "$STATE"
if [[ "${JINB_LOCAL_PURGE:-}" == 1 ]]; then
  rm -rf "$LOCAL_DIR"
  log "removed $LOCAL_DIR"
fi
