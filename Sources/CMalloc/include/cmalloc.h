#ifndef CMALLOC_H
#define CMALLOC_H

#include <stddef.h>

/// Process-wide malloc settings for the textrotor CLI, and only for it: a library never changes how
/// the process allocates. glibc's `mallopt` and `malloc_trim` are not in Swift's Glibc module; these
/// wrappers take named settings (glibc's M_* constants are used in cmalloc.c) and do nothing where
/// the C library is not glibc.

/// The settings `textrotor_malloc_set` changes (glibc's M_MMAP_THRESHOLD, M_TRIM_THRESHOLD, M_ARENA_MAX).
typedef enum {
  /// Blocks of at least this many bytes are mapped on their own (and unmapped when freed).
  textrotor_malloc_mmap_threshold = 0,
  /// Free bytes at the top of the heap kept before they are given back.
  textrotor_malloc_trim_threshold = 1,
  /// The most arenas threads allocate from.
  textrotor_malloc_arena_max = 2,
} textrotor_malloc_setting;

/// Why: mallopt, by a named setting; returns 1 when it was applied, 0 otherwise (or not glibc).
int textrotor_malloc_set(textrotor_malloc_setting setting, int value);

/// Why: malloc_trim(0): gives free heap pages back to the system; returns 1 when some were.
int textrotor_malloc_trim(void);

#endif
