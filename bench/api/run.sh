#!/usr/bin/env bash
# GET /v2/categories through the gateway vs a bare net/http + pgx handler.
set -euo pipefail
cd "$(dirname "$0")/../.."
go run ./bench/api -requests "${REQUESTS:-20000}" -concurrency "${CONCURRENCY:-16}"
