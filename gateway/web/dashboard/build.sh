#!/usr/bin/env bash
# Rebuilds the dashboard bundle into gateway/web/static/dashboard from the
# locked dependencies. The output is committed, so `go build` needs no node;
# run this after changing src/ or package.json, then commit static/dashboard too.
set -euo pipefail
cd "$(dirname "$0")"
npm ci --no-audit --no-fund
npm run build
