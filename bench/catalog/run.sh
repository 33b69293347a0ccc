#!/usr/bin/env bash
# Video endpoints of the catalog on an account with 100k videos, through the
# gateway, and the outbox's share of a create.
set -euo pipefail
cd "$(dirname "$0")/../.."
go run ./bench/catalog -videos "${VIDEOS:-100000}" -posts "${POSTS:-2000}" -gets "${GETS:-5000}" \
	-txs "${TXS:-2000}" -concurrency "${CONCURRENCY:-16}"
