"""TextRotor from Python: documents made navigable and speakable (a ctypes binding over the C ABI,
libTextRotorC.so).

>>> import textrotor
>>> brochure = textrotor.parse("corpus/park-trip-brochure.html")
>>> [d.value for d in brochure.detections if d.kind == "phone"][:1]
['tel:+14155550132']
>>> for alert in brochure.rotor("alerts"):
...     print(alert.label)
>>> brochure.speak(alert.start.utf8, alert.end.utf8)

Positions are UTF-8 byte offsets into ``Document.text`` (``Position.utf8``); ``Position.utf16`` is the
same place in UTF-16 code units. ``Document.text`` is a ``str``: slice it with ``Document.substring``.
"""

from __future__ import annotations

import ctypes
import json
import os
from dataclasses import dataclass
from typing import Iterable, Iterator, Optional, Union

from . import _native

__all__ = [
    "parse",
    "Document",
    "Detection",
    "RotorEntry",
    "Rotor",
    "Position",
    "TextRotorError",
    "InvalidArgumentError",
    "DocumentReadError",
    "PositionError",
    "library_path",
    "version",
]

_FORMATS = {
    None: _native.TR_FORMAT_AUTO,
    "auto": _native.TR_FORMAT_AUTO,
    "html": _native.TR_FORMAT_HTML,
    "xml": _native.TR_FORMAT_XML,
    "text": _native.TR_FORMAT_TEXT,
    "epub": _native.TR_FORMAT_EPUB,
    "docx": _native.TR_FORMAT_DOCX,
}
_SIZE_MAX = ctypes.c_size_t(-1).value


@dataclass(frozen=True)
class _FilePath:
    """A file for the library to open (``parse``), with its size bound (0: the library's default)."""

    path: str
    max_bytes: int


class TextRotorError(Exception):
    """An error from the library; ``status`` is the C status code, the message says what went wrong."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


class InvalidArgumentError(TextRotorError, ValueError):
    """An unknown format, kind, rotor name, a malformed region or locale (TR_ERROR_INVALID_ARGUMENT)."""


class DocumentReadError(TextRotorError):
    """The input is not a readable document: binary data, too large, malformed (TR_ERROR_READ)."""


class PositionError(TextRotorError, IndexError):
    """A position or range outside the document text (TR_ERROR_RANGE)."""


_ERRORS = {
    _native.TR_ERROR_INVALID_ARGUMENT: InvalidArgumentError,
    _native.TR_ERROR_READ: DocumentReadError,
    _native.TR_ERROR_RANGE: PositionError,
}

_lib: Optional[ctypes.CDLL] = None


def _library() -> ctypes.CDLL:
    global _lib
    if _lib is None:
        _lib = _native.load()
    return _lib


def library_path() -> str:
    """The path of the libTextRotorC.so in use."""
    return _library().path


def version() -> str:
    """The C library's version."""
    return _library().tr_version().decode()


def _take_string(pointer: ctypes.c_void_p, length: Optional[int] = None) -> str:
    """Copies a string the library returned into Python and frees it."""
    if not pointer.value:
        return ""
    try:
        raw = ctypes.string_at(pointer.value, length) if length is not None else ctypes.string_at(pointer.value)
        return raw.decode("utf-8")
    finally:
        _library().tr_string_free(pointer)


def _check(status: int, error: ctypes.c_void_p) -> None:
    if status == _native.TR_OK:
        return
    message = _take_string(error) if error.value else _library().tr_status_description(status).decode()
    raise _ERRORS.get(status, TextRotorError)(message, status)


def _encode(value: Optional[str]) -> Optional[bytes]:
    return None if value is None else value.encode("utf-8")


@dataclass(frozen=True)
class Position:
    """A place in the document text: UTF-8 byte offset and UTF-16 code unit offset."""

    utf8: int
    utf16: int


@dataclass(frozen=True)
class Detection:
    """An e-mail address, link, phone number or alert found in the document."""

    kind: str
    text: str
    value: str
    source: str
    start: Position
    end: Position
    confidence: float


@dataclass(frozen=True)
class RotorEntry:
    """One stop of a rotor: its place, what a screen reader says for it, its target or severity."""

    index: int
    count: int
    start: Position
    end: Position
    label: str
    kind: str
    value: Optional[str]


class Rotor:
    """A rotor of one document ("headings", "links", "alerts"…): iterate it for every entry in order,
    or move with ``next(position)`` and ``previous(position)`` (UTF-8 positions)."""

    def __init__(self, document: "Document", name: str) -> None:
        self.document = document
        self.name = name
        # An unknown name fails now, not at the first move.
        self._move(_library().tr_rotor_next, 0)

    def next(self, position: int) -> Optional[RotorEntry]:
        """The entry after ``position`` (after the entry containing it), or None at the end."""
        return self._move(_library().tr_rotor_next, position)

    def previous(self, position: int) -> Optional[RotorEntry]:
        """The entry before ``position`` (before the entry containing it), or None at the start."""
        return self._move(_library().tr_rotor_previous, position)

    def __iter__(self) -> Iterator[RotorEntry]:
        position = 0
        entry = self._move(_library().tr_rotor_next, position)
        # The first move from 0 skips an entry that starts at 0 only if another contains it: take
        # the entry containing 0 first, when there is one, by stepping back from it.
        if entry is not None and entry.index > 0:
            first = self._move(_library().tr_rotor_previous, entry.start.utf8)
            while first is not None and first.index > 0:
                first = self._move(_library().tr_rotor_previous, first.start.utf8)
            entry = first or entry
        while entry is not None:
            yield entry
            entry = self._move(_library().tr_rotor_next, entry.start.utf8)

    def __len__(self) -> int:
        entry = self._move(_library().tr_rotor_next, 0) or self._move(_library().tr_rotor_previous, len(self.document))
        return entry.count if entry else 0

    def _move(self, function, position: int) -> Optional[RotorEntry]:
        if position < 0:
            raise PositionError(f"position {position} is negative", _native.TR_ERROR_RANGE)
        entry = _native.RotorEntryStruct()
        error = ctypes.c_void_p()
        status = function(self.document._handle(), self.name.encode(), position, ctypes.byref(entry), ctypes.byref(error))
        if status == _native.TR_END_OF_ROTOR:
            return None
        _check(status, error)
        try:
            return RotorEntry(
                index=entry.index,
                count=entry.count,
                start=Position(entry.start_utf8, entry.start_utf16),
                end=Position(entry.end_utf8, entry.end_utf16),
                label=ctypes.string_at(entry.label).decode("utf-8"),
                kind=ctypes.string_at(entry.kind).decode("utf-8"),
                value=ctypes.string_at(entry.value).decode("utf-8") if entry.value else None,
            )
        finally:
            _library().tr_rotor_entry_clear(ctypes.byref(entry))


class Document:
    """A document read and detected: its text, detections, rotors and speech.

    Use it as a context manager or call ``close()`` to free it at once; otherwise it is freed when
    garbage-collected. One document may be used from several threads (the C library's promise).
    """

    def __init__(
        self,
        data: Union[bytes, bytearray, memoryview],
        format: Optional[str] = None,
        *,
        name: Optional[str] = None,
        region: Optional[str] = None,
        locale: Optional[str] = None,
        kinds: Union[str, Iterable[str], None] = None,
        threads: Optional[int] = None,
    ) -> None:
        if format not in _FORMATS:
            raise InvalidArgumentError(
                f"unknown format {format!r}: use 'html', 'xml', 'text' or None", _native.TR_ERROR_INVALID_ARGUMENT
            )
        if kinds is not None and not isinstance(kinds, str):
            kinds = ",".join(kinds)
        self.name = name
        self.locale = locale
        if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int) or threads < 1):
            raise InvalidArgumentError(
                f"threads takes 1 or more (got {threads!r})", _native.TR_ERROR_INVALID_ARGUMENT
            )
        # 0: the library's default (two, as the CLI); 1: no thread but the caller's.
        options = _native.Options(_encode(region), _encode(locale), _encode(kinds), _encode(name), threads or 0)
        handle = ctypes.c_void_p()
        error = ctypes.c_void_p()
        if isinstance(data, _FilePath):
            # The library opens the file: regular files only, the size bound before any byte is read.
            status = _library().tr_document_open_path(
                os.fsencode(data.path), data.max_bytes, _FORMATS[format], ctypes.byref(options),
                ctypes.byref(handle), ctypes.byref(error),
            )
        else:
            data = bytes(data)
            status = _library().tr_document_open(
                data, len(data), _FORMATS[format], ctypes.byref(options), ctypes.byref(handle), ctypes.byref(error)
            )
        _check(status, error)
        self._pointer: Optional[ctypes.c_void_p] = handle
        length = ctypes.c_size_t()
        text_pointer = _library().tr_document_text(handle, ctypes.byref(length))
        self._text_bytes = ctypes.string_at(text_pointer, length.value)
        self._text: Optional[str] = None
        self._detections: Optional[list[Detection]] = None

    @classmethod
    def from_text(cls, text: str, **options) -> "Document":
        """A document from a Python string (read as plain text unless ``format`` says otherwise)."""
        options.setdefault("format", "text")
        return cls(text.encode("utf-8"), **options)

    def _handle(self) -> ctypes.c_void_p:
        if self._pointer is None:
            raise ValueError("the document is closed")
        return self._pointer

    def close(self) -> None:
        """Frees the C document; later calls that need it raise ValueError."""
        if self._pointer is not None and _lib is not None:
            _lib.tr_document_free(self._pointer)
        self._pointer = None

    def __enter__(self) -> "Document":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    def __len__(self) -> int:
        """The length of the text in UTF-8 bytes (the unit of positions)."""
        return len(self._text_bytes)

    @property
    def text(self) -> str:
        """The text a screen reader reads, in reading order."""
        if self._text is None:
            self._text = self._text_bytes.decode("utf-8")
        return self._text

    def substring(self, start: int, end: int) -> str:
        """The text between two UTF-8 positions."""
        return self._text_bytes[start:end].decode("utf-8")

    @property
    def detections(self) -> list[Detection]:
        """E-mail addresses, links, phone numbers and alerts, in document order."""
        if self._detections is None:
            array = ctypes.POINTER(_native.DetectionStruct)()
            count = ctypes.c_size_t()
            error = ctypes.c_void_p()
            _check(
                _library().tr_document_detections(
                    self._handle(), ctypes.byref(array), ctypes.byref(count), ctypes.byref(error)
                ),
                error,
            )
            try:
                self._detections = [
                    Detection(
                        kind=item.kind.decode(),
                        text=item.text.decode("utf-8"),
                        value=item.value.decode("utf-8"),
                        source=item.source.decode(),
                        start=Position(item.start_utf8, item.start_utf16),
                        end=Position(item.end_utf8, item.end_utf16),
                        confidence=item.confidence,
                    )
                    for item in (array[index] for index in range(count.value))
                ]
            finally:
                _library().tr_detections_free(array, count.value)
        return list(self._detections)

    def iter_detections(self, *kinds: str) -> Iterator[Detection]:
        """The detections of these kinds (all when none is named), in document order."""
        return (d for d in self.detections if not kinds or d.kind in kinds)

    def detections_json(self) -> list[dict]:
        """The detections as the objects ``textrotor detect --format jsonl`` prints (parsed JSON)."""
        out = ctypes.c_void_p()
        length = ctypes.c_size_t()
        error = ctypes.c_void_p()
        status = _library().tr_document_detections_json(
            self._handle(), ctypes.byref(out), ctypes.byref(length), ctypes.byref(error)
        )
        _check(status, error)
        return json.loads(_take_string(out, length.value))

    def rotor(self, name: str) -> Rotor:
        """A rotor by name: headings, heading1…heading6, links, emails, phones, alerts, warnings,
        landmarks, lists, tables, images, blockquotes, listitems."""
        return Rotor(self, name)

    def speak(
        self, start: Optional[int] = None, end: Optional[int] = None, *, format: str = "text", locale: Optional[str] = None
    ) -> str:
        """Speech for the UTF-8 range [start, end) (the whole document by default) as plain text or
        SSML ("ssml"), as ``textrotor speak`` renders it."""
        formats = {"text": _native.TR_SPEECH_TEXT, "ssml": _native.TR_SPEECH_SSML}
        if format not in formats:
            raise InvalidArgumentError(f"unknown speech format {format!r}: use 'text' or 'ssml'", 1)
        first = 0 if start is None else start
        last = _SIZE_MAX if end is None else end
        if first < 0 or last < 0:
            raise PositionError(f"negative position in {first}..{last}", _native.TR_ERROR_RANGE)
        out = ctypes.c_void_p()
        length = ctypes.c_size_t()
        error = ctypes.c_void_p()
        status = _library().tr_document_speak(
            self._handle(), first, last, formats[format], _encode(locale), ctypes.byref(out), ctypes.byref(length),
            ctypes.byref(error),
        )
        _check(status, error)
        return _take_string(out, length.value)


def parse(
    path: Union[str, os.PathLike],
    format: Optional[str] = None,
    *,
    region: Optional[str] = None,
    locale: Optional[str] = None,
    kinds: Union[str, Iterable[str], None] = None,
    max_input_bytes: Optional[int] = None,
    threads: Optional[int] = None,
) -> Document:
    """Reads a file as ``textrotor`` does: the format from ``format``, else the extension (.html, .xml,
    .txt…), else the first bytes. A missing file raises FileNotFoundError; bytes that are not a
    document raise DocumentReadError naming the file.

    Only regular files are read, as by the CLI: a FIFO, a device (``/dev/zero``) or a socket raises
    DocumentReadError at once ("PATH: not a regular file (a FIFO)"), and a file larger than
    ``max_input_bytes`` (default 2 GiB, the CLI's ``--max-input-bytes``) raises DocumentReadError
    before any byte is read. The library opens and streams the file itself. ``threads`` bounds the
    threads reading, detection and speech may use (the CLI's ``--threads``; default two, 1: none but
    the caller's); the results are the same either way."""
    path = os.fspath(path)
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    if max_input_bytes is not None and max_input_bytes < 1:
        raise InvalidArgumentError(
            f"max_input_bytes takes 1 or more (got {max_input_bytes})", _native.TR_ERROR_INVALID_ARGUMENT
        )
    # FileNotFoundError (and PermissionError on a folder on the way) as open() raises them; stat never
    # opens the file, so a FIFO cannot block here.
    os.stat(path)
    bound = 0 if max_input_bytes is None else max_input_bytes  # 0: the library's default
    return Document(
        _FilePath(path, bound), format, name=path, region=region, locale=locale, kinds=kinds, threads=threads
    )
