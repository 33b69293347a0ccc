#!/usr/bin/env bash
# The analytics service at 10 million views: ingest rate through JetStream
# into PostgreSQL, and report latency on roll-ups against the same reports on
# raw events. EVENTS=1000000 for a quicker run.
set -euo pipefail
cd "$(dirname "$0")/../.."
go run ./bench/analytics -events "${EVENTS:-10000000}" -queries "${QUERIES:-200}" -raw-queries "${RAW_QUERIES:-10}"
