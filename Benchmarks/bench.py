#!/usr/bin/env python3
"""Runs the Specsmith benchmarks and prints one table; `run.sh` is the entry point.

Every figure comes from this run, on this machine: Specsmith and swift-openapi-generator are measured side by
side, taking turns, so ratios are fair even when the machine's speed drifts.
"""
import argparse
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import time
from collections import namedtuple
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WORK = HERE / ".build-work"


def log(message):
    print(f"[bench] {message}", file=sys.stderr, flush=True)


# One measured command: wall seconds, peak resident memory in MB of its largest process, CPU seconds (user +
# system, of the command and every process it waited for) and the one-minute load average when it started. The
# machine may be shared: CPU seconds vary less than wall time, and the load says how busy it was.
Sample = namedtuple("Sample", ["seconds", "megabytes", "cpu", "load"])


def measured(command, cwd=None, env=None):
    """Runs `command`; returns its `Sample`. Output is kept and shown only when the command fails."""
    out = open(WORK / "last-command.log", "w")
    load = os.getloadavg()[0]
    start = time.perf_counter()
    # Its own process group, so that stopping the benchmark stops the compilers it started too.
    process = subprocess.Popen(
        command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _, status, usage = os.wait4(process.pid, 0)
    except KeyboardInterrupt:
        os.killpg(process.pid, signal.SIGKILL)
        raise
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    out.close()
    if process.returncode != 0:
        sys.stderr.write((WORK / "last-command.log").read_text()[-4000:])
        raise SystemExit(f"failed ({process.returncode}): {' '.join(map(str, command))}")
    return Sample(seconds, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, load)


def run(command, cwd=None):
    result = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout[-4000:])
        raise SystemExit(f"failed ({result.returncode}): {' '.join(map(str, command))}")


def swift_files(folder):
    files = sorted(Path(folder).rglob("*.swift"))
    lines = sum(f.read_text().count("\n") for f in files)
    size = sum(f.stat().st_size for f in files)
    return len(files), lines, size


class Tools:
    """The release builds of both generators, the API synthesizer and the runtime benchmark."""

    def __init__(self):
        for product in ["specsmith", "swift-openapi-generator", "synth-api", "runtime-bench"]:
            log(f"building {product} (release)")
            run(["swift", "build", "-c", "release", "--product", product], cwd=HERE)
        bin_path = subprocess.run(
            ["swift", "build", "-c", "release", "--show-bin-path"], cwd=HERE, check=True, capture_output=True,
            text=True).stdout.strip()
        self.bin = Path(bin_path)

    def synthesize(self, endpoints, folder, changed=False):
        command = [self.bin / "synth-api", "--endpoints", str(endpoints), "--seed", "1", "--output", folder]
        run(command + (["--changed"] if changed else []))

    def specsmith(self, api, output):
        return [self.bin / "specsmith", "generate", api / "Synth.yaml", "--output", output]

    def openapi(self, api, output):
        return [self.bin / "swift-openapi-generator", "generate", api / "openapi.yaml",
                "--config", api / "openapi-generator-config.yaml", "--output-directory", output]


def generation(tools, sizes, runs):
    """Wall time and peak memory of each generator on each size, median of `runs` runs into empty folders."""
    rows = []
    for n in sizes:
        api = WORK / "apis" / str(n)
        tools.synthesize(n, api)
        samples = {"specsmith": [], "openapi": []}
        count = runs if n < 5000 else max(1, runs // 2)
        for index in range(count):
            for name in samples:
                output = WORK / "out" / str(n) / name
                shutil.rmtree(output, ignore_errors=True)
                output.mkdir(parents=True)
                command = tools.specsmith(api, output) if name == "specsmith" else tools.openapi(api, output)
                samples[name].append(measured(command))
            log(f"N={n} run {index + 1}/{count}: "
                + ", ".join(f"{k} {v[-1][0]:.3f}s {v[-1][1]:.0f}MB" for k, v in samples.items()))
        row = {"n": n, "runs": count}
        for name, values in samples.items():
            row[name] = {
                "seconds": statistics.median(v[0] for v in values),
                "megabytes": statistics.median(v[1] for v in values),
                "output": swift_files(WORK / "out" / str(n) / name),
            }
        rows.append(row)
    return rows


PACKAGES = {
    "specsmith": """// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "CompileSpecsmith",
    dependencies: [.package(name: "Specsmith", path: "{root}")],
    targets: [.target(name: "API", dependencies: [.product(name: "SpecsmithRuntime", package: "Specsmith")])]
)
""",
    # The same client written as two modules (`specsmith generate --modules API`): `APIModels`, and `API`
    # with the endpoints and the client.
    "specsmith-modules": """// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "CompileSpecsmithModules",
    dependencies: [.package(name: "Specsmith", path: "{root}")],
    targets: [
        .target(name: "APIModels", dependencies: [.product(name: "SpecsmithRuntime", package: "Specsmith")]),
        .target(name: "API", dependencies: ["APIModels", .product(name: "SpecsmithRuntime", package: "Specsmith")]),
    ]
)
""",
    "openapi": """// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "CompileOpenAPI",
    dependencies: [.package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4")],
    targets: [.target(name: "API", dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")])]
)
""",
}


# The target each generated module depends on, built before any build of the module is timed.
DEPENDENCIES = {"specsmith": "SpecsmithRuntime", "specsmith-modules": "SpecsmithRuntime", "openapi": "OpenAPIRuntime"}

# The generated modules of each package, and the folder each generator writes into.
MODULES = {"specsmith": ["API"], "specsmith-modules": ["APIModels", "API"], "openapi": ["API"]}
SOURCES = {"specsmith": "Sources/API", "specsmith-modules": "Sources", "openapi": "Sources/API"}


def work_package(name, manifest):
    """The package in which `name`'s generated module is built, named after the checkout plus `-bench-<tool>`.
    SwiftPM names a package by its folder, so the work package must not take the checkout's own name (a plain
    clone's `specsmith`): the dependency on the checkout would then resolve to the work package itself."""
    package = WORK / "compile" / f"{ROOT.name}-bench-{name}"
    assert package.name.lower() != ROOT.name.lower()
    (package / SOURCES[name]).mkdir(parents=True, exist_ok=True)
    (package / "Package.swift").write_text(manifest.replace("{root}", str(ROOT)))
    return package


def remove_module_products(package, modules):
    """Deletes what a debug build made of the generated `modules` (objects, module, incremental state), keeping
    the dependencies' products: the next build compiles those modules alone, from scratch."""
    kept = {"output-file-map.json", "sources", "include"}  # written when SwiftPM plans the build
    for debug, module in ((d, m) for d in (package / ".build").glob("*/debug") for m in modules):
        if not (debug / f"{module}.build").exists():
            continue
        paths = [p for p in (debug / f"{module}.build").iterdir() if p.name not in kept]
        for path in paths + list(debug.glob(f"Modules/{module}.*")):
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink()


def in_turns(names, index):
    """The tools in the order of turn `index`: each measured pair alternates which goes first, so that a load
    that changes during the run weighs on both."""
    return list(names) if index % 2 == 0 else list(reversed(names))


def described(sample):
    return f"{sample.seconds:.1f}s ({sample.cpu:.1f} CPU-s, {sample.megabytes:.0f}MB, load {sample.load:.2f})"


def summary(samples):
    """The median of each figure of `samples`."""
    return {
        "seconds": statistics.median(v.seconds for v in samples),
        "cpu": statistics.median(v.cpu for v in samples),
        "megabytes": statistics.median(v.megabytes for v in samples),
        "load": statistics.median(v.load for v in samples),
    }


def timed_builds(packages, generate, base, changed, runs, label):
    """For each package (tool name → (package, generate function)), taking turns: a clean debug build of the
    generated module with its dependency built, a build after the API changed (`changed`), and a build with
    nothing changed (the floor of `swift build` itself). Returns tool name → {"clean", "incremental", "noop"},
    each a `summary`, or None for a tool whose module did not build."""
    results = {name: {"clean": [], "incremental": [], "noop": []} for name in packages}
    failed = set()
    for name, package in packages.items():
        sources = package / SOURCES[name]
        # A first build of a one-line module per target builds the dependencies and whatever SwiftPM builds
        # once per package (the plugins of a dependency), so that no timed build includes them.
        log(f"{label} {name}: building dependencies")
        shutil.rmtree(package / "Sources")
        for module in MODULES[name]:
            (package / "Sources" / module).mkdir(parents=True)
            (package / "Sources" / module / "Stub.swift").write_text(f"public let stub{module} = 0\n")
        run(["swift", "build"], cwd=package)
        shutil.rmtree(package / "Sources")
        sources.mkdir(parents=True)
        run(generate[name](base, sources))
    for index in range(runs):
        for phase in ["clean", "incremental", "noop"]:
            for name in in_turns(packages, index):
                if name in failed:
                    continue
                package = packages[name]
                sources = package / SOURCES[name]
                if phase == "clean":
                    run(generate[name](base, sources))
                    remove_module_products(package, MODULES[name])
                elif phase == "incremental":
                    run(generate[name](changed, sources))
                sample = measured_or_failed(["swift", "build"], cwd=package)
                if sample is None:
                    failed.add(name)
                    log(f"{label} {name}: the module does not build")
                    continue
                results[name][phase].append(sample)
                log(f"{label} {name} run {index + 1}/{runs}, {phase}: {described(sample)}")
    return {name: None if name in failed else {phase: summary(samples) for phase, samples in phases.items()}
            for name, phases in results.items()}


def compile_times(tools, sizes, runs):
    """A clean debug build of each tool's generated module with its dependencies built; an incremental build
    after one endpoint changed; and a build with nothing changed, the floor of `swift build` itself. The tools
    take turns at every build."""
    rows = []
    packages = {name: work_package(name, manifest) for name, manifest in PACKAGES.items() if name in SELECTED}
    generate = {"specsmith": tools.specsmith, "openapi": tools.openapi,
                "specsmith-modules": lambda api, output: tools.specsmith(api, output) + ["--modules", "API"]}
    for n in sizes:
        base, changed = WORK / "apis" / str(n), WORK / "apis" / f"{n}-changed"
        tools.synthesize(n, base)
        tools.synthesize(n, changed, changed=True)
        row = {"n": n, "runs": runs}
        row.update(timed_builds(packages, generate, base, changed, runs, f"N={n}"))
        rows.append(row)
    return rows


def measured_or_failed(command, cwd=None):
    """`measured`, or None when the command fails (a generator may refuse a real description)."""
    try:
        return measured(command, cwd=cwd)
    except SystemExit as failure:
        log(f"{failure}")
        return None


def load_document(path):
    if path.suffix == ".json":
        return json.loads(path.read_text())
    import yaml  # PyYAML, only for YAML documents
    return yaml.load(path.read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def write_document(document, path):
    if path.suffix == ".json":
        path.write_text(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        import yaml
        path.write_text(yaml.dump(document, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), sort_keys=False,
                                  allow_unicode=True))


METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]


def with_one_endpoint_changed(document):
    """The document with one optional query parameter added to its middle operation (by path and method), the
    change the synthetic API's `--changed` makes; returns the operation changed."""
    operations = sorted((path, method) for path, item in document.get("paths", {}).items()
                        for method in METHODS if isinstance(item, dict) and method in item)
    path, method = operations[len(operations) // 2]
    operation = document["paths"][path][method]
    operation.setdefault("parameters", []).append({
        "name": "bench_changed", "in": "query", "required": False, "description": "Added by the benchmark.",
        "schema": {"type": "string"}})
    return f"{method.upper()} {path}"


OPENAPI_GENERATOR_CONFIG = "generate:\n  - types\n  - client\naccessModifier: public\nnamingStrategy: {naming}\n"


def openapi_documents(tools, documents, runs, build):
    """Both generators on real OpenAPI documents, taking turns: generation (median of `runs`), output, and the
    debug builds of each output with its runtime already built: clean, after one operation gained a query
    parameter, and with nothing changed. swift-openapi-generator's output is built with its idiomatic naming,
    and with its default naming when that does not compile."""
    rows = []
    for document in documents:
        source = Path(document).resolve()
        stem = source.name.split(".")[0]
        folder = WORK / "openapi" / stem
        shutil.rmtree(folder, ignore_errors=True)
        # swift-openapi-generator wants the document named `openapi.yaml` or `openapi.json`; the base and the
        # changed document are written alike, so that only the change differs between them.
        name = "openapi.json" if source.suffix == ".json" else "openapi.yaml"
        base, changed = folder / "base", folder / "changed"
        base.mkdir(parents=True)
        changed.mkdir()
        parsed = load_document(source)
        write_document(parsed, base / name)
        operation = with_one_endpoint_changed(parsed)
        write_document(parsed, changed / name)
        naming = {"value": "idiomatic"}

        def configured(api):
            config = api / "openapi-generator-config.yaml"
            config.write_text(OPENAPI_GENERATOR_CONFIG.replace("{naming}", naming["value"]))
            return config

        generate = {
            "specsmith": lambda api, output: [tools.bin / "specsmith", "generate", api / name, "--output", output],
            "specsmith-modules": lambda api, output: [tools.bin / "specsmith", "generate", api / name, "--output",
                                                      output, "--modules", "API"],
            "openapi": lambda api, output: [tools.bin / "swift-openapi-generator", "generate", api / name,
                                            "--config", configured(api), "--output-directory", output],
        }
        row = {"document": source.name, "size": source.stat().st_size, "changed": operation}

        def generation_of(names):
            samples = {tool: [] for tool in names}
            for index in range(runs):
                for tool in in_turns(names, index):
                    if samples[tool] is None:
                        continue
                    output = folder / "out" / tool
                    shutil.rmtree(output, ignore_errors=True)
                    output.mkdir(parents=True)
                    sample = measured_or_failed(generate[tool](base, output))
                    if sample is None:
                        samples[tool] = None
                        continue
                    samples[tool].append(sample)
            for tool, values in samples.items():
                log(f"{source.name} {tool} generation: "
                    + (", ".join(f"{v.seconds:.2f}s {v.megabytes:.0f}MB" for v in values) if values else "failed"))
                row[tool] = None if not values else dict(summary(values), output=swift_files(folder / "out" / tool))

        generation_of([tool for tool in generate if tool in SELECTED])
        for tool in generate:
            row.setdefault(tool, None)
        row["naming"] = naming["value"]
        if build:
            names = [tool for tool in generate if row[tool]]
            packages = {tool: work_package(tool, PACKAGES[tool]) for tool in names}
            builds = timed_builds(packages, generate, base, changed, 1, source.name)
            if "openapi" in builds and builds["openapi"] is None:
                log(f"{source.name}: swift-openapi-generator's idiomatic naming does not compile; "
                    "trying its default naming")
                naming["value"] = "defensive"
                row["naming"] = naming["value"]
                generation_of(["openapi"])
                if row["openapi"]:
                    builds.update(timed_builds({"openapi": packages["openapi"]}, generate, base, changed, 1,
                                               source.name))
            for tool, result in builds.items():
                if row[tool] is not None:
                    row[tool]["build"] = result
        rows.append(row)
    return rows


TOOLS = ["specsmith", "specsmith-modules", "openapi"]

# The tools `--tools` selects (all by default).
SELECTED = list(TOOLS)


def ratios(results, value):
    """swift-openapi-generator's figure ÷ each of Specsmith's (one module, two modules)."""
    o = results.get("openapi")
    texts = []
    for tool in ["specsmith", "specsmith-modules"]:
        r = results.get(tool)
        mine, theirs = (value(r) if r else None), (value(o) if o else None)
        texts.append(ratio(theirs, mine) if mine and theirs else "–")
    return " / ".join(texts)


def tool_cells(results, text):
    return " | ".join("–" if tool not in SELECTED else text(results[tool]) if results.get(tool) else "failed"
                      for tool in TOOLS)


def build_rows(name, results, phases):
    """Table rows of the debug builds in `results` (tool → {"build": {phase: summary}} or the summaries)."""
    lines = []
    for phase, measure in phases:
        def figure(r, phase=phase):
            build = r.get("build", r)
            return build.get(phase) if build else None

        if not any(results.get(t) and figure(results[t]) for t in TOOLS):
            continue
        lines.append(f"| {name} | {measure}: wall | "
                     + tool_cells(results, lambda r: f"{figure(r)['seconds']:.1f} s" if figure(r) else "failed")
                     + f" | {ratios(results, lambda r: figure(r)['seconds'] if figure(r) else None)} |")
        lines.append(f"| {name} | {measure}: CPU-s (load) | "
                     + tool_cells(results, lambda r: f"{figure(r)['cpu']:.1f} ({figure(r)['load']:.1f})"
                                  if figure(r) else "failed")
                     + f" | {ratios(results, lambda r: figure(r)['cpu'] if figure(r) else None)} |")
        # Wall over CPU seconds: 1.0 when one core did the work, 0.5 when two were busy throughout.
        lines.append(f"| {name} | {measure}: wall/CPU | "
                     + tool_cells(results, lambda r: f"{figure(r)['seconds'] / figure(r)['cpu']:.2f}"
                                  if figure(r) and figure(r)['cpu'] else "failed")
                     + " | |")
        if phase == "clean":
            lines.append(f"| {name} | {measure}: peak memory | "
                         + tool_cells(results, lambda r: f"{figure(r)['megabytes']:.0f} MB" if figure(r) else "failed")
                         + f" | {ratios(results, lambda r: figure(r)['megabytes'] if figure(r) else None)} |")
    return lines


BUILD_PHASES = [("clean", "debug build, clean"), ("incremental", "debug build, one operation changed"),
                ("noop", "debug build, nothing changed")]
TABLE_HEAD = ["| document | measure | Specsmith | Specsmith, two modules | swift-openapi-generator "
              "| ratio (one module / two modules) |", "| --- | --- | ---: | ---: | ---: | ---: |"]


def openapi_table(rows):
    lines = list(TABLE_HEAD)
    for row in rows:
        name = f"{row['document']} ({row['size'] / 1e6:.1f} MB)"
        results = {tool: row.get(tool) for tool in TOOLS}
        lines.append(f"| {name} | generation, wall | "
                     + tool_cells(results, lambda r: f"{r['seconds']:.2f} s")
                     + f" | {ratios(results, lambda r: r['seconds'])} |")
        lines.append(f"| {name} | generation, peak memory | "
                     + tool_cells(results, lambda r: f"{r['megabytes']:.0f} MB")
                     + f" | {ratios(results, lambda r: r['megabytes'])} |")
        lines.append(f"| {name} | output, lines (files) | "
                     + tool_cells(results, lambda r: f"{r['output'][1]:,} ({r['output'][0]})")
                     + f" | {ratios(results, lambda r: r['output'][1])} |")
        lines += build_rows(name, results, BUILD_PHASES)
        if row.get("openapi") and row.get("naming") != "idiomatic":
            lines.append(f"| {name} | swift-openapi-generator's naming | | | `{row['naming']}` (idiomatic did not "
                         "compile) | |")
        lines.append(f"| {name} | operation changed | `{row['changed']}` | | | |")
    return "\n".join(lines)


def runtime(tools, concurrency_levels):
    results = {}
    for concurrency in concurrency_levels:
        log(f"runtime benchmark, {concurrency} in flight")
        output = subprocess.run(
            [tools.bin / "runtime-bench", "--json", "--concurrency", str(concurrency)], check=True,
            capture_output=True, text=True).stdout
        results[concurrency] = json.loads(output.strip().splitlines()[-1])
    return results


SERVER_NAMES = {"hand-written": "hand-written Hummingbird handler", "specsmith": "Specsmith generated server",
                "openapi-generator": "swift-openapi-generator stubs (swift-openapi-hummingbird)"}
SERVER_ENDPOINTS = {"list": "`GET /v1/regions/{region}/countries?limit=10` (10 countries encoded)",
                    "create": "`POST /v1/countries` (a country decoded and encoded back)"}


def servers(rounds, seconds):
    """Requests/s of the generated server beside a hand-written handler and swift-openapi-generator's stubs, in
    one `server-bench` run (wrk in another process makes the load)."""
    log("building server-bench (release)")
    run(["swift", "build", "-c", "release", "--product", "server-bench"], cwd=HERE)
    bin_path = Path(subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"], cwd=HERE, check=True, capture_output=True,
        text=True).stdout.strip())
    log(f"server benchmark: {rounds} rounds of {seconds} s per server and endpoint")
    output = subprocess.run(
        [bin_path / "server-bench", "--json", "--rounds", str(rounds), "--seconds", str(seconds)], check=True,
        capture_output=True, text=True).stdout
    return json.loads(output.strip().splitlines()[-1])


def server_table(result):
    load = "wrk in another process" if result["load"] == "wrk" else "an AsyncHTTPClient in the same process"
    if result.get("pinned"):
        load += ", on a core of its own"
    lines = [f"Load: {load}, {result['connections']} connections; {result['rounds']} rounds of {result['seconds']} s "
             f"per server and endpoint, in turns; load average {result['loadAverage'][0]} before, "
             f"{result['loadAverage'][1]} after; peak RSS of the three servers' process {result['peakRSSMB']} MB.",
             "",
             "| endpoint | server | requests/s, median (range) | ratio to hand-written | server CPU-s per 1,000 "
             "requests | latency p50 / p99 |",
             "| --- | --- | ---: | ---: | ---: | ---: |"]
    for endpoint in sorted(result["endpoints"], key=lambda e: list(SERVER_ENDPOINTS).index(e)):
        servers_of = result["endpoints"][endpoint]
        for name in SERVER_NAMES:
            if name not in servers_of:
                continue
            f = servers_of[name]
            lines.append(f"| {SERVER_ENDPOINTS.get(endpoint, endpoint)} | {SERVER_NAMES[name]} | "
                         f"{f['requestsPerSecond']:,.0f} ({f['minimum']:,.0f}–{f['maximum']:,.0f}) | "
                         f"{f['ratio']:.2f}× | {f['cpuSecondsPer1000']:.3f} | {f['p50Milliseconds']:.1f} / "
                         f"{f['p99Milliseconds']:.1f} ms |")
    return "\n".join(lines)


def ratio(slow, fast):
    return f"{slow / fast:.1f}×" if fast > 0 else "–"


def table(gen_rows, compile_rows, runtime_results):
    lines = []
    add = lines.append
    add(f"Machine: {platform.machine()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}; "
        f"{subprocess.run(['swift', '--version'], capture_output=True, text=True).stdout.splitlines()[0]}")
    add("")
    add(f"Date: {time.strftime('%Y-%m-%d')}")
    add("")
    add("| measure | N | Specsmith | swift-openapi-generator | ratio |")
    add("| --- | ---: | ---: | ---: | ---: |")
    for row in gen_rows:
        s, o = row["specsmith"], row["openapi"]
        add(f"| generation, wall (median of {row['runs']}) | {row['n']} | {s['seconds'] * 1000:.0f} ms | "
            f"{o['seconds'] * 1000:.0f} ms | {ratio(o['seconds'], s['seconds'])} |")
        add(f"| generation, peak memory | {row['n']} | {s['megabytes']:.0f} MB | {o['megabytes']:.0f} MB | "
            f"{ratio(o['megabytes'], s['megabytes'])} |")
        add(f"| output, lines (files) | {row['n']} | {s['output'][1]:,} ({s['output'][0]}) | "
            f"{o['output'][1]:,} ({o['output'][0]}) | {ratio(o['output'][1], s['output'][1])} |")
        add(f"| output, bytes | {row['n']} | {s['output'][2]:,} | {o['output'][2]:,} | "
            f"{ratio(o['output'][2], s['output'][2])} |")
    if compile_rows:
        add("")
        lines += [head.replace("document", "API") for head in TABLE_HEAD]
        for row in compile_rows:
            lines += build_rows(f"synthetic, N = {row['n']}", row, BUILD_PHASES)
    if runtime_results:
        add("")
        add("| runtime, 200 countries per response | Specsmith | swift-openapi-generator | hand-written baseline "
            "| Specsmith ÷ baseline |")
        add("| --- | ---: | ---: | ---: | ---: |")
        first = next(iter(runtime_results.values()))
        s, o, b = (first[k]["overheadMicroseconds"] for k in ["specsmith", "openapi-generator", "baseline"])
        add(f"| µs per request, no network (median of 7 × 200) | {s:,.0f} | {o:,.0f} | {b:,.0f} | {s / b:.2f} |")
        for concurrency, result in runtime_results.items():
            s, o, b = (result[k]["requestsPerSecond"] for k in ["specsmith", "openapi-generator", "baseline"])
            add(f"| requests/s over loopback, {concurrency} in flight (median of 7 × 200) | {s:,.0f} | {o:,.0f} | "
                f"{b:,.0f} | {s / b:.2f} |")
    return "\n".join(lines)


TRANSFER_SCENARIOS = [
    ("upload-multipart", "multipart upload of a local file (`FileUpload(contentsOf:)`)"),
    ("upload-file", "upload of a local file as the body (`body: {file: …}`)"),
    ("download-file", "download to a file (`response: {file: …}`)"),
    ("upload-data", "the same upload from `Data` in memory (`body: {binary: …}`)"),
    ("download-data", "the same download into `Data` (`response: {binary: …}`)"),
]


STREAM_SCENARIOS = [
    ("events", "server-sent events (`response: {events: Tick}`)"),
    ("lines", "JSON Lines (`response: {jsonLines: Tick}`)"),
]


def transfers(megabytes, events):
    """Peak resident memory of the client process for each transfer scenario, and events per second and peak
    memory for each stream scenario, each in its own process, against `transfer-bench serve` (which never holds
    a body) on loopback."""
    log("building transfer-bench (release)")
    run(["swift", "build", "-c", "release", "--product", "transfer-bench"], cwd=HERE)
    bin_path = Path(subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"], cwd=HERE, check=True, capture_output=True,
        text=True).stdout.strip())
    server = subprocess.Popen([bin_path / "transfer-bench", "serve"], stdout=subprocess.PIPE, text=True)
    try:
        port = server.stdout.readline().strip().split()[-1]
        results = []
        runs = [(scenario, "urlsession", "async") for scenario, _ in TRANSFER_SCENARIOS + STREAM_SCENARIOS]
        runs += [(scenario, "asynchttpclient", "async") for scenario, _ in STREAM_SCENARIOS]
        # The same streams read through the Combine flavour's publisher, which reads a value only once the
        # subscriber has the one before.
        runs += [(scenario, transport, "combine") for scenario, _ in STREAM_SCENARIOS
                 for transport in ("urlsession", "asynchttpclient")]
        for scenario, transport, flavour in runs:
            log(f"transfer {scenario} ({transport}, {flavour})")
            output = subprocess.run(
                [bin_path / "transfer-bench", "run", "--scenario", scenario, "--megabytes", str(megabytes),
                 "--events", str(events), "--port", port, "--transport", transport, "--flavour", flavour],
                check=True, capture_output=True, text=True).stdout
            results.append(json.loads(output.strip().splitlines()[-1]))
        return results
    finally:
        server.terminate()
        server.wait()


def transfer_table(results, megabytes):
    names = dict(TRANSFER_SCENARIOS)
    lines = [f"| {megabytes} MB over loopback, generated client | peak RSS | before the transfer | time |",
             "| --- | ---: | ---: | ---: |"]
    for result in results:
        if result["scenario"] not in names:
            continue
        lines.append(f"| {names[result['scenario']]} | {result['peakRSSKB'] / 1024:.0f} MB "
                     f"| {result['rssBeforeKB'] / 1024:.0f} MB | {result['seconds']:.2f} s |")
    streams = dict(STREAM_SCENARIOS)
    rows = [result for result in results if result["scenario"] in streams]
    if rows:
        lines += ["", f"| {rows[0]['events']:,} values over loopback, generated client | transport | values/s "
                      "| peak RSS | before the stream | time |",
                  "| --- | --- | ---: | ---: | ---: | ---: |"]
        names_of = {"urlsession": "URLSession", "asynchttpclient": "AsyncHTTPClient"}
        for result in rows:
            transport = names_of.get(result.get("transport", "urlsession"), result.get("transport"))
            if result.get("flavour") == "combine":
                transport += ", Combine publisher"
            lines.append(f"| {streams[result['scenario']]} | {transport} | {result['events'] / result['seconds']:,.0f} "
                         f"| {result['peakRSSKB'] / 1024:.0f} MB | {result['rssBeforeKB'] / 1024:.0f} MB "
                         f"| {result['seconds']:.2f} s |")
    return "\n".join(lines)


def interrupt(signum, frame):
    raise KeyboardInterrupt


def main():
    signal.signal(signal.SIGTERM, interrupt)
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--with-5000", action="store_true", help="also measure N = 5000 (generation and output)")
    parser.add_argument("--runs", type=int, default=5, help="generation runs per size (median)")
    parser.add_argument("--compile-runs", type=int, default=1, help="build runs per size (median)")
    parser.add_argument("--sizes", default="10,100,1000", help="sizes for generation and output")
    parser.add_argument("--compile-sizes", default="100,1000", help="sizes for the build measurements")
    parser.add_argument("--skip-compile", action="store_true")
    parser.add_argument("--skip-runtime", action="store_true")
    parser.add_argument("--skip-transfers", action="store_true")
    parser.add_argument("--transfers-only", action="store_true",
                        help="only the upload and download memory measurements (builds only transfer-bench)")
    parser.add_argument("--skip-servers", action="store_true")
    parser.add_argument("--servers-only", action="store_true",
                        help="only the generated server's requests/s beside a hand-written handler and "
                             "swift-openapi-generator's stubs (builds only server-bench; needs wrk for a load from "
                             "another process)")
    parser.add_argument("--server-rounds", type=int, default=9)
    parser.add_argument("--server-seconds", type=int, default=4)
    parser.add_argument("--transfer-megabytes", type=int, default=200)
    parser.add_argument("--stream-events", type=int, default=1_000_000, help="values each stream scenario reads")
    parser.add_argument("--openapi", action="append", metavar="FILE", default=[],
                        help="only measure both generators on this OpenAPI document (repeatable): generation, "
                             "output and, unless --skip-compile, debug builds of each output (clean, one operation "
                             "changed, nothing changed), taking turns")
    parser.add_argument("--levers", action="append", metavar="FILE", default=[],
                        help="only the levers of the build of Specsmith's client of this OpenAPI document "
                             "(repeatable): clean debug builds of the unchanged output in turns with each lever's "
                             "variant (levers.py); --runs turns")
    parser.add_argument("--against", metavar="REV",
                        help="with --levers, also the output of the generator at this git revision")
    parser.add_argument("--against-only", action="store_true",
                        help="with --levers and --against, only the unchanged output and the revision's: an A/B of "
                             "a change, without the levers tried by text or by setting")
    parser.add_argument("--tools", default=",".join(PACKAGES),
                        help="the contenders of the build measurements and --openapi: a comma-separated list of "
                             "specsmith, specsmith-modules and openapi (swift-openapi-generator)")
    args = parser.parse_args()
    SELECTED[:] = [tool for tool in args.tools.split(",") if tool]
    unknown = [tool for tool in SELECTED if tool not in PACKAGES]
    if unknown:
        parser.error(f"unknown tools: {', '.join(unknown)}")

    if args.levers:
        import levers
        WORK.mkdir(exist_ok=True)
        if args.against_only and not args.against:
            parser.error("--against-only needs --against")
        rows = levers.levers(args.levers, args.against, args.runs, text_levers=not args.against_only)
        (WORK / "levers-results.json").write_text(json.dumps(rows, indent=2, default=str))
        print(levers.levers_table(rows))
        return

    if args.openapi:
        WORK.mkdir(exist_ok=True)
        rows = openapi_documents(Tools(), args.openapi, args.runs, not args.skip_compile)
        (WORK / "openapi-results.json").write_text(json.dumps(rows, indent=2, default=str))
        print(openapi_table(rows))
        return

    if args.servers_only:
        WORK.mkdir(exist_ok=True)
        print(server_table(servers(args.server_rounds, args.server_seconds)))
        return

    if args.transfers_only:
        WORK.mkdir(exist_ok=True)
        print(transfer_table(transfers(args.transfer_megabytes, args.stream_events), args.transfer_megabytes))
        return

    WORK.mkdir(exist_ok=True)
    tools = Tools()
    sizes = [int(s) for s in args.sizes.split(",") if s] + ([5000] if args.with_5000 else [])
    gen_rows = generation(tools, sizes, args.runs)
    compile_rows = [] if args.skip_compile else compile_times(
        tools, [int(s) for s in args.compile_sizes.split(",") if s], args.compile_runs)
    runtime_results = {} if args.skip_runtime else runtime(tools, [1, 4])
    transfer_results = [] if args.skip_transfers else transfers(args.transfer_megabytes, args.stream_events)
    server_results = None if args.skip_servers else servers(args.server_rounds, args.server_seconds)
    report = table(gen_rows, compile_rows, runtime_results)
    if transfer_results:
        report += "\n\n" + transfer_table(transfer_results, args.transfer_megabytes)
    if server_results:
        report += "\n\n" + server_table(server_results)
    (WORK / "results.json").write_text(json.dumps(
        {"generation": gen_rows, "compile": compile_rows, "runtime": runtime_results}, indent=2))
    print(report)


if __name__ == "__main__":
    main()
