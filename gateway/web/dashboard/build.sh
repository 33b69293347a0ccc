#!/usr/bin/env bash
# Rebuilds the dashboard bundle into gateway/web/static/dashboard from the
# locked dependencies. The output is committed, so `go build` needs no node;
# run this after changing src/ or package.json, then commit static/dashboard too.
# @vidhost/sdk (sdk/js) is a local dependency: it is built first, so its
# types follow the OpenAPI document.
set -euo pipefail
cd "$(dirname "$0")"
(cd ../../../sdk/js && npm ci --no-audit --no-fund && npm run build)
npm ci --no-audit --no-fund
npm run build
