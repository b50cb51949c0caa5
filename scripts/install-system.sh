#!/usr/bin/env bash
# Installs the Debian packages the product needs when they are missing, and the unprivileged user
# that sandboxed programs run as. Safe to run again: it only does what is missing.
set -euo pipefail

RUNNER_USER="${RUNNER_USER:-exam-runner}"
# poppler-utils: the pages of a PDF handed in as an answer, counted and drawn for the graders.
PACKAGES=(bubblewrap python3 python3-sympy python3-seccomp r-base-core util-linux poppler-utils)
[ "${WITH_CHROMIUM:-0}" = "1" ] && PACKAGES+=(chromium fonts-liberation)
# The local cluster (nginx in front), the PostgreSQL backups (pg_dump / pg_restore), the fault tests, which
# start a PostgreSQL and a Redis of their own.
[ "${WITH_SERVER_TOOLS:-0}" = "1" ] && PACKAGES+=(nginx postgresql-client postgresql redis-server)

as_root() {
  if [ "$(id -u)" = "0" ]; then "$@"
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo "$@"
  else return 1; fi
}

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installation des paquets système manquants : ${missing[*]}"
  if ! as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
     || ! as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
    echo "Impossible d'installer ${missing[*]} : lancez en root « apt-get install ${missing[*]} »." >&2
    exit 1
  fi
fi

# Sandboxed programs never run as root: the kernel does not apply the process limit to root.
if ! id -u "$RUNNER_USER" >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] || (command -v sudo >/dev/null && sudo -n true 2>/dev/null); then
    as_root useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$RUNNER_USER"
    echo "Utilisateur système « $RUNNER_USER » créé pour l'exécution isolée des programmes."
  fi
fi
