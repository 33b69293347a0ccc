#!/usr/bin/env bash
# Proves that the suite's binaries install with plain `go install
# <package>@<version>` from outside the repository, with an empty module
# cache: the module at HEAD is served from a throw-away file:// proxy (as a
# module proxy would serve a pushed commit), every dependency from the usual
# proxy, and nothing of this checkout is visible to the build.
#
# Usage: deploy/scripts/check-go-install.sh [package ...]
#   default: the gateway, every service and the devstack
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
module=github.com/vidhost/vidhost
packages=("$@")
if [[ ${#packages[@]} -eq 0 ]]; then
	packages=(gateway/cmd/gateway services/identity/cmd/identity services/catalog/cmd/catalog
		services/upload/cmd/upload services/transcode/cmd/transcode deploy/devstack/cmd/devstack)
fi

work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT

commit=$(git -C "$root" rev-parse HEAD)
stamp=$(TZ=UTC git -C "$root" show -s --date=format-local:%Y%m%d%H%M%S --format=%cd HEAD)
version="v0.0.0-$stamp-${commit:0:12}"
proxy="$work/proxy/$module/@v"
mkdir -p "$proxy"

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
	if err := zip.CreateFromVCS(out, m, os.Args[4], os.Args[5], ""); err != nil {
		panic(err)
	}
}
GO
(cd "$work/zipper" && go mod init zipper >/dev/null 2>&1 && go get golang.org/x/mod@v0.30.0 >/dev/null 2>&1 &&
	go run . "$proxy/$version.zip" "$module" "$version" "$root" "$commit")
git -C "$root" show "$commit:go.mod" >"$proxy/$version.mod"
printf '{"Version":"%s","Time":"%s"}\n' "$version" "$(TZ=UTC git -C "$root" show -s --date=format-local:%Y-%m-%dT%H:%M:%SZ --format=%cd HEAD)" >"$proxy/$version.info"
echo "$version" >"$proxy/list"

# An empty module cache and an empty directory outside the repository.
mkdir -p "$work/modcache" "$work/bin" "$work/elsewhere"
cd "$work/elsewhere"
for pkg in "${packages[@]}"; do
	GOMODCACHE="$work/modcache" GOBIN="$work/bin" GOFLAGS=-modcacherw GOWORK=off \
		GOPROXY="file://$work/proxy,$(go env GOPROXY)" GONOSUMDB="$module" GONOSUMCHECK=1 \
		go install "$module/$pkg@$version"
	echo "installed $module/$pkg@$version"
done
ls -l "$work/bin"
