#!/usr/bin/env bash
# Checks the command plugin on this package's own committed clients: `generate-clients --check` passes
# when Generated/ matches Specs/, fails and names the client when a file is out of date, and the write mode
# restores exactly what the spec generates. Called by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

plugin() { swift package --allow-writing-to-package-directory generate-clients "$@"; }
log=$(mktemp)
stale=Generated/Notes/Models.swift
clients=$(find Specs -maxdepth 1 -name '*.yaml' | wc -l)
backup=$(mktemp)
cp "$stale" "$backup"
trap 'cp "$backup" "$stale"; rm -f "$log" "$backup"' EXIT

echo "== generate-clients --check: Generated/ is up to date with Specs/"
plugin --check

echo "== generate-clients --check fails on an out-of-date client"
echo "// edited by hand" >>"$stale"
if plugin --check >"$log" 2>&1; then
    cat "$log" >&2
    echo "error: --check passed although $stale was edited" >&2
    exit 1
fi
grep -q "would update $stale" "$log" && grep -q "1 of $clients client(s) out of date: Notes" "$log" || {
    cat "$log" >&2
    echo "error: --check did not name the out-of-date file and client" >&2
    exit 1
}

echo "== generate-clients rewrites it"
plugin >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
grep -q "Updated $stale" "$log" || { cat "$log" >&2; echo "error: no report of the update" >&2; exit 1; }
cmp -s "$backup" "$stale" || { diff "$backup" "$stale" >&2; echo "error: $stale is not what it was" >&2; exit 1; }
