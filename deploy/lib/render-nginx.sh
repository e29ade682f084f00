#!/usr/bin/env bash
# Renders nginx/local.conf.template into $1 from the environment (used by local-up.sh and the nginx tests):
#   JINB_LOCAL_DIR (pid, logs, temp folders, tls/cert.pem and tls/key.pem under it), JINB_WEB_DIST, JINB_CONSOLE_DIST,
#   JINB_DATA_DIR (uploads under it), JINB_HTTP_PORT, JINB_HTTPS_PORT, JINB_SMS_PORT, JINB_NODE_PORTS (space-separated),
#   JINB_EDGE_EXEMPT (optional: addresses or CIDRs the edge limits skip).
set -euo pipefail
JINB_DEPLOY_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JINB_NGINX_USER_LINE=""
# nginx started by root would run its workers as nobody, who may not read a checkout under /root or /work.
[[ $EUID -eq 0 ]] && JINB_NGINX_USER_LINE="user root;"
JINB_UPSTREAM_LINES=""
for port in $JINB_NODE_PORTS; do
  JINB_UPSTREAM_LINES+="    server 127.0.0.1:$port max_fails=0;"$'\n'
done
JINB_EDGE_EXEMPT_LINES=""
for address in ${JINB_EDGE_EXEMPT:-}; do JINB_EDGE_EXEMPT_LINES+="    $address 1;"$'\n'; done
export JINB_DEPLOY_DIR JINB_NGINX_USER_LINE JINB_UPSTREAM_LINES JINB_EDGE_EXEMPT_LINES
mkdir -p "$JINB_LOCAL_DIR/nginx" "$JINB_LOCAL_DIR/logs"
envsubst "$(printf '${%s} ' JINB_LOCAL_DIR JINB_DEPLOY_DIR JINB_WEB_DIST JINB_CONSOLE_DIST JINB_DATA_DIR JINB_HTTP_PORT \
  JINB_HTTPS_PORT JINB_SMS_PORT JINB_NGINX_USER_LINE JINB_UPSTREAM_LINES JINB_EDGE_EXEMPT_LINES)" \
  <"$JINB_DEPLOY_DIR/nginx/local.conf.template" >"$1"
