#!/usr/bin/env bash
# Runs a command that rewrites files (the code generators of `make
# generate`) and gives every file under PATHS whose content it left as it
# was its old modification time back.
#
#   keep-times.sh PATH... -- COMMAND...
#
# Why: the generators write every file on every run, and Go's test cache
# keys a test on the size and time of the files it looked at (pkg/gobuild
# stats the sources of the binaries a test starts, generated code among
# them), so every warm `make test` ran those tests again for files whose
# bytes had not changed.
set -euo pipefail
cd "$(dirname "$0")/../.."

paths=()
while (($#)) && [[ $1 != -- ]]; do
	paths+=("$1")
	shift
done
if (($# < 2)); then
	echo "usage: keep-times.sh PATH... -- COMMAND..." >&2
	exit 2
fi
shift

mapfile -t files < <(find "${paths[@]}" -type f 2>/dev/null | sort)
if ((${#files[@]} == 0)); then
	exec "$@"
fi
mapfile -t times < <(stat -c '%.9Y' -- "${files[@]}")
mapfile -t before < <(printf '%s\n' "${files[@]}" | git hash-object --stdin-paths)
"$@"
# A file the command removed makes hash-object fail: then no time is put back.
mapfile -t after < <(printf '%s\n' "${files[@]}" | git hash-object --stdin-paths 2>/dev/null || true)
if ((${#after[@]} != ${#files[@]})); then
	exit 0
fi
for i in "${!files[@]}"; do
	if [[ ${after[i]} == "${before[i]}" ]]; then
		touch -m -d "@${times[i]}" -- "${files[i]}"
	fi
done
