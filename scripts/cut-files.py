#!/usr/bin/env python3
"""Cuts an OpenAPI description spread over files (DigitalOcean's: a root and 2,900 files it refers to) down to some
of its operations, for a test fixture: the root keeps `openapi`, `info`, `servers`, `security`,
`components.securitySchemes` and the named operations (by operationId, found through the files their path items
refer to), and every file the kept parts refer to, transitively, is copied beside it at its relative place. A
referenced file is copied whole, but only the parts referred to are followed, so that a file of many examples
brings in nothing else. Writes `ROOT_NAME` and the files into `--output`.

Usage: scripts/cut-files.py ROOT.yaml OPERATION_ID... --output DIR [--name Root.yaml] [--drop-examples]

`--drop-examples` leaves out `examples` (and `x-codeSamples`) of the kept operations, which bring in big files.
"""

import argparse
import os
import shutil
import sys

import yaml


def load(path):
    with open(path) as file:
        return yaml.safe_load(file)


def pointer(document, fragment):
    """The part of `document` that `fragment` (`/a/b`) points at, or `None`."""
    value = document
    for part in [p for p in fragment.split("/") if p]:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return None
    return value


def references(value):
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            for key, member in item.items():
                if key == "$ref" and isinstance(member, str):
                    yield member
                else:
                    pending.append(member)
        elif isinstance(item, list):
            pending.extend(item)


def without_examples(value):
    if isinstance(value, dict):
        return {k: without_examples(v) for k, v in value.items() if k not in ("examples", "x-codeSamples")}
    if isinstance(value, list):
        return [without_examples(v) for v in value]
    return value


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("root")
    parser.add_argument("operations", nargs="+")
    parser.add_argument("--output", required=True)
    parser.add_argument("--name")
    parser.add_argument("--drop-examples", action="store_true")
    arguments = parser.parse_args()
    base = os.path.dirname(os.path.abspath(arguments.root))
    document = load(arguments.root)
    wanted = set(arguments.operations)
    cut = {key: document[key] for key in ("openapi", "info", "servers", "security") if key in document}
    schemes = (document.get("components") or {}).get("securitySchemes")
    if schemes:
        cut["components"] = {"securitySchemes": schemes}
    cut["paths"] = {}
    files = {}  # absolute path -> loaded document (to copy, possibly without examples)
    for path, item in (document.get("paths") or {}).items():
        for method, operation in (item or {}).items():
            target = operation
            if isinstance(operation, dict) and "$ref" in operation:
                file = os.path.normpath(os.path.join(base, operation["$ref"].split("#")[0]))
                target = load(file)
            if isinstance(target, dict) and target.get("operationId") in wanted:
                cut["paths"].setdefault(path, {})[method] = operation
                wanted.discard(target["operationId"])
                if operation is not target:
                    files[file] = target
    if wanted:
        sys.exit(f"error: no operation {', '.join(sorted(wanted))} in {arguments.root}")
    if arguments.drop_examples:
        files = {path: without_examples(loaded) for path, loaded in files.items()}
    # Follow references from the kept parts: (file, fragment) pairs, each followed once.
    pending = [(os.path.abspath(arguments.root), reference) for reference in references(cut)]
    for path, loaded in files.items():
        pending += [(path, reference) for reference in references(loaded)]
    seen = set()
    while pending:
        origin, reference = pending.pop()
        file_part, _, fragment = reference.partition("#")
        file = os.path.normpath(os.path.join(os.path.dirname(origin), file_part)) if file_part else origin
        if (file, fragment) in seen:
            continue
        seen.add((file, fragment))
        if file == os.path.abspath(arguments.root):
            target = pointer(cut, fragment)
        else:
            if file not in files:
                files[file] = load(file)
            target = pointer(files[file], fragment)
        if target is not None:
            pending += [(file, inner) for inner in references(target)]
    os.makedirs(arguments.output, exist_ok=True)
    name = arguments.name or os.path.basename(arguments.root)
    with open(os.path.join(arguments.output, name), "w") as out:
        yaml.safe_dump(cut, out, sort_keys=False, allow_unicode=True, width=120)
    for path, loaded in sorted(files.items()):
        relative = os.path.relpath(path, base)
        if relative.startswith(".."):
            sys.exit(f"error: {path} is outside {base}")
        destination = os.path.join(arguments.output, relative)
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        with open(destination, "w") as out:
            yaml.safe_dump(loaded, out, sort_keys=False, allow_unicode=True, width=120)
    print(f"{len(cut['paths'])} paths, {len(files)} files", file=sys.stderr)


if __name__ == "__main__":
    main()
