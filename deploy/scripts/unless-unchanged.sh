#!/usr/bin/env bash
# Runs a check unless it passed before on exactly the same inputs: the warm
# `make test` skips the npm builds, lints and SDK tests (about 3.5 minutes on
# 2 cores) when nothing they read has changed since they last passed.
#
#   unless-unchanged.sh NAME [-o PATH]... INPUT... -- COMMAND...
#
# NAME names the check's stamp, var/cache/checks/NAME. Each INPUT is a file
# or a folder whose files (tracked, or untracked and not ignored: git
# ls-files) are hashed with the command line and the node and npm versions.
# Each -o PATH is something the command leaves behind that later steps use
# (node_modules for the browser tests, an SDK's dist/): when one is missing
# the check runs again. The stamp is written only when COMMAND succeeds, so a
# failed check runs again next time; a fresh clone (CI) has no var/ and runs
# everything. VIDHOST_NO_CHECK_CACHE=1 runs the command whatever the stamp says.
set -euo pipefail
cd "$(dirname "$0")/../.."

name=$1
shift
outputs=()
inputs=()
while (($#)); do
	case $1 in
	-o)
		outputs+=("$2")
		shift 2
		;;
	--)
		shift
		break
		;;
	*)
		inputs+=("$1")
		shift
		;;
	esac
done
if ((${#inputs[@]} == 0 || $# == 0)); then
	echo "usage: unless-unchanged.sh NAME [-o PATH]... INPUT... -- COMMAND..." >&2
	exit 2
fi

stamp=var/cache/checks/$name
# The hash of every input file's content, with its path: git hash-object
# reads the working tree, so an edit not yet committed counts.
# A tracked file deleted from the working tree is left out (it has no content).
files=$(git ls-files -co --exclude-standard -- "${inputs[@]}" | sort -u | while IFS= read -r f; do
	[[ -f $f ]] && printf '%s\n' "$f"
done)
digest=$({
	printf '%s\n' "$*" "$(node --version 2>/dev/null)" "$(npm --version 2>/dev/null)" "$files"
	[[ -z $files ]] || git hash-object --stdin-paths <<<"$files"
} | sha256sum | cut -d' ' -f1)

fresh=true
[[ ${VIDHOST_NO_CHECK_CACHE:-} == 1 ]] && fresh=false
[[ -f $stamp && $(cat "$stamp") == "$digest" ]] || fresh=false
for out in "${outputs[@]}"; do
	[[ -e $out ]] || fresh=false
done
if $fresh; then
	echo "$name: inputs unchanged since it last passed (var/cache/checks/$name), skipped"
	exit 0
fi

rm -f "$stamp"
"$@"
mkdir -p "$(dirname "$stamp")"
echo "$digest" >"$stamp"
