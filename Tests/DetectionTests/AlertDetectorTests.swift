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

  @Test func markupDocumentsGetCueLinesAsAlertsOfOneLine() throws {
    let document = try TextDocument(parsingHTML: Array("<p>Intro</p><p>Caution: wet floor</p><p>After</p>".utf8))
    let alerts = AlertDetector().detect(in: document)
    #expect(alerts.map { String(document[$0.range]) } == ["Caution: wet floor"])
  }
}
