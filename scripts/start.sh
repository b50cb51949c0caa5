#!/usr/bin/env bash
# `npm start`: installs what is missing, builds, migrates, seeds the demo accounts and serves
# the whole product on http://localhost:${PORT:-3000} with the embedded database.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-system.sh
bash scripts/ensure-deps.sh
# Rebuild when any source is newer than the last build.
stamp=apps/server/dist/main.js
if [ ! -f "$stamp" ] || [ ! -f apps/web/dist/index.html ] || \
   [ -n "$(find packages apps -path '*/node_modules' -prune -o -path '*/dist' -prune -o -newer "$stamp" -type f -print -quit)" ]; then
  echo "Construction de l'application…"
  npm run build --silent
fi
export DEMO="${DEMO:-1}"
exec node apps/server/dist/main.js
