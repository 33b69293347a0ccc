#!/usr/bin/env bash
# Runs every package's tests, as `make test` does: the end-to-end package
# (deploy/devstack/e2e) as E2E_SHARDS test binaries at once, beside one
# `go test` of every other package, then prints the end-to-end package's
# slowest tests (deploy/scripts/test-times.sh; docs/testing.md).
#
# The end-to-end package is the long pole of `make test`, and it is bound by
# waiting, not by the CPU: its tests poll for transcodes, mails, beacons and
# browsers. Inside one process its tests with suites of their own run in
# parallel, bounded by -parallel (GOMAXPROCS: 2 on 2 cores; the package doc
# says which and why), which overlaps those waits. Shards are separate
# processes, each with its own stack, taking every E2E_SHARDS-th test by
# name. On this 2-core machine two shards beside the other packages
# overloaded it (browser and live tests timed out in two full runs,
# 2026-11-28), so the default stays 1 there: set E2E_SHARDS=2 or more where
# there are 4 cores or more.
#
# Everything goes through a test cache: a package whose code, test files,
# environment and the files its tests read are unchanged since it last
# passed is not run again (`go test` prints "(cached)"), so a warm `make
# test` reruns what a change can affect. The tests that build the module's
# binaries show Go's cache those binaries' sources (pkg/gobuild); the
# end-to-end package has a stamp of its own (below). VIDHOST_TEST_FRESH=1
# runs everything (CI sets it: .ci/run), as -count=1 does.
#
# Environment: E2E_SHARDS (default 1: the package whole), GO_TEST_TIMEOUT
# (default 40m), GO_TEST_FLAGS (added to every run, e.g. -short),
# VIDHOST_TEST_FRESH (1: no cached results), E2E_PARALLEL (default 4: how
# many of the end-to-end package's parallel tests run at once; they mostly
# wait on transcodes, browsers and streams, so more than the 2 cores).
set -euo pipefail
cd "$(dirname "$0")/../.."

shards=${E2E_SHARDS:-1}
parallel=${E2E_PARALLEL:-4}
timeout=${GO_TEST_TIMEOUT:-40m}
read -r -a flags <<<"${GO_TEST_FLAGS:-}"
e2e=./deploy/devstack/e2e
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The tests' names, from the source: listing them through the binary would
# run TestMain, which starts the whole stack first.
mapfile -t tests < <(grep -ho '^func Test[A-Za-z0-9_]*(t \*testing\.T)' "$e2e"/*_test.go |
	sed -E 's/^func (Test[A-Za-z0-9_]*).*/\1/' | sort -u)
if ((${#tests[@]} == 0)); then
	echo "go-test.sh: no tests found in $e2e" >&2
	exit 1
fi

# Shard i takes tests i, i+n, i+2n… of the sorted names, which spreads the
# slow families (TestDashboard…, TestLive…) over the shards.
pattern() {
	local i=$1 names=()
	for ((j = i; j < ${#tests[@]}; j += shards)); do names+=("${tests[j]}"); done
	local IFS='|'
	echo "^(${names[*]})\$"
}

# outputOf prints what a shard's test binary wrote, from its test2json
# events (a line that is not an event, e.g. a crash's, as it is).
outputOf() {
	jq -rjR 'fromjson? // {Action: "output", Output: (. + "\n")} | select(.Action == "output") | .Output' "$1"
}

# failedOutput prints the output of the shard's failed tests and their
# subtests, and what it wrote outside any test.
failedOutput() {
	jq -rjRs '[split("\n")[] | select(. != "") | fromjson? // {Action: "output", Output: (. + "\n")}] |
		(map(select(.Action == "fail" and .Test != null) | .Test)) as $failed |
		.[] | select(.Action == "output") |
		select(.Test == null or (.Test as $t | $failed | any(. == $t or ($t | startswith(. + "/"))))) | .Output' "$1"
}

# Every other package, streamed as usual, the Go SDK's module's too (go.work:
# ./... stops at its go.mod), through Go's test cache.
module=github.com/vidhost/vidhost
mapfile -t packages < <(go list ./... ./sdk/go/... | grep -vx "$module/deploy/devstack/e2e")
count=()
[[ "${VIDHOST_TEST_FRESH:-}" == 1 ]] && count=(-count=1)
go test "${count[@]}" -timeout "$timeout" "${flags[@]}" "${packages[@]}" &
pids=($!)

# The end-to-end package runs as a test binary of its own (for test2json's
# per-test times), which Go's test cache does not answer for: its own stamp,
# var/cache/checks/e2e, holds the key of the inputs it last passed on: every
# file of the working tree (tracked, or untracked and not ignored: a tree
# object of a scratch index), the Go, ffmpeg and Chromium versions, the
# settings above and the VIDHOST_ and E2E_ environment. Any change runs it
# again; VIDHOST_TEST_FRESH=1 always does.
e2eKey() {
	local index
	index=$(mktemp)
	cp "$(git rev-parse --git-path index)" "$index"
	{
		GIT_INDEX_FILE=$index git add -A . >/dev/null && GIT_INDEX_FILE=$index git write-tree
		go version
		ffmpeg -hide_banner -version 2>/dev/null | head -1
		chromium --version 2>/dev/null
		printf '%s\n' "$shards" "$parallel" "$timeout" "${flags[@]}"
		env | grep -E '^(VIDHOST|E2E)_' | sort
	} | sha256sum | cut -d' ' -f1
	rm -f "$index"
}
stamp=var/cache/checks/e2e
key=
if [[ "${VIDHOST_TEST_FRESH:-}" != 1 ]] && git rev-parse --git-dir >/dev/null 2>&1; then
	key=$(e2eKey)
	if [[ -f $stamp && $(cat "$stamp") == "$key" ]]; then
		echo "ok  	e2e	(cached: nothing it reads has changed since it last passed, $stamp)"
		wait "${pids[@]}"
		exit
	fi
fi
rm -f "$stamp"
go test -c -o "$work/e2e.test" "$e2e"


for ((i = 0; i < shards; i++)); do
	(
		cd "$e2e"
		start=$SECONDS
		rc=0
		# test2json: the events carry each test's time (-test.v=test2json
		# is what go test passes it).
		go tool test2json -t -p "deploy/devstack/e2e (shard $((i + 1))/$shards)" "$work/e2e.test" -test.v=test2json -test.count=1 -test.timeout "$timeout" -test.parallel "$parallel" \
			-test.run "$(pattern "$i")" "${flags[@]/#-/-test.}" >"$work/shard-$i.json" 2>&1 || rc=$?
		echo "$rc" >"$work/shard-$i.rc"
		if ((rc == 0)); then
			echo "ok  	e2e shard $((i + 1))/$shards	$((SECONDS - start))s"
		else
			echo "FAIL	e2e shard $((i + 1))/$shards	$((SECONDS - start))s (exit $rc)"
		fi
		exit "$rc"
	) &
	pids+=($!)
done

status=0
for pid in "${pids[@]}"; do
	wait "$pid" || status=1
done
# A shard that failed prints what its failed tests and TestMain wrote (as
# go test without -v would), one that passed its summary lines; then the
# slowest tests of all shards.
e2ePassed=true
for ((i = 0; i < shards; i++)); do
	if [[ "$(cat "$work/shard-$i.rc" 2>/dev/null)" != 0 ]]; then
		e2ePassed=false
		echo "--- e2e shard $((i + 1))/$shards log"
		failedOutput "$work/shard-$i.json"
	else
		outputOf "$work/shard-$i.json" | grep -E '^(openapi replay|PASS)' | sed "s/^/e2e shard $((i + 1)): /" || true
	fi
done
# Kept for a closer look (docs/testing.md): var/e2e.json.
mkdir -p var
cat "$work"/shard-*.json >var/e2e.json
bash deploy/scripts/test-times.sh -n 10 var/e2e.json || true
# The stamp is the end-to-end package's own: another package's failure
# does not make it run again.
if $e2ePassed && [[ -n $key ]]; then
	mkdir -p "$(dirname "$stamp")"
	echo "$key" >"$stamp"
fi
exit "$status"
