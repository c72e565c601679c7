internal import CICU

/// Number words from ICU's rule-based spell-out (`CICU_NUMBER_SPELLOUT`), and a locale's number symbols.
///
/// ```swift
/// try NumberSpeller(locale: "en").spell("11.7")  // "eleven point seven"
/// ```
/// Spell-out is exact for decimal strings: "1.50" keeps its trailing zero in the input to ICU, but
/// ICU itself drops trailing fraction zeros; callers that must keep them (speech) read such digits
/// themselves.
package final class NumberSpeller {
  private let format: OpaquePointer
  /// The locale the speller was opened for.
  package let locale: String

  /// Opens a spell-out formatter for `locale` (ICU or BCP 47 form, "zh-Hans" or "zh_Hans"), with the
  /// rule set `ruleSet` when given ("%spellout-ordinal": "twenty-fifth"; the default reads cardinals).
  /// - Throws: ``ICUError`` when ICU has no spell-out for the locale or no such rule set.
  package init(locale: String, ruleSet: String? = nil) throws(ICUError) {
    var status = CICU_ZERO_ERROR
    let icuLocale = locale.replacingHyphens()
    guard let opened = cicu_unum_open(CICU_NUMBER_SPELLOUT, icuLocale, &status), !status.isICUFailure else {
      throw ICUError(status, "unum_open(spellout, \(locale))")
    }
    if let ruleSet {
      let name = Array(ruleSet.utf16)
      name.withUnsafeBufferPointer { cicu_unum_setDefaultRuleSet(opened, $0.baseAddress!, Int32($0.count), &status) }
      if status.isICUFailure {
        cicu_unum_close(opened)
        throw ICUError(status, "unum_setTextAttribute(\(ruleSet), \(locale))")
      }
    }
    format = opened
    self.locale = locale
  }

  deinit { cicu_unum_close(format) }

  /// Number words for an integer.
  package func spell(_ number: Int64) throws(ICUError) -> String {
    let units = try withGrowingUTF16Buffer(initialCapacity: 64, "unum_formatInt64") { buffer, capacity, status in
      cicu_unum_formatInt64(format, number, buffer, capacity, &status)
    }
    return String(decoding: units, as: UTF16.self)
  }

  /// Number words for a decimal string in ASCII ("-11.7", "1000000", "3.14159").
  package func spell(_ decimal: String) throws(ICUError) -> String {
    let chars = Array(decimal.utf8CString.dropLast())
    if chars.isEmpty { return "" }
    let units = try chars.withUnsafeBufferPointer { (chars) throws(ICUError) -> [UInt16] in
      try withGrowingUTF16Buffer(initialCapacity: 128, "unum_formatDecimal") { buffer, capacity, status in
        cicu_unum_formatDecimal(format, chars.baseAddress!, Int32(chars.count), buffer, capacity, &status)
      }
    }
    return String(decoding: units, as: UTF16.self)
  }
}

/// A locale's decimal and grouping separators, from ICU.
package struct NumberSymbols: Hashable, Sendable {
  /// The decimal separator ("." in en, "," in vi, "٫" in ar).
  package var decimalSeparator: String
  /// The grouping separator ("," in en, "." in vi).
  package var groupingSeparator: String

  /// Reads the symbols of `locale`.
  package init(locale: String) throws(ICUError) {
    var status = CICU_ZERO_ERROR
    guard let format = cicu_unum_open(CICU_NUMBER_DECIMAL, locale.replacingHyphens(), &status), !status.isICUFailure
    else {
      throw ICUError(status, "unum_open(decimal, \(locale))")
    }
    defer { cicu_unum_close(format) }
    func symbol(_ which: Int32) throws(ICUError) -> String {
      let units = try withGrowingUTF16Buffer(initialCapacity: 8, "unum_getSymbol") { buffer, capacity, status in
        cicu_unum_getSymbol(format, which, buffer, capacity, &status)
      }
      return String(decoding: units, as: UTF16.self)
    }
    decimalSeparator = try symbol(CICU_SYMBOL_DECIMAL_SEPARATOR)
    groupingSeparator = try symbol(CICU_SYMBOL_GROUPING_SEPARATOR)
  }
}

extension String {
  func replacingHyphens() -> String {
    String(self.map { $0 == "-" ? "_" : $0 })
  }
}
