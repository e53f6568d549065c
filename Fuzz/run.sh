#!/usr/bin/env bash
# Fuzzes the whole generator pipeline with libFuzzer for a bounded time: builds the target with coverage
# instrumentation, seeds it with the example specs, the bad-spec corpus, the snippets, the specs that once
# generated Swift that did not compile, the OpenAPI fixtures and specs with configs (seeds/), and fails on any
# crash, hang (10 s for one input), memory past 2 GB, or failed check of the output (see
# Sources/SpecsmithFuzz/main.swift). Then compiles a sample of what the corpus generates (compile-sample.sh).
#
#   Fuzz/run.sh [seconds] [sample]     (defaults 120 and 24)
#
# A finding is saved as Fuzz/.build/finding-<hash>; rerun it with `.build/release/SpecsmithFuzz <file>`.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-120}
sample=${2:-24}

swift build -c release -Xswiftc -sanitize=fuzzer -Xcc -fsanitize=fuzzer-no-link
corpus=.build/corpus
mkdir -p "$corpus"
# libFuzzer reports crashes itself; Swift's backtracer would exit first and leave no finding behind.
SWIFT_BACKTRACE=enable=no .build/release/SpecsmithFuzz \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
    -dict=spec.dict -print_final_stats=1 -artifact_prefix=.build/finding- \
    "$corpus" seeds ../Specs ../Tests/SpecsmithCoreTests/Fixtures/BadSpecs ../Tests/SpecsmithCoreTests/Fixtures/Snippets \
    ../Tests/SpecsmithCoreTests/Fixtures/Compiles ../Tests/SpecsmithCoreTests/Fixtures/OpenAPI \
    2>&1 | grep -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)|^"|dictionary. ######'

./compile-sample.sh "$sample" "$corpus" seeds
