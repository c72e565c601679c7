#ifndef CCLD2_H
#define CCLD2_H

/* The one call TextRotor makes into CLD2 (Compact Language Detector 2, Debian libcld2-dev), behind
 * plain C types: CLD2's own header is C++ (namespace CLD2, std::vector), which Swift cannot import
 * without C++ interoperability, and it must not leak into the Detection module's interface. */

#ifdef __cplusplus
extern "C" {
#endif

/* What CLD2 says about one stretch of UTF-8 text. */
typedef struct ccld2_result {
  /* The BCP 47-style code of the most likely language ("ja", "zh", "zh-Hant", "de"), NUL-terminated;
   * "un" when CLD2 does not know. */
  char code[16];
  /* The share of the scored text in that language, 0…100. */
  int percent;
  /* CLD2's own verdict: 1 when the text was long and clear enough to trust the answer. */
  int is_reliable;
  /* How many bytes of letters CLD2 scored (spaces, digits and punctuation are not scored). */
  int text_bytes;
} ccld2_result;

/* Identifies the language of `length` bytes of valid UTF-8 plain text at `utf8` (not NUL-terminated).
 * Invalid UTF-8 gives "un", not a crash. Returns 1 when a language was found, 0 otherwise.
 * Thread-safe: CLD2 keeps no state between calls. */
int ccld2_identify(const char *_Nonnull utf8, int length, ccld2_result *_Nonnull result);

#ifdef __cplusplus
}
#endif

#endif
