internal import CICU

/// Locale facts from ICU: the likely region of a language tag, and the process's default locale.
public enum LocaleInfo {
  /// The ICU form of a BCP 47 tag ("zh-Hans-CN" → "zh_Hans_CN").
  public static func icuLocale(forLanguageTag tag: String) -> String {
    (try? withGrowingCharBuffer(initialCapacity: 64, "uloc_forLanguageTag") { buffer, capacity, status in
      cicu_uloc_forLanguageTag(tag, buffer, capacity, &status)
    }) ?? tag.replacingHyphens()
  }

  /// The region a language tag names itself ("en-GB" → "GB", "es-419" → "419"); nil when it names
  /// none ("en", "zh-Hans"): unlike ``likelyRegion(forLanguageTag:)``, no region is guessed.
  public static func declaredRegion(forLanguageTag tag: String) -> String? {
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
  public static func likelyRegion(forLanguageTag tag: String) -> String? {
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

  /// The process's default ICU locale (from LANG / LC_ALL), e.g. "en_US".
  public static var defaultLocale: String { String(cString: cicu_uloc_getDefault()) }
}
