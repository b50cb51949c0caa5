#!/usr/bin/env bash
# `npm test`: unit and integration tests on the embedded database (PGlite), then end-to-end tests in Chromium against
# the built product. CI (.ci/run) then runs the fault tests (`npm run test:faults`) and the server's tests again on
# PostgreSQL when DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/.."
WITH_CHROMIUM=1 WITH_SERVER_TOOLS=1 bash scripts/install-system.sh
bash scripts/ensure-deps.sh
npm run build --silent

echo "== Tests unitaires et d'intégration (base embarquée) =="
DATABASE_URL= npx vitest run
echo "== Tests de bout en bout (Chromium) =="
npm run test:e2e
