#!/usr/bin/env python3
"""Keeps the digester's reports that concern the API an embedder sees.

`swift package diagnose-api-breaking-changes` dumps `package` declarations as well (marked
`"isInternal": true` in its baseline JSON) and reports their changes as breaks, but a `package`
declaration is not reachable from `import TextRotor`. This reads the baseline dumps, finds each
reported declaration by its qualified name and drops the report when every declaration of that name
is internal (itself or inside an internal type). Any other report stays and fails the run.

usage: api-filter.py BASELINE_DIR DIGESTER_STATUS < digester-output; exit 1 when a report stays,
or the digester's own status when it failed without reporting a break (a build error, say).
"""
import glob
import json
import os
import re
import sys

REPORT = re.compile(r"API breakage: (?:\S+) (\S+?)(?: has | is |$)")


def declarations(baseline_dir):
    """Qualified name -> list of 'internal' flags, one per declaration of that name."""
    names = {}

    def walk(node, parents, internal):
        if "declKind" not in node:
            return
        internal = internal or node.get("isInternal", False)
        name = node.get("printedName", "")
        qualified = ".".join(parents + [name])
        names.setdefault(qualified, []).append(internal)
        # A type's members and a property's accessors are named after it.
        children_parents = parents + [name] if node.get("kind") in ("TypeDecl", "Var", "Subscript") else parents
        for child in node.get("children", []):
            walk(child, children_parents, internal)

    for path in glob.glob(os.path.join(baseline_dir, "**", "*.json"), recursive=True):
        try:
            with open(path) as file:
                root = json.load(file).get("ABIRoot")
        except (OSError, ValueError, AttributeError):
            continue
        if not root:
            continue
        for child in root.get("children", []):
            walk(child, [], False)
    return names


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    status = int(sys.argv[2])
    names = declarations(sys.argv[1])
    if not names:
        print(f"api-filter: no baseline dumps under {sys.argv[1]}", file=sys.stderr)
        sys.exit(1)
    kept = dropped = 0
    for line in sys.stdin:
        sys.stdout.flush()
        match = REPORT.search(line)
        if match:
            flags = names.get(match.group(1))
            if flags and all(flags):
                dropped += 1
                continue
            kept += 1
        sys.stdout.write(line)
    print(f"api-filter: {kept} break(s) in the public API; {dropped} report(s) about package"
          " declarations left out (not reachable from `import TextRotor`)")
    if status != 0 and kept == 0 and dropped == 0:
        print(f"api-filter: the digester failed (status {status}) without reporting a break", file=sys.stderr)
        sys.exit(status)
    sys.exit(1 if kept else 0)


if __name__ == "__main__":
    main()
