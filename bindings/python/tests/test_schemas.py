"""Every JSON output validates against its schema in docs/schema/ (JSON Schema 2020-12): the CLI's
parse, detect, rotor, speak and batch outputs on every corpus document, and the C ABI's JSON.

The schemas forbid unknown members, so a new field in an output fails here until its schema says it.
"""

import json
import subprocess
from pathlib import Path

import pytest

jsonschema = pytest.importorskip("jsonschema", reason="python3-jsonschema validates the schemas")
from referencing import Registry, Resource  # noqa: E402  (installed with jsonschema)

import textrotor  # noqa: E402
from conftest import REPOSITORY  # noqa: E402
from test_textrotor import cli_binary  # noqa: E402

SCHEMAS = REPOSITORY / "docs" / "schema"
CORPUS = sorted(path for path in (REPOSITORY / "corpus").iterdir() if path.name != "README.md")


def validator(name):
    resources = []
    for path in SCHEMAS.glob("*.schema.json"):
        schema = json.loads(path.read_text())
        jsonschema.Draft202012Validator.check_schema(schema)
        resources.append((schema["$id"], Resource.from_contents(schema)))
    registry = Registry().with_resources(resources)
    schema = json.loads((SCHEMAS / name).read_text())
    return jsonschema.Draft202012Validator(schema, registry=registry)


def run(*arguments, stdin=None):
    result = subprocess.run([str(cli_binary()), *arguments], input=stdin, capture_output=True, text=True)
    return result


def test_the_schemas_are_valid_schemas():
    names = sorted(path.name for path in SCHEMAS.glob("*.schema.json"))
    assert names == sorted(
        ["batch-result.schema.json", "detect.schema.json", "detection.schema.json", "document.schema.json",
         "range.schema.json", "rotor.schema.json", "speech.schema.json"]
    )
    for name in names:
        validator(name)


@pytest.mark.parametrize("document", CORPUS, ids=lambda path: path.name)
def test_cli_outputs_validate(document):
    checks = [
        ("document.schema.json", ["parse", str(document), "--format", "json"]),
        ("detect.schema.json", ["detect", str(document), "--format", "json"]),
        ("speech.schema.json", ["speak", str(document), "--format", "json", "--punctuation", "all"]),
        ("rotor.schema.json", ["rotor", str(document), "--rotor", "headings", "--list", "--format", "json"]),
        ("rotor.schema.json", ["rotor", str(document), "--rotor", "alerts", "--list", "--format", "json"]),
        ("rotor.schema.json", ["rotor", str(document), "--rotor", "landmarks", "--list", "--format", "json"]),
    ]
    for schema, arguments in checks:
        result = run(*arguments)
        if result.returncode == 1:
            continue  # a document that is refused (binary, too deep…) prints nothing on standard output
        assert result.returncode == 0, result.stderr
        validator(schema).validate(json.loads(result.stdout))
    detection = validator("detection.schema.json")
    for line in run("detect", str(document), "--format", "jsonl").stdout.splitlines():
        detection.validate(json.loads(line))


def test_batch_results_and_errors_validate(tmp_path):
    lines = [json.dumps({"id": i, "path": path.name, "speak": i % 2 == 0}) for i, path in enumerate(CORPUS)]
    lines += ['{"id":"x","content":"call +1 415 555 0100","kinds":"phone","speak":"ssml"}', "oops",
              '{"id":"gone","path":"/nonexistent.html"}', '{"id":"k","content":"x","kinds":["fax"]}']
    result = run("batch", "--jobs", "2", "--root", str(REPOSITORY / "corpus"), stdin="\n".join(lines) + "\n")
    outputs = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(outputs) == len(lines)
    schema = validator("batch-result.schema.json")
    for output in outputs:
        schema.validate(output)
    assert sum("error" in output for output in outputs) >= 3
    # The schema is not empty: an error without a message, or an unknown member, is refused.
    with pytest.raises(jsonschema.ValidationError):
        schema.validate({"id": 1, "line": 1, "error": {"kind": "read"}})
    with pytest.raises(jsonschema.ValidationError):
        schema.validate({**outputs[-4], "extra": True})


def test_the_c_abi_json_validates():
    detection = validator("detection.schema.json")
    with textrotor.parse(REPOSITORY / "corpus" / "park-trip-brochure.html") as document:
        objects = document.detections_json()
    assert objects
    for obj in objects:
        detection.validate(obj)


def test_recursive_detect_outputs_validate():
    corpus = str(REPOSITORY / "corpus")
    jsonl = run("detect", "--recursive", corpus, "--jobs", "2")
    detection = validator("detection.schema.json")
    lines = [json.loads(line) for line in jsonl.stdout.splitlines()]
    assert lines and all(line["file"].startswith(corpus + "/") for line in lines)
    for line in lines:
        detection.validate(line)
    detect = validator("detect.schema.json")
    for line in run("detect", "--recursive", corpus, "--format", "json").stdout.splitlines():
        detect.validate(json.loads(line))
