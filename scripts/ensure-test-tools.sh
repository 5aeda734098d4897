#!/usr/bin/env bash
# Installs what the tests need from Debian's packages when it is missing: Chromium (Playwright
# drives /usr/bin/chromium; browser downloads are not possible here), PostgreSQL's server
# binaries (the load and fault tests start throwaway clusters of their own) and poppler-utils.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium fonts-ipafont-gothic)
# The journeys' browser: the same Chromium without its browser layers, lighter on the CPU.
[ -x /usr/lib/chromium/chromium-headless-shell ] || need+=(chromium-headless-shell)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need+=(postgresql)
# pdftotext and pdfsig read the contracts and invoices the tests render, as a person's PDF reader would.
command -v pdftotext >/dev/null && command -v pdfsig >/dev/null || need+=(poppler-utils)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Missing Debian packages: run 'sudo apt-get install -y ${need[*]}'." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${need[@]}" >/dev/null
