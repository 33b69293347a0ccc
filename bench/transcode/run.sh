#!/usr/bin/env bash
# The transcode service against bare ffmpeg on a 60 s 1080p30 source:
# (a) a job through the service / the bare ladder command with the same
#     arguments, (b) CPU-s of the single-process ladder / one ffmpeg per rung,
# (c) time to the first playable HLS segment / time to ready.
# By default the job goes through the whole suite (a devstack: upload, POST
# /v2/videos, poll until ready); VIA=process runs the service in process and
# enqueues the TranscodeJob itself. Jobs alternate with bare replays (-pairs,
# default 2; extra arguments go to the bench) so other load on a shared
# machine weighs on both sides. About 8 minutes on 2 cores (the source is
# generated once, ~25 s). VIA=chunks costs a job in chunks instead, and
# VIA=workers times one video on real workers (both below).
set -euo pipefail
cd "$(dirname "$0")/../.."

cache="${VIDHOST_BENCH_CACHE:-${TMPDIR:-/tmp}/vidhost-bench}"
mkdir -p "$cache"

# make_source PATH SIZE SECONDS: testsrc2 and a tone, made once.
make_source() {
  [[ -s "$1" ]] && return
  echo "generating the $3 s $2 30 fps source (testsrc2 + sine)..."
  ffmpeg -hide_banner -nostdin -loglevel error -y \
    -f lavfi -i "testsrc2=size=$2:rate=30:duration=$3" \
    -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=$3" \
    -c:v libx264 -preset veryfast -pix_fmt yuv420p -c:a aac -shortest "$1.tmp.mp4"
  mv "$1.tmp.mp4" "$1"
}

# The bench binary is also the ffmpeg the service runs: it logs each command
# line, then execs the real ffmpeg, so the replay uses the same arguments.
bin="$cache/transcode-bench"
go build -o "$bin" ./bench/transcode

# VIA=chunks: a job in chunks of CHUNK (30s) against one process, in process,
# on LENGTH seconds (600, the issue's 10 minutes) of SIZE (1920x1080): about 20
# minutes on a quiet 2-core machine.
if [[ "${VIA:-gateway}" == chunks ]]; then
  source="$cache/source-${SIZE:-1920x1080}-${LENGTH:-600}s.mp4"
  make_source "$source" "${SIZE:-1920x1080}" "${LENGTH:-600}"
  "$bin" -source "$source" -work "$cache/work" -chunks "${CHUNK:-30s}" "$@"
  rm -rf "$cache/work"
  exit
fi

# start_devstack [VAR=VALUE ...]: a devstack whose ffmpeg is the bench
# binary, with the given environment; sets var, pid and commands.
start_devstack() {
  [[ -n "${built:-}" ]] || { go build -o "$cache/devstack" ./deploy/devstack/cmd/devstack; built=1; }
  var=$(mktemp -d /tmp/vidhost-bench-var-XXXX); chmod 755 "$var"
  local port
  port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
  commands="$var/ffmpeg-commands.jsonl"
  env "$@" VIDHOST_VAR_DIR="$var" VIDHOST_HTTP_ADDR="127.0.0.1:$port" VIDHOST_LOG_LEVEL=warn \
    VIDHOST_FFMPEG="$bin" VIDHOST_BENCH_FFMPEG_LOG="$commands" \
    "$cache/devstack" >"$var/devstack.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 1200); do
    [[ -s "$var/devstack.env" ]] && return
    kill -0 "$pid" 2>/dev/null || { echo "devstack exited:"; cat "$var/devstack.log"; exit 1; }
    sleep 0.05
  done
  echo "devstack not ready in 60 s:"; cat "$var/devstack.log"; exit 1
}

stop_devstack() {
  [[ -n "${pid:-}" ]] || return 0
  kill -TERM "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$var" "$cache/work"
  pid=
}
trap 'rc=$?; stop_devstack; exit $rc' EXIT

# VIA=workers: one video of LENGTH seconds (600) of SIZE (1920x1080) through
# the whole suite, timed from POST /v2/videos to ready: first on one worker
# in one process (VIDHOST_TRANSCODE_CHUNKED=off), then on each count of
# WORKERS ("3 10") distributed in chunks of CHUNK (30s). The workers run in
# the devstack's process and share this machine's cores: the figures mean
# something only where the machine has cores for them (a worker's ffmpeg
# uses about 2 busily), which a 2-core machine has not.
if [[ "${VIA:-gateway}" == workers ]]; then
  source="$cache/source-${SIZE:-1920x1080}-${LENGTH:-600}s.mp4"
  make_source "$source" "${SIZE:-1920x1080}" "${LENGTH:-600}"
  start_devstack VIDHOST_TRANSCODE_WORKERS=1 VIDHOST_TRANSCODE_CHUNKED=off
  one=$("$bin" -source "$source" -gateway "$var/devstack.env" -ready)
  stop_devstack
  echo "one process, 1 worker: ready $one s"
  for n in ${WORKERS:-3 10}; do
    start_devstack VIDHOST_TRANSCODE_WORKERS="$n" VIDHOST_TRANSCODE_CHUNKED=distributed \
      VIDHOST_TRANSCODE_CHUNK_LENGTH="${CHUNK:-30s}" VIDHOST_TRANSCODE_CHUNK_WINDOW="$((n + 3))"
    ready=$("$bin" -source "$source" -gateway "$var/devstack.env" -ready)
    stop_devstack
    python3 -c "print('distributed, %2d workers: ready %s s, %.2f x one process%s' % ($n, '$ready', $ready / $one, '  (target <= 0.15)' if $n == 10 else ''))"
  done
  exit
fi

source="$cache/source-1080p30-60s.mp4"
make_source "$source" 1920x1080 60

if [[ "${VIA:-gateway}" == process ]]; then
  "$bin" -source "$source" -work "$cache/work" "$@"
  rm -rf "$cache/work"
  exit
fi

start_devstack
"$bin" -source "$source" -work "$cache/work" -gateway "$var/devstack.env" -commands "$commands" -devstack-pid "$pid" "$@"
