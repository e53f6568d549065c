#!/usr/bin/env bash
# Builds and tests Examples/Borders, a package that depends on Specsmith the way a user's package does and
# whose client the build plugin generates, and proves from the build output that the plugin
#   1. generates on a clean build, into the plugin's work folder and not into the sources,
#   2. does not run again on a build with no change (once SwiftPM has settled its copy of the tool, see below),
#   3. runs again when the spec, a sample file or the config is touched,
#   4. fails the build with a `file:line:column: error:` diagnostic when the spec is broken,
#   5. generates a client from an OpenAPI document in the target (Holidays.openapi.yaml) too,
#   6. with `samples: separate`, leaves that document's samples out of BordersKit and generates them for the
#      test target that asks for them (Tests/BordersKitTests/Holidays.specsmith-samples).
# Called by .ci/run after the root package's checks.
set -euo pipefail
cd "$(dirname "$0")/../Examples/Borders"

spec=Sources/BordersKit/countries.specsmith.yaml
marker="Generating countries from countries.specsmith.yaml (specsmith)"
log=$(mktemp)
backup=$(mktemp)
cp "$spec" "$backup"
trap 'cp "$backup" "$spec"; rm -f "$backup" "$log"' EXIT

fail() { echo "error: $*" >&2; echo "--- build output:" >&2; cat "$log" >&2; exit 1; }
build() { swift build >"$log" 2>&1; }
generated() { grep -q "$marker" "$log"; }
relinked() { grep -q "Linking specsmith-generate-tool" "$log"; }

# A clean clone has no .build; locally, dropping the plugin's outputs makes the generation clean as well.
rm -rf .build/plugins/outputs

echo "== clean build generates the client"
build || fail "the clean build failed"
generated || fail "the clean build did not run the generator"
grep -q "(58 changed, 0 unchanged)" "$log" || fail "the clean build did not write the 58 files"
grep -q "Generating Holidays from Holidays.openapi.yaml (specsmith)" "$log" ||
    fail "the clean build did not generate the client of the OpenAPI document"
sources=$(find Sources -name '*.swift' | sort | tr '\n' ' ')
[ "$sources" = "Sources/BordersKit/Neighbourhood.swift Sources/borders/Borders.swift " ] ||
    fail "generated files leaked into the sources: $sources"

# SwiftPM builds a plugin's tool twice, once for running plugins (.build/plugin-tools.db) and once in the
# build itself (.build/build.db), into the same files; on the first builds after a clean one each rebuilds
# it after the other, and a relinked tool rightly runs the generator again. So: build until the tool is not
# relinked, and check that the generator never ran without a reason.
echo "== builds with no change run the generator only when SwiftPM relinked the tool"
settled=no
for attempt in 1 2 3 4 5; do
    build || fail "build $attempt after the clean one failed"
    if ! relinked; then
        settled=yes
        break
    fi
    echo "   build $attempt after the clean one relinked specsmith-generate-tool (SwiftPM)"
done
[ "$settled" = yes ] || fail "SwiftPM kept relinking specsmith-generate-tool"
! generated || fail "the generator ran although neither its inputs nor the tool changed"
echo "== a build with no change does not run the generator"
build || fail "the build with no change failed"
! relinked || fail "the build with no change relinked specsmith-generate-tool"
! generated || fail "the generator ran although nothing changed"

for input in "$spec" Sources/BordersKit/Samples/countriesByCodes.json Sources/BordersKit/specsmith-config.yaml; do
    echo "== touching $input runs the generator again"
    touch "$input"
    build || fail "the build after touching $input failed"
    ! relinked || fail "the build after touching $input relinked specsmith-generate-tool: the rerun proves nothing"
    generated || fail "touching $input did not run the generator"
    grep -q "(0 changed, 58 unchanged)" "$log" || fail "touching $input changed generated files"
done

echo "== a broken spec fails the build with file:line:column diagnostics"
sed -i.orig 's/response: "\[Country\]"/response: "[Contry]"/' "$spec" && rm -f "$spec.orig"
if build; then fail "the build with a broken spec succeeded"; fi
pattern="^$PWD/$spec:[0-9]+:[0-9]+: error: unknown type \`Contry\`; did you mean \`Country\`\?$"
[ "$(grep -cE "$pattern" "$log")" = 2 ] || fail "expected two diagnostics matching $pattern"
cp "$backup" "$spec"

echo "== swift test (the executable against a local server and against the stub; the Holidays samples)"
swift test
outputs=.build/plugins/outputs
grep -rq "German Unity Day" "$outputs"/*/BordersKitTests || fail "BordersKitTests lacks the Holidays samples"
! grep -rq "German Unity Day" "$outputs"/*/BordersKit || fail "BordersKit carries the Holidays samples"
