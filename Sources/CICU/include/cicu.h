// CICU: static inline wrappers around the ICU calls TextRotor uses.
//
// Why wrappers at all: ICU renames every function with its version (`#define ubrk_open ubrk_open_72`)
// and Swift does not import function-like renaming macros, so `ubrk_open` would be "not in scope".
// A static inline function is compiled in C, where the macro applies, and Swift imports the wrapper.
// Only modules that do not import Foundation may import this one (Foundation bundles its own ICU
// headers; see docs/ARCHITECTURE.md).
#ifndef CICU_H
#define CICU_H

#include <unicode/utypes.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uidna.h>
#include <unicode/unum.h>
#include <unicode/unorm2.h>
#include <unicode/uregex.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>
#include <unicode/uscript.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/upluralrules.h>

#pragma clang assume_nonnull begin

// MARK: errors
/// Why: u_errorName is version-renamed.
static inline const char *cicu_u_errorName(UErrorCode code) { return u_errorName(code); }

// MARK: break iteration (grapheme, word, sentence, line)
/// Why: ubrk_open is version-renamed.
static inline UBreakIterator *_Nullable cicu_ubrk_open(UBreakIteratorType type, const char *_Nullable locale,
                                                       const UChar *_Nullable text, int32_t textLength,
                                                       UErrorCode *status) {
  return ubrk_open(type, locale, text, textLength, status);
}
/// Why: ubrk_close is version-renamed.
static inline void cicu_ubrk_close(UBreakIterator *bi) { ubrk_close(bi); }
/// Why: ubrk_setText is version-renamed.
static inline void cicu_ubrk_setText(UBreakIterator *bi, const UChar *_Nullable text, int32_t textLength,
                                     UErrorCode *status) {
  ubrk_setText(bi, text, textLength, status);
}
/// Why: ubrk_first is version-renamed.
static inline int32_t cicu_ubrk_first(UBreakIterator *bi) { return ubrk_first(bi); }
/// Why: ubrk_next is version-renamed.
static inline int32_t cicu_ubrk_next(UBreakIterator *bi) { return ubrk_next(bi); }
/// Why: ubrk_following is version-renamed.
static inline int32_t cicu_ubrk_following(UBreakIterator *bi, int32_t offset) { return ubrk_following(bi, offset); }
/// Why: ubrk_preceding is version-renamed.
static inline int32_t cicu_ubrk_preceding(UBreakIterator *bi, int32_t offset) { return ubrk_preceding(bi, offset); }
/// Why: ubrk_getRuleStatus is version-renamed.
static inline int32_t cicu_ubrk_getRuleStatus(UBreakIterator *bi) { return ubrk_getRuleStatus(bi); }

// MARK: character properties
/// Why: u_charDigitValue is version-renamed.
static inline int32_t cicu_u_charDigitValue(UChar32 c) { return u_charDigitValue(c); }
/// Why: u_charType is version-renamed; returns UCharCategory as int8.
static inline int8_t cicu_u_charType(UChar32 c) { return u_charType(c); }
/// Why: u_getIntPropertyValue is version-renamed.
static inline int32_t cicu_u_getIntPropertyValue(UChar32 c, UProperty which) { return u_getIntPropertyValue(c, which); }
/// Why: u_hasBinaryProperty is version-renamed.
static inline UBool cicu_u_hasBinaryProperty(UChar32 c, UProperty which) { return u_hasBinaryProperty(c, which); }
/// Why: uscript_getScript is version-renamed.
static inline int32_t cicu_uscript_getScript(UChar32 c, UErrorCode *status) { return (int32_t)uscript_getScript(c, status); }
/// Why: u_charName is version-renamed.
static inline int32_t cicu_u_charName(UChar32 c, char *buffer, int32_t capacity, UErrorCode *status) {
  return u_charName(c, U_UNICODE_CHAR_NAME, buffer, capacity, status);
}

// MARK: IDNA (UTS #46)
/// Why: uidna_openUTS46 is version-renamed.
static inline UIDNA *_Nullable cicu_uidna_openUTS46(uint32_t options, UErrorCode *status) {
  return uidna_openUTS46(options, status);
}
/// Why: uidna_close is version-renamed.
static inline void cicu_uidna_close(UIDNA *idna) { uidna_close(idna); }
/// Why: uidna_nameToASCII_UTF8 is version-renamed; info is filled with the UTS #46 error bits.
static inline int32_t cicu_uidna_nameToASCII_UTF8(const UIDNA *idna, const char *name, int32_t length, char *dest,
                                                  int32_t capacity, uint32_t *errors, UErrorCode *status) {
  UIDNAInfo info = UIDNA_INFO_INITIALIZER;
  int32_t n = uidna_nameToASCII_UTF8(idna, name, length, dest, capacity, &info, status);
  *errors = info.errors;
  return n;
}
/// Why: uidna_nameToUnicodeUTF8 is version-renamed.
static inline int32_t cicu_uidna_nameToUnicodeUTF8(const UIDNA *idna, const char *name, int32_t length, char *dest,
                                                   int32_t capacity, uint32_t *errors, UErrorCode *status) {
  UIDNAInfo info = UIDNA_INFO_INITIALIZER;
  int32_t n = uidna_nameToUnicodeUTF8(idna, name, length, dest, capacity, &info, status);
  *errors = info.errors;
  return n;
}

// MARK: number formatting and rule-based spell-out
/// Why: unum_open is version-renamed; style UNUM_SPELLOUT gives number words.
static inline UNumberFormat *_Nullable cicu_unum_open(UNumberFormatStyle style, const char *_Nullable locale,
                                                      UErrorCode *status) {
  return unum_open(style, NULL, 0, locale, NULL, status);
}
/// Why: unum_close is version-renamed.
static inline void cicu_unum_close(UNumberFormat *fmt) { unum_close(fmt); }
/// Why: unum_formatInt64 is version-renamed.
static inline int32_t cicu_unum_formatInt64(const UNumberFormat *fmt, int64_t number, UChar *result,
                                            int32_t capacity, UErrorCode *status) {
  return unum_formatInt64(fmt, number, result, capacity, NULL, status);
}
/// Why: unum_formatDecimal is version-renamed; formats a decimal string exactly (keeps "1.50").
static inline int32_t cicu_unum_formatDecimal(const UNumberFormat *fmt, const char *number, int32_t length,
                                              UChar *result, int32_t capacity, UErrorCode *status) {
  return unum_formatDecimal(fmt, number, length, result, capacity, NULL, status);
}
/// Why: unum_setTextAttribute is version-renamed; selects a rule set such as "%spellout-numbering".
static inline void cicu_unum_setTextAttribute(UNumberFormat *fmt, UNumberFormatTextAttribute tag,
                                              const UChar *value, int32_t length, UErrorCode *status) {
  unum_setTextAttribute(fmt, tag, value, length, status);
}
/// Why: unum_getTextAttribute is version-renamed.
static inline int32_t cicu_unum_getTextAttribute(const UNumberFormat *fmt, UNumberFormatTextAttribute tag,
                                                 UChar *result, int32_t capacity, UErrorCode *status) {
  return unum_getTextAttribute(fmt, tag, result, capacity, status);
}
/// Why: unum_getSymbol is version-renamed; gives a locale's decimal and grouping separators.
static inline int32_t cicu_unum_getSymbol(const UNumberFormat *fmt, UNumberFormatSymbol symbol, UChar *buffer,
                                          int32_t capacity, UErrorCode *status) {
  return unum_getSymbol(fmt, symbol, buffer, capacity, status);
}

// MARK: normalization
/// Why: unorm2_getNFKCInstance is version-renamed.
static inline const UNormalizer2 *_Nullable cicu_unorm2_getNFKCInstance(UErrorCode *status) {
  return unorm2_getNFKCInstance(status);
}
/// Why: unorm2_getNFCInstance is version-renamed.
static inline const UNormalizer2 *_Nullable cicu_unorm2_getNFCInstance(UErrorCode *status) {
  return unorm2_getNFCInstance(status);
}
/// Why: unorm2_normalize is version-renamed.
static inline int32_t cicu_unorm2_normalize(const UNormalizer2 *norm, const UChar *src, int32_t length, UChar *dest,
                                            int32_t capacity, UErrorCode *status) {
  return unorm2_normalize(norm, src, length, dest, capacity, status);
}
/// Why: unorm2_isNormalized is version-renamed.
static inline UBool cicu_unorm2_isNormalized(const UNormalizer2 *norm, const UChar *src, int32_t length,
                                            UErrorCode *status) {
  return unorm2_isNormalized(norm, src, length, status);
}

// MARK: regular expressions (custom rotors)
/// Why: uregex_open is version-renamed.
static inline URegularExpression *_Nullable cicu_uregex_open(const UChar *pattern, int32_t length, uint32_t flags,
                                                             UErrorCode *status) {
  return uregex_open(pattern, length, flags, NULL, status);
}
/// Why: uregex_close is version-renamed.
static inline void cicu_uregex_close(URegularExpression *re) { uregex_close(re); }
/// Why: uregex_setText is version-renamed. The text must outlive the matching.
static inline void cicu_uregex_setText(URegularExpression *re, const UChar *text, int32_t length, UErrorCode *status) {
  uregex_setText(re, text, length, status);
}
/// Why: uregex_findNext is version-renamed.
static inline UBool cicu_uregex_findNext(URegularExpression *re, UErrorCode *status) { return uregex_findNext(re, status); }
/// Why: uregex_start is version-renamed.
static inline int32_t cicu_uregex_start(URegularExpression *re, int32_t group, UErrorCode *status) {
  return uregex_start(re, group, status);
}
/// Why: uregex_end is version-renamed.
static inline int32_t cicu_uregex_end(URegularExpression *re, int32_t group, UErrorCode *status) {
  return uregex_end(re, group, status);
}

// MARK: locales
/// Why: uloc_getDefault is version-renamed.
static inline const char *cicu_uloc_getDefault(void) { return uloc_getDefault(); }
/// Why: uloc_addLikelySubtags is version-renamed; "zh" → "zh_Hans_CN" gives a region for phone numbers.
static inline int32_t cicu_uloc_addLikelySubtags(const char *locale, char *result, int32_t capacity,
                                                 UErrorCode *status) {
  return uloc_addLikelySubtags(locale, result, capacity, status);
}
/// Why: uloc_getCountry is version-renamed.
static inline int32_t cicu_uloc_getCountry(const char *locale, char *result, int32_t capacity, UErrorCode *status) {
  return uloc_getCountry(locale, result, capacity, status);
}
/// Why: uloc_forLanguageTag is version-renamed (BCP 47 "zh-Hans-CN" → ICU "zh_Hans_CN").
static inline int32_t cicu_uloc_forLanguageTag(const char *tag, char *result, int32_t capacity, UErrorCode *status) {
  return uloc_forLanguageTag(tag, result, capacity, NULL, status);
}

// MARK: converters (legacy encodings, UTF-16 and UTF-32 → UTF-16, streamed chunk by chunk)
/// Why: ucnv_open is version-renamed.
static inline UConverter *_Nullable cicu_ucnv_open(const char *name, UErrorCode *status) {
  return ucnv_open(name, status);
}
/// Why: ucnv_close is version-renamed.
static inline void cicu_ucnv_close(UConverter *converter) { ucnv_close(converter); }
/// Why: ucnv_toUnicode is version-renamed. `offsets` receives, for each UTF-16 unit written, the index
/// in this call's source of the byte that began its character (-1 for bytes left from a previous call),
/// which keeps the source map pointing at the original input bytes.
static inline void cicu_ucnv_toUnicode(UConverter *converter, UChar *_Nonnull *_Nonnull target, const UChar *targetLimit,
                                       const char *_Nonnull *_Nonnull source, const char *sourceLimit,
                                       int32_t *_Nullable offsets, UBool flush, UErrorCode *status) {
  ucnv_toUnicode(converter, target, targetLimit, source, sourceLimit, offsets, flush, status);
}
/// Why: ucnv_toUCountPending is version-renamed; the bytes a converter holds back (a character cut by
/// the chunk boundary) tell where the next chunk's first character really starts.
static inline int32_t cicu_ucnv_toUCountPending(const UConverter *converter, UErrorCode *status) {
  return ucnv_toUCountPending(converter, status);
}
/// Why: a to-Unicode callback that counts every undecodable sequence before substituting U+FFFD (ICU's
/// own substitute callback), so the reader can say how many bytes were replaced. `counter` must outlive
/// the converter.
static inline void cicu_counting_substitute(const void *_Nullable context, UConverterToUnicodeArgs *args,
                                            const char *_Nullable codeUnits, int32_t length,
                                            UConverterCallbackReason reason, UErrorCode *status) {
  if (reason <= UCNV_IRREGULAR && context != NULL) *(int64_t *)context += 1;
  UCNV_TO_U_CALLBACK_SUBSTITUTE(NULL, args, codeUnits, length, reason, status);
}
/// Why: installs cicu_counting_substitute (ucnv_setToUCallBack is version-renamed and takes a C function).
static inline void cicu_ucnv_countSubstitutions(UConverter *converter, int64_t *counter, UErrorCode *status) {
  ucnv_setToUCallBack(converter, cicu_counting_substitute, counter, NULL, NULL, status);
}

// MARK: plural rules
/// Why: uplrules_open is version-renamed. Browse announcements pick "1 link" / "2 links" (and Arabic's
/// six forms) by the CLDR plural category ICU computes for a count.
static inline UPluralRules *_Nullable cicu_uplrules_open(const char *locale, UErrorCode *status) {
  return uplrules_open(locale, status);
}
/// Why: uplrules_close is version-renamed.
static inline void cicu_uplrules_close(UPluralRules *rules) { uplrules_close(rules); }
/// Why: uplrules_select is version-renamed; it writes the category keyword ("one", "few"…) as UTF-16.
static inline int32_t cicu_uplrules_select(const UPluralRules *rules, double number, UChar *keyword, int32_t capacity,
                                           UErrorCode *status) {
  return uplrules_select(rules, number, keyword, capacity, status);
}

#pragma clang assume_nonnull end
#endif
