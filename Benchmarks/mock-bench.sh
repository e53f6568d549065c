#!/usr/bin/env bash
# Requests per second that specsmith-mock serves, measured with wrk (Debian's `wrk` package) over loopback:
# a sample answer, an answer made from the model, a JSON body checked, and a refused request.
#
#   Benchmarks/mock-bench.sh [seconds] [connections]     # defaults: 10 s, 32 connections, 2 wrk threads
#
# Builds specsmith-mock in release mode into .build-release (ignored by git); the first build takes minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
connections=${2:-32}
command -v wrk >/dev/null || { echo "error: wrk is not installed (apt-get install wrk)" >&2; exit 2; }
swift build -c release --product specsmith-mock --scratch-path .build-release >/dev/null 2>&1 ||
    { echo "error: the release build of specsmith-mock failed" >&2; exit 1; }
bin=$(swift build -c release --scratch-path .build-release --show-bin-path 2>/dev/null)

log=$(mktemp)
body=$(mktemp --suffix=.lua)
trap 'kill "$server" 2>/dev/null || true; rm -f "$log" "$body"' EXIT
"$bin/specsmith-mock" Specs/Notes.yaml --port 0 --quiet >"$log" 2>&1 &
server=$!
for _ in $(seq 50); do grep -q "on http" "$log" && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*' "$log")
cat >"$body" <<'LUA'
wrk.method = "POST"
wrk.body = '{"title": "Groceries", "body": "Milk, eggs", "tags": ["home"]}'
wrk.headers["Content-Type"] = "application/json"
LUA

measure() {
    local name=$1
    shift
    local output
    output=$(wrk -t2 -c"$connections" -d"${seconds}s" --latency "$@")
    local rps p50 p99
    rps=$(echo "$output" | awk '/Requests\/sec/ {print $2}')
    p50=$(echo "$output" | awk '$1 == "50%" {print $2}')
    p99=$(echo "$output" | awk '$1 == "99%" {print $2}')
    printf '| %s | %s | %s | %s |\n' "$name" "$rps" "$p50" "$p99"
}

echo "specsmith-mock of Specs/Notes.yaml, wrk -t2 -c$connections -d${seconds}s, $(nproc) cores"
echo
echo "| request | requests/s | p50 | p99 |"
echo "| --- | ---: | ---: | ---: |"
measure "GET /notes (the sample page)" "$url/notes"
measure "POST /notes (a JSON body checked, a made-up note)" -s "$body" "$url/notes"
measure "GET /notes?page=two (refused: 400 naming the problem)" "$url/notes?page=two"
echo
echo "peak RSS of the server: $(awk '/VmHWM/ {print $2, $3}' /proc/$server/status)"
