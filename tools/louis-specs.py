#!/usr/bin/env python3
"""Converts liblouis's YAML braille-spec files (tests/braille-specs, v3.24.0) into the JSON the
Braille module's test reads (Tests/BrailleTests/Data/louis-specs/NAME.json), so the cases run
through TextRotor's own wrapper, not lou_checkyaml.

    tools/louis-specs.py SPEC.yaml… --out Tests/BrailleTests/Data/louis-specs

Each file becomes {"source": FILE, "notice": its leading comment (copyright and licence), "sections": [{"display": …, "table": …, "query": …, "assert":
…, "testmode": …, "cases": [{"input", "expected", "xfail", "mode", "typeform"}…]}…]}: a new
section starts at every `table:` (a file may test several tables). Strings are unescaped as
liblouis's parser does (\\x, \\y, \\z, \\s, \\t …). Inline tables (block scalars) are kept as text
("inline"); cases with cursorPos, inputPos, outputPos or maxOutputLength are kept with those keys.
Needs PyYAML (Debian python3-yaml)."""
import argparse, json, os, sys
import yaml

ESCAPES = {"\\": "\\", "e": "\x1b", "f": "\x0c", "n": "\n", "r": "\r", "s": " ", "t": "\t", "v": "\x0b", "w": "\uffff"}

def unescape(text):
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            e = text[i + 1]
            width = {"x": 4, "X": 4, "y": 5, "Y": 5, "z": 8, "Z": 8}.get(e)
            if width and len(text) - (i + 1) > width:
                out.append(chr(int(text[i + 2:i + 2 + width], 16)))
                i += 2 + width
                continue
            if e in ESCAPES:
                out.append(ESCAPES[e])
                i += 2
                continue
            if e == '"':
                out.append('"')
                i += 2
                continue
        out.append(c)
        i += 1
    return "".join(out)

def scalar(node):
    return node.value if isinstance(node, yaml.ScalarNode) else None

def table_value(node):
    """(name, query, assert, inline) of a `table:` or `display:` value."""
    if isinstance(node, yaml.SequenceNode):
        return ",".join(scalar(n) for n in node.value), None, None, None
    if isinstance(node, yaml.ScalarNode):
        if node.value.endswith("\n"):
            return None, None, None, node.value
        return node.value, None, None, None
    query, check = [], None
    for key, value in node.value:
        if key.value == "__assert-match":
            check = value.value
        else:
            query.append(f"{key.value}:{value.value}")
    return None, " ".join(query), check, None

def options(node):
    result = {}
    for key, value in node.value:
        name = key.value
        if name == "typeform":
            result["typeform"] = {k.value: v.value for k, v in value.value}
        elif name == "mode":
            if isinstance(value, yaml.SequenceNode):
                result["mode"] = [n.value for n in value.value]
            else:
                result["mode"] = [value.value]
        elif name == "xfail":
            result["xfail"] = value.value not in ("false", "off", "no")
        else:
            result[name] = yaml.safe_load(yaml.serialize(value))
    return result

def convert(path):
    root = yaml.compose(open(path, encoding="utf-8"))
    sections, display, testmode = [], None, "forward"
    current = None
    for key, value in root.value:
        name = key.value
        if name == "display":
            d_name, _, _, d_inline = table_value(value)
            display = {"name": d_name, "inline": d_inline}
        elif name == "table":
            t_name, query, check, inline = table_value(value)
            current = {"display": display, "table": t_name, "query": query, "assert": check,
                       "inline": inline, "testmode": testmode, "cases": []}
            sections.append(current)
        elif name == "flags":
            for k, v in value.value:
                if k.value == "testmode":
                    testmode = v.value
            if current is not None and not current["cases"]:
                current["testmode"] = testmode
        elif name == "tests":
            if current is None:
                raise SystemExit(f"{path}: tests before a table")
            if current["cases"] and current["testmode"] != testmode:
                current = dict(current, testmode=testmode, cases=[])
                sections.append(current)
            current["testmode"] = testmode
            for case in value.value:
                items = case.value
                texts = [n for n in items if isinstance(n, yaml.ScalarNode)]
                opts = [n for n in items if isinstance(n, yaml.MappingNode)]
                if len(texts) == 3:
                    texts = texts[1:]  # a description first
                entry = {"input": unescape(texts[0].value), "expected": unescape(texts[1].value),
                         "line": case.start_mark.line + 1}
                if opts:
                    entry.update(options(opts[0]))
                current["cases"].append(entry)
    notice = []
    for line in open(path, encoding="utf-8"):
        if not line.startswith("#"):
            break
        notice.append(line[1:].strip())
    return {"source": f"liblouis/liblouis v3.24.0 tests/braille-specs/{os.path.basename(path)}",
            "notice": "\n".join(notice), "sections": sections}

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("specs", nargs="+")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for path in args.specs:
        data = convert(path)
        name = os.path.splitext(os.path.basename(path))[0] + ".json"
        with open(os.path.join(args.out, name), "w", encoding="utf-8") as out:
            json.dump(data, out, ensure_ascii=False, separators=(",", ":"))
            out.write("\n")
        print(f"{name}: {sum(len(s['cases']) for s in data['sections'])} cases", file=sys.stderr)

if __name__ == "__main__":
    main()
