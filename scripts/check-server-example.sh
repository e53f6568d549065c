#!/usr/bin/env bash
# Builds and runs Examples/Server, the Hummingbird server the build plugin generates from a spec, and checks that
#   1. the plugin generates the server (TodosService and its routes) and the server builds and starts,
#   2. it answers as the spec says: a to-do, a documented 404 in the spec's error body, a 400 naming a
#      missing field in the same body, a POST,
#   3. docs/Server.md's snippets hold: the routes again under a version, a method override taken before routing,
#      405 with Allow, and its Package.swift for the command line route loads,
#   4. the Quickstart app (the client of the same API) runs against it.
# Called by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/../Examples/Server"

fail() { echo "error: $*" >&2; exit 1; }

echo "== build: the plugin generates the server"
start=$SECONDS
log=$(mktemp)
out=$(mktemp)
trap 'rm -f "$log" "$out"; [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true' EXIT
swift build >"$log" 2>&1 || { cat "$log" >&2; fail "the build failed"; }
generated=$(find .build/plugins/outputs -name todos.Server.swift 2>/dev/null | head -1)
[ -n "$generated" ] && grep -q "public protocol TodosService: Sendable" "$generated" ||
    { cat "$log" >&2; fail "the plugin did not generate TodosService"; }
echo "   built in $((SECONDS - start)) s"

echo "== run on a free port"
PORT=0 "$(swift build --show-bin-path)/TodosServer" >"$out" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q "Listening on" "$out" && break; sleep 0.1; done
url=$(sed -n 's/^Listening on //p' "$out")
[ -n "$url" ] || { cat "$out" >&2; fail "the server did not start"; }
echo "   $url"

check() { # method path body expected-status expected-body
    local answer status
    answer=$(curl -s -X "$1" -H 'Content-Type: application/json' ${3:+-d "$3"} -w '\n%{http_code}' "$url$2")
    status=$(echo "$answer" | tail -1)
    answer=$(echo "$answer" | sed '$d')
    echo "   $1 $2 → $status $answer"
    [ "$status" = "$4" ] || fail "$1 $2 answered $status, not $4"
    [ "$answer" = "$5" ] || fail "$1 $2 answered $answer, not $5"
}
check GET /todos/1 "" 200 '{"completed":false,"id":1,"title":"delectus aut autem","userId":1}'
check GET /todos/9 "" 404 '{"message":"No to-do 9."}'
# `todo` documents no 400 body: the API's own (createTodo's `400: Problem`), as the mock answers, not
# application/problem+json, so that a client reading the API's errors reads it.
check GET /todos/one "" 400 '{"message":"path parameter `id`: `one` is not an integer."}'
check POST /todos '{"userId": 2}' 400 '{"message":"body: The key `title` is missing."}'
check POST /todos '{"userId": 2, "title": "write docs"}' 200 '{"completed":false,"id":5,"title":"write docs","userId":2}'
# docs/Server.md's snippets: the routes again under a version, a method override before routing, and the 405
# of a method the path does not have.
check GET /v1/todos/1 "" 200 '{"completed":false,"id":1,"title":"delectus aut autem","userId":1}'
check GET /v1/todos/9 "" 404 '{"message":"No to-do 9."}'
answer=$(curl -s -X POST -H 'X-HTTP-Method-Override: GET' -w '\n%{http_code}' "$url/todos/2")
echo "   POST /todos/2 (X-HTTP-Method-Override: GET) → $(echo "$answer" | tr '\n' ' ')"
[ "$answer" = $'{"completed":false,"id":2,"title":"quis ut nam facilis","userId":1}\n200' ] ||
    fail "the method override was not taken before routing"
check GET /notes/1 "" 404 '{"message":"path: The API has no route for GET /notes/1."}'
allow=$(curl -s -o /dev/null -D - -X DELETE "$url/todos/2" | tr -d '\r' | sed -n 's/^[Aa]llow: //p')
[ "$allow" = "GET" ] || fail "DELETE /todos/2 did not name GET in Allow (it named '$allow')"
echo "   DELETE /todos/2 → Allow: $allow"

echo "== docs/Server.md's Package.swift for the command line route is a manifest SwiftPM reads"
manifest_dir=$(mktemp -d)
awk '/^  \/\/ swift-tools-version/{on=1} on{sub(/^  /, ""); print} on && /^\)$/{exit}' ../../docs/Server.md |
    sed 's|url: "https://github.com/OWNER/specsmith", from: "0.1.0"|name: "specsmith", path: "'"$PWD/../.."'"|' >"$manifest_dir/Package.swift"
grep -q 'name: "TodosServer"' "$manifest_dir/Package.swift" || fail "no Package.swift found in docs/Server.md"
(cd "$manifest_dir" && swift package dump-package >"$log" 2>&1) || { cat "$log" >&2; fail "the documented Package.swift does not load"; }
grep -q '"SpecsmithServer"' "$log" || fail "the documented Package.swift names no SpecsmithServer"
rm -rf "$manifest_dir"
echo "   loads"

echo "== the Quickstart app against it"
# Built again as committed: check-quickstart-example.sh last built it from the README's variants.
(cd ../Quickstart && swift build >"$log" 2>&1) || { cat "$log" >&2; fail "the Quickstart app does not build"; }
quickstart=../Quickstart/.build/debug/Quickstart
if [ -x "$quickstart" ]; then
    output=$(TODOS_BASE_URL="$url" "$quickstart")
    echo "$output" | sed 's/^/   /'
    expected=$'1: delectus aut autem\nuser 1 has 2 open to-dos'
    [ "$output" = "$expected" ] || fail "the Quickstart app printed something else than: $expected"
else
    fail "no $quickstart"
fi
