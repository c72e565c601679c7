#include "cmalloc.h"

// Any C library header defines __GLIBC__ on glibc (through <features.h>); <stddef.h> is the
// compiler's and does not.
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int textrotor_malloc_set(textrotor_malloc_setting setting, int value) {
#if defined(__GLIBC__)
  switch (setting) {
  case textrotor_malloc_mmap_threshold: return mallopt(M_MMAP_THRESHOLD, value);
  case textrotor_malloc_trim_threshold: return mallopt(M_TRIM_THRESHOLD, value);
  case textrotor_malloc_arena_max: return mallopt(M_ARENA_MAX, value);
  }
  return 0;
#else
  (void)setting;
  (void)value;
  return 0;
#endif
}

int textrotor_malloc_trim(void) {
#if defined(__GLIBC__)
  return malloc_trim(0);
#else
  return 0;
#endif
}
