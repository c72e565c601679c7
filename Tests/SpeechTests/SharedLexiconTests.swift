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
    // Resolved once: the second lookup is the same object.
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

  /// A language without a lexicon of its own gets one made once per process, not once per walker
  /// or renderer: two renderers of two documents hand out the same object.
  @Test(arguments: ["fr", "fr-CA", "De", "sr-Latn", "x"])
  func aNeutralLexiconIsMadeOncePerProcess(_ tag: String) {
    let first = SpeechBuilder(
      renderer: SpeechRenderer(
        document: TextDocument(format: .text, text: "un", language: "en"), detections: [Detection]()))
    let second = SpeechBuilder(
      renderer: SpeechRenderer(
        document: TextDocument(format: .text, text: "deux", language: "fr"), detections: [Detection]()))
    let lexicon = first.lexicon(tag)
    #expect(lexicon.language == SpeechLexicon.key(tag))
    #expect(second.lexicon(tag) === lexicon)
    #expect(second.lexicon(SpeechLexicon.key(tag)) === lexicon)
  }

  /// The languages a document declares are resolved when its renderer is made, each to the
  /// process's lexicon: a document that declares hundreds of made-up languages gets each its own
  /// (said in that language's key), the same object the process hands out.
  @Test func aDocumentOfManyLanguagesGetsEachItsLexicon() {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let keys: [String] = (0..<300).map { (index: Int) -> String in
      String(["q", letters[index / 26 % 26], letters[index % 26]])
    }
    var text = ""
    var runs: [AttributeRun] = []
    for key in keys {
      let start = text.utf8.count
      text += "mot \(key) "
      runs.append(AttributeRun(range: TextRange(start: start, end: text.utf8.count), attribute: .language(key)))
    }
    var document = TextDocument(format: .text, text: text, language: "en")
    document.runs = runs
    let builder = SpeechBuilder(renderer: SpeechRenderer(document: document, detections: [Detection]()))
    for (key, run) in zip(keys, runs) {
      #expect(builder.languageTag(at: run.range.start) == key)
      #expect(builder.lexicon(key).language == key)
      #expect(builder.lexicon(key + "-Latn") === SharedLexicon.neutral(key))
    }
  }

  /// Past its limit the table keeps no more lexicons but still hands out the right one, made anew;
  /// those it keeps are handed out again.
  @Test func aFullTableStillGivesEachLanguageItsLexicon() {
    let table = NeutralLexicons(limit: 3)
    let keys = ["fr", "de", "it", "nl", "pl", "sv"]
    let first = keys.map(table.lexicon)
    let second = keys.map(table.lexicon)
    for (index, key) in keys.enumerated() {
      #expect(first[index].language == key && second[index].language == key)
      #expect((first[index] === second[index]) == (index < 3), "\(key)")
    }
    #expect(first[0].decimalWord == "virgule" && first[1].decimalWord == SpeechLexicon.english.decimalWord)
  }

  /// Two threads asking for the same new language at once get one lexicon.
  @Test func twoThreadsGetOneNeutralLexicon() async {
    let table = NeutralLexicons(limit: 8)
    async let first = Task.detached { table.lexicon("fr") }.value
    async let second = Task.detached { table.lexicon("fr") }.value
    let (a, b) = await (first, second)
    #expect(a === b && a.language == "fr")
  }
}
