#!/usr/bin/env bash
# Live events through the whole suite. First glass to glass: an encoder fed
# frames stamped with the wall clock as they enter it (x264 zerolatency,
# like OBS) publishes an event, and hls.js in headless Chromium reads the
# stamp back from every frame it shows: p50 and p95 per way of watching
# (-glass 20s each; 0 skips), and once more from a browser page that draws
# the stamp on a canvas and publishes over WHIP ("WHIP ingest -> LL-HLS",
# then "-> standard HLS").
# Then publish start -> live and -> first playable segment, live latency
# (wall clock - newest segment's EXT-X-PROGRAM-DATE-TIME at the player),
# CPU per live event, for one event and then -events (default 5) at once
# on this machine. Publishers loop a pre-encoded 720p30 clip with -c copy,
# so they cost almost nothing; with -protocol srt they send it over SRT
# (MPEG-TS) instead of RTMP. About 2 minutes (the clip is generated once,
# ~10 s).
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
# hls.js (the glass-to-glass viewers) comes from the end-to-end tests' fixture.
[[ -s deploy/devstack/e2e/testdata/hlsjs/node_modules/hls.js/dist/hls.min.js ]] || make --no-print-directory e2e-fixtures
go run ./bench/live -clip "$clip" "$@"
