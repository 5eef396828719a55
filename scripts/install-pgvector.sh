#!/usr/bin/env bash
# Builds and installs the pgvector extension for the local PostgreSQL server from
# Debian's source package (pgvector is not packaged for bookworm's PostgreSQL 15).
# Idempotent: does nothing when the extension is already installed.
set -euo pipefail

PG_MAJOR="${PG_MAJOR:-15}"
PG_CONFIG="/usr/lib/postgresql/${PG_MAJOR}/bin/pg_config"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

if [ -x "$PG_CONFIG" ] && [ -f "$("$PG_CONFIG" --sharedir)/extension/vector.control" ]; then
  echo "pgvector already installed for PostgreSQL ${PG_MAJOR}"
  exit 0
fi

sources_file=/etc/apt/sources.list.d/trixie-src.sources
if [ ! -f "$sources_file" ]; then
  uri=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  uri="${uri:-http://deb.debian.org/debian}"
  $SUDO tee "$sources_file" >/dev/null <<SRC
Types: deb-src
URIs: ${uri}
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "postgresql-server-dev-${PG_MAJOR}" build-essential dpkg-dev >/dev/null

workdir=$(mktemp -d)
trap 'rm -rf "$workdir"' EXIT
cd "$workdir"
apt-get source -qq pgvector >/dev/null 2>&1 || apt-get source pgvector
srcdir=$(find . -maxdepth 1 -type d -name 'pgvector-*' | head -n 1)
cd "$srcdir"
make -s PG_CONFIG="$PG_CONFIG" >/dev/null
$SUDO make -s install PG_CONFIG="$PG_CONFIG" >/dev/null
echo "pgvector installed: $(grep default_version "$("$PG_CONFIG" --sharedir)/extension/vector.control")"
