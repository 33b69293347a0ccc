#!/usr/bin/env bash
# The content-adaptive ladder against the fixed one: five synthetic 1080p30
# sources (slides, animation, grainy camera pan, noise, scrolling code),
# each encoded by the transcode service's media job with every profile in
# the same run; bytes, SSIM per rung and CPU seconds as ratios against the
# fixed ladder, with issue 34's targets as pass/fail. Sources are made once
# into the cache (~2 min). About 25 minutes on 2 cores at the default 30 s;
# `bench/quality/run.sh -seconds 6` is a smoke run of a few minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."

cache="${VIDHOST_BENCH_CACHE:-${TMPDIR:-/tmp}/vidhost-bench}"
mkdir -p "$cache"
bin="$cache/quality-bench"
go build -o "$bin" ./bench/quality
"$bin" -cache "$cache" -work "$cache/quality-work" "$@"
