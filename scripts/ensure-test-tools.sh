#!/usr/bin/env bash
# Installs what the browser tests need from Debian's packages when it is missing: Chromium
# (Playwright drives /usr/bin/chromium; browser downloads are not possible here).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: run 'sudo apt-get install -y chromium' (Playwright uses /usr/bin/chromium)." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium fonts-ipafont-gothic >/dev/null
