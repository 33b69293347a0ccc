#!/usr/bin/env bash
# pristine-check: docs/single-node.md's commands, as written, on a fresh
# Debian 12 root made by debootstrap, in a chroot (make pristine-check; as
# root; about 15 minutes, most of it apt and go downloads).
#
# What the page fetches from places this machine may not reach is brought in
# beforehand and its line skipped: Go's toolchain (go.dev; the host's, the
# version go.mod names) and the source (github.com; a clone of this checkout).
# The local CAs this machine trusts are trusted in the chroot too.
# A chroot has no systemd, so two things differ from a real server: the
# PostgreSQL cluster Debian's package creates is started by hand, and the
# `systemctl`/`journalctl` lines are skipped (the unit is checked by
# systemd-analyze in deploy/single-node's tests, and `vidhost-server run`
# under SIGTERM by TestSingleServerOverACME). Every other line runs as the
# page has it; the first that fails stops the check and is printed.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
# base is debootstrap's output, kept between runs (it is the same fresh
# Debian each time); root is a new copy of it for each run.
base=${PRISTINE_BASE:-/var/tmp/vidhost-pristine-base}
root=${PRISTINE_ROOT:-/var/tmp/vidhost-pristine}
suite=bookworm
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

[[ $(id -u) == 0 ]] || { echo "pristine-check: run as root (debootstrap and chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null || apt-get install -y debootstrap
if [[ ! -x $base/usr/bin/apt-get ]]; then
  rm -rf "$base"
  debootstrap --variant=minbase "$suite" "$base" "$mirror"
fi
rm -rf "$root"
cp -a "$base" "$root"

cleanup() {
  chroot "$root" sh -c 'command -v pg_ctlcluster >/dev/null && pg_ctlcluster 15 main stop' 2>/dev/null || true
  for m in dev/pts dev proc sys; do umount -l "$root/$m" 2>/dev/null || true; done
}
trap cleanup EXIT
mount -t proc proc "$root/proc"
mount -t sysfs sys "$root/sys"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# Services must not start inside the chroot (Debian's policy-rc.d convention).
printf '#!/bin/sh\nexit 101\n' > "$root/usr/sbin/policy-rc.d"
chmod +x "$root/usr/sbin/policy-rc.d"

# A machine whose egress goes through a TLS-inspecting proxy trusts that
# proxy's CA; the fresh root gets the same local CAs (and nothing else).
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  mkdir -p "$root/usr/local/share/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  chroot "$root" sh -c 'command -v update-ca-certificates >/dev/null && update-ca-certificates >/dev/null || true'
fi

goroot=$(PATH=/usr/local/go/bin:$PATH go env GOROOT)
rm -rf "$root/usr/local/go" "$root/root/vidhost"
cp -a "$goroot" "$root/usr/local/go"
git clone -q "$repo" "$root/root/vidhost"

# The operator's edit between the page's second and third blocks ("Then set
# the mail server ..."; "VIDHOST_ACME_DIRECTORY_URL selects another ACME
# server"): a Mailpit and a pebble on this machine stand in for the mail
# server and Let's Encrypt, which check reaches. pebble's API certificate is
# made here and trusted in the chroot as the operator's own CA would be.
work=$(mktemp -d)
trap 'cleanup; kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
gobin=$(PATH=/usr/local/go/bin:$PATH go env GOPATH)/bin
# Four ports in a row: SMTP, Mailpit's UI, ACME, pebble's management API.
smtp_port=$((20000 + RANDOM % 10000)); acme_port=$((smtp_port + 2))
"$gobin/mailpit" --smtp "127.0.0.1:$smtp_port" --listen "127.0.0.1:$((smtp_port + 1))" >"$work/mailpit.log" 2>&1 &
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
  -keyout "$work/pebble.key" -out "$work/pebble.crt" 2>/dev/null
cat >"$work/pebble.json" <<JSON
{"pebble": {"listenAddress": "127.0.0.1:$acme_port", "managementListenAddress": "127.0.0.1:$((acme_port + 1))",
 "certificate": "$work/pebble.crt", "privateKey": "$work/pebble.key", "httpPort": 80, "tlsPort": 443}}
JSON
"$gobin/pebble" -config "$work/pebble.json" >"$work/pebble.log" 2>&1 &
for _ in $(seq 50); do curl -skf "https://127.0.0.1:$acme_port/dir" >/dev/null && break; sleep 0.2; done
curl -skf "https://127.0.0.1:$acme_port/dir" >/dev/null || { cat "$work/pebble.log" >&2; echo "pristine-check: pebble did not start" >&2; exit 1; }
cp "$work/pebble.crt" "$root/usr/local/share/ca-certificates/pristine-check-acme.crt"

# The page's first three sh blocks (install; user, database, configuration;
# start and check), with the substitutions above and the edit between.
blocks() { awk -v from="$1" -v to="$2" '/^```sh$/ {n++; inside=1; next} /^```$/ {inside=0; next} inside && n >= from && n <= to' "$repo/docs/single-node.md"; }
script=$root/root/single-node.sh
{
  echo 'set -euxo pipefail'
  echo 'cd /root'
  blocks 1 2 |
    sed -e '/go\.dev\/dl/d' \
        -e 's|^git clone https://github.com/vidhost/vidhost && cd vidhost$|cd /root/vidhost  # cloned beforehand|' \
        -e 's|^\(apt-get install .*\)$|\1\npg_ctlcluster 15 main start  # no systemd in a chroot\nupdate-ca-certificates  # the stand-in ACME server'"'"'s CA|'
  echo "# The operator sets the mail server and (here) the ACME server:"
  echo "printf 'VIDHOST_SMTP_HOST=127.0.0.1\\nVIDHOST_SMTP_PORT=$smtp_port\\nVIDHOST_ACME_DIRECTORY_URL=https://127.0.0.1:$acme_port/dir\\n' >> /etc/vidhost/vidhost.env"
  blocks 3 3 | sed -e '/^systemctl /d' -e '/^journalctl /d'
} > "$script"
echo "pristine-check: running in $root:"
cat "$script"
chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin \
  GOPROXY="${GOPROXY:-https://proxy.golang.org,direct}" GOFLAGS=-buildvcs=false LANG=C.UTF-8 \
  bash /root/single-node.sh
echo "pristine-check: docs/single-node.md's commands worked on a fresh Debian 12 root"
