#!/usr/bin/env bash
# Builds the web app and the server when any source is newer than the last build.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=apps/server/dist/main.js
if [ ! -f "$stamp" ] || [ ! -f apps/web/dist/index.html ] || \
   [ -n "$(find packages apps -path '*/node_modules' -prune -o -path '*/dist' -prune -o -newer "$stamp" -type f -print -quit)" ]; then
  echo "Construction de l'application…"
  npm run build --silent
fi
