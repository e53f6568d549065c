#!/usr/bin/env bash
# SpecsmithWebhooks built without its trait Webhooks fails with the trait's one error, which says what to do, and
# no other (issue 59, item 13: 8 follow-on errors about swift-crypto's types came after it).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if swift build --scratch-path "$scratch" --target SpecsmithWebhooks >"$scratch/build.log" 2>&1; then
    echo "error: SpecsmithWebhooks built without its trait Webhooks" >&2
    exit 1
fi
errors=$(grep -E '^/.*: error: ' "$scratch/build.log" | sort -u)
count=$(printf '%s\n' "$errors" | grep -c . || true)
if [ "$count" != 1 ] || ! grep -q "needs the package trait Webhooks" <<<"$errors"; then
    echo "error: without the trait, $count errors, not the trait's one:" >&2
    printf '%s\n' "$errors" >&2
    exit 1
fi
echo "   without the trait: 1 error, the trait's"
