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
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WORK = HERE / ".build-work"


def log(message):
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def measured(command, cwd=None, env=None):
    """Runs `command`; returns (seconds, peak resident memory in MB of its largest process). Output is kept
    and shown only when the command fails."""
    out = open(WORK / "last-command.log", "w")
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
    return seconds, usage.ru_maxrss / 1024


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
DEPENDENCIES = {"specsmith": "SpecsmithRuntime", "openapi": "OpenAPIRuntime"}


def remove_module_products(package):
    """Deletes what a debug build made of the target `API` (objects, module, incremental state), keeping the
    dependencies' products: the next build compiles the module alone, from scratch."""
    kept = {"output-file-map.json", "sources", "include"}  # written when SwiftPM plans the build
    for debug in (package / ".build").glob("*/debug"):
        paths = [p for p in (debug / "API.build").iterdir() if p.name not in kept]
        for path in paths + list(debug.glob("Modules/API.*")):
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink()


def compile_times(tools, sizes, runs):
    """A clean debug build of each tool's generated module with its dependencies built; an incremental build
    after one endpoint changed; and a build with nothing changed, the floor of `swift build` itself."""
    rows = []
    for name, manifest in PACKAGES.items():
        package = WORK / "compile" / name
        (package / "Sources" / "API").mkdir(parents=True, exist_ok=True)
        (package / "Package.swift").write_text(manifest.replace("{root}", str(ROOT)))
    for n in sizes:
        base, changed = WORK / "apis" / str(n), WORK / "apis" / f"{n}-changed"
        tools.synthesize(n, base)
        tools.synthesize(n, changed, changed=True)
        row = {"n": n, "runs": runs}
        for name in PACKAGES:
            package = WORK / "compile" / name
            sources = package / "Sources" / "API"
            generate = tools.specsmith if name == "specsmith" else tools.openapi
            shutil.rmtree(sources)
            sources.mkdir()
            run(generate(base, sources))
            log(f"N={n} {name}: building dependencies")
            run(["swift", "build", "--target", DEPENDENCIES[name]], cwd=package)
            clean, incremental, noop = [], [], []
            for index in range(runs):
                run(generate(base, sources))
                measured(["swift", "build"], cwd=package)
                remove_module_products(package)
                clean.append(measured(["swift", "build"], cwd=package))
                run(generate(changed, sources))
                incremental.append(measured(["swift", "build"], cwd=package))
                noop.append(measured(["swift", "build"], cwd=package))
                log(f"N={n} {name} run {index + 1}/{runs}: clean {clean[-1][0]:.1f}s {clean[-1][1]:.0f}MB, "
                    f"incremental {incremental[-1][0]:.1f}s, no change {noop[-1][0]:.1f}s")
            row[name] = {
                "clean": statistics.median(v[0] for v in clean),
                "cleanMegabytes": statistics.median(v[1] for v in clean),
                "incremental": statistics.median(v[0] for v in incremental),
                "incrementalMegabytes": statistics.median(v[1] for v in incremental),
                "noop": statistics.median(v[0] for v in noop),
            }
        rows.append(row)
    return rows


def measured_or_failed(command, cwd=None):
    """`measured`, or None when the command fails (a generator may refuse a real description)."""
    try:
        return measured(command, cwd=cwd)
    except SystemExit as failure:
        log(f"{failure}")
        return None


def openapi_documents(tools, documents, runs, build):
    """Both generators on real OpenAPI documents: generation (median of `runs`), output, and a clean debug
    build of each output with its runtime already built."""
    rows = []
    for document in documents:
        source = Path(document).resolve()
        stem = source.name.split(".")[0]
        folder = WORK / "openapi" / stem
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        # swift-openapi-generator wants the document named `openapi.yaml` or `openapi.json`.
        target = folder / ("openapi.json" if source.suffix == ".json" else "openapi.yaml")
        shutil.copyfile(source, target)
        config = folder / "openapi-generator-config.yaml"
        config.write_text("generate:\n  - types\n  - client\naccessModifier: public\nnamingStrategy: idiomatic\n")
        commands = {
            "specsmith": lambda output: [tools.bin / "specsmith", "generate", target, "--output", output],
            "openapi": lambda output: [tools.bin / "swift-openapi-generator", "generate", target, "--config", config,
                                       "--output-directory", output],
        }
        row = {"document": source.name, "size": source.stat().st_size}
        for name, command in commands.items():
            output = folder / "out" / name
            samples = []
            for index in range(runs):
                shutil.rmtree(output, ignore_errors=True)
                output.mkdir(parents=True)
                sample = measured_or_failed(command(output))
                if sample is None:
                    break
                samples.append(sample)
            log(f"{source.name} {name}: " + (", ".join(f"{s:.2f}s {m:.0f}MB" for s, m in samples) or "failed"))
            if not samples:
                row[name] = None
                continue
            row[name] = {
                "seconds": statistics.median(v[0] for v in samples),
                "megabytes": statistics.median(v[1] for v in samples),
                "output": swift_files(output),
            }
            if build:
                package = WORK / "compile" / name
                (package / "Sources" / "API").mkdir(parents=True, exist_ok=True)
                (package / "Package.swift").write_text(PACKAGES[name].replace("{root}", str(ROOT)))
                sources = package / "Sources" / "API"
                shutil.rmtree(sources)
                shutil.copytree(output, sources)
                log(f"{source.name} {name}: building dependencies")
                run(["swift", "build", "--target", DEPENDENCIES[name]], cwd=package)
                remove_module_products(package)
                built = measured_or_failed(["swift", "build"], cwd=package)
                row[name]["build"] = None if built is None else {"seconds": built[0], "megabytes": built[1]}
                log(f"{source.name} {name}: build " + (f"{built[0]:.1f}s {built[1]:.0f}MB" if built else "failed"))
        rows.append(row)
    return rows


def openapi_table(rows):
    lines = ["| document | measure | Specsmith | swift-openapi-generator | ratio |",
             "| --- | --- | ---: | ---: | ---: |"]
    for row in rows:
        s, o = row["specsmith"], row["openapi"]
        name = f"{row['document']} ({row['size'] / 1e6:.1f} MB)"

        def cell(result, text):
            return text(result) if result else "failed"

        def both(measure, text, value):
            ratio_text = ratio(value(o), value(s)) if s and o and value(s) and value(o) else "–"
            lines.append(f"| {name} | {measure} | {cell(s, text)} | {cell(o, text)} | {ratio_text} |")

        both("generation, wall", lambda r: f"{r['seconds']:.2f} s", lambda r: r["seconds"])
        both("generation, peak memory", lambda r: f"{r['megabytes']:.0f} MB", lambda r: r["megabytes"])
        both("output, lines (files)", lambda r: f"{r['output'][1]:,} ({r['output'][0]})", lambda r: r["output"][1])
        if (s and "build" in s) or (o and "build" in o):
            both("debug build of the module, clean", lambda r: f"{r['build']['seconds']:.1f} s" if r.get("build")
                 else "failed", lambda r: r["build"]["seconds"] if r.get("build") else None)
            both("debug build, peak memory", lambda r: f"{r['build']['megabytes']:.0f} MB" if r.get("build")
                 else "failed", lambda r: r["build"]["megabytes"] if r.get("build") else None)
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
    for row in compile_rows:
        s, o = row["specsmith"], row["openapi"]
        add(f"| debug build of the module, clean | {row['n']} | {s['clean']:.1f} s | {o['clean']:.1f} s | "
            f"{ratio(o['clean'], s['clean'])} |")
        add(f"| debug build, clean, peak memory | {row['n']} | {s['cleanMegabytes']:.0f} MB | "
            f"{o['cleanMegabytes']:.0f} MB | {ratio(o['cleanMegabytes'], s['cleanMegabytes'])} |")
        add(f"| debug build after one endpoint changed | {row['n']} | {s['incremental']:.1f} s | "
            f"{o['incremental']:.1f} s | {ratio(o['incremental'], s['incremental'])} |")
        add(f"| … the same, less a no-change build ({s['noop']:.1f} s / {o['noop']:.1f} s) | {row['n']} | "
            f"{s['incremental'] - s['noop']:.1f} s | {o['incremental'] - o['noop']:.1f} s | "
            f"{ratio(o['incremental'] - o['noop'], s['incremental'] - s['noop'])} |")
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
    parser.add_argument("--transfer-megabytes", type=int, default=200)
    parser.add_argument("--stream-events", type=int, default=1_000_000, help="values each stream scenario reads")
    parser.add_argument("--openapi", action="append", metavar="FILE", default=[],
                        help="only measure both generators on this OpenAPI document (repeatable): generation, "
                             "output and, unless --skip-compile, a clean debug build of each output")
    args = parser.parse_args()

    if args.openapi:
        WORK.mkdir(exist_ok=True)
        rows = openapi_documents(Tools(), args.openapi, args.runs, not args.skip_compile)
        (WORK / "openapi-results.json").write_text(json.dumps(rows, indent=2, default=str))
        print(openapi_table(rows))
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
    report = table(gen_rows, compile_rows, runtime_results)
    if transfer_results:
        report += "\n\n" + transfer_table(transfer_results, args.transfer_megabytes)
    (WORK / "results.json").write_text(json.dumps(
        {"generation": gen_rows, "compile": compile_rows, "runtime": runtime_results}, indent=2))
    print(report)


if __name__ == "__main__":
    main()
