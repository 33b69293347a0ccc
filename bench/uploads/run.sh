#!/usr/bin/env bash
# Peak RSS of the devstack process (gateway, services and all) while 20
# clients each PUT 256 MiB through the gateway's /blob/ handler at once.
set -euo pipefail
cd "$(dirname "$0")/../.."
make build >/dev/null
go run ./bench/uploads -devstack ./bin/devstack -clients "${CLIENTS:-20}" -size-mib "${SIZE_MIB:-256}"
