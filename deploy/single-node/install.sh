#!/usr/bin/env bash
# Installs vidhost and vidhost-server with the systemd unit and an example
# configuration under PREFIX (make install; the single-node test installs
# into a temporary prefix the same way). Binaries come from bin/ (make build-server).
set -euo pipefail
PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
install -d "$DESTDIR$PREFIX/bin" "$DESTDIR$PREFIX/lib/systemd/system" "$DESTDIR$PREFIX/share/doc/vidhost"
bin=${BIN_DIR:-$root/bin} # the single-node test builds into its own
install -m 0755 "$bin/vidhost" "$bin/vidhost-server" "$DESTDIR$PREFIX/bin/"
# The unit names the binary by its installed path.
sed "s#/usr/local/bin/vidhost-server#$PREFIX/bin/vidhost-server#; s#/usr/local/share/doc#$PREFIX/share/doc#" \
	"$here/vidhost.service" >"$DESTDIR$PREFIX/lib/systemd/system/vidhost.service"
chmod 0644 "$DESTDIR$PREFIX/lib/systemd/system/vidhost.service"
install -m 0644 "$here/vidhost.env.example" "$root/docs/single-node.md" "$DESTDIR$PREFIX/share/doc/vidhost/"
echo "installed into $DESTDIR$PREFIX (docs/single-node.md says what comes next)"
