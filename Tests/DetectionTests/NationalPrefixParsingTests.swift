import Testing

@testable import Detection

/// libphonenumber's national-prefix-for-parsing rules, compiled with ICU per region on first use.
@Suite struct NationalPrefixParsingTests {
  /// Every rule of the generated table compiles: a region whose pattern ICU refused would silently
  /// lose its numbers (compiled lazily, a broken pattern shows only when a number of it comes).
  @Test func everyRegionsRuleCompiles() {
    #expect(NationalPrefixParsing.compilingRegions == phoneNationalPrefixParsing.keys.sorted())
    #expect(phoneNationalPrefixParsing.count > 40)
  }

  /// What the rules do, asked from several threads at once (the detectors run on two cores and the
  /// rules are compiled by whichever thread asks first).
  @Test func rulesTransformNationalNumbersFromEveryThread() async {
    func digits(_ text: String) -> ArraySlice<UInt8> { text.utf8.map { $0 - 0x30 }[...] }
    let cases: [(region: String, written: String, national: String?)] = [
      ("AG", "4621234", "2684621234"),  // a seven-digit local number gets the area code
      ("AR", "0343155551212", "93435551212"),  // Argentina's mobile: drop the 15, add 9
      ("AR", "91155551212", nil),  // already national: nothing changes
      ("US", "4155550100", nil),  // no rule
    ]
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          // A thread's own matchers (kept copies of the rules) say what the shared table says,
          // asked twice for each region (the second time from the copy kept).
          var matchers = NationalPrefixParsing.Matchers()
          for example in cases + cases {
            let result = NationalPrefixParsing.national(digits(example.written), region: example.region)
            #expect(result.map { String(decoding: $0.map { $0 + 0x30 }, as: UTF8.self) } == example.national)
            #expect(matchers.national(digits(example.written), region: example.region) == result)
          }
        }
      }
    }
  }
}
