#!/usr/bin/env python3
"""What adopting Specsmith costs an app, beside swift-openapi-generator: the same small app built on each.

The Specsmith app is Examples/Quickstart (the README's "Add Specsmith to your app"), depending on this checkout
by path; the other is the same app on swift-openapi-generator, its runtime and its URLSession transport
(Adoption/: the API as an OpenAPI document, the same two calls). For each, in turns: packages resolved
(Package.resolved), fetched (.build/checkouts) and built (those with a compiled module), the seconds of
`swift package resolve`, and a clean debug `swift build` (wall, CPU seconds user + system, peak memory, load).
Both apps then run against a loopback server, to show they do the same job.

With `--edits N`, after each clean build: a build with no change (the first build after a clean one), then N
builds each after an edit of the spec's text (a model's description: the generator runs, and the files it
changes are compiled), then one after an edit of main.swift.

    python3 Benchmarks/adoption.py [--runs 2] [--edits 3]

Work packages go to Benchmarks/.build-work/adoption (ignored by git). Packages come from wherever SwiftPM
gets them (here a local mirror: fetching from the network adds to resolution).
"""
import argparse
import json
import shutil
import subprocess
import sys
import threading
from http.server import HTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import ROOT, WORK, described, in_turns, log, measured  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts"))
from todos_server import Todos  # noqa: E402

HERE = Path(__file__).resolve().parent
ADOPTION = WORK / "adoption"

OPENAPI_MANIFEST = """// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "QuickstartOpenAPI",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
    ],
    targets: [
        .executableTarget(
            name: "Quickstart",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        )
    ]
)
"""

OPENAPI_CONFIG = "generate:\n  - types\n  - client\naccessModifier: internal\n"


def specsmith_app():
    """Examples/Quickstart, copied, with the dependency's path made absolute."""
    package = ADOPTION / f"{ROOT.name}-quickstart-specsmith"
    shutil.rmtree(package, ignore_errors=True)
    shutil.copytree(ROOT / "Examples" / "Quickstart", package, ignore=shutil.ignore_patterns(".build", "Package.resolved"))
    manifest = package / "Package.swift"
    text = manifest.read_text()
    assert 'path: "../.."' in text
    manifest.write_text(text.replace('path: "../.."', f'path: "{ROOT}"'))
    return package


def openapi_app():
    package = ADOPTION / f"{ROOT.name}-quickstart-openapi"
    shutil.rmtree(package, ignore_errors=True)
    sources = package / "Sources" / "Quickstart"
    sources.mkdir(parents=True)
    (package / "Package.swift").write_text(OPENAPI_MANIFEST)
    shutil.copy(HERE / "Adoption" / "openapi.yaml", sources / "openapi.yaml")
    shutil.copy(HERE / "Adoption" / "main.swift", sources / "main.swift")
    (sources / "openapi-generator-config.yaml").write_text(OPENAPI_CONFIG)
    return package


# The file each app's API is described in, and the text of it an edit changes.
SPECS = {"specsmith": ("todos.specsmith.yaml", "description: Something to do."),
         "openapi": ("openapi.yaml", "description: Something to do.")}


def edited(name, package, edits):
    """The builds after a clean one: no change, `edits` spec edits, one main.swift edit."""
    sources = package / "Sources" / "Quickstart"
    spec = sources / SPECS[name][0]
    original = spec.read_text()
    assert SPECS[name][1] in original, f"{spec} no longer holds {SPECS[name][1]!r}"
    samples = {"first rebuild": [measured(["swift", "build"], cwd=package)], "spec edit": [], "main.swift edit": []}
    for edit in range(edits):
        spec.write_text(original.replace(SPECS[name][1], f"description: Something to do (edit {edit + 1})."))
        samples["spec edit"].append(measured(["swift", "build"], cwd=package))
    main = sources / "main.swift"
    main.write_text(main.read_text() + "\n// edited\n")
    samples["main.swift edit"].append(measured(["swift", "build"], cwd=package))
    return samples


def counted(package):
    """Packages resolved, fetched and built: a checkout counts as built when one of its targets was compiled
    (for the app or for a plugin's tool, whose modules are `<Target>-tool`)."""
    pins = json.loads((package / "Package.resolved").read_text())["pins"]
    checkouts = [c for c in (package / ".build" / "checkouts").iterdir() if c.is_dir()]
    debug = package / ".build" / "debug"
    # A module's folder is made when the build is planned; it holds objects only when the module was compiled.
    compiled = {p.name[: -len(".build")].removesuffix("-tool") for p in debug.glob("*.build") if any(p.rglob("*.o"))}
    built = []
    for checkout in checkouts:
        targets = {t.name.replace("-", "_") for folder in ("Sources", "Plugins") for t in (checkout / folder).glob("*")}
        if targets & compiled:
            built.append(checkout.name)
    return {"resolved": sorted(p["identity"] for p in pins), "fetched": sorted(c.name for c in checkouts),
            "built": sorted(built)}


def ran(package, url):
    binary = subprocess.run(["swift", "build", "--show-bin-path"], cwd=package, capture_output=True, text=True,
                            check=True).stdout.strip()
    result = subprocess.run([f"{binary}/Quickstart"], env={"TODOS_BASE_URL": url}, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"{package.name} failed: {result.stderr}")
    return result.stdout.strip().replace("\n", " / ")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2, help="clean builds of each app, taken in turns")
    parser.add_argument("--edits", type=int, default=0, help="spec edits after each clean build")
    arguments = parser.parse_args()
    ADOPTION.mkdir(parents=True, exist_ok=True)
    apps = {"specsmith": specsmith_app(), "openapi": openapi_app()}
    samples = {name: {"resolve": [], "build": []} for name in apps}
    edits = {name: {} for name in apps}
    counts = {}
    for index in range(arguments.runs):
        for name in in_turns(apps, index):
            package = apps[name]
            shutil.rmtree(package / ".build", ignore_errors=True)
            (package / "Package.resolved").unlink(missing_ok=True)
            resolve = measured(["swift", "package", "resolve"], cwd=package)
            build = measured(["swift", "build"], cwd=package)
            samples[name]["resolve"].append(resolve)
            samples[name]["build"].append(build)
            counts[name] = counted(package)
            log(f"{name} run {index + 1}: resolve {described(resolve)}, clean build {described(build)}")
            if arguments.edits:
                for kind, runs in edited(name, package, arguments.edits).items():
                    edits[name].setdefault(kind, []).extend(runs)
                    log(f"{name} run {index + 1}: {kind}: {'; '.join(described(r) for r in runs)}")
    server = HTTPServer(("127.0.0.1", 0), Todos)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}"
    print("| app | resolved | fetched | built | resolve | clean debug build (each run) | output |")
    print("| --- | ---: | ---: | ---: | --- | --- | --- |")
    for name, package in apps.items():
        c = counts[name]
        builds = "; ".join(described(s) for s in samples[name]["build"])
        resolves = "; ".join(f"{s.seconds:.1f}s" for s in samples[name]["resolve"])
        print(f"| {name} | {len(c['resolved'])} | {len(c['fetched'])} | {len(c['built'])} | {resolves} | {builds} "
              f"| {ran(package, url)} |")
    if arguments.edits:
        print("\n| app | first build after a clean one | spec edit (each) | main.swift edit |")
        print("| --- | --- | --- | --- |")
        for name in apps:
            cells = ["; ".join(described(r) for r in edits[name][kind])
                     for kind in ("first rebuild", "spec edit", "main.swift edit")]
            print(f"| {name} | {' | '.join(cells)} |")
    for name in apps:
        print(f"\n{name}: resolved {', '.join(counts[name]['resolved'])}; built {', '.join(counts[name]['built'])}")
    server.shutdown()


if __name__ == "__main__":
    main()
