import Detection
import Testing
import TextModel

@testable import Speech

/// The renderer's lexicons behind one reference are `SpeechLexicon.forLanguage(_:)`'s.
@Suite struct SharedLexiconTests {
  /// What a lexicon says, as strings (closures are compared by what they give).
  static func sayings(_ lexicon: SpeechLexicon) -> [String] {
    [
      lexicon.language, "\(lexicon.spaced)", lexicon.ratio, lexicon.score, lexicon.range, lexicon.plus,
      lexicon.minus, lexicon.at, lexicon.dot, lexicon.slash, lexicon.and, lexicon.hash, lexicon.decimalWord,
      lexicon.percent("5"), lexicon.degrees("3", "C"), lexicon.year(1994), lexicon.date(2024, 6, 11),
      lexicon.hours("1", true), lexicon.unitWord("kilometers", true), lexicon.join(["a", "", "b"]),
      "\(lexicon.units.sorted { $0.key < $1.key })", "\(lexicon.currency.keys.sorted())",
      "\(lexicon.currency.sorted { $0.key < $1.key }.map { $0.value("2") })", "\(lexicon.monthNumbers.count)",
      "\(lexicon.romanCues.sorted())", "\(lexicon.asciiCommaIsDecimal)", "\(lexicon.percentMayLead)",
      "\(lexicon.tildeIsRange)", lexicon.dateLead ?? "-", "\(lexicon.scaleWords.sorted { $0.key < $1.key })",
    ]
  }

  static let tags = [
    "en", "EN-us", "", "zh", "zh-Hant", "zh_TW", "ja", "JA-jp", "vi", "ar", "ar-EG", "fr", "fr-CA", "De", "x",
  ]

  @Test(arguments: tags)
  func theRenderersLexiconIsTheLexiconForTheLanguage(_ tag: String) {
    let document = TextDocument(format: .text, text: "x", language: "en")
    let builder = SpeechBuilder(renderer: SpeechRenderer(document: document, detections: [Detection]()))
    let shared = builder.lexicon(tag)
    #expect(Self.sayings(shared.lexicon) == Self.sayings(SpeechLexicon.forLanguage(tag)))
    // Read through the reference, a field is the lexicon's own.
    #expect(shared.units == shared.lexicon.units && shared.language == shared.lexicon.language)
    #expect(shared.decimalReading?("6", "88") == shared.lexicon.decimalReading?("6", "88"))
    // Made once per renderer: the second lookup is the same object.
    #expect(builder.lexicon(tag) === shared)
  }

  @Test func rememberedKeysAndTablesAreTheOnesLookedUp() {
    let document = TextDocument(format: .text, text: "x", language: "en")
    let renderer = SpeechRenderer(document: document, detections: [Detection]())
    let builder = SpeechBuilder(renderer: renderer)
    let tags = ["en", "en", "zh-Hant", "zh", "zh-Hant", "ja", "EN-us", "ar", "ar", "zh_TW", "fr", "en"]
    for tag in tags {
      #expect(builder.languageKey(tag) == SpeechLexicon.key(tag))
      let language = SpeechLexicon.key(tag)
      let fresh = SpeechBuilder(renderer: renderer)
      #expect(builder.table(language, tag: tag).language == fresh.table(language, tag: tag).language, "\(tag)")
      #expect(builder.table(language, tag: tag)["."]?.name == fresh.table(language, tag: tag)["."]?.name)
    }
  }
}
