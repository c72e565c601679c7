// CLibZip: the libzip calls TextRotor uses to read EPUB and DOCX containers, behind a header of plain
// C types.
//
// Why a C target: libzip's types and flags (zip_t, zip_stat_t and its valid-field bits, ZIP_EM_NONE)
// are handled in C, where every macro is visible; Swift gets non-variadic functions of plain types.
// Why in memory: an archive is opened from the bytes already read (zip_source_buffer), so nothing
// inside it is ever written to or opened on disk, whatever its entry names say.
#ifndef CLIBZIP_H
#define CLIBZIP_H

#include <stddef.h>
#include <stdint.h>

#pragma clang assume_nonnull begin

/// An open archive (libzip's zip_t, read-only, over a buffer the caller keeps alive).
typedef struct clz_archive clz_archive;
/// An entry opened for reading (libzip's zip_file_t).
typedef struct clz_file clz_file;

/// What the central directory says about one entry.
typedef struct {
  /// The entry's name as stored (raw bytes, NUL-terminated, owned by the archive).
  const char *_Nullable name;
  /// The declared inflated size (never trusted alone: reads stop there).
  uint64_t size;
  /// The declared compressed size.
  uint64_t compressedSize;
  /// Nonzero when the entry is encrypted (its encryption method is not ZIP_EM_NONE).
  int encrypted;
  /// libzip's compression method (0 stored, 8 deflate…).
  int method;
} clz_entry;

/// Why: zip_source_buffer_create + zip_open_from_source, read-only, over
/// `bytes` (which must outlive the archive). NULL on failure, with libzip's reason in `message`.
clz_archive *_Nullable clz_open(const void *bytes, uint64_t length, char *message, size_t messageSize);
/// Why: zip_discard (read-only: nothing is written back).
void clz_close(clz_archive *archive);
/// Why: zip_get_num_entries, the entry count the central directory declares.
int64_t clz_count(clz_archive *archive);
/// Why: zip_stat_index with the valid-field bits checked in C; 0 on success.
int clz_stat(clz_archive *archive, uint64_t index, clz_entry *entry);
/// Why: zip_fopen_index; NULL on failure (libzip's reason via clz_archive_error).
clz_file *_Nullable clz_open_entry(clz_archive *archive, uint64_t index);
/// Why: zip_fread; the bytes read, 0 at the end, -1 on an error (clz_file_error says which).
int64_t clz_read(clz_file *file, void *buffer, uint64_t count);
/// Why: zip_fclose.
void clz_close_entry(clz_file *file);
/// Why: zip_error_strerror of the archive's last error.
const char *clz_archive_error(clz_archive *archive);
/// Why: zip_error_strerror of an open entry's last error (a CRC mismatch, a truncated stream…).
const char *clz_file_error(clz_file *file);

#pragma clang assume_nonnull end

#endif
