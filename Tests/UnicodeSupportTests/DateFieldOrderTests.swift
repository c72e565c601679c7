import Testing
import UnicodeSupport

/// CLDR's order of a numeric date's fields, per locale (issue 58).
@Suite struct DateFieldOrderTests {
  @Test(arguments: [
    ("en", DateFieldOrder.monthDayYear), ("en-US", .monthDayYear), ("en-PH", .monthDayYear),
    ("en-GB", .dayMonthYear), ("en-AU", .dayMonthYear), ("fr", .dayMonthYear), ("de", .dayMonthYear),
    ("vi", .dayMonthYear), ("ja", .yearMonthDay), ("zh", .yearMonthDay), ("zh-Hant-TW", .yearMonthDay),
  ])
  func theLocalesPatternSaysWhichFieldComesFirst(_ tag: String, _ order: DateFieldOrder) {
    #expect(LocaleInfo.dateFieldOrder(forLanguageTag: tag) == order)
  }
}
