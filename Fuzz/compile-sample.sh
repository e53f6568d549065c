#!/usr/bin/env bash
# Compiles a sample of what fuzzer inputs generate: every spec the generator accepts must give Swift that
# compiles without a warning (Swift 6, warnings as errors, as SwiftCompiler in the tests compiles), with each
# input's own config and the overrides and layout its bytes choose, servers and two modules among them (see
# Sources/SpecsmithFuzz/main.swift). Inputs are drawn at random from the folders given until `count` accepted
# ones are compiled. Needs the fuzz target built (run.sh) and the main package's debug build (`swift build
# --enable-all-traits` at the root), whose modules the code is compiled against. An input whose Swift fails is
# saved as .build/finding-compile-<hash>.
#
#   Fuzz/compile-sample.sh <count> <folder>...
set -euo pipefail
count=$1
shift
folders=()
for folder in "$@"; do folders+=("$(cd "$folder" && pwd)"); done
cd "$(dirname "$0")"
fuzzer=.build/release/SpecsmithFuzz
modules=$(cd .. && swift build --show-bin-path)/Modules
# The C modules under OpenCombine and, for servers, under Hummingbird (SwiftNIO's), as SwiftPM passes them.
maps=""
for map in "$(dirname "$modules")"/*.build/module.modulemap "$(cd .. && pwd)"/.build/checkouts/*/Sources/*/include/module.modulemap; do
    [ -f "$map" ] && maps="$maps -Xcc -fmodule-map-file=$map"
done
if [ ! -f "$modules/SpecsmithRuntime.swiftmodule" ]; then
    echo "error: no $modules/SpecsmithRuntime.swiftmodule: run \`swift build --enable-all-traits\` at the package's root first" >&2
    exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

compiled=0
tried=0
failed=0
while IFS= read -r input; do
    [ "$compiled" -ge "$count" ] && break
    tried=$((tried + 1))
    out="$work/out"
    rm -rf "$out"
    # Refused inputs (exit 1) are skipped; a crash here would have been a fuzz finding already.
    SWIFT_BACKTRACE=enable=no "$fuzzer" --generate "$input" "$out" >/dev/null 2>&1 || continue
    # RxSwift is not a dependency of this package; its file is checked by hand (docs/RxSwift.md).
    files=$(find "$out" -name '*.swift' ! -name 'RxSwift*.swift' | sort)
    [ -n "$files" ] || continue
    compiled=$((compiled + 1))
    # One module (the files at the top), or two (`--modules FuzzAPI`: FuzzAPIModels first, then FuzzAPI, which
    # imports it), and a server beside a client in Server/.
    ok=true
    : >"$work/log"
    rm -rf "$work/modules"
    mkdir -p "$work/modules"
    for module in Sample FuzzAPIModels FuzzAPI SampleServer; do
        case $module in
        Sample) folder="$out" ;;
        SampleServer) folder="$out/Server" ;;
        *) folder="$out/$module" ;;
        esac
        [ -d "$folder" ] || continue
        sources=$(find "$folder" -maxdepth 1 -name '*.swift' ! -name 'RxSwift*.swift' | sort)
        [ -n "$sources" ] || continue
        # shellcheck disable=SC2086
        swiftc -swift-version 6 -warnings-as-errors -enable-upcoming-feature ExistentialAny \
            -enable-upcoming-feature InternalImportsByDefault -module-name "$module" -package-name Sample \
            -I "$modules" -I "$work/modules" $maps -c -wmo -parse-as-library -o "$work/$module.o" \
            -emit-module -emit-module-path "$work/modules/$module.swiftmodule" \
            $sources >>"$work/log" 2>&1 || ok=false
    done
    if [ "$ok" != true ]; then
        failed=$((failed + 1))
        finding=.build/finding-compile-$(sha1sum "$input" | cut -c1-12)
        cp "$input" "$finding"
        echo "error: the Swift that $input generates does not compile (saved as Fuzz/$finding):" >&2
        grep -E "error:|warning:" "$work/log" | head -10 >&2
    fi
done < <(find "${folders[@]}" -type f \( -name '*.yaml' -o -name '*.json' -o ! -name '*.*' \) | shuf)
echo "compile sample: $compiled of $tried inputs accepted and compiled, $failed failed"
if [ "$compiled" -eq 0 ]; then
    echo "error: no input of $* was accepted, so nothing was compiled" >&2
    exit 1
fi
[ "$failed" -eq 0 ]
