#!/usr/bin/env bash
# Installs Debian's Chromium for the console's browser tests and screenshots (playwright-core drives it;
# Playwright's own browser downloads are not used). Idempotent: does nothing when it is already there.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  echo "chromium already installed: $(/usr/bin/chromium --version 2>/dev/null || true)"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y chromium >/dev/null 2>&1 || {
  $SUDO apt-get update -qq
  $SUDO apt-get install -y chromium >/dev/null
}
echo "chromium installed: $(/usr/bin/chromium --version 2>/dev/null || true)"
