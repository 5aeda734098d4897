#!/usr/bin/env bash
# The whole suite: static checks, unit, API (PGlite, or PostgreSQL when DATABASE_URL is set),
# then the browser journeys, load and faults against a production build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-test-tools.sh
npx tsc --noEmit
npx eslint .
npx prettier --check . >/dev/null
npx vitest run --project unit
npx vitest run --project api
npx next build
npx playwright test
# Load and faults against the same production build: its own servers, databases and ports.
# They start PostgreSQL clusters of Debian's binaries (ensure-test-tools installs them).
npx vitest run --project system
