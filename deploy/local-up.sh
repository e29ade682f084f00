#!/usr/bin/env bash
# Starts the production shape on this machine: a PostgreSQL cluster of its own, Redis, JINB_LOCAL_NODES app processes
# (production mode by default), nginx in front with a self-signed certificate, Prometheus scraping the nodes with the
# alert rules loaded. Prints the nginx base URL and the Prometheus URL on stdout and exits 0 once everything answers.
# Every pid goes into $JINB_LOCAL_DIR/state.env; deploy/local-down.sh stops exactly those. See deploy/README.md.
set -euo pipefail

DEPLOY_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$DEPLOY_DIR/.." && pwd)"
# shellcheck source=deploy/lib/local-common.sh
source "$DEPLOY_DIR/lib/local-common.sh"

NODES="${JINB_LOCAL_NODES:-2}"
MODE="${JINB_LOCAL_MODE:-production}"
APP_PORT_BASE="${JINB_LOCAL_APP_PORT:-18081}"
INFRA_PORT_BASE="${JINB_LOCAL_INFRA_PORT:-18900}"
WEB_DIST="${WEB_DIST:-$ROOT/apps/web/dist}"
CONSOLE_DIST="${CONSOLE_DIST:-$ROOT/apps/console/dist}"
[[ "$MODE" == production || "$MODE" == demo ]] || fail "JINB_LOCAL_MODE must be production or demo, not '$MODE'"
[[ "$NODES" =~ ^[1-9]$ ]] || fail "JINB_LOCAL_NODES must be 1-9, not '$NODES'"

if [[ -f "$STATE" ]]; then
  if any_alive; then
    log "already up (state in $STATE); deploy/local-down.sh stops it"
    # shellcheck disable=SC1090
    source "$STATE"
    echo "nginx:      $JINB_URL"
    echo "prometheus: $PROMETHEUS_URL"
    exit 0
  fi
  log "a stale state file from an earlier run (nothing of it runs): starting afresh"
  rm -f "$STATE"
fi

for tool in nginx openssl redis-server prometheus envsubst curl ss; do
  command -v "$tool" >/dev/null || fail "$tool is missing (Debian: nginx-light, openssl, redis-server, prometheus, gettext-base, curl, iproute2)"
done
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[[ -x "$PG_BIN/initdb" ]] || fail "PostgreSQL's initdb not found under /usr/lib/postgresql/*/bin (Debian: postgresql)"

# From here on, anything that fails stops what was already started.
trap 'status=$?; if [[ $status -ne 0 ]]; then log "start failed; stopping what was started"; "$DEPLOY_DIR/local-down.sh" >&2 || true; fi' EXIT

mkdir -p "$LOCAL_DIR"/{logs,secrets,tls,nginx,data,prometheus,redis}
chmod 700 "$LOCAL_DIR/secrets"
: >"$STATE"
record LOCAL_MODE "$MODE"

# --- the built site and console (built once; a rebuild is `npm run build`) ---
if [[ ! -f "$WEB_DIST/index.html" || ! -f "$CONSOLE_DIST/index.html" ]]; then
  log "no built site in $WEB_DIST or console in $CONSOLE_DIST: npm run build"
  (cd "$ROOT" && npm run build >"$LOCAL_DIR/logs/build.log" 2>&1) || fail "npm run build failed (logs/build.log)"
fi

# --- secrets, generated once per state folder and shared by every node ---
[[ -f "$LOCAL_DIR/secrets/app-secret" ]] || openssl rand -hex 32 >"$LOCAL_DIR/secrets/app-secret"
[[ -f "$LOCAL_DIR/secrets/jinb-rsa.pem" ]] ||
  openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$LOCAL_DIR/secrets/jinb-rsa.pem" 2>/dev/null
[[ -f "$LOCAL_DIR/secrets/metrics-token" ]] || openssl rand -hex 24 >"$LOCAL_DIR/secrets/metrics-token"
[[ -f "$LOCAL_DIR/secrets/operator-password" ]] || openssl rand -base64 18 | tr -d '/+=' >"$LOCAL_DIR/secrets/operator-password"
chmod 600 "$LOCAL_DIR"/secrets/*
if [[ ! -f "$LOCAL_DIR/tls/cert.pem" ]]; then
  openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=localhost" \
    -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
    -keyout "$LOCAL_DIR/tls/key.pem" -out "$LOCAL_DIR/tls/cert.pem" 2>/dev/null
fi

# --- ports: the first free one at or above each base ---
PG_PORT="$(free_port "$INFRA_PORT_BASE")"
REDIS_PORT="$(free_port $((PG_PORT + 1)))"
PROM_PORT="$(free_port $((REDIS_PORT + 1)))"
HTTPS_PORT="$(free_port $((PROM_PORT + 1)))"
HTTP_PORT="$(free_port $((HTTPS_PORT + 1)))"
SMS_PORT="$(free_port $((HTTP_PORT + 1)))"
# Nothing listens here: the local run has no mail server, so a mail send fails at once (and is logged).
NO_MAIL_PORT="$(free_port $((SMS_PORT + 1)))"
NODE_PORTS=()
next="$APP_PORT_BASE"
for ((i = 0; i < NODES; i++)); do
  port="$(free_port "$next")"
  NODE_PORTS+=("$port")
  next=$((port + 1))
done

# --- PostgreSQL: a cluster of its own (initdb refuses root, so as root it runs as the postgres user) ---
PG_DIR="$LOCAL_DIR/pg"
as_pg() { if [[ $EUID -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [[ ! -f "$PG_DIR/data/PG_VERSION" ]]; then
  mkdir -p "$PG_DIR/run"
  [[ $EUID -eq 0 ]] && chown -R postgres: "$PG_DIR"
  as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 --no-locale >"$LOCAL_DIR/logs/initdb.log" 2>&1 ||
    fail "initdb failed (logs/initdb.log)"
fi
as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/postgres.log" -w -t 60 \
  -o "-c port=$PG_PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories=$PG_DIR/run -c max_connections=200" \
  start >/dev/null || fail "PostgreSQL did not start ($PG_DIR/postgres.log)"
record PID_postgres "$(head -1 "$PG_DIR/data/postmaster.pid")"
record PG_PORT "$PG_PORT"
psql_local() { psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -v ON_ERROR_STOP=1 -qAt "$@"; }
if [[ "$(psql_local -d postgres -c "select 1 from pg_database where datname = 'jinb'")" != 1 ]]; then
  psql_local -d postgres -c "create role jinb login" -c "create database jinb owner jinb" >/dev/null
fi
DATABASE_URL="postgres://jinb@127.0.0.1:$PG_PORT/jinb"
record DATABASE_URL "$DATABASE_URL"

# --- Redis, nothing persisted (limits, lockouts and the channel's history are short-lived by design) ---
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --daemonize yes --save '' --appendonly no \
  --dir "$LOCAL_DIR/redis" --pidfile "$LOCAL_DIR/redis/redis.pid" --logfile "$LOCAL_DIR/logs/redis.log" >/dev/null
wait_for "Redis" 10 test -s "$LOCAL_DIR/redis/redis.pid"
record PID_redis "$(cat "$LOCAL_DIR/redis/redis.pid")"
REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
record REDIS_URL "$REDIS_URL"

# --- the app nodes: the first applies the migrations before the others start ---
node_env=(
  APP_MODE="$MODE" DATABASE_URL="$DATABASE_URL" REDIS_URL="$REDIS_URL" REDIS_PREFIX="jinb-local:"
  HOST=127.0.0.1 DATA_DIR="$LOCAL_DIR/data" WEB_DIST="$WEB_DIST" CONSOLE_DIST="$CONSOLE_DIST"
  APP_SECRET="$(cat "$LOCAL_DIR/secrets/app-secret")" RSA_PRIVATE_KEY_FILE="$LOCAL_DIR/secrets/jinb-rsa.pem"
  METRICS_TOKEN="$(cat "$LOCAL_DIR/secrets/metrics-token")" TRUST_PROXY=1
  SMS_WEBHOOK_URL="http://127.0.0.1:$SMS_PORT/sms" SMTP_URL="smtp://127.0.0.1:$NO_MAIL_PORT"
  CORS_ORIGINS="https://localhost:$HTTPS_PORT"
)
if [[ "$MODE" == demo ]]; then
  # Demo on PostgreSQL for journeys that read codes from the dev outbox and use a fixed captcha.
  node_env+=(DEMO_CAPTCHA="${DEMO_CAPTCHA:-1234}" DEMO_MEMBER="${DEMO_MEMBER:-demo01:demo123456}"
    DEMO_OPERATOR="${DEMO_OPERATOR:-admin:admin123456}")
fi
# The caller's own server variables (LOG_LEVEL, SPORTS_FEED, READ_LIMIT_*, ...: every name jinb.env.example lists)
# reach the first nodes by inheritance; node.env keeps them too, or a node that local-node.sh restarts from another
# shell would run with other settings than its peer (a load test's raised read limits gone: 429s after a restart).
caller_env=()
for name in $(sed -nE 's/^#? ?([A-Z][A-Z0-9_]*)=.*/\1/p' "$DEPLOY_DIR/jinb.env.example" | sort -u); do
  if [[ -n "${!name+set}" ]]; then caller_env+=("$name=${!name}"); fi
done
# The nodes' environment, kept for deploy/local-node.sh (restarting one node as a rolling restart does); the run's own
# values come last and win.
(umask 077 && printf '%q\n' "${caller_env[@]}" "${node_env[@]}" >"$LOCAL_DIR/node.env")
start_node() {
  start_local_node "$1"
  record "PID_node_$1" "$(cat "$LOCAL_DIR/node-$1.pid")"
}
health() { curl -fs -o /dev/null --max-time 2 "http://127.0.0.1:$1/api/health"; }
start_node "${NODE_PORTS[0]}"
wait_for "node ${NODE_PORTS[0]} (migrations on first start; logs/node-${NODE_PORTS[0]}.log)" 180 health "${NODE_PORTS[0]}"
for port in "${NODE_PORTS[@]:1}"; do start_node "$port"; done
for port in "${NODE_PORTS[@]:1}"; do wait_for "node $port (logs/node-$port.log)" 120 health "$port"; done
record NODE_PORTS "${NODE_PORTS[*]}"

if [[ "$MODE" == production ]] && ! grep -q . "$LOCAL_DIR/operator-created" 2>/dev/null; then
  # The first operator, as an operator creates it in production (the console then asks them to enrol a second factor).
  (cd "$ROOT" && env "${node_env[@]}" OPERATOR_PASSWORD="$(cat "$LOCAL_DIR/secrets/operator-password")" \
    node --import tsx apps/server/src/admin/create-operator.cli.ts admin admin >>"$LOCAL_DIR/logs/operator.log" 2>&1) ||
    fail "creating the first operator failed (logs/operator.log)"
  echo admin >"$LOCAL_DIR/operator-created"
fi

# --- nginx in front ---
mkdir -p "$LOCAL_DIR/data/uploads"
JINB_LOCAL_DIR="$LOCAL_DIR" JINB_WEB_DIST="$WEB_DIST" JINB_CONSOLE_DIST="$CONSOLE_DIST" JINB_DATA_DIR="$LOCAL_DIR/data" \
  JINB_HTTP_PORT="$HTTP_PORT" JINB_HTTPS_PORT="$HTTPS_PORT" JINB_SMS_PORT="$SMS_PORT" JINB_NODE_PORTS="${NODE_PORTS[*]}" \
  "$DEPLOY_DIR/lib/render-nginx.sh" "$LOCAL_DIR/nginx/nginx.conf"
nginx -t -q -p "$LOCAL_DIR/nginx" -c "$LOCAL_DIR/nginx/nginx.conf" 2>>"$LOCAL_DIR/logs/nginx-error.log" ||
  fail "nginx refused its configuration (logs/nginx-error.log)"
nginx -p "$LOCAL_DIR/nginx" -c "$LOCAL_DIR/nginx/nginx.conf" 2>>"$LOCAL_DIR/logs/nginx-error.log"
wait_for "nginx" 10 test -s "$LOCAL_DIR/nginx/nginx.pid"
record PID_nginx "$(cat "$LOCAL_DIR/nginx/nginx.pid")"
JINB_URL="https://127.0.0.1:$HTTPS_PORT"
record JINB_URL "$JINB_URL"
edge_health() { curl -fsk -o /dev/null --max-time 2 "$JINB_URL/api/health"; }
wait_for "the site through nginx" 20 edge_health

# --- Prometheus, scraping every node with the metrics token, the alert rules loaded ---
export JINB_NODE_TARGETS JINB_METRICS_TOKEN_FILE="$LOCAL_DIR/secrets/metrics-token"
export JINB_ALERTS_FILE="$DEPLOY_DIR/prometheus/alerts.yml" JINB_PROMETHEUS_TARGET="127.0.0.1:$PROM_PORT"
JINB_NODE_TARGETS="$(printf "'127.0.0.1:%s', " "${NODE_PORTS[@]}")"
JINB_NODE_TARGETS="${JINB_NODE_TARGETS%, }"
envsubst '${JINB_NODE_TARGETS} ${JINB_METRICS_TOKEN_FILE} ${JINB_ALERTS_FILE} ${JINB_PROMETHEUS_TARGET}' \
  <"$DEPLOY_DIR/prometheus/prometheus.yml" >"$LOCAL_DIR/prometheus/prometheus.yml"
detach "$LOCAL_DIR/prometheus/prometheus.pid" prometheus --config.file="$LOCAL_DIR/prometheus/prometheus.yml" \
  --storage.tsdb.path="$LOCAL_DIR/prometheus/data" --web.listen-address="127.0.0.1:$PROM_PORT" \
  --storage.tsdb.retention.time=2d >"$LOCAL_DIR/logs/prometheus.log" 2>&1
record PID_prometheus "$(cat "$LOCAL_DIR/prometheus/prometheus.pid")"
PROMETHEUS_URL="http://127.0.0.1:$PROM_PORT"
record PROMETHEUS_URL "$PROMETHEUS_URL"
prometheus_ready() { curl -fs -o /dev/null --max-time 2 "$PROMETHEUS_URL/-/ready"; }
wait_for "Prometheus (logs/prometheus.log)" 30 prometheus_ready

log "up in $LOCAL_DIR: nodes ${NODE_PORTS[*]}, PostgreSQL $PG_PORT, Redis $REDIS_PORT, mode $MODE"
[[ "$MODE" == production ]] &&
  log "operator: admin / $(cat "$LOCAL_DIR/secrets/operator-password") (enrol a second factor at first sign-in)"
log "SMS messages of the local run: $LOCAL_DIR/logs/sms.log"
echo "nginx:      $JINB_URL"
echo "prometheus: $PROMETHEUS_URL"
