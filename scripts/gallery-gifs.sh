#!/usr/bin/env bash
# Re-exports the gallery's GIFs with the commands written under them in sample-runs/README.md,
# so the GIFs show what the current drawing draws. Usage: scripts/gallery-gifs.sh [PATTERN]
# (PATTERN: a grep pattern for the sample names, e.g. '^kr' for KRL and KRLF; default: all).
# Needs target/lockstep.jar (mvn -q -DskipTests package).
set -euo pipefail
cd "$(dirname "$0")/.."
pattern="${1:-.}"
grep -o 'java -jar target/lockstep.jar export sample-runs/[A-Za-z0-9-]*\.json [^`]*--out sample-runs/gifs/[A-Za-z0-9-]*\.gif' \
    sample-runs/README.md | while read -r cmd; do
  name=$(sed -E 's|.*export sample-runs/([A-Za-z0-9-]*)\.json.*|\1|' <<<"$cmd")
  grep -q -- "$pattern" <<<"$name" || continue
  echo "$name"
  # shellcheck disable=SC2086
  $cmd >/dev/null 2>&1
done
