// CLD2's public header uses FILE without including <cstdio> (DESIGN fact 5).
#include <cstdio>
#include <cstring>
#include <cld2/public/compact_lang_det.h>
#include <cld2/public/encodings.h>

#include "ccld2.h"

// Why this wrapper exists: CLD2 is C++ (overloads, namespace CLD2, a std::vector result type), so
// Swift reaches it through this extern "C" function of plain C types. The CheckUTF8 variant is used
// so that a stray invalid byte yields "unknown" instead of undefined behaviour.
extern "C" int ccld2_identify(const char *utf8, int length, ccld2_result *result) {
  std::memset(result, 0, sizeof *result);
  std::strcpy(result->code, "un");
  if (length <= 0) return 0;
  CLD2::Language language3[3];
  int percent3[3] = {0, 0, 0};
  double scores3[3] = {0, 0, 0};
  int textBytes = 0;
  bool reliable = false;
  int validPrefix = 0;
  CLD2::CLDHints hints = {nullptr, nullptr, CLD2::UNKNOWN_ENCODING, CLD2::UNKNOWN_LANGUAGE};
  CLD2::Language language = CLD2::ExtDetectLanguageSummaryCheckUTF8(
      utf8, length, /*is_plain_text=*/true, &hints, /*flags=*/0, language3, percent3, scores3,
      /*resultchunkvector=*/nullptr, &textBytes, &reliable, &validPrefix);
  const char *code = CLD2::LanguageCode(language);
  if (code != nullptr && std::strlen(code) < sizeof result->code) std::strcpy(result->code, code);
  result->percent = percent3[0];
  result->is_reliable = reliable ? 1 : 0;
  result->text_bytes = textBytes;
  return language != CLD2::UNKNOWN_LANGUAGE ? 1 : 0;
}
