#!/usr/bin/env bash
# The analytics service at 10 million events: ingest rate through JetStream
# into PostgreSQL, and report latency on roll-ups against the same reports on
# raw events, for each kind of events: views (plays only; views reports),
# then experience (page loads: plays with startup times, heartbeats, errors;
# startup_time_p95 reports). KIND=views or KIND=experience runs one.
# EVENTS=1000000 for a quicker run; INGEST_ONLY=1 skips the reports;
# BASELINE=<git ref> first measures the ingest of that commit (same events,
# same machine, just before, with this tree's bench/analytics) and prints
# the ratio of the two rates.
set -euo pipefail
cd "$(dirname "$0")/../.."
events="${EVENTS:-10000000}"
# The bench runs the whole suite, NATS and the publisher in one process,
# with the analytics deployment's garbage collector setting
# (deploy/k8s/base/analytics.yaml: GOGC=400 under a GOMEMLIMIT), and its
# PostgreSQL with 1 GB of shared buffers, as a production server would
# have rather than the 128 MB default the test clusters keep. Either can be
# overridden from the environment.
export GOGC="${GOGC:-400}"
export VIDHOST_PG_SHARED_BUFFERS="${VIDHOST_PG_SHARED_BUFFERS:-1GB}"
kinds=(views experience)
[[ -n "${KIND:-}" ]] && kinds=("$KIND")
rate() { sed -n 's/.*, \([0-9]*\) events\/s end to end/\1/p'; }
if [[ -n "${BASELINE:-}" ]]; then
	dir="$(mktemp -d)"
	trap 'rm -rf "$dir"' EXIT
	git archive "$BASELINE" | tar -x -C "$dir"
	cp bench/analytics/*.go "$dir/bench/analytics/" # the same harness: only the service differs
	# The harness builds events with the edge's code (gateway/benchseam); a
	# baseline from before that seam gets this tree's (it needs the edge's
	# experience figures: a commit from before them cannot be a baseline).
	for f in gateway/benchseam/beacons.go gateway/internal/playback/view_event.go gateway/internal/beacons/message.go; do
		[[ -e "$dir/$f" ]] || cp "$f" "$dir/$f"
	done
	# A service from before binary view events reads protojson only: publish
	# that to it, as its edge did.
	encoding=()
	grep -q IsProtobuf "$dir/services/analytics/internal/events/consumer.go" || encoding=(-json)
fi
only=()
[[ -n "${INGEST_ONLY:-}" ]] && only=(-ingest-only)
for kind in "${kinds[@]}"; do
	echo "== $kind"
	echo "load before: $(uptime)"
	if [[ -n "${BASELINE:-}" ]]; then
		echo "baseline $BASELINE (ingest only${encoding:+, protojson events}):"
		base="$(cd "$dir" && go run ./bench/analytics -kind "$kind" -events "$events" -ingest-only "${encoding[@]}" | tee -a /dev/stderr | rate)"
		echo "load: $(uptime)"
		echo "this tree:"
	fi
	now="$(go run ./bench/analytics -kind "$kind" -events "$events" -queries "${QUERIES:-200}" -raw-queries "${RAW_QUERIES:-10}" "${only[@]}" |
		tee -a /dev/stderr | rate)"
	echo "load after: $(uptime)"
	if [[ -n "${BASELINE:-}" ]]; then
		awk -v now="$now" -v base="$base" 'BEGIN { printf "ingest: %d events/s, baseline %d events/s: %.2fx\n", now, base, now / base }'
	fi
done
