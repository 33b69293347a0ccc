#!/usr/bin/env bash
# Hooks: a matching video's video.ready to the webhook received, p50/p99 on an
# idle devstack, and deliveries per second to a fast local receiver; each next
# to a bare bridge (a JetStream consumer POSTing the event) measured in the same run.
set -euo pipefail
cd "$(dirname "$0")/../.."
go run ./bench/hooks -samples "${SAMPLES:-200}" -deliveries "${DELIVERIES:-2000}"
