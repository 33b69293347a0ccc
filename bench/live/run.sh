#!/usr/bin/env bash
# Live events through the whole suite: publish start -> live and -> first
# playable segment, live latency (wall clock - newest segment's
# EXT-X-PROGRAM-DATE-TIME at the player), CPU per live event, for one event
# and then -events (default 5) at once on this machine. Publishers loop a
# pre-encoded 720p30 clip with -c copy, so they cost almost nothing; with
# -protocol srt they send it over SRT (MPEG-TS) instead of RTMP. About
# 2 minutes (the clip is generated once, ~10 s).
set -euo pipefail
cd "$(dirname "$0")/../.."

cache="${VIDHOST_BENCH_CACHE:-${TMPDIR:-/tmp}/vidhost-bench}"
clip="$cache/live-720p30-10s.flv"
mkdir -p "$cache"
if [[ ! -s "$clip" ]]; then
  echo "generating the 10 s 720p30 clip (testsrc2 + sine, 2 s GOP)..."
  ffmpeg -hide_banner -nostdin -loglevel error -y \
    -f lavfi -i testsrc2=size=1280x720:rate=30:duration=10 \
    -f lavfi -i sine=frequency=440:sample_rate=48000:duration=10 \
    -c:v libx264 -preset veryfast -g 60 -keyint_min 60 -sc_threshold 0 -b:v 3M -pix_fmt yuv420p \
    -c:a aac -b:a 128k -f flv "$clip"
fi
go run ./bench/live -clip "$clip" "$@"
