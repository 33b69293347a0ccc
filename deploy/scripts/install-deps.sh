#!/usr/bin/env bash
# Installs the system packages Vidhost needs on Debian/Ubuntu, only those that
# are missing. Usage: install-deps.sh [run|test]
#   run:  PostgreSQL and ffmpeg (the devstack's database and media tools),
#         libsrt's headers (the live service's SRT ingest links libsrt
#         through cgo: services/live/internal/srt), pocketsphinx with its
#         en-US model (the default transcribe engine: without it `make run`
#         refuses transcribes, docs/transcribes.md)
#   test: also Chromium (browser tests), nginx (delivery benchmark baseline)
#         and Node.js with npm (the player bundle is rebuilt and compared),
#         and flite (speaks the transcribe test fixture), systemd's
#         systemd-analyze (checks deploy/single-node/vidhost.service)
set -euo pipefail

mode=${1:-run}
need=()
have_pg() { compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null; }
have_pg || need+=(postgresql)
command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || need+=(ffmpeg)
# Either flavour's headers will do (they conflict with each other); the
# OpenSSL one is libsrt's default crypto and the one the live image ships.
[ -e /usr/include/srt/srt.h ] || need+=(libsrt-openssl-dev)
command -v pocketsphinx_continuous >/dev/null || need+=(pocketsphinx)
[ -d /usr/share/pocketsphinx/model/en-us ] || need+=(pocketsphinx-en-us)
if [ "$mode" = test ]; then
  command -v chromium >/dev/null || need+=(chromium)
  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx)
  command -v npm >/dev/null || need+=(nodejs npm)
  command -v flite >/dev/null || need+=(flite)
  command -v systemd-analyze >/dev/null || need+=(systemd)
fi
[ ${#need[@]} -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then sudo="sudo"; else
    echo "missing system packages: ${need[*]}" >&2
    echo "install them as root: apt-get install -y ${need[*]}" >&2
    exit 1
  fi
fi
if ! command -v apt-get >/dev/null; then
  echo "missing system packages: ${need[*]} (install them with your package manager)" >&2
  exit 1
fi
echo "installing system packages: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${need[@]}"
