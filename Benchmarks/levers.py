"""The levers of a big client's build, each measured alone: `run.sh --levers FILE` (see docs/Performance.md).

The client Specsmith generates from an OpenAPI document is built clean in debug, as `--openapi` builds it, in
turns with variants that each change one thing: the output of another revision of the generator (`--against
REV`, a lever that landed, measured against the code before it), the output with a conformance or a keyword
changed by text (a lever tried before it is built into the generator), or the same output built with one
compiler setting changed (the app's choice, not the generator's). Every variant is built in a package of its own
whose dependencies were built first with the variant's settings, so that a timed build compiles only the client.
"""
import re
import shutil
import subprocess
from pathlib import Path

import bench
from bench import ROOT, WORK, log


def without_hashable(text):
    """The output with no type conforming to `Hashable` (synthesized `==` and `hash(into:)` per model)."""
    text = re.sub(r"^((?:public |package )?(?:indirect )?(?:struct|enum|extension) [^\n{]*?), Hashable", r"\1",
                  text, flags=re.M)
    return re.sub(r"^((?:public |package )?(?:indirect )?(?:struct|enum|extension) [^\n{]*?): Hashable, ", r"\1: ",
                  text, flags=re.M)


def with_let_properties(text):
    """The output with stored properties that have no wrapper, accessor or initial value as `let`: no setter and
    `modify` per property (it changes the API: a model's values could no longer be changed)."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if re.match(r"^    (public |package )?var \w+: [^{=]*$", line) and not lines[index - 1].strip().startswith("@"):
            lines[index] = line.replace("var ", "let ", 1)
    return "\n".join(lines)


# Each lever: its name in the table, how the output is changed (None: not), and the settings of its builds.
TEXT_LEVERS = [
    ("without `Hashable` (what `hashable: false` generates, by text)", without_hashable, []),
    ("`let` stored properties (tried by text; changes the API)", with_let_properties, []),
    ("without debug information (`-Xswiftc -gnone`, the app's setting)", None, ["-Xswiftc", "-gnone"]),
    ("without LLVM's IR verifier (`-Xswiftc -Xfrontend -Xswiftc -disable-llvm-verify`, the app's setting)", None,
     ["-Xswiftc", "-Xfrontend", "-Xswiftc", "-disable-llvm-verify"]),
]

MANIFEST = """// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "Lever",
    dependencies: [.package(name: "Specsmith", path: "{root}")],
    targets: [.target(name: "API", dependencies: [.product(name: "SpecsmithRuntime", package: "Specsmith")])]
)
"""


def revision_checkout(revision):
    """The files of `revision` of this checkout, extracted once into the work folder, with its generator built
    (release). Returns (folder, specsmith binary)."""
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", revision], check=True,
                            capture_output=True, text=True).stdout.strip()
    folder = WORK / "revisions" / f"specsmith-{commit}"
    if not (folder / "Package.swift").exists():
        folder.mkdir(parents=True, exist_ok=True)
        archive = subprocess.Popen(["git", "-C", str(ROOT), "archive", commit], stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", str(folder)], stdin=archive.stdout, check=True)
        archive.wait()
    log(f"building specsmith at {commit} (release)")
    bench.run(["swift", "build", "-c", "release", "--product", "specsmith"], cwd=folder)
    binary = Path(subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=folder, check=True,
                                 capture_output=True, text=True).stdout.strip()) / "specsmith"
    return folder, commit, binary


def lever_package(slug, root, flags):
    """A package with the target `API` depending on `root`'s runtime, its dependencies built with `flags`."""
    package = WORK / "levers" / f"{ROOT.name}-lever-{slug}"
    shutil.rmtree(package / "Sources", ignore_errors=True)
    (package / "Sources" / "API").mkdir(parents=True)
    (package / "Package.swift").write_text(MANIFEST.replace("{root}", str(root)))
    (package / "Sources" / "API" / "Stub.swift").write_text("public let stub = 0\n")
    log(f"lever {slug}: building dependencies")
    bench.run(["swift", "build"] + flags, cwd=package)
    return package


def levers(documents, against, runs, text_levers=True):
    """Each document's client built clean, in turns with each lever's variant; returns one row per document."""
    bench.run(["swift", "build", "-c", "release", "--product", "specsmith"], cwd=bench.HERE)
    bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=bench.HERE, check=True,
                              capture_output=True, text=True).stdout.strip()
    specsmith = Path(bin_path) / "specsmith"
    revision = revision_checkout(against) if against else None
    rows = []
    for document in documents:
        source = Path(document).resolve()
        folder = WORK / "levers-out" / source.name.split(".")[0]
        shutil.rmtree(folder, ignore_errors=True)
        outputs = {}

        def generated(name, binary):
            output = folder / name
            output.mkdir(parents=True)
            bench.run([binary, "generate", source, "--output", output])
            return output

        unchanged = generated("unchanged", specsmith)
        # (name, slug, package root, build flags, folder of the sources)
        variants = [("unchanged (this checkout)", "unchanged", ROOT, [], unchanged)]
        if revision:
            root, commit, binary = revision
            variants.append((f"the generator at {commit} (`--against`)", "against", root, [],
                             generated("against", binary)))
        for index, (name, transform, flags) in enumerate(TEXT_LEVERS if text_levers else []):
            sources = unchanged
            if transform:
                sources = folder / f"lever{index}"
                sources.mkdir(parents=True)
                for file in sorted(unchanged.glob("*.swift")):
                    (sources / file.name).write_text(transform(file.read_text()))
            variants.append((name, f"lever{index}", ROOT, flags, sources))
        packages = {slug: lever_package(slug, root, flags) for _, slug, root, flags, _ in variants}
        for _, slug, _, _, sources in variants:
            target = packages[slug] / "Sources" / "API"
            shutil.rmtree(target)
            shutil.copytree(sources, target)
            outputs[slug] = bench.swift_files(target)
        samples = {slug: [] for _, slug, _, _, _ in variants}
        failed = set()
        for turn in range(runs):
            for name, slug, _, flags, _ in bench.in_turns(variants, turn):
                if slug in failed:
                    continue
                bench.remove_module_products(packages[slug], ["API"])
                sample = bench.measured_or_failed(["swift", "build"] + flags, cwd=packages[slug])
                if sample is None:
                    failed.add(slug)
                    log(f"{source.name} {name}: does not build")
                    continue
                samples[slug].append(sample)
                log(f"{source.name} {name} run {turn + 1}/{runs}: {bench.described(sample)}")
        rows.append({
            "document": source.name,
            "variants": [{"name": name, "slug": slug, "output": outputs[slug],
                          "build": bench.summary(samples[slug]) if samples[slug] else None}
                         for name, slug, _, _, _ in variants],
        })
    return rows


def levers_table(rows):
    lines = ["| document | variant | lines | clean build: CPU-s (load) | wall | wall/CPU | peak memory | CPU-s "
             "against unchanged |", "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for row in rows:
        base = row["variants"][0]["build"]
        for variant in row["variants"]:
            build = variant["build"]
            if not build:
                lines.append(f"| {row['document']} | {variant['name']} | {variant['output'][1]:,} | failed | | | | |")
                continue
            change = f"{(build['cpu'] / base['cpu'] - 1) * 100:+.0f} %" if base and variant is not row["variants"][0] \
                else ""
            lines.append(f"| {row['document']} | {variant['name']} | {variant['output'][1]:,} "
                         f"| {build['cpu']:.1f} ({build['load']:.1f}) | {build['seconds']:.1f} s "
                         f"| {build['seconds'] / build['cpu']:.2f} | {build['megabytes']:,.0f} MB | {change} |")
    return "\n".join(lines)
