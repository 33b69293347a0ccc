#!/usr/bin/env bash
# Time from `make run` on an empty var/ (first start: initdb, migrations,
# bootstrap) to the first 200 from /v2/categories. Build cache is warm: the
# figure is about the suite's start-up, not the compiler.
set -euo pipefail
cd "$(dirname "$0")/../.."
make build >/dev/null
var=$(mktemp -d /tmp/vidhost-cold-XXXX); chmod 755 "$var"
port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
log="$var/devstack.log"
start=$(date +%s.%N)
VIDHOST_VAR_DIR="$var" VIDHOST_HTTP_ADDR="127.0.0.1:$port" make run >"$log" 2>&1 &
pid=$!
stop() {
  local rc=$?
  # make's child is the devstack; SIGTERM stops it cleanly (a background
  # job of a script ignores SIGINT).
  pkill -TERM -P "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$var"
  exit "$rc"
}
trap stop EXIT
for _ in $(seq 1 600); do
  if [ -f "$var/devstack.env" ]; then
    key=$(grep -E '^(export )?VIDHOST_API_KEY=' "$var/devstack.env" | cut -d= -f2)
    code=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $key" "http://127.0.0.1:$port/v2/categories" || true)
    if [ "$code" = 200 ]; then
      end=$(date +%s.%N)
      printf 'cold make run to first 200: %.2f s\n' "$(echo "$end - $start" | bc)"
      exit 0
    fi
  fi
  sleep 0.05
done
echo "no 200 within 30 s; log:"; cat "$log"; exit 1
