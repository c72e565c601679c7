// CICU: the ICU calls TextRotor uses, behind a header of plain C types.
//
// Why a C target at all: ICU renames every function with its version (`#define ubrk_open
// ubrk_open_72`) and Swift does not import function-like renaming macros, so `ubrk_open` would be
// "not in scope"; the wrappers are compiled in C (cicu.c), where the macro applies.
// Why plain C types in this header (int32_t for UErrorCode and enums, uint16_t for UChar, opaque
// structs for ICU's objects): Swift modules that import Foundation also see Foundation's own ICU
// (_FoundationICU); if this header included <unicode/…>, any such module that (even indirectly)
// loads CICU would hold two definitions of `UErrorCode` and fail to build. With no ICU type here,
// UnicodeSupport imports CICU with a plain `internal import` and the build has no warnings.
// cicu.c checks with _Static_assert that every constant below equals ICU's.
#ifndef CICU_H
#define CICU_H

#include <stdint.h>

#pragma clang assume_nonnull begin

// MARK: status codes (ICU's UErrorCode values; a failure is any value above zero)
#define CICU_ZERO_ERROR 0
#define CICU_ILLEGAL_ARGUMENT_ERROR 1
#define CICU_BUFFER_OVERFLOW_ERROR 15

/// Why: u_errorName is version-renamed; the name of a status code ("U_ILLEGAL_ARGUMENT_ERROR").
const char *cicu_u_errorName(int32_t status);

// MARK: break iteration (grapheme, word, sentence, line)
#define CICU_BREAK_CHARACTER 0
#define CICU_BREAK_WORD 1
#define CICU_BREAK_LINE 2
#define CICU_BREAK_SENTENCE 3
/// An ICU UBreakIterator.
typedef struct cicu_break_iterator cicu_break_iterator;
/// Why: ubrk_open is version-renamed. `type` is one of CICU_BREAK_*.
cicu_break_iterator *_Nullable cicu_ubrk_open(int32_t type, const char *_Nullable locale,
                                              const uint16_t *_Nullable text, int32_t textLength, int32_t *status);
/// Why: ubrk_close is version-renamed.
void cicu_ubrk_close(cicu_break_iterator *iterator);
/// Why: ubrk_setText is version-renamed.
void cicu_ubrk_setText(cicu_break_iterator *iterator, const uint16_t *_Nullable text, int32_t textLength,
                       int32_t *status);
/// Why: ubrk_first is version-renamed.
int32_t cicu_ubrk_first(cicu_break_iterator *iterator);
/// Why: ubrk_next is version-renamed; -1 after the last boundary.
int32_t cicu_ubrk_next(cicu_break_iterator *iterator);
/// Why: ubrk_getRuleStatus is version-renamed.
int32_t cicu_ubrk_getRuleStatus(cicu_break_iterator *iterator);

// MARK: character properties (code points as int32_t, ICU's UChar32)
#define CICU_PROPERTY_ALPHABETIC 0
/// Why: u_charDigitValue is version-renamed.
int32_t cicu_u_charDigitValue(int32_t codePoint);
/// Why: u_hasBinaryProperty is version-renamed; `property` is one of CICU_PROPERTY_*. Returns 0 or 1.
int8_t cicu_u_hasBinaryProperty(int32_t codePoint, int32_t property);
/// Why: uscript_getScript is version-renamed; returns ICU's numeric UScriptCode.
int32_t cicu_uscript_getScript(int32_t codePoint, int32_t *status);
/// Why: u_charName is version-renamed; writes the Unicode name ("RATIO") as ASCII.
int32_t cicu_u_charName(int32_t codePoint, char *buffer, int32_t capacity, int32_t *status);

// MARK: IDNA (UTS #46)
#define CICU_IDNA_USE_STD3_RULES 0x2
#define CICU_IDNA_CHECK_BIDI 0x4
#define CICU_IDNA_CHECK_CONTEXTJ 0x8
#define CICU_IDNA_NONTRANSITIONAL_TO_ASCII 0x10
#define CICU_IDNA_NONTRANSITIONAL_TO_UNICODE 0x20
/// An ICU UIDNA.
typedef struct cicu_idna cicu_idna;
/// Why: uidna_openUTS46 is version-renamed. `options` combines CICU_IDNA_*.
cicu_idna *_Nullable cicu_uidna_openUTS46(uint32_t options, int32_t *status);
/// Why: uidna_close is version-renamed.
void cicu_uidna_close(cicu_idna *idna);
/// Why: uidna_nameToASCII_UTF8 is version-renamed; `errors` receives the UTS #46 error bits.
int32_t cicu_uidna_nameToASCII_UTF8(const cicu_idna *idna, const char *name, int32_t length, char *dest,
                                    int32_t capacity, uint32_t *errors, int32_t *status);
/// Why: uidna_nameToUnicodeUTF8 is version-renamed; `errors` receives the UTS #46 error bits.
int32_t cicu_uidna_nameToUnicodeUTF8(const cicu_idna *idna, const char *name, int32_t length, char *dest,
                                     int32_t capacity, uint32_t *errors, int32_t *status);

// MARK: number formatting and rule-based spell-out
#define CICU_NUMBER_DECIMAL 1
#define CICU_NUMBER_SPELLOUT 5
#define CICU_SYMBOL_DECIMAL_SEPARATOR 0
#define CICU_SYMBOL_GROUPING_SEPARATOR 1
/// An ICU UNumberFormat.
typedef struct cicu_number_format cicu_number_format;
/// Why: unum_open is version-renamed; `style` is CICU_NUMBER_SPELLOUT (number words) or CICU_NUMBER_DECIMAL.
cicu_number_format *_Nullable cicu_unum_open(int32_t style, const char *_Nullable locale, int32_t *status);
/// Why: unum_close is version-renamed.
void cicu_unum_close(cicu_number_format *format);
/// Why: unum_formatInt64 is version-renamed; writes UTF-16.
int32_t cicu_unum_formatInt64(const cicu_number_format *format, int64_t number, uint16_t *result, int32_t capacity,
                              int32_t *status);
/// Why: unum_formatDecimal is version-renamed; formats a decimal string exactly (keeps "1.50").
int32_t cicu_unum_formatDecimal(const cicu_number_format *format, const char *number, int32_t length, uint16_t *result,
                                int32_t capacity, int32_t *status);
/// Why: unum_setTextAttribute(UNUM_DEFAULT_RULESET) is version-renamed; selects a spell-out rule set
/// by its UTF-16 name ("%spellout-ordinal" for "twenty-fifth").
void cicu_unum_setDefaultRuleSet(cicu_number_format *format, const uint16_t *name, int32_t length, int32_t *status);
/// Why: unum_getSymbol is version-renamed; `symbol` is one of CICU_SYMBOL_*.
int32_t cicu_unum_getSymbol(const cicu_number_format *format, int32_t symbol, uint16_t *buffer, int32_t capacity,
                            int32_t *status);

// MARK: normalization
/// An ICU UNormalizer2 (a shared instance: never freed).
typedef struct cicu_normalizer cicu_normalizer;
/// Why: unorm2_getNFKCInstance is version-renamed.
const cicu_normalizer *_Nullable cicu_unorm2_getNFKCInstance(int32_t *status);
/// Why: unorm2_getNFCInstance is version-renamed.
const cicu_normalizer *_Nullable cicu_unorm2_getNFCInstance(int32_t *status);
/// Why: unorm2_normalize is version-renamed.
int32_t cicu_unorm2_normalize(const cicu_normalizer *normalizer, const uint16_t *source, int32_t length,
                              uint16_t *dest, int32_t capacity, int32_t *status);

// MARK: regular expressions (custom rotors)
#define CICU_REGEX_CASE_INSENSITIVE 2
/// An ICU URegularExpression.
typedef struct cicu_regex cicu_regex;
/// Why: uregex_open is version-renamed. `flags` combines CICU_REGEX_*.
cicu_regex *_Nullable cicu_uregex_open(const uint16_t *pattern, int32_t length, uint32_t flags, int32_t *status);
/// Why: uregex_close is version-renamed.
void cicu_uregex_close(cicu_regex *regex);
/// Why: uregex_setText is version-renamed. The text must outlive the matching.
void cicu_uregex_setText(cicu_regex *regex, const uint16_t *text, int32_t length, int32_t *status);
/// Why: uregex_findNext is version-renamed. Returns 0 or 1.
int8_t cicu_uregex_findNext(cicu_regex *regex, int32_t *status);
/// Why: uregex_start is version-renamed.
int32_t cicu_uregex_start(cicu_regex *regex, int32_t group, int32_t *status);
/// Why: uregex_end is version-renamed.
int32_t cicu_uregex_end(cicu_regex *regex, int32_t group, int32_t *status);
/// Why: uregex_lookingAt is version-renamed. A match at the start of the text (from index 0); 0 or 1.
int8_t cicu_uregex_lookingAt(cicu_regex *regex, int32_t *status);
/// Why: uregex_groupCount is version-renamed.
int32_t cicu_uregex_groupCount(cicu_regex *regex, int32_t *status);
/// Why: uregex_clone is version-renamed. Cloning a compiled pattern is thread-safe; each clone has
/// its own text and match state.
cicu_regex *_Nullable cicu_uregex_clone(const cicu_regex *regex, int32_t *status);

// MARK: locales
/// Why: uloc_getDefault is version-renamed.
const char *cicu_uloc_getDefault(void);
/// Why: uloc_addLikelySubtags is version-renamed; "zh" → "zh_Hans_CN" gives a region for phone numbers.
int32_t cicu_uloc_addLikelySubtags(const char *locale, char *result, int32_t capacity, int32_t *status);
/// Why: uloc_getCountry is version-renamed.
int32_t cicu_uloc_getCountry(const char *locale, char *result, int32_t capacity, int32_t *status);
/// Why: uloc_forLanguageTag is version-renamed (BCP 47 "zh-Hans-CN" → ICU "zh_Hans_CN").
int32_t cicu_uloc_forLanguageTag(const char *tag, char *result, int32_t capacity, int32_t *status);
/// Why: udatpg_* is version-renamed and wants UChar patterns; this asks CLDR's date-time pattern generator for
/// the locale's month-and-day pattern (skeleton "Md": "M/d" in en_US, "dd/MM" in en_GB) and says which field it
/// writes first: 1 the month, 0 the day, -1 neither (status set on an ICU failure).
int32_t cicu_month_precedes_day(const char *locale, int32_t *status);
/// Why: as cicu_month_precedes_day, for CLDR's numeric year-month-day pattern (skeleton "yMd": "M/d/y" in
/// en-US, "dd/MM/y" in en-GB, "y/M/d" in ja and zh, "d.M.y" in de): 0 day first, 1 month first (day
/// before year), 2 year first, -1 when ICU has no pattern.
int32_t cicu_date_field_order(const char *locale, int32_t *status);

/// Why: uloc_getDisplayLanguage is version-renamed; a language's name in `displayLocale` ("fr" in
/// "fr" → "français"), as UTF-16.
int32_t cicu_uloc_getDisplayLanguage(const char *locale, const char *displayLocale, uint16_t *result,
                                     int32_t capacity, int32_t *status);

// MARK: collation search (browse's find: case- and diacritic-insensitive)
/// An ICU UStringSearch with its own collator.
typedef struct cicu_string_search cicu_string_search;
/// Why: usearch_open and ucol_setStrength are version-renamed. Opens a search for `pattern` in `text`
/// with `locale`'s collation at primary strength (base letters only: case and accents ignored).
cicu_string_search *_Nullable cicu_usearch_open_primary(const uint16_t *pattern, int32_t patternLength,
                                                        const uint16_t *text, int32_t textLength,
                                                        const char *_Nullable locale, int32_t *status);
/// Why: usearch_next is version-renamed; the next match's UTF-16 start, or -1 when there is none.
int32_t cicu_usearch_next(cicu_string_search *search, int32_t *status);
/// Why: usearch_getMatchedLength is version-renamed.
int32_t cicu_usearch_getMatchedLength(cicu_string_search *search);
/// Why: usearch_close is version-renamed; closes the search and its collator.
void cicu_usearch_close(cicu_string_search *search);

// MARK: converters (legacy encodings, UTF-16 and UTF-32 → UTF-16, streamed chunk by chunk)
/// An ICU UConverter.
typedef struct cicu_converter cicu_converter;
/// Why: ucnv_open is version-renamed.
cicu_converter *_Nullable cicu_ucnv_open(const char *name, int32_t *status);
/// Why: ucnv_close is version-renamed.
void cicu_ucnv_close(cicu_converter *converter);
/// Why: ucnv_toUnicode is version-renamed. `offsets` receives, for each UTF-16 unit written, the index
/// in this call's source of the byte that began its character (-1 for bytes left from a previous call),
/// which keeps the source map pointing at the original input bytes. `flush` is 0 or 1.
void cicu_ucnv_toUnicode(cicu_converter *converter, uint16_t *_Nonnull *_Nonnull target, const uint16_t *targetLimit,
                         const char *_Nonnull *_Nonnull source, const char *sourceLimit, int32_t *_Nullable offsets,
                         int8_t flush, int32_t *status);
/// Why: ucnv_toUCountPending is version-renamed; the bytes a converter holds back (a character cut by
/// the chunk boundary) tell where the next chunk's first character really starts.
int32_t cicu_ucnv_toUCountPending(const cicu_converter *converter, int32_t *status);
/// Why: installs a to-Unicode callback that counts every undecodable sequence in `*counter` before
/// substituting U+FFFD (ICU's own substitute callback), so the reader can say how many bytes were
/// replaced. `counter` must outlive the converter.
void cicu_ucnv_countSubstitutions(cicu_converter *converter, int64_t *counter, int32_t *status);

// MARK: plural rules
/// An ICU UPluralRules.
typedef struct cicu_plural_rules cicu_plural_rules;
/// Why: uplrules_open is version-renamed. Browse announcements pick "1 link" / "2 links" (and Arabic's
/// six forms) by the CLDR plural category ICU computes for a count.
cicu_plural_rules *_Nullable cicu_uplrules_open(const char *locale, int32_t *status);
/// Why: uplrules_close is version-renamed.
void cicu_uplrules_close(cicu_plural_rules *rules);
/// Why: uplrules_select is version-renamed; it writes the category keyword ("one", "few"…) as UTF-16.
int32_t cicu_uplrules_select(const cicu_plural_rules *rules, double number, uint16_t *keyword, int32_t capacity,
                             int32_t *status);

#pragma clang assume_nonnull end
#endif
