#!/usr/bin/env bash
# Prints where a test run's time went, from `go test -json` output (a file,
# or standard input): per package, its wall time, the time before its first
# test started (build and TestMain's setup, e.g. the end-to-end package's
# suite) and after its last test ended (TestMain's teardown: the OpenAPI
# replay check, stopping the suite), the sum of its top-level tests' times
# (above the wall time when tests ran in parallel), then the slowest
# top-level tests of the whole run.
#
#   go test -json -count=1 ./deploy/devstack/e2e | tee /tmp/e2e.json | deploy/scripts/test-times.sh
#   deploy/scripts/test-times.sh -n 40 /tmp/e2e.json
#
# -n N: how many of the slowest tests to print (default 25).
set -euo pipefail

top=25
if [[ "${1:-}" == -n ]]; then
	top=$2
	shift 2
fi
input=${1:-/dev/stdin}

events=$(mktemp)
trap 'rm -f "$events"' EXIT
# Go's -json lines; a line that is not JSON (a build error) is skipped.
jq -cR 'fromjson? | select(.Package != null)' "$input" >"$events"

jq -rs '
	def secs: . * 10 | round / 10;
	# RFC 3339 with nanoseconds and a zone ("Z" or "+01:00") to Unix seconds.
	def epoch: capture("^(?<s>[0-9-]+T[0-9:]+)(?<f>\\.[0-9]+)?(?<z>Z|[+-][0-9]{2}:[0-9]{2})$") |
		((.s + "Z" | fromdateiso8601) + ((.f // "0") | tonumber) -
		 (if .z == "Z" then 0 else (.z[0:1] + "1" | tonumber) * ((.z[1:3] | tonumber) * 3600 + (.z[4:6] | tonumber) * 60) end));
	(group_by(.Package) | map(
		. as $events |
		($events | map(select(.Test == null and (.Action == "pass" or .Action == "fail")))[0]) as $finish |
		($events | map(select(.Test == null and .Action == "start"))[0]) as $begin |
		($events | map(select(.Test != null and (.Test | contains("/") | not) and .Action == "run")) | map(.Time | epoch)) as $runs |
		($events | map(select(.Test != null and (.Test | contains("/") | not) and (.Action == "pass" or .Action == "fail" or .Action == "skip"))) ) as $ends |
		select($finish != null and ($ends | length) > 0) |
		{package: $finish.Package, result: $finish.Action, wall: ($finish.Elapsed // 0),
		 before: (if $begin then (($runs | min) - ($begin.Time | epoch)) else null end),
		 after: (($finish.Time | epoch) - ($ends | map(.Time | epoch) | max)),
		 tests: ($ends | length), sum: ($ends | map(.Elapsed // 0) | add)}
	) | sort_by(-.wall)) as $packages |
	"package\tresult\twall s\tbefore first test s\tafter last test s\ttests\tsum of tests s",
	($packages[] | "\(.package)\t\(.result)\t\(.wall | secs)\t\(if .before == null then "?" else (.before | secs) end)\t\(.after | secs)\t\(.tests)\t\(.sum | secs)")
' "$events" | column -t -s $'\t'

echo
jq -rs --argjson top "$top" '
	def secs: . * 10 | round / 10;
	map(select(.Test != null and (.Test | contains("/") | not))) as $tests |
	"slowest top-level tests\ts\tresult\tpackage",
	($tests | map(select(.Action == "pass" or .Action == "fail")) | sort_by(-.Elapsed) | .[:$top][] |
		"\(.Test)\t\(.Elapsed | secs)\t\(.Action)\t\(.Package | sub(".*/vidhost/vidhost/"; ""))")
' "$events" | column -t -s $'\t'
