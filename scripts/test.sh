#!/usr/bin/env bash
# `npm test`: every test. Unit and integration tests on the embedded database (PGlite), again on
# PostgreSQL when DATABASE_URL is set, then end-to-end tests in Chromium against the built product.
set -euo pipefail
cd "$(dirname "$0")/.."
WITH_CHROMIUM=1 WITH_SERVER_TOOLS=1 bash scripts/install-system.sh
bash scripts/ensure-deps.sh
npm run build --silent

echo "== Tests unitaires et d'intégration (base embarquée) =="
DATABASE_URL= npx vitest run
if [ -n "${DATABASE_URL:-}" ]; then
  echo "== Tests du serveur sur PostgreSQL ($DATABASE_URL) =="
  npx vitest run --project server
fi
echo "== Tests de bout en bout (Chromium) =="
npm run test:e2e
