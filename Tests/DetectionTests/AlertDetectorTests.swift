import Detection
import DocumentParsing
import Foundation
import TestSupport
import Testing
import TextModel

@Suite struct AlertDetectorTests {
  static let cueLines: [(String, AlertSeverity)] = [
    ("⟦Warning: trail closed⟧", .warning), ("⟦Caution: slippery rocks⟧", .warning), ("⟦Alert: fog tonight⟧", .warning),
    ("⟦Important: bring water⟧", .warning), ("⟦⚠ bears nearby⟧", .warning), ("⟦Danger: cliff edge⟧", .critical),
    ("⟦警告：山路封闭⟧", .warning), ("⟦注意：路面湿滑⟧", .warning), ("⟦危険：落石⟧", .critical),
    ("⟦Cảnh báo: đường trơn⟧", .warning), ("⟦Lưu ý: mang nước⟧", .info), ("⟦تحذير: الطريق مغلق⟧", .warning),
    ("⟦**Warning:** bold cue⟧", .warning), ("  ⟦- Caution: in a list⟧", .warning),
  ]

  static func alerts(inText text: String, rules: AlertRules = AlertRules()) -> [Detection] {
    AlertDetector(rules: rules).detect(in: TextDocument(parsingText: Array(text.utf8)))
  }

  @Test(arguments: cueLines)
  func linesStartingWithAnAlertCueAreAlerts(_ marked: String, _ severity: AlertSeverity) {
    let fixture = MarkedText("Intro line.\n\n" + marked + "\n\nAfter.")
    let alerts = Self.alerts(inText: fixture.text)
    #expect(alerts.map(\.range.offsets) == fixture.ranges)
    #expect(alerts.first?.severity == severity)
    #expect(alerts.first?.source == .text)
  }

  static let notCues = ["Warnings are rare here.", "Notebook: blue", "The alert: was fine", "Importantly, go."]

  @Test(arguments: notCues)
  func wordsThatOnlyLookLikeCuesAreNotAlerts(_ line: String) {
    #expect(Self.alerts(inText: line).isEmpty)
  }

  @Test func anAlertRunsToTheEndOfItsParagraphOrTheNextCue() {
    let fixture = MarkedText("⟦Warning: mud on the\nlower loop.⟧\n⟦Caution: ice.⟧\n\nCalm text.")
    #expect(Self.alerts(inText: fixture.text).map(\.range.offsets) == fixture.ranges)
  }

  @Test func thePlainTextChecklistHasEightAlertsInFiveLanguages() throws {
    let document = try DocumentReader().read(
      path: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("corpus/hiking-checklist.txt").path)
    let alerts = AlertDetector().detect(in: document).map { String(document[$0.range]) }
    #expect(alerts.count == 8)
    #expect(alerts.contains { $0.hasPrefix("警告") })
    #expect(alerts.contains { $0.hasPrefix("Cảnh báo") })
    #expect(alerts.contains { $0.hasPrefix("تحذير") })
  }

  /// A rules file's cues apply to plain text too (they were ignored there: the text reader matched
  /// only the built-in cues and the detector skipped plain text).
  @Test func aRulesFilesCuesApplyToPlainText() throws {
    let rules = try AlertRules(parsing: "cue  Heads up  critical\n")
    let fixture = MarkedText("Intro.\n\n⟦Heads up: the gate locks at 6.⟧\n")
    let alerts = Self.alerts(inText: fixture.text, rules: rules)
    #expect(alerts.map(\.range.offsets) == fixture.ranges)
    #expect(alerts.first?.severity == .critical)
  }

  /// A caller's own list of cues as long as the built-in list must still find its cues (the matcher
  /// used the built-in cues' first bytes as a filter whenever the lengths were equal).
  @Test func aCueListAsLongAsTheBuiltInOneFindsItsOwnCues() {
    let own = (0..<AlertCue.builtIn.count).map { AlertCue("zz\($0)", .warning) }
    let matcher = AlertCueMatcher(cues: own)
    #expect(matcher.match(atStartOf: "zz7: custom cue")?.cue.word == "zz7")
    #expect(AlertCueMatcher.builtIn.match(atStartOf: "zz7: custom cue") == nil)
  }

  /// The matcher skips cues by their first two bytes and ASCII cues byte by byte before comparing
  /// strings; it must find what the plain comparison (every cue, lower-cased `hasPrefix`) finds.
  @Test func theMatcherFindsWhatComparingEveryCueFinds() {
    let own = [
      AlertCue("heads up", .critical), AlertCue("kelvin", .info), AlertCue("ABC", .info), AlertCue("mark", .info),
      AlertCue(String(repeating: "long", count: 14), .info),
    ]
    for matcher in [AlertCueMatcher.builtIn, AlertCueMatcher(cues: AlertCue.builtIn + own)] {
      Self.expectSameMatches(matcher)
    }
    // A letter that lower-cases to ASCII ("K", Kelvin sign) inside an ASCII cue: the byte
    // prefilter must leave it to the Unicode comparison.
    #expect(AlertCueMatcher(cues: own).match(atStartOf: "Mar\u{212A}: x")?.cue.word == "mark")
  }

  static func expectSameMatches(_ matcher: AlertCueMatcher) {
    let openings = [
      "Note:", "NOTE :", "Notebook:", "Note\u{301}: x", "Noté:", "note-", "note — x", "Warning!", "WARNING",
      "Warnings:", "caution**:", "Camp:", "Ca", "C", "\u{212A}elvin: hot", "Kelvin:", "İmportant:", "important：",
      "Heads up: x", "heads upx:", "ABC: x", "abc: x", "Cảnh báo: x", "CẢNH BÁO: x", "chú ý: x", "注意：x",
      "ご注意: x", "⚠ x", "⚠️ Achtung", "ℹ x", "تحذير: x", "- * Note: x", "\u{200E}Note: x", "\u{FEFF}Danger: x",
      "Note\r\n", "Alert\t: x", "Mar\u{212A}: x", "MAR\u{212A}: x", "Mark: x", "Marker: x",
      String(repeating: "long", count: 14) + ": x", String(repeating: "long", count: 12),
      String(repeating: "a", count: 47) + "é",
    ]
    var lines = openings
    var generator = SystemRandomNumberGenerator()
    let pieces = [
      "no", "te", "NO", "TE", ":", " ", "war", "n", "ing", "ca", "u", "tion", "é", "\u{301}", "注", "意", "！", "-", "*",
    ]
    for _ in 0..<3000 {
      lines.append(
        (0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
    }
    for line in lines {
      let found = matcher.match(atStartOf: line[...])
      let expected = Self.referenceMatch(matcher.cues, line)
      #expect(found?.cue == expected?.cue && found?.prefixLength == expected?.prefixLength, "\(line.debugDescription)")
    }
  }

  /// The simple version: skip the opening marks, then compare the lower-cased first 48 bytes, as
  /// `Character`s, with every cue in order (longest first) that one of whose spellings (as written,
  /// upper case, capitalized) starts with the line's first two bytes (ASCII letters folded).
  static func referenceMatch(_ cues: [AlertCue], _ line: String) -> (cue: AlertCue, prefixLength: Int)? {
    let bytes = Array(line.utf8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if [0x20, 0x09, 0x2D, 0x2A, 0x5F].contains(byte) {
        index += 1
      } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
        [0xA2, 0x8E, 0x8F].contains(bytes[index + 2])
      {
        index += 3
      } else if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF {
        index += 3
      } else {
        break
      }
    }
    guard index < bytes.count else { return nil }
    let rest = String(decoding: bytes[index..<min(bytes.count, index + 48)], as: UTF8.self)
    let lowered = rest.lowercased()
    func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
    let pair = [folded(bytes[index]), index + 1 < bytes.count ? folded(bytes[index + 1]) : 0]
    for cue in cues where !cue.word.isEmpty && lowered.hasPrefix(cue.word) {
      let spellings = [cue.word, cue.word.uppercased(), cue.word.prefix(1).uppercased() + cue.word.dropFirst()]
      guard spellings.contains(where: { Array($0.utf8.prefix(2)).map(folded) + ($0.utf8.count < 2 ? [0] : []) == pair })
      else { continue }
      if cue.isSymbol { return (cue, index + cue.word.utf8.count) }
      let afterCue = lowered.dropFirst(cue.word.count)
      if let c = afterCue.first, c.isLetter { continue }
      let trimmed = afterCue.drop { $0 == "*" || $0 == "_" || $0 == " " }
      guard let next = trimmed.first, [":", "：", "-", "—", "!", "！"].contains(next) else { continue }
      return (cue, index + rest.prefix(lowered.count - trimmed.count + 1).utf8.count)
    }
    return nil
  }

  @Test func markupDocumentsGetCueLinesAsAlertsOfOneLine() throws {
    let document = try TextDocument(parsingHTML: Array("<p>Intro</p><p>Caution: wet floor</p><p>After</p>".utf8))
    let alerts = AlertDetector().detect(in: document)
    #expect(alerts.map { String(document[$0.range]) } == ["Caution: wet floor"])
  }
}
