#!/usr/bin/env bash
# Proves that the suite's binaries install with plain `go install
# <package>@<version>` from outside the repository, with an empty module
# cache: the module at HEAD is served from a throw-away file:// proxy (as a
# module proxy would serve a pushed commit), every dependency from the usual
# proxy, and nothing of this checkout is visible to the build.
#
# The Go SDK (sdk/go) is a module of its own, which the root module requires
# at a tagged version (docs/architecture.md, the module paragraph): go install ignores
# go.work, so that version is what a remote install builds with. The proxy
# serves HEAD's sdk/go under the required version (as the tag
# sdk/go/<version> would), and go.sum must already hold its hashes: if
# sdk/go changed since the version the root requires, this script fails and
# says how to release the next one (SDK_NEXT=<version> prints its go.sum
# lines).
#
# Usage: deploy/scripts/check-go-install.sh [package ...]
#   default: the gateway, the services, the devstack and the vidhost command
#   (the SDK's user)
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
module=github.com/vidhost/vidhost
packages=("$@")
if [[ ${#packages[@]} -eq 0 ]]; then
	packages=(gateway/cmd/gateway services/identity/cmd/identity services/catalog/cmd/catalog
		services/upload/cmd/upload services/transcode/cmd/transcode services/hooks/cmd/hooks
		services/analytics/cmd/analytics deploy/devstack/cmd/devstack cmd/vidhost)
fi

work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT

commit=$(git -C "$root" rev-parse HEAD)
stamp=$(TZ=UTC git -C "$root" show -s --date=format-local:%Y%m%d%H%M%S --format=%cd HEAD)
version="v0.0.0-$stamp-${commit:0:12}"

# The module zip, made from the commit (not the work tree) by the same code
# the go command uses (golang.org/x/mod/zip).
mkdir -p "$work/zipper"
cat >"$work/zipper/main.go" <<'GO'
package main

import (
	"os"

	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

func main() {
	out, err := os.Create(os.Args[1])
	if err != nil {
		panic(err)
	}
	defer out.Close()
	m := module.Version{Path: os.Args[2], Version: os.Args[3]}
	if err := zip.CreateFromVCS(out, m, os.Args[4], os.Args[5], os.Args[6]); err != nil {
		panic(err)
	}
	if err := out.Close(); err != nil {
		panic(err)
	}
	// The go.sum lines of the module, as the go command computes them.
	h, err := dirhash.HashZip(os.Args[1], dirhash.Hash1)
	if err != nil {
		panic(err)
	}
	mod := strings.TrimSuffix(os.Args[1], ".zip") + ".mod"
	hmod, err := dirhash.Hash1([]string{"go.mod"}, func(string) (io.ReadCloser, error) { return os.Open(mod) })
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s %s %s\n%s %s/go.mod %s\n", m.Path, m.Version, h, m.Path, m.Version, hmod)
}
GO
sed -i 's|^\t"os"$|\t"fmt"\n\t"io"\n\t"os"\n\t"strings"\n\n\t"golang.org/x/mod/sumdb/dirhash"|' "$work/zipper/main.go"
(cd "$work/zipper" && go mod init zipper >/dev/null 2>&1 && go get golang.org/x/mod@v0.30.0 >/dev/null 2>&1 && go build -o zipper .)

# The zips come from a clone (x/mod's zip finds no repository in a git
# worktree, whose .git is a file).
git clone -q --no-checkout --shared "$root" "$work/repo"

# serve MODULE VERSION SUBDIR: the module in SUBDIR of the commit, in the
# proxy's layout; prints its go.sum lines.
serve() {
	local dir="$work/proxy/$1/@v"
	mkdir -p "$dir"
	git -C "$root" show "$commit:${3:+$3/}go.mod" >"$dir/$2.mod"
	printf '{"Version":"%s","Time":"%s"}\n' "$2" "$(TZ=UTC git -C "$root" show -s --date=format-local:%Y-%m-%dT%H:%M:%SZ --format=%cd HEAD)" >"$dir/$2.info"
	echo "$2" >>"$dir/list"
	"$work/zipper/zipper" "$dir/$2.zip" "$1" "$2" "$work/repo" "$commit" "$3"
}
serve "$module" "$version" "" >/dev/null

sdk=$module/sdk/go
sdkVersion=$(git -C "$root" show "$commit:go.mod" | awk -v m="$sdk" '$1 == m {print $2}')
if [[ -n "${SDK_NEXT:-}" ]]; then
	echo "go.sum lines of $sdk $SDK_NEXT (sdk/go at $commit):"
	serve "$sdk" "$SDK_NEXT" sdk/go
	exit 0
fi
sdkSums=$(serve "$sdk" "$sdkVersion" sdk/go)
if ! diff <(echo "$sdkSums") <(git -C "$root" show "$commit:go.sum" | grep "^$sdk $sdkVersion[ /]") >/dev/null; then
	echo "check-go-install: sdk/go at HEAD is not $sdk $sdkVersion, which go.mod requires (go.sum's hashes differ)." >&2
	echo "Release it (docs/sdk.md): commit, run SDK_NEXT=<next version> $0 for its go.sum lines," >&2
	echo "require that version in go.mod and go.work's replace, put the lines in go.sum, tag sdk/go/<next version>." >&2
	exit 1
fi

# An empty module cache and an empty directory outside the repository.
mkdir -p "$work/modcache" "$work/bin" "$work/elsewhere"
cd "$work/elsewhere"
for pkg in "${packages[@]}"; do
	GOMODCACHE="$work/modcache" GOBIN="$work/bin" GOFLAGS=-modcacherw GOWORK=off \
		GOPROXY="file://$work/proxy,$(go env GOPROXY)" GONOSUMDB="$module,$sdk" GONOSUMCHECK=1 \
		go install "$module/$pkg@$version"
	echo "installed $module/$pkg@$version"
done
ls -l "$work/bin"
