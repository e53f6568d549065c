#!/usr/bin/env bash
# A part built without its package trait fails with the trait's one error, which says what to do, and no other
# (issue 59, item 13): SpecsmithWebhooks without Webhooks (8 follow-on errors about swift-crypto's types came after
# it), and the executable specsmith-mock without MockServer (SpecsmithWebhooks' error, naming the wrong trait,
# came first). SwiftPM builds a dependency's executable only when asked for it by name (`swift run specsmith-mock`,
# `swift build --product specsmith-mock`): a consumer's `swift build`, `swift test` and plugins never do.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# $1: what to build (`--target X` or `--product X`); $2: the trait its one error names.
expect_trait_error() {
    local log="$scratch/build.log"
    # shellcheck disable=SC2086
    if swift build --scratch-path "$scratch/build" $1 >"$log" 2>&1; then
        echo "error: $1 built without its trait $2" >&2
        exit 1
    fi
    local errors count
    errors=$(grep -E '^/.*: error: ' "$log" | sort -u)
    count=$(printf '%s\n' "$errors" | grep -c . || true)
    if [ "$count" != 1 ] || ! grep -q "needs the package trait $2" <<<"$errors"; then
        echo "error: $1 without the trait $2: $count errors, not the trait's one:" >&2
        printf '%s\n' "$errors" >&2
        exit 1
    fi
    echo "   $1 without the trait $2: 1 error, the trait's"
}

expect_trait_error "--target SpecsmithWebhooks" Webhooks
expect_trait_error "--product specsmith-mock" MockServer
