"""ctypes declarations of include/textrotor.h (Sources/CTextRotor/include/textrotor.h) and the
search for libTextRotorC.so.

The library is looked for, in this order:
1. the path in the environment variable TEXTROTOR_LIBRARY;
2. next to this package (``textrotor/libTextRotorC.so``: ``pip install`` copies it there when the
   repository had built it);
3. the build directory of the repository this package sits in, else of the one the working
   directory is in (``.build/release`` or ``.build/debug``, the newer of the two), found by walking
   up to ``Package.swift``.
"""

from __future__ import annotations

import ctypes
import os
from pathlib import Path

LIBRARY_NAME = "libTextRotorC.so"

TR_OK = 0
TR_ERROR_INVALID_ARGUMENT = 1
TR_ERROR_READ = 2
TR_ERROR_RANGE = 3
TR_END_OF_ROTOR = 4

TR_FORMAT_AUTO, TR_FORMAT_HTML, TR_FORMAT_XML, TR_FORMAT_TEXT = 0, 1, 2, 3
TR_FORMAT_EPUB, TR_FORMAT_DOCX = 5, 6
TR_SPEECH_TEXT, TR_SPEECH_SSML = 0, 1


class Options(ctypes.Structure):
    _fields_ = [
        ("region", ctypes.c_char_p),
        ("locale", ctypes.c_char_p),
        ("kinds", ctypes.c_char_p),
        ("name", ctypes.c_char_p),
        ("threads", ctypes.c_int),
    ]


class DetectionStruct(ctypes.Structure):
    _fields_ = [
        ("kind", ctypes.c_char_p),
        ("text", ctypes.c_char_p),
        ("value", ctypes.c_char_p),
        ("source", ctypes.c_char_p),
        ("start_utf8", ctypes.c_size_t),
        ("end_utf8", ctypes.c_size_t),
        ("start_utf16", ctypes.c_size_t),
        ("end_utf16", ctypes.c_size_t),
        ("confidence", ctypes.c_double),
    ]


class RotorEntryStruct(ctypes.Structure):
    # char * fields as c_void_p: ctypes would copy a c_char_p and lose the pointer to free.
    _fields_ = [
        ("index", ctypes.c_size_t),
        ("count", ctypes.c_size_t),
        ("start_utf8", ctypes.c_size_t),
        ("end_utf8", ctypes.c_size_t),
        ("start_utf16", ctypes.c_size_t),
        ("end_utf16", ctypes.c_size_t),
        ("label", ctypes.c_void_p),
        ("kind", ctypes.c_void_p),
        ("value", ctypes.c_void_p),
    ]


def candidates() -> list[Path]:
    """Where the library is looked for, in order (see the module's documentation)."""
    found: list[Path] = []
    explicit = os.environ.get("TEXTROTOR_LIBRARY")
    if explicit:
        return [Path(explicit)]
    here = Path(__file__).resolve().parent
    found.append(here / LIBRARY_NAME)
    # The repository: the one this package sits in, else the one the working directory is in.
    for start in (here, Path.cwd().resolve()):
        root = next((d for d in [start, *start.parents] if (d / "Package.swift").is_file()), None)
        if root is not None:
            builds = [root / ".build" / config / LIBRARY_NAME for config in ("release", "debug")]
            builds = [path for path in builds if path.is_file()]
            found.extend(sorted(builds, key=lambda path: path.stat().st_mtime, reverse=True))
            break
    return found


def load() -> ctypes.CDLL:
    """Loads libTextRotorC.so and declares every function's signature."""
    tried = candidates()
    path = next((path for path in tried if path.is_file()), None)
    if path is None:
        places = ", ".join(str(path) for path in tried) or "(nowhere)"
        raise OSError(
            f"{LIBRARY_NAME} not found (looked at {places}): build it with `swift build -c release` "
            "in the repository, or set TEXTROTOR_LIBRARY to its path"
        )
    lib = ctypes.CDLL(str(path))
    c = ctypes
    out_string = c.POINTER(c.c_void_p)
    lib.tr_version.restype = c.c_char_p
    lib.tr_version.argtypes = []
    lib.tr_status_description.restype = c.c_char_p
    lib.tr_status_description.argtypes = [c.c_int]
    lib.tr_document_open.restype = c.c_int
    lib.tr_document_open.argtypes = [
        c.c_char_p, c.c_size_t, c.c_int, c.POINTER(Options), c.POINTER(c.c_void_p), out_string,
    ]
    lib.tr_document_open_path.restype = c.c_int
    lib.tr_document_open_path.argtypes = [
        c.c_char_p, c.c_size_t, c.c_int, c.POINTER(Options), c.POINTER(c.c_void_p), out_string,
    ]
    lib.tr_document_free.restype = None
    lib.tr_document_free.argtypes = [c.c_void_p]
    lib.tr_document_text.restype = c.c_void_p
    lib.tr_document_text.argtypes = [c.c_void_p, c.POINTER(c.c_size_t)]
    lib.tr_document_detections_json.restype = c.c_int
    lib.tr_document_detections_json.argtypes = [c.c_void_p, out_string, c.POINTER(c.c_size_t), out_string]
    lib.tr_document_detections.restype = c.c_int
    lib.tr_document_detections.argtypes = [
        c.c_void_p, c.POINTER(c.POINTER(DetectionStruct)), c.POINTER(c.c_size_t), out_string,
    ]
    lib.tr_detections_free.restype = None
    lib.tr_detections_free.argtypes = [c.POINTER(DetectionStruct), c.c_size_t]
    for name in ("tr_rotor_next", "tr_rotor_previous"):
        function = getattr(lib, name)
        function.restype = c.c_int
        function.argtypes = [c.c_void_p, c.c_char_p, c.c_size_t, c.POINTER(RotorEntryStruct), out_string]
    lib.tr_rotor_entry_clear.restype = None
    lib.tr_rotor_entry_clear.argtypes = [c.POINTER(RotorEntryStruct)]
    lib.tr_document_speak.restype = c.c_int
    lib.tr_document_speak.argtypes = [
        c.c_void_p, c.c_size_t, c.c_size_t, c.c_int, c.c_char_p, out_string, c.POINTER(c.c_size_t), out_string,
    ]
    lib.tr_string_free.restype = None
    lib.tr_string_free.argtypes = [c.c_void_p]
    lib.path = str(path)
    return lib
