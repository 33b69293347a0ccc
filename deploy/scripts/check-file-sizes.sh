#!/usr/bin/env bash
# Refuses tracked files over 1 MiB that deploy/scripts/large-files.txt does
# not allow. Go binaries built in a package's folder or the repository root
# (31 and 77 MB so far) have been committed by mistake; every one is larger
# than this, while the suite's own files, bundles included, are not. The
# sizes are those of the index, so a file staged for the next commit counts.
#
# Usage: deploy/scripts/check-file-sizes.sh   (make size-check; part of make test)
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
limit=$((1024 * 1024))
allow_file=deploy/scripts/large-files.txt

# The allow list: one "path reason..." a line; # starts a comment.
declare -A allowed=()
while read -r path reason; do
	[[ -z $path || $path == \#* ]] && continue
	if [[ -z $reason ]]; then
		echo "$allow_file: $path needs a reason" >&2
		exit 1
	fi
	allowed[$path]=1
done <"$allow_file"

# mode object stage<TAB>path -> size path, for blobs only (no submodules).
too_large=()
while read -r size path; do
	((size > limit)) || continue
	[[ -n ${allowed[$path]:-} ]] || too_large+=("$size $path")
done < <(git ls-files --stage | awk -F '\t' '$1 !~ /^160000 / { split($1, f, " "); print f[2], $2 }' |
	git cat-file --batch-check='%(objectsize) %(rest)')

if ((${#too_large[@]} > 0)); then
	echo "tracked files over 1 MiB that $allow_file does not allow:" >&2
	for entry in "${too_large[@]}"; do echo "  ${entry%% *} bytes  ${entry#* }" >&2; done
	echo "build outputs belong in bin/ or a temporary directory (and in .gitignore); a file that must be" >&2
	echo "committed goes in $allow_file with the reason." >&2
	exit 1
fi
