#!/usr/bin/env python3
"""Fuzzes specsmith-mock, or the generated servers, with schemathesis (PyPI), driven by the exported OpenAPI
documents.

For each spec in Specs/: `specsmith export openapi` writes its document, `specsmith-mock` serves the spec on a
free port (with `--servers`: `example-servers NAME` serves the spec's generated server over the service its
loopback tests use, for the specs that have one), and schemathesis sends it a bounded number of generated
requests per operation, checking that no answer is a server error and every answer fits the document (schema,
content type). Prints a line per spec and the totals; exits 1 when any check fails.

Usage: scripts/fuzz-mock.py [--servers] [--bin .build/debug] [--examples 30] [--checks …] [Specs/Name.yaml …]
"""

import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile
import time

import yaml

CHECKS = "not_a_server_error,response_schema_conformance,content_type_conformance"


def credentials(document):
    """Headers that give a request credentials of every scheme the document names (basic only if no bearer)."""
    headers = {}
    schemes = (document.get("components") or {}).get("securitySchemes") or {}
    for scheme in schemes.values():
        kind = scheme.get("type")
        if kind == "apiKey" and scheme.get("in") == "header":
            prefix = ((scheme.get("x-specsmith") or {}).get("scheme") or {}).get("prefix")
            headers[scheme["name"]] = (prefix + " " if prefix else "") + "mock-key"
        elif kind in ("oauth2", "openIdConnect") or (kind == "http" and scheme.get("scheme") == "bearer"):
            headers["Authorization"] = "Bearer mock-token"
        elif kind == "http" and scheme.get("scheme") == "basic":
            headers.setdefault("Authorization", "Basic bW9jazptb2Nr")
    return headers


def serve(binary, spec, servers):
    """Starts specsmith-mock, or with `servers` the example's generated server, on a free port; returns the
    process, its URL and the headers that carry the credentials it grants (None: the document's defaults)."""
    name = os.path.splitext(os.path.basename(spec))[0]
    command = ([os.path.join(binary, "example-servers"), name] if servers
               else [os.path.join(binary, "specsmith-mock"), spec, "--port", "0", "--quiet"])
    # What the server writes to standard error (a crash's message and backtrace) is shown when a check fails.
    log = tempfile.NamedTemporaryFile(mode="w+", prefix=name + "-server-", suffix=".log", delete=False)
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)
    process.error_log = log.name
    headers = {} if servers else None
    deadline = time.time() + 30
    while time.time() < deadline:
        line = process.stdout.readline()
        header = re.match(r"header: ([^:]+): (.*)", line or "")
        if header:
            headers[header.group(1)] = header.group(2)
        found = re.search(r"on (http://\S+)", line or "")
        if found:
            return process, found.group(1), headers
        if process.poll() is not None:
            break
    process.kill()
    raise SystemExit(f"error: {os.path.basename(command[0])} did not start for {spec}")


def unserved(spec):
    """The operations the spec's generated server leaves out, as its `Server.swift` names them ("Not served yet,
    so without a method here: `createCustomer` (object parameters), …"): schemathesis skips them."""
    name = os.path.splitext(os.path.basename(spec))[0]
    path = os.path.join("Generated", name + "Server", "Server.swift")
    text = open(path).read() if os.path.exists(path) else ""
    found = re.search(r"Not served yet, so without a method here: (.*)", text)
    return re.findall(r"`(\w+)`", found.group(1)) if found else []


def served_examples(binary):
    """The examples `example-servers` serves (the specs with the server flavour and a test service), as its usage
    line names them."""
    usage = subprocess.run([os.path.join(binary, "example-servers")], capture_output=True, text=True).stderr
    return set(re.findall(r"\w+", usage.split("one of", 1)[-1]))


def fuzz(binary, spec, examples, checks, folder, servers):
    name = os.path.splitext(os.path.basename(spec))[0]
    document_path = os.path.join(folder, name + ".openapi.yaml")
    subprocess.run(
        [os.path.join(binary, "specsmith"), "export", "openapi", spec, "--output", document_path],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    with open(document_path) as file:
        document = yaml.safe_load(file)
    process, url, headers = serve(binary, spec, servers)
    try:
        command = [
            sys.executable, "-m", "schemathesis.cli", "run", document_path, "--url", url,
            "--max-examples", str(examples), "--seed", "1", "--checks", checks, "--no-color",
            "--request-timeout", "10",
        ]
        if servers:
            for operation in unserved(spec):
                command += ["--exclude-operation-id", operation]
        for header, value in (credentials(document) if headers is None else headers).items():
            command += ["--header", f"{header}: {value}"]
        result = subprocess.run(command, capture_output=True, text=True, timeout=900)
    finally:
        process.terminate()
        process.wait(timeout=10)
    output = result.stdout + result.stderr
    cases = re.search(r"(\d+) generated", output)
    failures = re.search(r"(\d+) found (\d+) unique failure", output)
    operations = re.search(r"Tested: (\d+)", output)
    summary = {
        "name": name,
        "operations": int(operations.group(1)) if operations else 0,
        "cases": int(cases.group(1)) if cases else 0,
        "failures": int(failures.group(2)) if failures else (0 if result.returncode == 0 else -1),
    }
    if result.returncode != 0:
        print(output[-6000:])
        with open(process.error_log) as log:
            errors = log.read()
        if errors.strip():
            print(f"The server's standard error:\n{errors[:6000]}")
    os.unlink(process.error_log)
    return summary


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="*")
    parser.add_argument("--bin", default=None, help="the folder of specsmith and specsmith-mock")
    parser.add_argument("--servers", action="store_true",
                        help="fuzz the generated servers (`example-servers`) instead of the mock")
    parser.add_argument("--examples", type=int, default=30, help="cases per operation")
    parser.add_argument("--checks", default=CHECKS)
    arguments = parser.parse_args()
    binary = arguments.bin or subprocess.run(
        ["swift", "build", "--show-bin-path"], capture_output=True, text=True, check=True
    ).stdout.strip()
    specs = arguments.specs or sorted(glob.glob("Specs/*.yaml"))
    if arguments.servers:
        served = served_examples(binary)
        specs = [spec for spec in specs if os.path.splitext(os.path.basename(spec))[0] in served]
    totals = {"operations": 0, "cases": 0, "failures": 0}
    with tempfile.TemporaryDirectory() as folder:
        for spec in specs:
            summary = fuzz(binary, spec, arguments.examples, arguments.checks, folder, arguments.servers)
            print(
                f"{summary['name']}: {summary['operations']} operations, {summary['cases']} cases, "
                f"{summary['failures']} failures"
            )
            totals["operations"] += summary["operations"]
            totals["cases"] += summary["cases"]
            # A run that failed without counting its failures (schemathesis itself failed) counts as one.
            totals["failures"] += summary["failures"] if summary["failures"] >= 0 else 1
    print(f"all: {totals['operations']} operations, {totals['cases']} cases, {totals['failures']} failures ({arguments.checks})")
    return 1 if totals["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
