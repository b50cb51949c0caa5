#!/usr/bin/env bash
# `npm start`: installs what is missing, builds, migrates, seeds the demo accounts and serves
# the whole product on http://localhost:${PORT:-3000} with the embedded database.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-system.sh
bash scripts/ensure-deps.sh
bash scripts/build-if-needed.sh
export DEMO="${DEMO:-1}"
exec node apps/server/dist/main.js
