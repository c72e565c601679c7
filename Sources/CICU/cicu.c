// The ICU calls behind include/cicu.h. Each wrapper converts the header's plain C types to ICU's
// (status codes are UErrorCode values, opaque structs are ICU's objects) and calls the
// version-renamed ICU function. See the header for why this target exists.
#include "cicu.h"

#include <unicode/utypes.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uidna.h>
#include <unicode/unum.h>
#include <unicode/unorm2.h>
#include <unicode/uregex.h>
#include <unicode/uloc.h>
#include <unicode/udatpg.h>
#include <unicode/ucol.h>
#include <unicode/usearch.h>
#include <unicode/uscript.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/upluralrules.h>

// The header's constants are ICU's values; a new ICU that changed one would fail here, not at run time.
_Static_assert(CICU_ZERO_ERROR == U_ZERO_ERROR, "status");
_Static_assert(CICU_ILLEGAL_ARGUMENT_ERROR == U_ILLEGAL_ARGUMENT_ERROR, "status");
_Static_assert(CICU_BUFFER_OVERFLOW_ERROR == U_BUFFER_OVERFLOW_ERROR, "status");
_Static_assert(CICU_BREAK_CHARACTER == UBRK_CHARACTER && CICU_BREAK_WORD == UBRK_WORD && CICU_BREAK_LINE == UBRK_LINE
                 && CICU_BREAK_SENTENCE == UBRK_SENTENCE, "break types");
_Static_assert(CICU_PROPERTY_ALPHABETIC == UCHAR_ALPHABETIC, "property");
_Static_assert(CICU_IDNA_USE_STD3_RULES == UIDNA_USE_STD3_RULES && CICU_IDNA_CHECK_BIDI == UIDNA_CHECK_BIDI
                 && CICU_IDNA_CHECK_CONTEXTJ == UIDNA_CHECK_CONTEXTJ
                 && CICU_IDNA_NONTRANSITIONAL_TO_ASCII == UIDNA_NONTRANSITIONAL_TO_ASCII
                 && CICU_IDNA_NONTRANSITIONAL_TO_UNICODE == UIDNA_NONTRANSITIONAL_TO_UNICODE, "IDNA options");
_Static_assert(CICU_NUMBER_DECIMAL == UNUM_DECIMAL && CICU_NUMBER_SPELLOUT == UNUM_SPELLOUT, "number styles");
_Static_assert(CICU_SYMBOL_DECIMAL_SEPARATOR == UNUM_DECIMAL_SEPARATOR_SYMBOL
                 && CICU_SYMBOL_GROUPING_SEPARATOR == UNUM_GROUPING_SEPARATOR_SYMBOL, "number symbols");
_Static_assert(CICU_REGEX_CASE_INSENSITIVE == UREGEX_CASE_INSENSITIVE, "regex flags");
_Static_assert(sizeof(UChar) == sizeof(uint16_t) && sizeof(UChar32) == sizeof(int32_t)
                 && sizeof(UErrorCode) == sizeof(int32_t) && sizeof(UBool) == sizeof(int8_t), "types");

// Runs an ICU call with a UErrorCode seeded from and written back to the caller's int32_t status.
#define WITH_STATUS(status, call)                                                                                     \
  UErrorCode code = (UErrorCode)*(status);                                                                             \
  call;                                                                                                                \
  *(status) = (int32_t)code

const char *cicu_u_errorName(int32_t status) { return u_errorName((UErrorCode)status); }

cicu_break_iterator *cicu_ubrk_open(int32_t type, const char *locale, const uint16_t *text, int32_t textLength,
                                    int32_t *status) {
  WITH_STATUS(status, UBreakIterator *iterator = ubrk_open((UBreakIteratorType)type, locale, text, textLength, &code));
  return (cicu_break_iterator *)iterator;
}
void cicu_ubrk_close(cicu_break_iterator *iterator) { ubrk_close((UBreakIterator *)iterator); }
void cicu_ubrk_setText(cicu_break_iterator *iterator, const uint16_t *text, int32_t textLength, int32_t *status) {
  WITH_STATUS(status, ubrk_setText((UBreakIterator *)iterator, text, textLength, &code));
}
int32_t cicu_ubrk_first(cicu_break_iterator *iterator) { return ubrk_first((UBreakIterator *)iterator); }
int32_t cicu_ubrk_next(cicu_break_iterator *iterator) { return ubrk_next((UBreakIterator *)iterator); }
int32_t cicu_ubrk_getRuleStatus(cicu_break_iterator *iterator) {
  return ubrk_getRuleStatus((UBreakIterator *)iterator);
}

int32_t cicu_u_charDigitValue(int32_t codePoint) { return u_charDigitValue(codePoint); }
int8_t cicu_u_hasBinaryProperty(int32_t codePoint, int32_t property) {
  return u_hasBinaryProperty(codePoint, (UProperty)property) ? 1 : 0;
}
int32_t cicu_uscript_getScript(int32_t codePoint, int32_t *status) {
  WITH_STATUS(status, int32_t script = (int32_t)uscript_getScript(codePoint, &code));
  return script;
}
int32_t cicu_u_charName(int32_t codePoint, char *buffer, int32_t capacity, int32_t *status) {
  WITH_STATUS(status, int32_t length = u_charName(codePoint, U_UNICODE_CHAR_NAME, buffer, capacity, &code));
  return length;
}

cicu_idna *cicu_uidna_openUTS46(uint32_t options, int32_t *status) {
  WITH_STATUS(status, UIDNA *idna = uidna_openUTS46(options, &code));
  return (cicu_idna *)idna;
}
void cicu_uidna_close(cicu_idna *idna) { uidna_close((UIDNA *)idna); }
int32_t cicu_uidna_nameToASCII_UTF8(const cicu_idna *idna, const char *name, int32_t length, char *dest,
                                    int32_t capacity, uint32_t *errors, int32_t *status) {
  UIDNAInfo info = UIDNA_INFO_INITIALIZER;
  WITH_STATUS(status, int32_t n = uidna_nameToASCII_UTF8((const UIDNA *)idna, name, length, dest, capacity, &info,
                                                         &code));
  *errors = info.errors;
  return n;
}
int32_t cicu_uidna_nameToUnicodeUTF8(const cicu_idna *idna, const char *name, int32_t length, char *dest,
                                     int32_t capacity, uint32_t *errors, int32_t *status) {
  UIDNAInfo info = UIDNA_INFO_INITIALIZER;
  WITH_STATUS(status, int32_t n = uidna_nameToUnicodeUTF8((const UIDNA *)idna, name, length, dest, capacity, &info,
                                                          &code));
  *errors = info.errors;
  return n;
}

cicu_number_format *cicu_unum_open(int32_t style, const char *locale, int32_t *status) {
  WITH_STATUS(status, UNumberFormat *format = unum_open((UNumberFormatStyle)style, NULL, 0, locale, NULL, &code));
  return (cicu_number_format *)format;
}
void cicu_unum_close(cicu_number_format *format) { unum_close((UNumberFormat *)format); }
int32_t cicu_unum_formatInt64(const cicu_number_format *format, int64_t number, uint16_t *result, int32_t capacity,
                              int32_t *status) {
  WITH_STATUS(status, int32_t n = unum_formatInt64((const UNumberFormat *)format, number, result, capacity, NULL,
                                                   &code));
  return n;
}
int32_t cicu_unum_formatDecimal(const cicu_number_format *format, const char *number, int32_t length, uint16_t *result,
                                int32_t capacity, int32_t *status) {
  WITH_STATUS(status, int32_t n = unum_formatDecimal((const UNumberFormat *)format, number, length, result, capacity,
                                                     NULL, &code));
  return n;
}
void cicu_unum_setDefaultRuleSet(cicu_number_format *format, const uint16_t *name, int32_t length, int32_t *status) {
  WITH_STATUS(status, unum_setTextAttribute((UNumberFormat *)format, UNUM_DEFAULT_RULESET, name, length, &code));
}
int32_t cicu_unum_getSymbol(const cicu_number_format *format, int32_t symbol, uint16_t *buffer, int32_t capacity,
                            int32_t *status) {
  WITH_STATUS(status, int32_t n = unum_getSymbol((const UNumberFormat *)format, (UNumberFormatSymbol)symbol, buffer,
                                                 capacity, &code));
  return n;
}

const cicu_normalizer *cicu_unorm2_getNFKCInstance(int32_t *status) {
  WITH_STATUS(status, const UNormalizer2 *normalizer = unorm2_getNFKCInstance(&code));
  return (const cicu_normalizer *)normalizer;
}
const cicu_normalizer *cicu_unorm2_getNFCInstance(int32_t *status) {
  WITH_STATUS(status, const UNormalizer2 *normalizer = unorm2_getNFCInstance(&code));
  return (const cicu_normalizer *)normalizer;
}
int32_t cicu_unorm2_normalize(const cicu_normalizer *normalizer, const uint16_t *source, int32_t length,
                              uint16_t *dest, int32_t capacity, int32_t *status) {
  WITH_STATUS(status, int32_t n = unorm2_normalize((const UNormalizer2 *)normalizer, source, length, dest, capacity,
                                                   &code));
  return n;
}

cicu_regex *cicu_uregex_open(const uint16_t *pattern, int32_t length, uint32_t flags, int32_t *status) {
  WITH_STATUS(status, URegularExpression *regex = uregex_open(pattern, length, flags, NULL, &code));
  return (cicu_regex *)regex;
}
void cicu_uregex_close(cicu_regex *regex) { uregex_close((URegularExpression *)regex); }
void cicu_uregex_setText(cicu_regex *regex, const uint16_t *text, int32_t length, int32_t *status) {
  WITH_STATUS(status, uregex_setText((URegularExpression *)regex, text, length, &code));
}
int8_t cicu_uregex_findNext(cicu_regex *regex, int32_t *status) {
  WITH_STATUS(status, UBool found = uregex_findNext((URegularExpression *)regex, &code));
  return found ? 1 : 0;
}
int32_t cicu_uregex_start(cicu_regex *regex, int32_t group, int32_t *status) {
  WITH_STATUS(status, int32_t start = uregex_start((URegularExpression *)regex, group, &code));
  return start;
}
int32_t cicu_uregex_end(cicu_regex *regex, int32_t group, int32_t *status) {
  WITH_STATUS(status, int32_t end = uregex_end((URegularExpression *)regex, group, &code));
  return end;
}
int8_t cicu_uregex_lookingAt(cicu_regex *regex, int32_t *status) {
  WITH_STATUS(status, UBool found = uregex_lookingAt((URegularExpression *)regex, 0, &code));
  return found ? 1 : 0;
}
int32_t cicu_uregex_groupCount(cicu_regex *regex, int32_t *status) {
  WITH_STATUS(status, int32_t count = uregex_groupCount((URegularExpression *)regex, &code));
  return count;
}
cicu_regex *cicu_uregex_clone(const cicu_regex *regex, int32_t *status) {
  WITH_STATUS(status, URegularExpression *copy = uregex_clone((const URegularExpression *)regex, &code));
  return (cicu_regex *)copy;
}

const char *cicu_uloc_getDefault(void) { return uloc_getDefault(); }
int32_t cicu_uloc_addLikelySubtags(const char *locale, char *result, int32_t capacity, int32_t *status) {
  WITH_STATUS(status, int32_t n = uloc_addLikelySubtags(locale, result, capacity, &code));
  return n;
}
int32_t cicu_uloc_getCountry(const char *locale, char *result, int32_t capacity, int32_t *status) {
  WITH_STATUS(status, int32_t n = uloc_getCountry(locale, result, capacity, &code));
  return n;
}
int32_t cicu_uloc_forLanguageTag(const char *tag, char *result, int32_t capacity, int32_t *status) {
  WITH_STATUS(status, int32_t n = uloc_forLanguageTag(tag, result, capacity, NULL, &code));
  return n;
}

cicu_converter *cicu_ucnv_open(const char *name, int32_t *status) {
  WITH_STATUS(status, UConverter *converter = ucnv_open(name, &code));
  return (cicu_converter *)converter;
}
void cicu_ucnv_close(cicu_converter *converter) { ucnv_close((UConverter *)converter); }
void cicu_ucnv_toUnicode(cicu_converter *converter, uint16_t **target, const uint16_t *targetLimit,
                         const char **source, const char *sourceLimit, int32_t *offsets, int8_t flush,
                         int32_t *status) {
  WITH_STATUS(status, ucnv_toUnicode((UConverter *)converter, target, targetLimit, source, sourceLimit, offsets,
                                     flush != 0, &code));
}
int32_t cicu_ucnv_toUCountPending(const cicu_converter *converter, int32_t *status) {
  WITH_STATUS(status, int32_t n = ucnv_toUCountPending((const UConverter *)converter, &code));
  return n;
}
/// Counts an undecodable sequence, then substitutes U+FFFD as ICU's default callback would.
static void cicu_counting_substitute(const void *context, UConverterToUnicodeArgs *args, const char *codeUnits,
                                     int32_t length, UConverterCallbackReason reason, UErrorCode *code) {
  if (reason <= UCNV_IRREGULAR && context != NULL) *(int64_t *)context += 1;
  UCNV_TO_U_CALLBACK_SUBSTITUTE(NULL, args, codeUnits, length, reason, code);
}
void cicu_ucnv_countSubstitutions(cicu_converter *converter, int64_t *counter, int32_t *status) {
  WITH_STATUS(status, ucnv_setToUCallBack((UConverter *)converter, cicu_counting_substitute, counter, NULL, NULL,
                                          &code));
}

cicu_plural_rules *cicu_uplrules_open(const char *locale, int32_t *status) {
  WITH_STATUS(status, UPluralRules *rules = uplrules_open(locale, &code));
  return (cicu_plural_rules *)rules;
}
void cicu_uplrules_close(cicu_plural_rules *rules) { uplrules_close((UPluralRules *)rules); }
int32_t cicu_uplrules_select(const cicu_plural_rules *rules, double number, uint16_t *keyword, int32_t capacity,
                             int32_t *status) {
  WITH_STATUS(status, int32_t n = uplrules_select((const UPluralRules *)rules, number, keyword, capacity, &code));
  return n;
}

int32_t cicu_uloc_getDisplayLanguage(const char *locale, const char *displayLocale, uint16_t *result,
                                     int32_t capacity, int32_t *status) {
  WITH_STATUS(status, int32_t n = uloc_getDisplayLanguage(locale, displayLocale, result, capacity, &code));
  return n;
}

cicu_string_search *cicu_usearch_open_primary(const uint16_t *pattern, int32_t patternLength, const uint16_t *text,
                                              int32_t textLength, const char *locale, int32_t *status) {
  UErrorCode code = (UErrorCode)*status;
  UCollator *collator = ucol_open(locale ? locale : "", &code);
  if (U_FAILURE(code)) {
    *status = (int32_t)code;
    return NULL;
  }
  ucol_setStrength(collator, UCOL_PRIMARY);
  UStringSearch *search = usearch_openFromCollator(pattern, patternLength, text, textLength, collator, NULL, &code);
  if (U_FAILURE(code)) {
    ucol_close(collator);
    *status = (int32_t)code;
    return NULL;
  }
  *status = (int32_t)code;
  return (cicu_string_search *)search;
}
int32_t cicu_usearch_next(cicu_string_search *search, int32_t *status) {
  WITH_STATUS(status, int32_t n = usearch_next((UStringSearch *)search, &code));
  return n == USEARCH_DONE ? -1 : n;
}
int32_t cicu_usearch_getMatchedLength(cicu_string_search *search) {
  return usearch_getMatchedLength((UStringSearch *)search);
}
void cicu_usearch_close(cicu_string_search *search) {
  UCollator *collator = (UCollator *)usearch_getCollator((UStringSearch *)search);
  usearch_close((UStringSearch *)search);
  ucol_close(collator);
}

// The first field of CLDR's best pattern for `skeleton` in `locale`: 2 the year, 1 the month, 0 the
// day, -1 none (or an error, in *status). Quoted literals ('de', 'г.') are text, not fields.
static int32_t first_date_field(const char *locale, const UChar *skeleton, int32_t skeletonLength,
                                int32_t *status) {
  UErrorCode code = (UErrorCode)*status;
  UDateTimePatternGenerator *generator = udatpg_open(locale, &code);
  if (U_FAILURE(code)) {
    *status = code;
    return -1;
  }
  UChar pattern[64];
  int32_t length = udatpg_getBestPattern(generator, skeleton, skeletonLength, pattern, 64, &code);
  udatpg_close(generator);
  *status = code;
  if (U_FAILURE(code)) return -1;
  int quoted = 0;
  for (int32_t i = 0; i < length && i < 64; i++) {
    UChar c = pattern[i];
    if (c == '\'') {
      quoted = !quoted;
    } else if (!quoted && (c == 'y' || c == 'Y' || c == 'u')) {
      return 2;
    } else if (!quoted && (c == 'M' || c == 'L')) {
      return 1;
    } else if (!quoted && c == 'd') {
      return 0;
    }
  }
  return -1;
}

int32_t cicu_date_field_order(const char *locale, int32_t *status) {
  static const UChar skeleton[] = {'y', 'M', 'd'};
  return first_date_field(locale, skeleton, 3, status);
}

int32_t cicu_month_precedes_day(const char *locale, int32_t *status) {
  static const UChar skeleton[] = {'M', 'd'};
  return first_date_field(locale, skeleton, 2, status);
}
