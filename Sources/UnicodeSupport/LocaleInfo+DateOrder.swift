internal import CICU
internal import ParallelSupport

/// The order a locale writes a numeric date's fields in, from CLDR.
package enum DateFieldOrder: Sendable, Equatable {
  /// "16/10/2026" (en-GB, fr, de, vi, ar…).
  case dayMonthYear
  /// "10/16/2026" (en-US, en-PH).
  case monthDayYear
  /// "2026/10/16" (ja, zh, ko).
  case yearMonthDay
}

extension LocaleInfo {
  /// The order of a numeric date's fields in the locale, from CLDR's year-month-day pattern (ICU's
  /// pattern generator, skeleton "yMd": "M/d/y" in en-US, "dd/MM/y" in en-GB, "y/M/d" in ja and zh,
  /// "d.M.y" in de, "d/M/y" in vi); the region comes from the tag or, when it names none, its likely
  /// region ("en" is en-US). Day first when CLDR has no pattern.
  ///
  /// One mechanism for every language: the speech of "05/06", "11/17/05" and "26/04/18" asks it.
  ///
  /// - Complexity: one ICU pattern generator per distinct tag, cached for the process.
  package static func dateFieldOrder(forLanguageTag tag: String) -> DateFieldOrder {
    if let known = fieldOrders.withValue({ $0[tag] }) { return known }
    var locale = icuLocale(forLanguageTag: tag)
    if declaredRegion(forLanguageTag: tag) == nil,
      let maximized = try? withGrowingCharBuffer(
        initialCapacity: 64, "uloc_addLikelySubtags",
        { buffer, capacity, status in cicu_uloc_addLikelySubtags(locale, buffer, capacity, &status) })
    {
      locale = maximized
    }
    var status: Int32 = 0
    let order: DateFieldOrder =
      switch cicu_date_field_order(locale, &status) {
      case 1: .monthDayYear
      case 2: .yearMonthDay
      default: .dayMonthYear
      }
    fieldOrders.withValue { $0[tag] = order }
    return order
  }

  /// ``dateFieldOrder(forLanguageTag:)``'s answers, by tag (a handful per process).
  private static let fieldOrders = LockedValue<[String: DateFieldOrder]>([:])
}
