#!/usr/bin/env bash
# Upload throughput of pkg/blob against the disk itself.
#
# Writes BENCH_BYTES (default 1 GiB) three ways to the same directory
# (BENCH_DIR, default a new temporary directory) and prints seconds, MB/s and
# each one's time relative to dd:
#   dd         dd bs=1M conv=fsync: the disk's sequential write speed
#   local      a presigned PUT through Local.Handler over loopback HTTP
#              (temporary file, fsync, rename)
#   versitygw  a presigned PUT straight to versitygw (posix backend)
# dd writes zeros and the PUTs write random bytes; ext4 stores both alike.
# Usage: bench/blob/run.sh   (BENCH_BYTES=268435456 for a quicker run)
set -euo pipefail

bytes=${BENCH_BYTES:-1073741824}
pkg_dir=$(cd "$(dirname "$0")/../../pkg" && pwd)
if [[ -n ${BENCH_DIR:-} ]]; then
	dir=$BENCH_DIR
	mkdir -p "$dir"
	trap 'rm -f "$dir/dd.bin"' EXIT
else
	dir=$(mktemp -d)
	trap 'rm -rf "$dir"' EXIT
fi

if (( bytes % 1048576 != 0 )); then
	echo "BENCH_BYTES must be a multiple of 1 MiB" >&2
	exit 2
fi

start=$(date +%s.%N)
dd if=/dev/zero of="$dir/dd.bin" bs=1M count=$((bytes / 1048576)) conv=fsync status=none
dd_seconds=$(echo "$(date +%s.%N) - $start" | bc -l)
rm -f "$dir/dd.bin"

# Go's temporary directories follow TMPDIR, so the stores land on $dir too.
bench_output=$(cd "$pkg_dir" && TMPDIR="$dir" BLOB_BENCH_BYTES="$bytes" \
	go test -run '^$' -bench 'BenchmarkPresignedPut' -benchtime 1x ./blob/)

ns_of() { # ns/op of the benchmark named $1
	echo "$bench_output" | awk -v name="BenchmarkPresignedPut$1" '$1 ~ "^"name"(-[0-9]+)?$" { print $3 }'
}

printf '%-10s %10s %10s %10s\n' "write" "seconds" "MB/s" "vs dd"
report() { # name seconds
	printf '%-10s %10.2f %10.0f %9.2fx\n' "$1" "$2" "$(echo "$bytes / $2 / 1000000" | bc -l)" \
		"$(echo "$2 / $dd_seconds" | bc -l)"
}
report dd "$dd_seconds"
report local "$(echo "$(ns_of Local) / 1000000000" | bc -l)"
report versitygw "$(echo "$(ns_of VersityGW) / 1000000000" | bc -l)"
echo "bytes: $bytes, directory: $dir ($(df --output=fstype "$dir" | tail -1))"
