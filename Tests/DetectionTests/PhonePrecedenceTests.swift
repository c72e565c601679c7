import Detection
import DocumentParsing
import Testing
import TextModel

/// Issue 44, rows 7–9: numbers written one after the other, and the order of the evidence for a
/// national number's region (`--region`, then the document's own evidence, then its language).
@Suite struct PhonePrecedenceTests {
  static func phones(
    _ text: String, format: InputFormat = .text, region: String? = nil
  ) throws -> [(text: String, value: String, reason: String, confidence: Double)] {
    let document = try DocumentReader().read(bytes: Array(text.utf8), format: format)
    let options = DocumentDetector.Options(kinds: [.phone], region: region)
    return DocumentDetector(options: options).detect(in: document).map {
      (
        String(document.text.utf8.dropFirst($0.range.start).prefix($0.range.length))!, $0.value, $0.reason,
        $0.confidence
      )
    }
  }

  // MARK: row 7, a run of numbers separated by spaces

  @Test(arguments: [
    ("Phones: 415-555-0132 415-555-0199", "US", ["415-555-0132", "415-555-0199"]),
    ("Phones: 415-555-0132 415-555-0199 415-555-0100", "US", ["415-555-0132", "415-555-0199", "415-555-0100"]),
    ("Phones: 415.555.0132 415.555.0199", "US", ["415.555.0132", "415.555.0199"]),
    ("Phones: (415) 555-0132 (415) 555-0199", "US", ["(415) 555-0132", "(415) 555-0199"]),
    ("Tel/Fax: 03-1234-5678 03-1234-5679", "JP", ["03-1234-5678", "03-1234-5679"]),
  ])
  func eachNumberOfARunSeparatedBySpacesIsFound(text: String, region: String, numbers: [String]) throws {
    #expect(try Self.phones(text, region: region).map(\.text) == numbers)
  }

  @Test func aNumberGroupedWithSpacesIsStillOneNumber() throws {
    #expect(try Self.phones("Tel. 030 1234 5678", region: "DE").map(\.text) == ["030 1234 5678"])
    #expect(try Self.phones("Call 415-555-0132 now", region: "US").map(\.text) == ["415-555-0132"])
  }

  // MARK: row 8, region precedence

  static func arabic(_ extra: String) -> String {
    #"<!doctype html><html lang="ar"><body><p>اتصل ٠٥٠ ١٢٣ ٤٥٦٧</p>"# + extra + "</body></html>"
  }

  @Test func aLanguageSpokenInManyCountriesDoesNotPickOne() throws {
    // 050 123 4567 is a mobile number in the Emirates and in Saudi Arabia; Egypt is only the
    // most populous country where Arabic is official.
    let found = try Self.phones(Self.arabic(""), format: .html)
    #expect(!found.contains { $0.value.hasPrefix("tel:+20") })
    #expect(!found.contains { $0.reason.contains("declared language ar") && !$0.reason.contains("many countries") })
  }

  @Test(
    arguments: [
      ("<p>الهاتف +971 4 234 5678</p>", nil, "an international number from AE"),
      (#"<p><a href="https://dubai.example.ae/">dubai.example.ae</a></p>"#, nil, "a .ae address"),
      ("", "AE", "--region"),
      ("<p>+966 11 234 5678</p>", "AE", "--region"),
    ] as [(String, String?, String)])
  func theCallerThenTheDocumentNameTheRegionBeforeTheLanguage(extra: String, region: String?, why: String) throws {
    let found = try Self.phones(Self.arabic(extra), format: .html, region: region)
    let number = try #require(found.first { $0.text == "٠٥٠ ١٢٣ ٤٥٦٧" })
    #expect(number.value == "tel:+971501234567")
    #expect(number.reason.contains(why))
  }

  @Test func aLanguageNamingOneCountryOutranksAnInternationalNumberElsewhere() throws {
    // corpus/README.md: a +86 number earlier in the file made a Vietnamese line's 024 … Chinese.
    let text = "总部：+86 10 6552 9988\nGọi 024 3825 7777 hoặc +84 24 3825 7777"
    let found = try Self.phones(text)
    #expect(found.first { $0.text == "024 3825 7777" }?.value == "tel:+842438257777")
  }

  @Test func aLanguageWithARegionSubtagNamesThatRegion() throws {
    let html = #"<!doctype html><html lang="ar-AE"><body><p>اتصل ٠٥٠ ١٢٣ ٤٥٦٧</p></body></html>"#
    #expect(try Self.phones(html, format: .html).map(\.value) == ["tel:+971501234567"])
  }

  @Test func aNumberValidInOnlyOneCountryOfTheLanguageIsFoundThere() throws {
    // 010 1234 5678 is an Egyptian mobile number and valid in no other Arabic-speaking country
    // the language's group holds.
    let html = #"<!doctype html><html lang="ar"><body><p>اتصل ٠١٠ ١٢٣٤ ٥٦٧٨</p></body></html>"#
    let found = try Self.phones(html, format: .html)
    #expect(found.map(\.value) == ["tel:+201012345678"])
    #expect(found.first?.reason.contains("spoken in many countries") == true)
  }

  @Test func aNumberDialledWithAnInternationalPrefixNamesItsCountryInAGroup() throws {
    let html = #"<!doctype html><html lang="ar"><body><p>المبيعات : 00967778070010</p></body></html>"#
    #expect(try Self.phones(html, format: .html).map(\.value) == ["tel:+967778070010"])
  }

  @Test func anIdentifiedLanguageStillNamesItsLikelyCountry() throws {
    // Only a declared language of many countries is a group; identified Spanish reads in Spain
    // (the labelled set's rule), though 91 577 18 49 is valid in Peru too.
    #expect(try Self.phones("Teléfono: 91 577 18 49").map(\.value) == ["tel:+34915771849"])
  }

  @Test func aNumberWrittenWithoutTheTrunkPrefixOfOtherCountriesIsReadWhereItIsWrittenSo() throws {
    // Under lang="en", (415) 555-0188 is valid in the US as written and in India and Pakistan
    // only as 0415…: the US, whatever the locale.
    let html = #"<!doctype html><html lang="en"><body><p>Call (415) 555-0188.</p></body></html>"#
    let found = try Self.phones(html, format: .html)
    #expect(found.map(\.value) == ["tel:+14155550188"])
    #expect(found.first?.reason.contains("spoken in many countries") == true)
  }

  @Test func aPageRangeIsNotANumberOfACountryWrittenWithATrunkPrefix() throws {
    // Valid in Malawi only as 01941923; an English page's range of pages.
    let html = #"<!doctype html><html lang="en"><body><p>Nature 412: 19419–23.</p></body></html>"#
    #expect(try Self.phones(html, format: .html).isEmpty)
  }

  @Test func manyCountryLanguagesComeFromCLDR() {
    #expect(PhoneRegionInference.manyCountries("ar")?.contains("AE") == true)
    #expect(PhoneRegionInference.manyCountries("ar-AE") == nil)
    #expect(PhoneRegionInference.manyCountries("ja") == nil)
    #expect(PhoneRegionInference.manyCountries("de") == nil)
  }

  // MARK: row 9, a number valid only where the document does not point

  @Test(arguments: [
    ("我的电话号码是(541) 754-3010", "(541) 754-3010"),
    ("联系电话：541-754-3010，欢迎来电。", "541-754-3010"),
  ])
  func aNorthAmericanNumberInChineseTextIsFoundWhereTheDocumentPointsToItsRegion(text: String, number: String) throws {
    #expect(try Self.phones(text, region: "US").map(\.value) == ["tel:+15417543010"])
    let withEvidence = try Self.phones(text + " 总部：+1 650 253 0000")
    #expect(withEvidence.first { $0.text == number }?.value == "tel:+15417543010")
    #expect(withEvidence.first { $0.text == number }?.reason.contains("an international number from US") == true)
  }

  @Test func aNumberValidNowhereTheDocumentPointsIsRefused() throws {
    // Chinese text points to China (and the regions Han script allows); a US number there is not
    // read as one on the strength of the reader's locale (docs/CONFORMANCE.md, Phones).
    #expect(try Self.phones("我的电话号码是(541) 754-3010").isEmpty)
  }
}
