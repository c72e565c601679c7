internal import CICU

/// CLDR plural rules from ICU: which grammatical form a count takes in a language ("one", "two",
/// "few", "many", "other", "zero"). English has two forms, Arabic six, Chinese, Japanese and
/// Vietnamese one.
///
/// ```swift
/// let rules = try PluralRules(locale: "ar")
/// rules.category(for: 3)  // .few
/// ```
package final class PluralRules: Sendable {
  /// A CLDR plural category.
  package enum Category: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other
  }

  /// ICU's rules: uplrules_select only reads them.
  private let rules: SharedICUObject

  /// Opens the rules of `locale` (an ICU locale or BCP 47 tag: "en", "ar", "zh-Hant").
  package init(locale: String) throws(ICUError) {
    var status = CICU_ZERO_ERROR
    let icu = LocaleInfo.icuLocale(forLanguageTag: locale)
    guard let handle = cicu_uplrules_open(icu, &status), !status.isICUFailure else {
      throw ICUError(status, "uplrules_open")
    }
    rules = SharedICUObject(handle) { cicu_uplrules_close($0) }
  }

  /// The category of an integer count; `.other` if ICU answers with a keyword it does not know.
  package func category(for count: Int) -> Category {
    let keyword = try? withGrowingUTF16Buffer(initialCapacity: 8, "uplrules_select") { buffer, capacity, status in
      cicu_uplrules_select(rules.handle, Double(count), buffer, capacity, &status)
    }
    return keyword.flatMap { Category(rawValue: String(decoding: $0, as: UTF16.self)) } ?? .other
  }
}
