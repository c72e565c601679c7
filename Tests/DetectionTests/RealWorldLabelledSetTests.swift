import Detection
import DocumentParsing
import Foundation
import TestSupport
import Testing
import TextModel

/// The real-world labelled set (Fixtures/realworld-labelled.tsv, issue 12 item 4): snippets copied from
/// pages and public repositories nobody here wrote, in thirteen languages, labelled by hand by the rules in
/// docs/CONFORMANCE.md. Each snippet is read as plain text with no region and no declared language, as
/// `textrotor detect` reads a text file (languages are identified around national numbers). Precision and
/// recall are printed per kind and per language and must not fall below what was measured when the set
/// was made (`tools/labelled-score` prints the same table from the release binary).
@Suite struct RealWorldLabelledSetTests {
  struct Label {
    var kind: String
    var range: Range<Int>
    /// The E.164 value a phone must have (with ";ext=N"); nil for e-mails and links.
    var value: String?
  }

  struct Case {
    var language: String
    var source: String
    var text: String
    var labels: [Label]
  }

  /// Hits, false positives and misses of one kind, one language, or all.
  struct Tally {
    var truePositives = 0
    var falsePositives = 0
    var falseNegatives = 0

    var precision: Double {
      truePositives + falsePositives == 0 ? 1 : Double(truePositives) / Double(truePositives + falsePositives)
    }
    var recall: Double {
      truePositives + falseNegatives == 0 ? 1 : Double(truePositives) / Double(truePositives + falseNegatives)
    }
  }

  /// Precision and recall measured on 2026-11-23, rounded down to two places: a drop below either fails.
  static let kindFloors: [String: (precision: Double, recall: Double)] = [
    "email": (1.00, 1.00), "link": (0.98, 0.99), "phone": (0.97, 0.78), "all": (0.98, 0.93),
  ]
  static let languageFloors: [String: (precision: Double, recall: Double)] = [
    "ar": (1.00, 1.00), "cs": (1.00, 1.00), "de": (1.00, 1.00), "en": (1.00, 0.98), "es": (0.84, 0.78),
    "fr": (1.00, 0.96), "it": (1.00, 1.00), "ja": (1.00, 0.72), "ko": (1.00, 0.77), "pt": (0.87, 0.82),
    "ru": (1.00, 1.00), "vi": (1.00, 0.95), "zh": (1.00, 0.94),
  ]

  static func cases() throws -> [Case] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Fixtures/realworld-labelled.tsv")
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line -> Case? in
      if line.hasPrefix("#") { return nil }
      let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 3 else { return nil }
      let marked = MarkedText(fields[2], labelled: true)
      let labels = zip(marked.labels, marked.ranges).map { label, range -> Label in
        let parts = label.split(separator: "=", maxSplits: 1).map(String.init)
        return Label(kind: parts[0], range: range, value: parts.count == 2 ? parts[1] : nil)
      }
      return Case(language: fields[0], source: fields[1], text: marked.text, labels: labels)
    }
  }

  /// What `textrotor detect --input text --kinds email,link,phone` finds in one snippet.
  static func detections(in text: String) -> [(kind: String, range: Range<Int>, value: String)] {
    let document = TextDocument(parsingText: Array(text.utf8), options: ReaderOptions())
    let detector = DocumentDetector(
      options: DocumentDetector.Options(kinds: [.email, .link, .phone], region: nil, identifiesLanguages: true))
    return detector.detect(in: document).map { detection in
      var value = detection.value
      if detection.kind == .phone, value.hasPrefix("tel:") { value.removeFirst(4) }
      return (detection.kind.rawValue, detection.range.offsets, value)
    }
  }

  @Test func theSetHoldsAtLeast300ItemsInAtLeastEightLanguages() throws {
    let cases = try Self.cases()
    let items = cases.reduce(0) { $0 + $1.labels.count }
    let languages = Set(cases.filter { !$0.labels.isEmpty }.map(\.language))
    #expect(items >= 300)
    #expect(languages.count >= 8)
    #expect(cases.filter(\.labels.isEmpty).count >= 150, "negative snippets")
    for item in cases.flatMap(\.labels) {
      #expect(["email", "link", "phone"].contains(item.kind))
      #expect((item.kind == "phone") == (item.value?.hasPrefix("+") ?? false), "a phone label carries its E.164 value")
    }
  }

  @Test func precisionAndRecallStayAtOrAboveTheirFloors() throws {
    let cases = try Self.cases()
    var byKind: [String: Tally] = [:]
    var byLanguage: [String: Tally] = [:]
    var failures: [String] = []
    func count(_ kind: String, _ language: String, _ update: (inout Tally) -> Void) {
      update(&byKind[kind, default: Tally()])
      update(&byKind["all", default: Tally()])
      update(&byLanguage[language, default: Tally()])
    }
    for item in cases {
      let found = Self.detections(in: item.text)
      var matched = Set<Int>()
      for label in item.labels {
        let hit = found.indices.first { index in
          !matched.contains(index) && found[index].kind == label.kind && found[index].range == label.range
            && (label.kind != "phone" || found[index].value == label.value)
        }
        if let hit {
          matched.insert(hit)
          count(label.kind, item.language) { $0.truePositives += 1 }
        } else {
          count(label.kind, item.language) { $0.falseNegatives += 1 }
          let text = String(decoding: Array(item.text.utf8)[label.range], as: UTF8.self)
          failures.append("missed \(label.kind) \"\(text)\" in [\(item.language)] \(item.text)")
        }
      }
      for (index, detection) in found.enumerated() where !matched.contains(index) {
        count(detection.kind, item.language) { $0.falsePositives += 1 }
        let text = String(decoding: Array(item.text.utf8)[detection.range], as: UTF8.self)
        failures.append("extra \(detection.kind) \"\(text)\" (\(detection.value)) in [\(item.language)] \(item.text)")
      }
    }
    for failure in failures { print("  real-world: \(failure)") }
    func line(_ name: String, _ tally: Tally) -> String {
      let precision = String(format: "%.3f", tally.precision)
      let recall = String(format: "%.3f", tally.recall)
      return "\(name) precision \(precision) recall \(recall) "
        + "(\(tally.truePositives) found, \(tally.falsePositives) extra, \(tally.falseNegatives) missed)"
    }
    for kind in ["email", "link", "phone", "all"] {
      let tally = byKind[kind, default: Tally()]
      print("real-world set: \(line(kind, tally))")
      let floor = try #require(Self.kindFloors[kind])
      #expect(tally.precision >= floor.precision, "\(kind) precision")
      #expect(tally.recall >= floor.recall, "\(kind) recall")
    }
    for language in byLanguage.keys.sorted() {
      let tally = byLanguage[language, default: Tally()]
      print("real-world set: \(line("[\(language)]", tally))")
      let floor = try #require(Self.languageFloors[language], "a floor for \(language)")
      #expect(tally.precision >= floor.precision, "\(language) precision")
      #expect(tally.recall >= floor.recall, "\(language) recall")
    }
  }
}
