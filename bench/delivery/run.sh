#!/usr/bin/env bash
# Media delivery through the playback edge, against nginx serving the same
# files in the same run, and the embed's time to first frame.
#
#   edge   the whole gateway (app.Run: request id, access log, playback edge)
#          over fake catalog/identity (bench/delivery's Go program),
#          media in a local blob directory: files go out with sendfile; its
#          media access log is EDGE_MEDIA_ACCESS_LOG (off, as the gateway's
#          default; "all" writes a line per request as nginx does)
#   nginx  Debian's nginx as a separate process, generated config, serving
#          that blob directory with sendfile on (it writes an access log)
#
# wrk (loopback only, fixed duration) requests, through each:
#   segment           a 2 MB CMAF segment of a public video
#   playlist          a 300-entry HLS media playlist of a public video
#   private playlist  the same playlist of a private video with ?token=: the
#                     edge checks the token and rewrites every URI; nginx
#                     serves its static copy, so the ratio is the cost of that
#   private, JWT      the same with ?jwt= (a viewer JWT, ES256): the edge
#                     verifies it, mints a media token and rewrites
# Each target runs BENCH_ROUNDS alternating pairs (edge then nginx, then
# nginx then edge, ...); the table shows medians: req/s, p99 latency and the
# ratio edge / nginx of each pair. Targets: segments >= 0.9, playlists >=
# 0.8, private playlists >= 0.5. Then headless Chromium loads the embed of a
# public video with the cache off (BenchmarkEmbedFirstFrame) and reports the
# mean time to first frame (BENCH_LOADS=0 skips it).
#
# Usage: bench/delivery/run.sh
#   BENCH_DURATION (10s), BENCH_CONNECTIONS (16), BENCH_THREADS (2), BENCH_LOADS (10),
#   BENCH_ROUNDS (3), EDGE_CPUPROFILE (a file: CPU profile of the edge's whole run),
#   EDGE_MEDIA_ACCESS_LOG (off)
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
duration=${BENCH_DURATION:-10s}
connections=${BENCH_CONNECTIONS:-16}
threads=${BENCH_THREADS:-2}
loads=${BENCH_LOADS:-10}
rounds=${BENCH_ROUNDS:-3}

work=$(mktemp -d)
edge_pid="" nginx_pid=""
cleanup() {
	[[ -n $edge_pid ]] && kill "$edge_pid" 2>/dev/null && wait "$edge_pid" 2>/dev/null
	[[ -n $nginx_pid ]] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT

# The edge, built once and run as its own process.
(cd "$root" && go build -o "$work/edge" ./bench/delivery)
"$work/edge" -dir "$work/blob" -log "$work/edge.log" -cpuprofile "${EDGE_CPUPROFILE:-}" \
	-media-access-log "${EDGE_MEDIA_ACCESS_LOG:-off}" >"$work/edge.json" 2>"$work/edge.err" &
edge_pid=$!
for _ in $(seq 100); do [[ -s $work/edge.json ]] && break; sleep 0.1; done
[[ -s $work/edge.json ]] || { cat "$work/edge.err" >&2; exit 1; }
field() { jq -r ".$1" "$work/edge.json"; }
edge=$(field url) account=$(field account) public=$(field public_video) private=$(field private_video)
token=$(field private_token) jwt=$(field private_jwt) segment=$(field segment) playlist=$(field playlist)

# nginx on a free loopback port, over the same files.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$work/nginx.conf" <<EOF
user root;
worker_processes auto;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
	types { application/vnd.apple.mpegurl m3u8; video/iso.segment m4s; }
	sendfile on;
	tcp_nopush on;
	keepalive_requests 1000000;
	access_log $work/nginx-access.log;
	server {
		listen 127.0.0.1:$port;
		location /media/ { alias $work/blob/videos/$account/; }
	}
}
EOF
nginx -p "$work" -c "$work/nginx.conf" -g 'daemon off;' &
nginx_pid=$!
for _ in $(seq 50); do curl -sf -o /dev/null "http://127.0.0.1:$port/media/$public/$playlist" && break; sleep 0.1; done
nginx_url="http://127.0.0.1:$port"

# Both must serve the same bytes before they are timed.
cmp <(curl -sf "$edge/media/$public/$segment") <(curl -sf "$nginx_url/media/$public/$segment")
rewritten=$(curl -sf "$edge/media/$private/$playlist?token=$token")
grep -q "seg-0-00001.m4s?token=$token" <<<"$rewritten"
curl -sf "$edge/media/$private/$playlist?jwt=$jwt" | grep -q "seg-0-00001.m4s?token="

# measure URL: prints "requests/s MB/s p99-ms" from a fixed-duration wrk run.
measure() {
	local out
	out=$(wrk -t"$threads" -c"$connections" -d"$duration" --latency "$1")
	if grep -q 'Non-2xx' <<<"$out"; then echo "non-2xx responses from $1" >&2; echo "$out" >&2; exit 1; fi
	awk 'function ms(v,  n) { n = v + 0; if (v ~ /us$/) return n / 1000; if (v ~ /ms$/) return n; if (v ~ /s$/) return n * 1000; return n }
	     /^Requests\/sec:/ { rps = $2 }
	     /^ +99%/ { p99 = ms($2) }
	     /^Transfer\/sec:/ { v = $2; u = substr(v, length(v) - 1); n = v + 0
	                         mb = (u == "GB") ? n * 1024 : (u == "MB") ? n : (u == "KB") ? n / 1024 : n / 1048576 }
	     END { printf "%.0f %.1f %.2f\n", rps, mb, p99 }' <<<"$out"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf 'wrk -t%s -c%s -d%s over loopback, %s cores, median of %s alternating pairs\n' "$threads" "$connections" "$duration" "$(nproc)" "$rounds"
printf '%-34s %11s %11s %6s %9s %9s %9s %9s\n' target 'edge req/s' 'nginx req/s' ratio 'edge p99' 'nginx p99' 'edge MB/s' 'nginx MB/s'
row() { # name edge-URL nginx-URL
	local i e n er ep em nr np nm
	: >"$work/row"
	for ((i = 0; i < rounds; i++)); do
		if ((i % 2 == 0)); then e=$(measure "$2"); n=$(measure "$3"); else n=$(measure "$3"); e=$(measure "$2"); fi
		read -r er em ep <<<"$e"
		read -r nr nm np <<<"$n"
		echo "$er $nr $(echo "$er / $nr" | bc -l) $ep $np $em $nm" >>"$work/row"
	done
	col() { awk -v c="$1" '{ print $c }' "$work/row" | median; }
	printf '%-34s %11.0f %11.0f %6.2f %7.2fms %7.2fms %9.1f %9.1f\n' "$1" "$(col 1)" "$(col 2)" "$(col 3)" "$(col 4)" "$(col 5)" "$(col 6)" "$(col 7)"
}
row "segment (2 MB)" "$edge/media/$public/$segment" "$nginx_url/media/$public/$segment"
row "playlist (300 entries)" "$edge/media/$public/$playlist" "$nginx_url/media/$public/$playlist"
row "private playlist (token, rewrite)" "$edge/media/$private/$playlist?token=$token" "$nginx_url/media/$private/$playlist"
row "private playlist (viewer JWT)" "$edge/media/$private/$playlist?jwt=$jwt" "$nginx_url/media/$private/$playlist"

# Time to first frame of the embed in headless Chromium.
((loads > 0)) || exit 0
frames=$(cd "$root/gateway" && go test -run '^$' -bench 'BenchmarkEmbedFirstFrame' -benchtime "${loads}x" \
	./internal/playback/browsertest/ | awk '/^BenchmarkEmbedFirstFrame/ { for (i = 1; i <= NF; i++) { if ($i == "ms-to-first-frame") f = $(i-1); if ($i == "ms-to-playing") p = $(i-1) } } END { print f, p }')
read -r first playing <<<"$frames"
printf 'embed, cold cache, %s loads: first frame %s ms, playing %s ms after navigation start\n' "$loads" "$first" "$playing"
