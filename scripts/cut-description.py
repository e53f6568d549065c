#!/usr/bin/env python3
"""Cuts an OpenAPI description down to some of its operations and what they refer to, for a test fixture:
the payload conformance tests (Tests/SpecsmithCoreTests/Fixtures/Payloads) keep cuts of real descriptions,
never the whole documents.

Usage: scripts/cut-description.py DESCRIPTION OPERATION_ID... [--output cut.json] [--prune KEY ...]

Keeps `openapi`, `info`, `servers`, `security` (a Swagger 2.0 document's `swagger`, `host`, `basePath`,
`schemes`, `consumes`, `produces` and `securityDefinitions` too) and the named operations with their path items'
parameters; then every part the kept parts refer to (OpenAPI 3's `components`, Swagger 2.0's `definitions`,
`parameters` and `responses`), through `$ref` and discriminator mappings, transitively, at the same place.
Descriptions, examples and extensions of the operations stay as they are. `--prune KEY` drops every member
named KEY (such as `x-oaiMeta` or `description`) to keep the cut small. Writes JSON (sorted keys, indented).
"""

import argparse
import json
import sys

import yaml


def load(path):
    with open(path) as file:
        text = file.read()
    return json.loads(text) if path.endswith(".json") else yaml.safe_load(text)


def references(value):
    """Every local reference in `value`: `$ref` values and discriminator mapping targets."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            for key, member in item.items():
                if key == "$ref" and isinstance(member, str):
                    yield member
                elif key == "mapping" and isinstance(member, dict):
                    for target in member.values():
                        if isinstance(target, str):
                            yield target if target.startswith("#") else "#/components/schemas/" + target
                else:
                    pending.append(member)
        elif isinstance(item, list):
            pending.extend(item)


def pruned(value, keys, parent=None):
    """`value` without members named one of `keys`, but for properties of those names (`properties:
    {description: …}` keeps its `description`)."""
    if isinstance(value, dict):
        return {
            key: pruned(member, keys, key)
            for key, member in value.items()
            if key not in keys or parent == "properties"
        }
    if isinstance(value, list):
        return [pruned(item, keys) for item in value]
    return value


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("description")
    parser.add_argument("operations", nargs="+")
    parser.add_argument("--output", default="-")
    parser.add_argument("--prune", nargs="*", default=[])
    arguments = parser.parse_args()
    document = load(arguments.description)
    wanted = set(arguments.operations)
    top = ("openapi", "swagger", "info", "servers", "security", "host", "basePath", "schemes", "consumes", "produces")
    cut = {key: document[key] for key in top if key in document}
    if "securityDefinitions" in document:
        cut["securityDefinitions"] = document["securityDefinitions"]
    cut["paths"] = {}
    for path, item in (document.get("paths") or {}).items():
        kept = {
            method: operation
            for method, operation in item.items()
            if isinstance(operation, dict) and operation.get("operationId") in wanted
        }
        if kept:
            if "parameters" in item:
                kept["parameters"] = item["parameters"]
            cut["paths"][path] = kept
            wanted -= {operation["operationId"] for operation in kept.values() if "operationId" in operation}
    if wanted:
        sys.exit(f"error: no operation {', '.join(sorted(wanted))} in {arguments.description}")
    kept = {}
    schemes = (document.get("components") or {}).get("securitySchemes")
    if schemes:
        kept[("components", "securitySchemes")] = schemes
    pending = list(references(cut)) + list(references(schemes or {}))
    seen = set()
    while pending:
        reference = pending.pop()
        if reference in seen or not reference.startswith("#/"):
            continue
        seen.add(reference)
        # `#/components/schemas/Pet` or `#/definitions/Pet`: a section and a name, kept at the same place.
        parts = [part.replace("~1", "/").replace("~0", "~") for part in reference[2:].split("/")]
        if len(parts) < 2:
            continue
        section, name = tuple(parts[:-1]), parts[-1]
        container = document
        for part in section:
            container = container.get(part) if isinstance(container, dict) else None
        target = container.get(name) if isinstance(container, dict) else None
        if target is None:
            continue
        kept.setdefault(section, {})[name] = target
        pending.extend(references(target))
    for section, members in sorted(kept.items()):
        place = cut
        for part in section[:-1]:
            place = place.setdefault(part, {})
        place[section[-1]] = dict(sorted(members.items()))
    if "openapi" in cut:
        cut.setdefault("components", {})
    text = json.dumps(pruned(cut, set(arguments.prune)), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    if arguments.output == "-":
        sys.stdout.write(text)
    else:
        with open(arguments.output, "w") as file:
            file.write(text)


if __name__ == "__main__":
    main()
