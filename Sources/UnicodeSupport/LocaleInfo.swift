internal import CICU
internal import ParallelSupport

/// Locale facts from ICU: the likely region of a language tag, and the process's default locale.
package enum LocaleInfo {
  /// The ICU form of a BCP 47 tag ("zh-Hans-CN" → "zh_Hans_CN").
  package static func icuLocale(forLanguageTag tag: String) -> String {
    (try? withGrowingCharBuffer(initialCapacity: 64, "uloc_forLanguageTag") { buffer, capacity, status in
      cicu_uloc_forLanguageTag(tag, buffer, capacity, &status)
    }) ?? tag.replacingHyphens()
  }

  /// The region a language tag names itself ("en-GB" → "GB", "es-419" → "419"); nil when it names
  /// none ("en", "zh-Hans"): unlike ``likelyRegion(forLanguageTag:)``, no region is guessed.
  package static func declaredRegion(forLanguageTag tag: String) -> String? {
    let locale = icuLocale(forLanguageTag: tag)
    guard
      let region = try? withGrowingCharBuffer(
        initialCapacity: 8, "uloc_getCountry",
        { buffer, capacity, status in
          cicu_uloc_getCountry(locale, buffer, capacity, &status)
        }),
      !region.isEmpty
    else { return nil }
    return region
  }

  /// The likely ISO 3166 region of a language tag: "ja" → "JP", "zh" → "CN", "en" → "US", "vi" → "VN",
  /// "ar" → "EG"; nil when ICU has no likely region.
  package static func likelyRegion(forLanguageTag tag: String) -> String? {
    let locale = icuLocale(forLanguageTag: tag)
    guard
      let maximized = try? withGrowingCharBuffer(
        initialCapacity: 64, "uloc_addLikelySubtags",
        { buffer, capacity, status in
          cicu_uloc_addLikelySubtags(locale, buffer, capacity, &status)
        }),
      let region = try? withGrowingCharBuffer(
        initialCapacity: 8, "uloc_getCountry",
        { buffer, capacity, status in
          cicu_uloc_getCountry(maximized, buffer, capacity, &status)
        }),
      region.count == 2
    else { return nil }
    return region
  }

  /// Whether the locale writes a numeric date's month before its day, as CLDR's month-and-day pattern
  /// for it does ("M/d" in en-US and en-PH, "dd/MM" in en-GB and most of the world, "M月d日" in ja,
  /// "d/M" in vi); the region comes from the tag or, when it names none, its likely region ("en" is
  /// en-US). Day first when CLDR has no pattern.
  ///
  /// - Complexity: one ICU pattern generator per distinct tag, cached for the process.
  package static func monthPrecedesDay(forLanguageTag tag: String) -> Bool {
    if let known = monthOrder.withValue({ $0[tag] }) { return known }
    var locale = icuLocale(forLanguageTag: tag)
    if declaredRegion(forLanguageTag: tag) == nil, let region = likelyRegion(forLanguageTag: tag) {
      let maximized = try? withGrowingCharBuffer(initialCapacity: 64, "uloc_addLikelySubtags") {
        buffer, capacity, status in cicu_uloc_addLikelySubtags(locale, buffer, capacity, &status)
      }
      locale = maximized ?? "\(locale)_\(region)"
    }
    var status: Int32 = 0
    let monthFirst = cicu_month_precedes_day(locale, &status) == 1
    monthOrder.withValue { $0[tag] = monthFirst }
    return monthFirst
  }

  /// ``monthPrecedesDay(forLanguageTag:)``'s answers, by tag (a handful per process).
  private static let monthOrder = LockedValue<[String: Bool]>([:])

  /// The process's default ICU locale (from LANG / LC_ALL), e.g. "en_US".
  package static var defaultLocale: String { String(cString: cicu_uloc_getDefault()) }
}
