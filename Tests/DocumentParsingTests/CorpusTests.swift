import DocumentParsing
import Testing
import TextModel

#if canImport(Glibc)
  import Glibc
#endif

/// Reads every corpus document and checks what corpus/README.md says each one exercises.
@Suite struct CorpusTests {
  static let corpusDirectory: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path + "/corpus/"
  }()

  func read(_ name: String) throws -> TextDocument { try DocumentReader().read(path: Self.corpusDirectory + name) }

  func alertTexts(_ document: TextDocument) -> [String] {
    document.runs.filter { $0.attribute.name == "alert" }.map { String(document[$0.range]) }
  }

  static let allFiles = [
    "park-trip-brochure.html", "contrast-accessibility-note.html", "contrast-note.zh.html", "park-brochure.ja.html",
    "travel-notes.vi.html", "clinic-brochure.ar.html", "hiking-checklist.txt", "budget-app-notes.xml",
    "notes-docbook.xml", "billion-laughs.xml", "deep-nesting.xml", "malformed.html", "invalid-utf8.html",
    "legacy-latin1.html",
  ]

  @Test(arguments: allFiles)
  func everyCorpusFileReadsWithConsistentRanges(_ name: String) throws {
    let document = try read(name)
    #expect(!document.text.isEmpty)
    #expect(document.invariantViolations() == [])
    let length = document.text.utf8.count
    for block in document.blocks { #expect(block.range.start >= 0 && block.range.end <= length) }
    for run in document.runs { #expect(run.range.start >= 0 && run.range.end <= length && !run.range.isEmpty) }
    #expect(document.runs.map(\.range.start) == document.runs.map(\.range.start).sorted())
    // Every block starts where the source map says the input has its first character.
    for block in document.blocks.prefix(50) {
      let source = document.sourceMap.sourceOffset(forTextOffset: block.range.start)
      #expect(source >= 0 && source <= document.sourceMap.inputLength)
    }
  }

  @Test func theParkBrochureKeepsItsStructureAndAlerts() throws {
    let document = try read("park-trip-brochure.html")
    #expect(document.title == "Redwood Creek State Park — Spring Trip Guide")
    #expect(document.language == "en")
    let alerts = alertTexts(document)
    #expect(alerts.count == 5)
    #expect(alerts[0].hasPrefix("East Meadow picnic area closed for maintenance"))
    #expect(alerts[1].hasPrefix("Heavy fog expected"))
    #expect(alerts[2].hasPrefix("Muddy trail:"))
    #expect(alerts[3].hasPrefix("High water:"))
    #expect(alerts[4].hasPrefix("Notice:"))
    let headings = document.blocks.compactMap { $0.kind.headingLevel != nil ? String(document[$0.range]) : nil }
    #expect(headings.first == "Spring Trip Guide")
    #expect(headings.contains("What to bring"))
    let landmarks = document.blocks.compactMap { block -> String? in
      if case .landmark(let kind) = block.kind { return kind.rawValue }
      return nil
    }
    #expect(landmarks == ["banner", "navigation", "main", "region", "complementary", "contentinfo"])
    for dropped in [
      "tracking code", "staff rota", "Decorative leaf", "Old closure notice", "Template row", "font-family",
    ] {
      #expect(!document.text.contains(dropped), "\(dropped) should not be read")
    }
    #expect(document.text.contains("Boardwalk through tall ferns on the Fern Loop"))
    #expect(document.runs.contains { $0.attribute == .abbreviation(expansion: "Web Content Accessibility Guidelines") })
  }

  @Test func theBudgetNotesHaveSixAlertsWithSeverities() throws {
    let document = try read("budget-app-notes.xml")
    let severities = document.runs.compactMap { run -> AlertSeverity? in
      if case .alert(let severity, _) = run.attribute { return severity }
      return nil
    }
    #expect(severities == [.critical, .warning, .warning, .critical, .warning, .info])
    #expect(!document.text.contains("legal before release"))
  }

  @Test func docBookInternalEntitiesAreExpandedAndNoFileIsRead() throws {
    let document = try read("notes-docbook.xml")
    #expect(!document.text.contains("root:"))
    #expect(document.text.contains("The Trail Counter counts hikers"))
    #expect(alertTexts(document).count == 5)
  }

  @Test func theBillionLaughsAttackExpandsNothing() throws {
    let document = try read("billion-laughs.xml")
    #expect(document.text == "Laughs:\nStill here.")
  }

  @Test func deepNestingKeepsTheTextAndSaysWhy() throws {
    let document = try read("deep-nesting.xml")
    #expect(document.text.contains("deep text"))
    #expect(!document.diagnostics.isEmpty)
  }

  @Test func invalidUTF8KeepsOffsetsAfterTheDamageExact() throws {
    let document = try read("invalid-utf8.html")
    let input = try DocumentReaderTestSupport.bytes(Self.corpusDirectory + "invalid-utf8.html")
    for needle in ["(415) 555-0132", "help@example.org"] {
      let range = try #require(document.text.utf8Range(of: needle))
      let source = document.sourceMap.sourceOffset(forTextOffset: range.lowerBound)
      #expect(Array(input[source..<(source + needle.utf8.count)]) == Array(needle.utf8))
    }
    #expect(document.text.contains("\u{FFFD}"))
  }

  @Test func aLatin1DocumentIsDecoded() throws {
    #expect(try read("legacy-latin1.html").text.contains("Crème brûlée à 4,50 EUR"))
  }

  @Test func malformedHTMLStillGivesItsAlertAndLink() throws {
    let document = try read("malformed.html")
    #expect(alertTexts(document).count == 1)
    #expect(document.runs.contains { $0.attribute == .link(target: "https://parks.example.org/news", name: nil) })
    #expect(!document.diagnostics.isEmpty)
  }

  @Test func theArabicBrochureIsRightToLeftTextWithArabicIndicDigits() throws {
    let document = try read("clinic-brochure.ar.html")
    #expect(document.language == "ar")
    #expect(document.text.contains("٠٤ ٢٣٤ ٥٦٧٨"))
    #expect(document.text.contains("\u{200E}+971 4 234 5678\u{200E}"))
  }
}

enum DocumentReaderTestSupport {
  static func bytes(_ path: String) throws -> [UInt8] {
    guard let file = fopen(path, "rb") else { throw CocoaLikeError.cannotOpen }
    defer { fclose(file) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count == 0 { break }
      result += buffer[0..<count]
    }
    return result
  }
  enum CocoaLikeError: Error { case cannotOpen }
}

extension String {
  /// The UTF-8 offset range of the first occurrence of `needle`.
  func utf8Range(of needle: String) -> Range<Int>? {
    let haystack = Array(utf8)
    let pattern = Array(needle.utf8)
    guard !pattern.isEmpty, pattern.count <= haystack.count else { return nil }
    for start in 0...(haystack.count - pattern.count)
    where haystack[start..<(start + pattern.count)].elementsEqual(pattern) {
      return start..<(start + pattern.count)
    }
    return nil
  }
}
