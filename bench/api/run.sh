#!/usr/bin/env bash
# GET /v2/categories through the gateway vs a bare net/http + pgx handler,
# ROUNDS alternating pairs (3), medians printed. CPUPROFILE=file profiles the gateway runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
go run ./bench/api -requests "${REQUESTS:-20000}" -concurrency "${CONCURRENCY:-16}" -rounds "${ROUNDS:-3}" -cpuprofile "${CPUPROFILE:-}"
