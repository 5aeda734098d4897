#!/usr/bin/env bash
# The whole suite: static checks, unit, API (PGlite, or PostgreSQL when DATABASE_URL is set),
# then the browser journeys, load and faults against a production build.
set -euo pipefail
cd "$(dirname "$0")/.."
# The Node installed with the dependencies runs everything below, also when this script is run
# directly rather than through `npm test` (which puts node_modules/.bin first on PATH itself).
export PATH="$PWD/node_modules/.bin:$PATH"
node scripts/check-node.mjs
bash scripts/ensure-test-tools.sh
# The client's types are generated from /openapi.json: a stale copy fails here, before tsc trusts it.
npx tsx scripts/openapi-types.ts --check
# The static checks are independent and each keeps one core busy: they run side by side, and each
# one's output is shown when it ends. /openapi.json is built from code and linted with Redocly's
# recommended rules: no error and no warning.
checks=('npx tsc --noEmit' 'npx eslint .' 'npx prettier --check . >/dev/null' 'npm run -s lint:openapi')
pids=()
logs=()
for check in "${checks[@]}"; do
  log=$(mktemp)
  bash -c "$check" >"$log" 2>&1 &
  pids+=($!)
  logs+=("$log")
done
failed=0
for i in "${!checks[@]}"; do
  if ! wait "${pids[$i]}"; then
    echo "Failed: ${checks[$i]}" >&2
    failed=1
  fi
  cat "${logs[$i]}"
  rm -f "${logs[$i]}"
done
[ "$failed" -eq 0 ]
npx vitest run --project unit
npx vitest run --project api
BUILD_TYPES_CHECKED=1 npm run -s build
npx playwright test
# Load and faults against the same production build: its own servers, databases and ports.
# They start PostgreSQL clusters of Debian's binaries (ensure-test-tools installs them).
npx vitest run --project system
