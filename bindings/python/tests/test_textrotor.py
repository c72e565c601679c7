"""The Python binding over libTextRotorC.so: reading, detections, rotors, speech, errors."""

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import textrotor
from conftest import REPOSITORY

BROCHURE = REPOSITORY / "corpus" / "park-trip-brochure.html"


@pytest.fixture(scope="module")
def brochure():
    with textrotor.parse(BROCHURE) as document:
        yield document


def cli_binary():
    """The textrotor CLI: TEXTROTOR_BINARY, else the one built beside the library in use, else the
    newer of the repository's debug and release builds."""
    if os.environ.get("TEXTROTOR_BINARY"):
        return Path(os.environ["TEXTROTOR_BINARY"])
    beside = Path(textrotor.library_path()).parent / "textrotor"
    if beside.exists():
        return beside
    builds = [REPOSITORY / ".build" / config / "textrotor" for config in ("debug", "release")]
    builds = [path for path in builds if path.exists()]
    return max(builds, key=lambda path: path.stat().st_mtime) if builds else beside


def test_the_brochure_has_its_detections(brochure):
    detections = brochure.detections
    kinds = [d.kind for d in detections]
    assert len(detections) == 22
    assert (kinds.count("email"), kinds.count("link"), kinds.count("phone"), kinds.count("alert")) == (4, 7, 5, 6)
    phones = [d for d in detections if d.kind == "phone"]
    assert phones[0].text == "(415) 555-0132"
    assert phones[0].value == "tel:+14155550132"
    assert phones[0].source == "text"
    assert 0 < phones[0].confidence <= 1


def test_every_detection_is_its_range_of_the_text(brochure):
    text_utf16 = brochure.text.encode("utf-16-le")
    for d in brochure.detections:
        assert brochure.substring(d.start.utf8, d.end.utf8) == d.text
        # UTF-16 offsets point at the same text (the title's dash makes them differ from UTF-8).
        assert text_utf16[2 * d.start.utf16 : 2 * d.end.utf16].decode("utf-16-le") == d.text
    assert any(d.start.utf16 != d.start.utf8 for d in brochure.detections)


def test_struct_array_and_json_agree(brochure):
    objects = brochure.detections_json()
    assert len(objects) == len(brochure.detections)
    for obj, d in zip(objects, brochure.detections):
        assert (obj["kind"], obj["value"], obj["text"]) == (d.kind, d.value, d.text)
        assert (obj["start"]["utf8"], obj["end"]["utf8"]) == (d.start.utf8, d.end.utf8)
        assert (obj["start"]["utf16"], obj["end"]["utf16"]) == (d.start.utf16, d.end.utf16)
        assert obj["confidence"] == pytest.approx(d.confidence)


def test_the_cli_reports_the_same_detections(brochure):
    binary = cli_binary()
    if not binary.exists():
        pytest.fail(f"no textrotor binary beside {textrotor.library_path()}")
    output = subprocess.run(
        [str(binary), "detect", str(BROCHURE), "--format", "jsonl"], check=True, capture_output=True, text=True
    ).stdout
    cli = [json.loads(line) for line in output.splitlines()]
    assert cli == brochure.detections_json()


def test_kinds_and_region_options():
    document = textrotor.Document.from_text("Ring 020 7946 0018 or mail ann@example.org", kinds=["phone"], region="GB")
    assert [(d.kind, d.value) for d in document.detections] == [("phone", "tel:+442079460018")]
    assert [d.kind for d in document.iter_detections("email")] == []
    everything = textrotor.Document.from_text("Ring 020 7946 0018 or mail ann@example.org", region="GB")
    assert [d.kind for d in everything.iter_detections("email")] == ["email"]


def test_utf16_offsets_of_text_outside_the_bmp():
    document = textrotor.Document.from_text("🎉 café: ann@example.org")
    (email,) = document.detections
    assert email.start.utf8 == len("🎉 café: ".encode())
    assert email.start.utf16 == len("🎉 café: ".encode("utf-16-le")) // 2
    assert email.start.utf8 != email.start.utf16


def test_the_alerts_rotor_iterates_and_moves(brochure):
    alerts = list(brochure.rotor("alerts"))
    assert len(alerts) == 6 == len(brochure.rotor("alerts"))
    assert [a.index for a in alerts] == list(range(6))
    assert alerts[0].label.startswith("East Meadow picnic area closed")
    assert alerts[0].value == "warning"
    assert alerts[1].value == "critical"
    rotor = brochure.rotor("alerts")
    assert rotor.next(alerts[0].start.utf8) == alerts[1]
    assert rotor.previous(alerts[1].start.utf8) == alerts[0]
    assert rotor.previous(alerts[0].start.utf8) is None
    assert rotor.next(alerts[-1].start.utf8) is None
    backward = []
    entry = rotor.previous(len(brochure))
    while entry:
        backward.append(entry)
        entry = rotor.previous(entry.start.utf8)
    assert backward[::-1] == alerts


def test_rotors_match_the_cli_lists(brochure):
    # `textrotor rotor --rotor headings --list`: 10 headings, the first "Spring Trip Guide" at 80.
    headings = list(brochure.rotor("headings"))
    assert len(headings) == 10
    assert (headings[0].label, headings[0].start.utf8, headings[1].label) == ("Spring Trip Guide", 80, "Getting here")
    (table,) = brochure.rotor("tables")
    assert table.start.utf8 == 2035 and table.kind == "table"
    assert list(brochure.rotor("heading6")) == []


def test_speech_text_and_ssml(brochure):
    first = next(iter(brochure.rotor("alerts")))
    spoken = brochure.speak(first.start.utf8, first.end.utf8)
    assert spoken == "East Meadow picnic area closed for maintenance until May 30th. Use the River Bend tables instead."
    ssml = brochure.speak(first.start.utf8, first.end.utf8, format="ssml")
    assert ssml.startswith("<?xml") and ssml.rstrip().endswith("</speak>")
    assert f'<mark name="r{first.start.utf8}-' in ssml
    assert textrotor.Document.from_text("Dilute 1:10.").speak() == "Dilute 1 to 10."


def test_errors_are_exceptions(brochure, tmp_path):
    with pytest.raises(textrotor.InvalidArgumentError, match="region"):
        textrotor.parse(BROCHURE, region="USA")
    with pytest.raises(ValueError, match='unknown kind "fax"'):
        textrotor.parse(BROCHURE, kinds="phone,fax")
    with pytest.raises(textrotor.InvalidArgumentError, match="unknown rotor"):
        brochure.rotor("paragraphs")
    with pytest.raises(textrotor.PositionError, match="past the end"):
        brochure.speak(10**9, 10**9 + 1)
    with pytest.raises(IndexError):
        brochure.rotor("alerts").next(10**9)
    with pytest.raises(textrotor.InvalidArgumentError):
        brochure.speak(format="mp3")
    with pytest.raises(FileNotFoundError):
        textrotor.parse(tmp_path / "missing.html")
    png = tmp_path / "logo.png"
    png.write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01" + bytes(100))
    with pytest.raises(textrotor.DocumentReadError, match=r"logo\.png: binary data"):
        textrotor.parse(png)
    with pytest.raises(textrotor.TextRotorError) as error:
        textrotor.parse(png)
    assert error.value.status == 2


def test_a_closed_document_refuses_calls():
    document = textrotor.Document.from_text("mail ann@example.org")
    document.close()
    with pytest.raises(ValueError, match="closed"):
        document.speak()
    document.close()  # twice is fine


def test_one_document_from_several_threads(brochure):
    counts = []

    def work():
        for _ in range(10):
            counts.append(len(textrotor.Document.detections.fget(brochure)))
            brochure.speak(0, 300)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert counts == [22] * 40


def test_the_library_is_found_by_the_environment_variable(tmp_path):
    code = "import textrotor; print(textrotor.library_path())"
    env = dict(os.environ, TEXTROTOR_LIBRARY=str(tmp_path / "nothing.so"))
    env["PYTHONPATH"] = str(Path(textrotor.__file__).parent.parent)
    result = subprocess.run([sys.executable, "-c", "import textrotor; textrotor.version()"], env=env,
                            capture_output=True, text=True)
    assert result.returncode != 0
    assert "nothing.so" in result.stderr and "TEXTROTOR_LIBRARY" in result.stderr
    env["TEXTROTOR_LIBRARY"] = textrotor.library_path()
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == textrotor.library_path()


@pytest.mark.skipif(not os.environ.get("TEXTROTOR_TEST_INSTALLED"), reason="only for the pip-installed package")
def test_the_installed_package_bundles_its_library():
    package = Path(textrotor.__file__).resolve().parent
    assert REPOSITORY not in package.parents
    assert Path(textrotor.library_path()) == package / "libTextRotorC.so"


def test_without_the_variable_the_build_directory_is_found(tmp_path):
    # The package run from this checkout, no TEXTROTOR_LIBRARY: the repository's .build is used.
    env = {k: v for k, v in os.environ.items() if k != "TEXTROTOR_LIBRARY"}
    env["PYTHONPATH"] = str(REPOSITORY / "bindings" / "python")
    result = subprocess.run(
        [sys.executable, "-c", "import textrotor; print(textrotor.library_path())"], env=env, cwd=tmp_path,
        capture_output=True, text=True, check=True,
    )
    path = Path(result.stdout.strip())
    assert path.name == "libTextRotorC.so" and path.parent.parent == REPOSITORY / ".build"


def _parse_in_a_child(path) -> str:
    """What ``textrotor.parse(path)`` raises, run in a child with a deadline and a 4 GiB address-space
    bound, so that a regression (a FIFO blocking in open(), /dev/zero read for ever) fails the test
    instead of hanging the suite or eating the machine's memory."""
    script = (
        "import resource, sys, textrotor\n"
        "resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))\n"
        "try:\n"
        "    textrotor.parse(sys.argv[1])\n"
        "    print('read')\n"
        "except Exception as error:\n"
        "    print(type(error).__name__, error)\n"
    )
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    result = subprocess.run(
        [sys.executable, "-c", script, str(path)], capture_output=True, text=True, timeout=60, env=environment
    )
    return result.stdout + result.stderr


def test_only_regular_files_are_read_and_dev_zero_is_refused_at_once():
    # Issue 42: parse("/dev/zero") read until the kernel killed Python at 23.6 GB.
    assert _parse_in_a_child("/dev/zero") == "DocumentReadError /dev/zero: not a regular file (a character device)\n"


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "b.txt"
    os.mkfifo(fifo)
    assert _parse_in_a_child(fifo) == f"DocumentReadError {fifo}: not a regular file (a FIFO)\n"


def test_the_size_bound_applies_before_reading(tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"Call +1 415 555 0100 now. " * 100)
    with pytest.raises(textrotor.DocumentReadError, match=r"big\.txt: the input is larger than the limit of 100 bytes"):
        textrotor.parse(big, max_input_bytes=100)
    assert [d.value for d in textrotor.parse(big, max_input_bytes=2600).detections][:1] == ["tel:+14155550100"]
    with pytest.raises(textrotor.InvalidArgumentError):
        textrotor.parse(big, max_input_bytes=0)


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(textrotor.DocumentReadError, match="it is a directory"):
        textrotor.parse(tmp_path)


def test_threads_bound_the_work_and_change_nothing():
    # The C ABI's tr_options.threads (the CLI's --threads): one thread, the default and three give
    # the same detections and speech, on a file and on bytes; a count below 1 is refused.
    path = REPOSITORY / "corpus" / "hiking-checklist.txt"
    results = []
    for threads in (1, None, 3):
        from_file = textrotor.parse(path, threads=threads)
        from_bytes = textrotor.Document(path.read_bytes(), "text", threads=threads)
        results.append((from_file.detections_json(), from_file.speak(), from_bytes.detections_json()))
    assert results[0] == results[1] == results[2]
    for bad in (0, -2, 1.5, True):
        with pytest.raises(textrotor.InvalidArgumentError):
            textrotor.parse(path, threads=bad)
