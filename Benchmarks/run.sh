#!/usr/bin/env bash
# Reruns every Specsmith benchmark and prints one table (Markdown), as recorded in docs/Performance.md.
#
#   Benchmarks/run.sh                  # N = 10, 100, 1000; builds at N = 100, 1000; runtime
#   Benchmarks/run.sh --with-5000      # also N = 5000 for generation and output
#   Benchmarks/run.sh --openapi FILE   # both generators on an OpenAPI document, side by side
#   Benchmarks/run.sh --levers FILE --against REV   # a big client's build, each lever alone in turns
#   Benchmarks/run.sh --levers FILE --against REV --against-only   # only this checkout's output against REV's
#   Benchmarks/run.sh --servers-only   # the generated server beside a hand-written handler (needs wrk)
#   Benchmarks/run.sh --help           # the other options (runs, sizes, skipping parts)
#
# Needs only the toolchain and python3. Work files go to Benchmarks/.build-work (ignored by git).
set -euo pipefail
cd "$(dirname "$0")"
exec python3 bench.py "$@"
