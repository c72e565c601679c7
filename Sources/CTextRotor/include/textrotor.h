/*
 * textrotor.h — the C ABI of TextRotor (library libTextRotorC.so).
 *
 * Read a document (HTML, XML or plain text) from bytes, get its text, its detections (e-mail
 * addresses, links, phone numbers, alerts) as JSON or as an array of plain structs, move through it
 * with a rotor, and render any range as speech (plain text or SSML).
 *
 * Conventions
 * - Every function that can fail returns a tr_status (TR_OK is 0). When it fails and `error` is not
 *   NULL, *error receives a message (UTF-8, NUL-terminated) that names the problem; free it with
 *   tr_string_free. On failure no other out parameter is written.
 * - Strings are UTF-8 and NUL-terminated. Every string or array this library returns through an out
 *   parameter is owned by the caller and has exactly one free function named beside it.
 *   tr_document_text is the one exception: its text belongs to the document.
 * - Positions are UTF-8 byte offsets into the document text (tr_document_text), not into the input
 *   bytes; detections and rotor entries also carry UTF-16 code unit offsets (NSRange, JavaScript).
 *
 * Thread safety
 * - A tr_document is immutable once tr_document_open returns: any function may be called on the same
 *   document from several threads at once. tr_document_free must not run while another call uses the
 *   document. Separate documents are independent. The library keeps no global mutable state visible
 *   to callers (no "last error"): every error comes back through the call that failed.
 */
#ifndef TEXTROTOR_H
#define TEXTROTOR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What a call returns: TR_OK, or why it failed. */
typedef enum tr_status {
  TR_OK = 0,
  /** A NULL pointer where one is required, an unknown format, kind, rotor name or option value. */
  TR_ERROR_INVALID_ARGUMENT = 1,
  /** The bytes are not a document that can be read (e.g. too large, binary). */
  TR_ERROR_READ = 2,
  /** A position or range outside the document text. */
  TR_ERROR_RANGE = 3,
  /** A rotor move found no entry in that direction (not an error of the caller; *entry is untouched). */
  TR_END_OF_ROTOR = 4,
} tr_status;

/** The input format; TR_FORMAT_AUTO: from tr_options.name's extension, else sniffed from the first bytes (as the CLI). */
typedef enum tr_format {
  TR_FORMAT_AUTO = 0,
  TR_FORMAT_HTML = 1,
  TR_FORMAT_XML = 2,
  TR_FORMAT_TEXT = 3,
  /* 4 is left for Markdown (issue 46). */
  TR_FORMAT_EPUB = 5,
  TR_FORMAT_DOCX = 6,
} tr_format;

/** The output of tr_document_speak. */
typedef enum tr_speech_format {
  TR_SPEECH_TEXT = 0,
  TR_SPEECH_SSML = 1,
} tr_speech_format;

/** How to read and what to detect. Zero-initialize it (or pass NULL) for the CLI's defaults. */
typedef struct tr_options {
  /** ISO 3166 region for national phone numbers ("US", "JP"); NULL: inferred from the document. */
  const char *region;
  /** BCP 47 language assumed when the document names none ("en", "ja"); NULL: none. Also speech's default. */
  const char *locale;
  /** Kinds to detect, comma-separated: "email,link,phone,alert"; NULL or "": all four. */
  const char *kinds;
  /**
   * The input's name in messages ("brochure.html"); under TR_FORMAT_AUTO its extension picks the
   * format (.html/.htm/.xhtml, .xml, .txt/.text/.md) before the first bytes do, as the CLI does for a
   * file. NULL: "<bytes>", and the format is sniffed.
   */
  const char *name;
  /**
   * The threads reading, detection and speech may use: 0, the default (two, as the CLI); 1, none but
   * the caller's (nothing is started); N > 1, up to N. The results are the same either way.
   */
  int threads;
} tr_options;

/** A document read and detected. Opaque; free with tr_document_free. */
typedef struct tr_document tr_document;

/** One detection. Its strings belong to the array returned by tr_document_detections. */
typedef struct tr_detection {
  /** "email", "link", "phone" or "alert". */
  const char *kind;
  /** The exact substring of the document text. */
  const char *text;
  /** Normalized: "mailto:…", an absolute URL, "tel:+E164", an alert severity. */
  const char *value;
  /** "markup" (an <a href>, role="alert"…) or "text". */
  const char *source;
  /** UTF-8 offsets into the document text, start inclusive, end exclusive. */
  size_t start_utf8, end_utf8;
  /** The same range in UTF-16 code units. */
  size_t start_utf16, end_utf16;
  /** 0…1, rounded to two decimals as in the CLI's JSON. */
  double confidence;
} tr_detection;

/** One rotor entry. Its strings are owned by the caller: release them with tr_rotor_entry_clear. */
typedef struct tr_rotor_entry {
  /** The entry's index in its rotor (0-based) and the rotor's number of entries. */
  size_t index, count;
  size_t start_utf8, end_utf8;
  size_t start_utf16, end_utf16;
  /** What a screen reader says for it ("Heavy fog expected on the ridge road…"). */
  char *label;
  /** "heading", "link", "email", "phone", "alert", a landmark role, "list", "table", "image". */
  char *kind;
  /** The target or severity (link URL, tel:…, "critical"), or NULL. */
  char *value;
} tr_rotor_entry;

/** The library version ("0.1.0"), a static string. */
const char *tr_version(void);

/** A static English description of a status ("invalid argument"). */
const char *tr_status_description(tr_status status);

/**
 * Reads `length` bytes as a document of `format` with `options` (NULL for defaults), runs the
 * detectors and builds the rotors. `bytes` may be NULL only when `length` is 0. On success *document
 * receives a document to free with tr_document_free.
 */
tr_status tr_document_open(const uint8_t *bytes, size_t length, tr_format format, const tr_options *options,
                           tr_document **document, char **error);

/**
 * Reads the file at `path` (a file name, never standard input) as tr_document_open reads bytes: under
 * TR_FORMAT_AUTO its extension, else its first bytes, picks the format; messages name the path
 * (options->name is not used). Only a regular file is read: a FIFO, a device or a socket fails at once
 * with TR_ERROR_READ ("PATH: not a regular file (a FIFO)"), without waiting for a writer. A file larger
 * than `max_bytes` (0: the CLI's default, 2 GiB) fails with TR_ERROR_READ before any byte is read; a
 * missing file is TR_ERROR_READ ("PATH: no such file"). Markup is streamed from the file.
 */
tr_status tr_document_open_path(const char *path, size_t max_bytes, tr_format format, const tr_options *options,
                                tr_document **document, char **error);

/** Frees a document; NULL is allowed. */
void tr_document_free(tr_document *document);

/**
 * The document text (what a screen reader reads, UTF-8, NUL-terminated); *length (when not NULL)
 * receives its length in bytes. The pointer stays valid until the document is freed.
 */
const char *tr_document_text(const tr_document *document, size_t *length);

/**
 * The detections as a JSON array, one object per detection in document order, each exactly the
 * object `textrotor detect --format jsonl` prints for it. Free *json with tr_string_free.
 */
tr_status tr_document_detections_json(const tr_document *document, char **json, size_t *length, char **error);

/**
 * The detections as an array of *count structs in document order. Free the array (and its strings)
 * with tr_detections_free. With no detection, *detections is NULL and *count 0.
 */
tr_status tr_document_detections(const tr_document *document, tr_detection **detections, size_t *count,
                                 char **error);

/** Frees an array returned by tr_document_detections; NULL is allowed. */
void tr_detections_free(tr_detection *detections, size_t count);

/**
 * The next entry of rotor `rotor` ("headings", "heading2", "links", "emails", "phones", "alerts",
 * "warnings", "landmarks", "lists", "tables", "images") after UTF-8 position `from`: after the entry
 * containing `from`, else the first starting after it. TR_END_OF_ROTOR when there is none (no
 * wrapping). An unknown rotor name is TR_ERROR_INVALID_ARGUMENT; a known rotor with no entry in this
 * document is TR_END_OF_ROTOR. On TR_OK, release *entry's strings with tr_rotor_entry_clear.
 */
tr_status tr_rotor_next(const tr_document *document, const char *rotor, size_t from, tr_rotor_entry *entry,
                        char **error);

/** The previous entry before UTF-8 position `from`: see tr_rotor_next. */
tr_status tr_rotor_previous(const tr_document *document, const char *rotor, size_t from, tr_rotor_entry *entry,
                            char **error);

/** Frees the strings of an entry filled by tr_rotor_next/previous and sets them to NULL. */
void tr_rotor_entry_clear(tr_rotor_entry *entry);

/**
 * Speech for the UTF-8 range [start, end) of the text: plain text or SSML 1.1 (with a <mark> per
 * source range), as `textrotor speak` renders it. start 0 and end SIZE_MAX speak the whole document;
 * an end past the text is cut to it; a start past the text is TR_ERROR_RANGE. `locale` (NULL: the
 * options' locale, else the document's language, else "en") is the language when the document names
 * none. Free *speech with tr_string_free.
 */
tr_status tr_document_speak(const tr_document *document, size_t start, size_t end, tr_speech_format format,
                            const char *locale, char **speech, size_t *length, char **error);

/** Frees a string returned by this library; NULL is allowed. */
void tr_string_free(char *string);

#ifdef __cplusplus
}
#endif

#endif /* TEXTROTOR_H */
