#!/usr/bin/env bash
# `npm run cluster`: installs what is missing (nginx among it), builds if needed, then starts the local
# cluster in the foreground (scripts/cluster.mjs; needs DATABASE_URL and REDIS_URL).
set -euo pipefail
cd "$(dirname "$0")/.."
WITH_SERVER_TOOLS=1 bash scripts/install-system.sh
bash scripts/ensure-deps.sh
bash scripts/build-if-needed.sh
exec node scripts/cluster.mjs
