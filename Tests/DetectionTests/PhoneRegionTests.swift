import Detection
import DocumentParsing
import Testing
import TextModel

/// National numbers in text that does not say its language or region: the region comes from the
/// language run each number sits in (declared, else identified); `--region` comes first when given.
@Suite struct PhoneRegionTests {
  static let nationals: [(text: String, number: String, value: String)] = [
    ("お問い合わせ：03-1234-5678", "03-1234-5678", "tel:+81312345678"),
    ("电话：010-6552 9988", "010-6552 9988", "tel:+861065529988"),
    ("Gọi 028 3822 1234", "028 3822 1234", "tel:+842838221234"),
    ("Rufen Sie 030 12345678 an", "030 12345678", "tel:+493012345678"),
    ("Réservations au 01 42 68 53 00", "01 42 68 53 00", "tel:+33142685300"),
  ]

  static func phones(_ document: TextDocument, identify: Bool = true) -> [(text: String, value: String, reason: String)]
  {
    let options = DocumentDetector.Options(kinds: [.phone], identifiesLanguages: identify)
    return DocumentDetector(options: options).detect(in: document).map {
      (String(document.text.utf8.dropFirst($0.range.start).prefix($0.range.length))!, $0.value, $0.reason)
    }
  }

  @Test(arguments: nationals)
  func aNationalNumberInPlainTextIsReadInTheRegionOfItsLanguage(text: String, number: String, value: String) throws {
    let document = try DocumentReader().read(bytes: Array(text.utf8), format: .text)
    let found = Self.phones(document)
    #expect(found.map(\.text) == [number])
    #expect(found.map(\.value) == [value])
    #expect(found.first?.reason.contains("detected language") == true)
  }

  @Test(arguments: nationals)
  func aNationalNumberInALanglessPageIsReadInTheRegionOfItsParagraph(text: String, number: String, value: String)
    throws
  {
    let html = "<!doctype html><html><body><h1>Contact</h1><p>\(text)</p><p>Open daily.</p></body></html>"
    let document = try DocumentReader().read(bytes: Array(html.utf8), format: .html)
    #expect(Self.phones(document).map(\.value) == [value])
  }

  @Test func aJapaneseParagraphInAnEnglishPageKeepsItsOwnRegion() throws {
    let html = """
      <!doctype html><html lang="en"><body>
      <p>Call our US office at +1 415 555 0132 or (415) 555-0199.</p>
      <p lang="ja">東京オフィス：03-1234-5678</p>
      </body></html>
      """
    let document = try DocumentReader().read(bytes: Array(html.utf8), format: .html)
    let found = Self.phones(document)
    #expect(found.map(\.value) == ["tel:+14155550132", "tel:+14155550199", "tel:+81312345678"])
    #expect(found.last?.reason.contains("declared language ja") == true)
  }

  @Test(arguments: [
    ("Tel. 030 12345678 · www.example.de/", "tel:+493012345678", "a .de address"),
    ("Tel 0312345678 ; info@example.jp", "tel:+81312345678", "a .jp address"),
    ("Phone 020 7946 0018, web https://example.co.uk/visit", "tel:+442079460018", "a .uk address"),
  ])
  func aCountryCodeDomainInTheDocumentNamesTheRegionWhenTheLanguageCannot(text: String, value: String, why: String)
    throws
  {
    let document = try DocumentReader().read(bytes: Array(text.utf8), format: .text)
    let found = Self.phones(document)
    #expect(found.map(\.value) == [value])
    #expect(found.first?.reason.contains(why) == true)
  }

  @Test func withoutLanguageIdentificationTheRegionIsNotTakenFromTheText() throws {
    let document = try DocumentReader().read(bytes: Array("Rufen Sie 030 12345678 an".utf8), format: .text)
    #expect(Self.phones(document, identify: false).allSatisfy { !$0.reason.contains("detected language") })
  }

  /// `--region` is a constraint (issue 56): a national number not valid there is not re-homed by the
  /// language around it; the same number without a region is read in the language's region.
  @Test func aNumberInvalidInTheCallersRegionIsNotReHomedByTheLanguage() throws {
    let document = try DocumentReader().read(bytes: Array("お問い合わせ：03-1234-5678".utf8), format: .text)
    let constrained = DocumentDetector.Options(kinds: [.phone], region: "US")
    #expect(DocumentDetector(options: constrained).detect(in: document).map(\.value) == [])
    let japanese = DocumentDetector.Options(kinds: [.phone], region: "JP")
    #expect(DocumentDetector(options: japanese).detect(in: document).map(\.value) == ["tel:+81312345678"])
    #expect(Self.phones(document).map(\.value) == ["tel:+81312345678"])
  }

  /// A number in the North American plan's shape (ATIS-0300051: NXX NXX XXXX) that no plan accepts
  /// is still a phone when a NANP region is named, with a lower confidence that says why; a shape
  /// the plan cannot have is not.
  @Test(
    arguments: [
      ("Call (555) 666-7777 today", "tel:+15556667777"),
      ("Call 555-666-7777 today", "tel:+15556667777"),
      ("Call 555.666.7777 today", "tel:+15556667777"),
      ("Call 1-555-666-7777 today", "tel:+15556667777"),
      ("Call (123) 456-7890 today", nil),
      ("Call 911-555-1234 today", nil),
      ("Call 555-166-7777 today", nil),
      ("Order 5556667777 today", nil),
      ("Call 999-999-9999 today", nil),
    ] as [(String, String?)])
  func aNumberInTheNorthAmericanShapeIsAPossiblePhone(text: String, value: String?) throws {
    let document = try DocumentReader().read(bytes: Array(text.utf8), format: .text)
    let options = DocumentDetector.Options(kinds: [.phone], region: "US")
    let found = DocumentDetector(options: options).detect(in: document)
    #expect(found.map(\.value) == (value.map { [$0] } ?? []))
    if value != nil {
      #expect(found.first?.confidence == 0.6)
      #expect(found.first?.reason.contains("North American plan's shape") == true)
    }
  }

  /// A link's country-code domain is tried first but does not stand in for the locale's region: an
  /// English number right after "github.io" (British Indian Ocean Territory) is still found.
  @Test(arguments: [
    ("See github.io. Call 415-555-0132.", "tel:+14155550132"),
    ("Docs at example.co, support (415) 555-0132", "tel:+14155550132"),
  ])
  func aGenericCountryCodeDomainDoesNotHideTheLocalesRegion(text: String, value: String) throws {
    let document = try DocumentReader().read(bytes: Array(text.utf8), format: .text)
    #expect(Self.phones(document).map(\.value) == [value])
  }

  @Test(arguments: [
    ("NZ", "Call 0064 3 331 6005 today", "tel:+6433316005"),
    ("US", "Dial 011 44 20 7946 0018 from home", "tel:+442079460018"),
    ("DE", "Telefon 0049 30 12345678", "tel:+493012345678"),
  ])
  func aNumberDialledWithTheRegionsInternationalPrefixIsInternational(region: String, text: String, value: String)
    throws
  {
    let document = try DocumentReader().read(bytes: Array(text.utf8), format: .text)
    let options = DocumentDetector.Options(kinds: [.phone], region: region)
    #expect(DocumentDetector(options: options).detect(in: document).map(\.value) == [value])
  }

  @Test(arguments: [
    "(800) 901-3355 , ext 7246433", "(800) 901-3355 ,extension 7246433", "(800) 901-3355 ext: 7246433",
    "(800) 901-3355 x 7246433",
  ])
  func anExtensionAfterACommaOrColonIsPartOfTheNumber(text: String) throws {
    let document = try DocumentReader().read(bytes: Array(text.utf8), format: .text)
    let options = DocumentDetector.Options(kinds: [.phone], region: "US")
    let found = DocumentDetector(options: options).detect(in: document)
    #expect(found.map(\.value) == ["tel:+18009013355;ext=7246433"])
    #expect(found.first?.range.end == text.utf8.count)
  }

  @Test func aDateFollowedByATimeIsNotANumber() throws {
    let document = try DocumentReader().read(bytes: Array("Logged 20120102 08:00 by the desk".utf8), format: .text)
    let options = DocumentDetector.Options(kinds: [.phone], region: "US")
    #expect(DocumentDetector(options: options).detect(in: document).isEmpty)
  }
}
