#!/usr/bin/env bash
# Builds and runs Examples/Quickstart, the app of the README's "Add Specsmith to your app", and checks that
#   1. it resolves only the packages the generator needs (Yams and the argument parser): a dependency of
#      Specsmith that would reach every app fails here (the heavy parts' dependencies come with traits),
#   2. its clean build generates the client and links the app,
#   3. the app talks to a server over loopback (scripts/todos_server.py, standing in for JSONPlaceholder),
#   4. the README's Package.swift (its dependency pointed here), spec and main.swift build the app as written,
#   5. with the Combine flavour and the trait OpenCombine, it resolves OpenCombine too and the publishers build.
# Called by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/../Examples/Quickstart"

fail() { echo "error: $*" >&2; exit 1; }

echo "== resolve: the app gets Yams and the argument parser, nothing else"
rm -rf .build Package.resolved
swift package resolve >/dev/null 2>&1
resolved=$(python3 -c 'import json; print(" ".join(sorted(p["identity"] for p in json.load(open("Package.resolved"))["pins"])))')
echo "   resolved: $resolved"
[ "$resolved" = "swift-argument-parser yams" ] ||
    fail "the Quickstart app resolves \"$resolved\", not only \"swift-argument-parser yams\": a new dependency of Specsmith reaches apps; put it behind a trait (Package.swift) or in a test target"

echo "== clean build: the plugin generates the client"
start=$SECONDS
log=$(mktemp)
trap 'rm -f "$log"; [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true' EXIT
swift build >"$log" 2>&1 || { cat "$log" >&2; fail "the clean build failed"; }
grep -q "Generating todos from todos.specsmith.yaml (specsmith)" "$log" || { cat "$log" >&2; fail "the plugin did not run"; }
echo "   built in $((SECONDS - start)) s"

echo "== run against a server on loopback"
portfile=$(mktemp)
python3 ../../scripts/todos_server.py "$portfile" &
server=$!
for _ in $(seq 50); do [ -s "$portfile" ] && break; sleep 0.1; done
port=$(cat "$portfile")
rm -f "$portfile"
[ -n "$port" ] || fail "the loopback server did not start"
output=$(TODOS_BASE_URL="http://127.0.0.1:$port" "$(swift build --show-bin-path)/Quickstart")
echo "$output" | sed 's/^/   /'
expected=$'1: delectus aut autem\nuser 1 has 2 open to-dos'
[ "$output" = "$expected" ] || fail "the app printed something else than: $expected"
kill "$server"
server=

echo "== the README's Package.swift, spec and main.swift, as written there, build the app"
main=Sources/Quickstart/main.swift
spec=Sources/Quickstart/todos.specsmith.yaml
backup=$(mktemp -d)
cp "$main" "$spec" Package.swift "$backup/"
extra="Sources/Quickstart/specsmith-config.yaml Sources/Quickstart/Publishers.swift"
trap 'cp "$backup/main.swift" "$main"; cp "$backup/todos.specsmith.yaml" "$spec"; cp "$backup/Package.swift" Package.swift; rm -f $extra; rm -rf "$backup" "$log"; [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true' EXIT
python3 - "$main" "$spec" <<'PY'
import sys

readme = open("../../README.md").read()


def snippet(step, language):
    """The first `language` block after the README's step, its three-space list indentation removed."""
    start = readme.index("```" + language + "\n", readme.index(step)) + len(language) + 4
    code = readme[start:readme.index("```", start)]
    return "".join(line[3:] if line.startswith("   ") else line for line in code.splitlines(True))


manifest = snippet("1. **Depend on it**", "swift")
url = '.package(url: "https://github.com/OWNER/specsmith", from: "0.1.0")'
assert url in manifest, "the README's Package.swift no longer depends on " + url
open("Package.swift", "w").write(manifest.replace(url, '.package(name: "specsmith", path: "../..")'))
open(sys.argv[1], "w").write(snippet("3. **Use the client**", "swift"))
open(sys.argv[2], "w").write(snippet("2. **Write a spec**", "yaml"))
PY
swift build >"$log" 2>&1 || { tail -30 "$log" >&2; fail "the README's Package.swift, spec and main.swift do not build"; }

echo "== the Combine flavour with the trait OpenCombine: OpenCombine is resolved too, and the publishers build"
cp "$backup/Package.swift" Package.swift
python3 - <<'PY'
text = open("Package.swift").read()
dependency = '.package(name: "specsmith", path: "../..")'
product = '.product(name: "SpecsmithRuntime", package: "specsmith")'
assert dependency in text and product in text
text = text.replace(dependency, '.package(name: "specsmith", path: "../..", traits: ["OpenCombine"])')
text = text.replace(product, product + ', .product(name: "SpecsmithCombine", package: "specsmith")')
open("Package.swift", "w").write(text)
PY
printf 'flavours: [async, combine]\n' >Sources/Quickstart/specsmith-config.yaml
printf 'import SpecsmithCombine\n\nfunc firstTodo(_ client: TodosClient) { _ = client.todoPublisher(id: 1) }\n' \
    >Sources/Quickstart/Publishers.swift
swift package resolve >/dev/null 2>&1
resolved=$(python3 -c 'import json; print(" ".join(sorted(p["identity"] for p in json.load(open("Package.resolved"))["pins"])))')
echo "   resolved: $resolved"
[ "$resolved" = "opencombine swift-argument-parser yams" ] ||
    fail "with the trait OpenCombine the app resolves \"$resolved\", not \"opencombine swift-argument-parser yams\""
swift build >"$log" 2>&1 || { tail -30 "$log" >&2; fail "the app with the Combine flavour and the trait OpenCombine does not build"; }
