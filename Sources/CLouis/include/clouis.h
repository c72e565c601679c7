// CLouis: the liblouis calls TextRotor uses, behind a header of plain C types.
//
// Why a C target: liblouis is not thread-safe (its translator keeps state in globals and caches
// compiled tables process-wide), so every call here takes one process-wide lock; liblouis logs to
// standard error by default, so the first call silences it; and its widechar is 32-bit only on
// Debian's UCS-4 build, which clouis.c checks. Swift sees uint32_t code points and int arrays.
#ifndef CLOUIS_H
#define CLOUIS_H

#include <stdint.h>

#pragma clang assume_nonnull begin

// Translation modes (liblouis's translationModes; clouis.c checks that they are equal).
#define CLOUIS_NO_CONTRACTIONS 1
#define CLOUIS_COMPBRL_AT_CURSOR 2
#define CLOUIS_DOTS_IO 4
#define CLOUIS_COMP8_DOTS 8
#define CLOUIS_PASS1_ONLY 16
#define CLOUIS_COMPBRL_LEFT_CURSOR 32
#define CLOUIS_UC_BRL 64
#define CLOUIS_NO_UNDEFINED 128
#define CLOUIS_PARTIAL_TRANS 256

// Typeforms (liblouis's typeforms).
#define CLOUIS_EMPH_1 0x0001
#define CLOUIS_COMPUTER_BRAILLE 0x0400
#define CLOUIS_NO_TRANSLATE 0x0800
#define CLOUIS_NO_CONTRACT 0x1000

/// liblouis's version ("3.24.0").
const char *clouis_version(void);

/// Why: the table list must compile before a translation is tried, so a bad `--table` is a clear
/// error, not an empty output. 1 when every table in the comma-separated list compiles.
int32_t clouis_check_table(const char *tableList);

/// Why: lou_findTable indexes the tables on first use and logs while doing it. The best table
/// for a metadata query ("language:en grade:2"), as a path written into `buffer` (NUL-ended);
/// 0 when none matches or the buffer is too small.
int32_t clouis_find_table(const char *query, char *buffer, int32_t capacity);

/// Why: lou_getTableInfo returns memory the caller frees with free(). One metadata value of a
/// table ("language", "dots", "grade"), written into `buffer`; 0 when the table has no such key.
int32_t clouis_table_info(const char *table, const char *key, char *buffer, int32_t capacity);

/// Why: one lock around lou_translate, which is not reentrant. Translates `input[0..<inputLength]`
/// into `output` (capacity `*outputLength`; on return the cells written). `inputPositions` (same
/// capacity as output, may be NULL) gets, for each output cell, the input index it came from;
/// `typeform` (inputLength entries, may be NULL) marks emphasis and computer braille. On return
/// `*consumed` is how much input was translated: less than inputLength means the output was too
/// small (call again with more room). 1 on success.
int32_t clouis_translate(const char *tableList, const uint32_t *input, int32_t inputLength,
                         int32_t *consumed, uint32_t *output, int32_t *outputLength,
                         uint16_t *_Nullable typeform, int32_t *_Nullable inputPositions, int32_t mode);

/// Cells of a batch of passages from clouis_translate_guarded: `counts[i]` cells for passage i
/// (-1 when liblouis failed or did not finish), one passage's after another in `cells`, and for
/// each cell the index in its passage of the character it came from in `positions`. Freed with
/// clouis_batch_free.
typedef struct {
  uint32_t *_Nullable cells;
  int32_t *_Nullable positions;
  int32_t *_Nullable counts;
  int32_t passages;
} clouis_batch;

#define CLOUIS_BATCH_DONE 0
#define CLOUIS_BATCH_UNFINISHED 1
#define CLOUIS_BATCH_FAILED 2

/// Why: liblouis 3.24 can loop forever (`c ->a@` with the German tables: doCompbrl moves back to a
/// stale word start, fixed upstream in 3.25), and a thread cannot be stopped inside it. So
/// translation runs in a worker process, forked on first use (it inherits the compiled tables),
/// fed over a socket: the `passages` of `input` (lengths in `lengths`; `typeform` alongside the
/// characters, may be NULL), all with `tableList` and `mode`, each grown as clouis_translate's
/// caller does until its whole input is consumed. When the answer is not complete within
/// `deadlineMicroseconds`, or the worker dies (liblouis crashed), the worker is killed (the next
/// call starts another) and CLOUIS_BATCH_UNFINISHED is returned. When no process can be forked,
/// translation runs in this process. CLOUIS_BATCH_FAILED: out of memory.
int32_t clouis_translate_guarded(const char *tableList, int32_t mode, const uint32_t *input, const int32_t *lengths,
                                 int32_t passages, const uint16_t *_Nullable typeform, int64_t deadlineMicroseconds,
                                 clouis_batch *result);

/// The worker's process id, 0 when none runs (for tests: the worker outlives the thread that forked it).
int32_t clouis_worker_process(void);

/// Frees what clouis_translate_guarded allocated.
void clouis_batch_free(clouis_batch *batch);

/// Why: one lock around lou_backTranslate. Braille cells to text, with the same conventions as
/// clouis_translate (`inputPositions`: for each text character, the cell index it came from).
int32_t clouis_back_translate(const char *tableList, const uint32_t *input, int32_t inputLength,
                              int32_t *consumed, uint32_t *output, int32_t *outputLength,
                              int32_t *_Nullable inputPositions, int32_t mode);

/// Why: one lock around lou_hyphenate. Hyphenation points of one word: hyphens[i] is '1' where a
/// break may come before input[i], else '0' (inputLength + 1 bytes). 1 on success (the table has
/// hyphenation patterns and the word could be hyphenated).
int32_t clouis_hyphenate(const char *tableList, const uint32_t *input, int32_t inputLength, char *hyphens);

/// Why: the emphasis classes a table declares ("italic", "underline", "bold"…), in order: class i is
/// typeform CLOUIS_EMPH_1 << i. Writes up to `capacity` names joined by '\n' into `buffer`.
int32_t clouis_emphasis_classes(const char *tableList, char *buffer, int32_t capacity);

/// What a file name names, from stat(2) (symbolic links followed), for checking a table name
/// before liblouis opens it: liblouis reads whatever it is given (/dev/zero ran it out of memory
/// and into a segfault, a FIFO blocked it forever).
#define CLOUIS_FILE_MISSING 0
#define CLOUIS_FILE_REGULAR 1
#define CLOUIS_FILE_UNREADABLE 2
#define CLOUIS_FILE_DIRECTORY 3
#define CLOUIS_FILE_FIFO 4
#define CLOUIS_FILE_CHARACTER_DEVICE 5
#define CLOUIS_FILE_BLOCK_DEVICE 6
#define CLOUIS_FILE_SOCKET 7
#define CLOUIS_FILE_OTHER 8

/// Why: the Braille module has no Foundation; stat(2) and a non-blocking open tell a regular,
/// readable file from a device, a FIFO or a folder without reading or waiting. One of
/// CLOUIS_FILE_*; with `openRegular` a regular file is opened (O_NONBLOCK) and closed to check
/// that it is readable (without it, a regular file is CLOUIS_FILE_REGULAR unopened).
int32_t clouis_file_kind(const char *path, int32_t openRegular);

/// Why: liblouis's own list of tables (lou_listTables, which indexes its table path once) gives
/// the folders its tables live in; with the folders of LOUIS_TABLEPATH, they are where a bare table
/// name may resolve. Writes the distinct folders, '\n'-joined, into `buffer`; returns how many bytes.
int32_t clouis_table_folders(char *buffer, int32_t capacity);

#pragma clang assume_nonnull end

#endif
