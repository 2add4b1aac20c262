#!/usr/bin/env bash
# Idempotent: install Debian's chromium for the end-to-end tests when /usr/bin/chromium is missing.
# Never downloads a browser through Playwright.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
