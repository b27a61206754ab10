#!/usr/bin/env bash
# Builds a stand-in for the official `node:20-bookworm-slim` image, for machines that reach
# Debian's packages and npm's registry but no image registry (CI here). It is tagged with the
# official name so that the repository's Dockerfile builds unchanged (`--pull=never`).
#
# It has what the Dockerfile relies on from the official image: Debian bookworm (minbase), Node
# 20 in /usr/local (node, npm, npx, and the headers that node-gyp needs for better-sqlite3),
# and a `node` user with uid and gid 1000. It is made from this machine's own Node: its binary
# (whose shared libraries Debian's base already has, checked below), npm and headers.
#
#   scripts/container/stand-in-node-image.sh          # builds it unless podman has it already
set -euo pipefail

IMAGE=docker.io/library/node:20-bookworm-slim
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

if podman image exists "$IMAGE"; then
  echo "stand-in base: $IMAGE is there already"
  exit 0
fi

node_bin="$(readlink -f "$(command -v node)")"
major="$("$node_bin" -p 'process.versions.node.split(".")[0]')"
if [ "$major" != 20 ]; then
  echo "stand-in base: this machine's node is $("$node_bin" -v), not 20" >&2
  exit 1
fi
npm_dir="$(dirname "$(readlink -f "$(command -v npm)")")/.."
npm_dir="$(readlink -f "$npm_dir")"
headers=""
for candidate in /usr/include/node /usr/local/include/node "$(dirname "$node_bin")/../include/node"; do
  if [ -f "$candidate/node_version.h" ]; then headers="$(readlink -f "$candidate")"; break; fi
done
if [ -z "$headers" ]; then
  echo "stand-in base: no Node headers (node_version.h) found on this machine" >&2
  exit 1
fi

root="$(mktemp -d /var/tmp/node-stand-in.XXXXXX)"
trap 'rm -rf "$root"' EXIT
echo "stand-in base: debootstrap bookworm (minbase) into $root"
debootstrap --variant=minbase bookworm "$root" "$MIRROR" >"$root.log" 2>&1 || {
  tail -20 "$root.log" >&2
  exit 1
}
rm -f "$root.log"

# Node where the official image has it.
install -D -m 0755 "$node_bin" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/lib/node_modules" "$root/usr/local/include"
cp -a "$npm_dir" "$root/usr/local/lib/node_modules/npm"
cp -a "$headers" "$root/usr/local/include/node"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
# Every shared library node needs must come from the Debian base, not from this machine.
missing="$(chroot "$root" /usr/bin/ldd /usr/local/bin/node 2>/dev/null | grep 'not found' || true)"
if [ -n "$missing" ]; then
  echo "stand-in base: node lacks libraries in bookworm: $missing" >&2
  exit 1
fi
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
# A machine whose way out goes through a TLS-inspecting proxy trusts that proxy's CA through
# NODE_EXTRA_CA_CERTS; the stand-in carries the same bundle, or npm in the build could not
# reach the registry. (The official image reaches it directly.)
changes=()
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  install -D -m 0644 "$NODE_EXTRA_CA_CERTS" "$root/usr/local/share/stand-in/extra-ca.crt"
  changes+=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/stand-in/extra-ca.crt')
fi
env -u NODE_EXTRA_CA_CERTS chroot "$root" /usr/local/bin/node -e 'console.log("stand-in base: node", process.version, "runs in it")'
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*

tar -C "$root" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' \
  "${changes[@]}" \
  - "$IMAGE" >/dev/null
echo "stand-in base: $IMAGE built"
