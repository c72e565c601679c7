import Detection
import DocumentParsing
import Foundation
import TestSupport
import Testing
import TextModel

/// The labelled set (Fixtures/labelled-detections.tsv, made by tools/make_labelled_set.py): about 500
/// sentences in en, zh, ja, vi and ar with the expected phones, e-mails, links and alerts marked, and
/// many traps. Precision and recall are computed per kind and must both reach 0.97.
@Suite struct LabelledSetTests {
  struct Case {
    var language: String
    var region: String
    var text: String
    var expected: [(kind: String, range: Range<Int>)]
  }

  static func cases() throws -> [Case] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Fixtures/labelled-detections.tsv")
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line -> Case? in
      if line.hasPrefix("#") { return nil }
      let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
      guard fields.count == 3 else { return nil }
      let marked = MarkedText(fields[2], labelled: true)
      return Case(
        language: fields[0], region: fields[1], text: marked.text,
        expected: zip(marked.labels, marked.ranges).map { ($0, $1) })
    }
  }

  @Test func precisionAndRecallReach97PercentForEveryKind() throws {
    let cases = try Self.cases()
    #expect(cases.count >= 300)
    var truePositives: [String: Int] = [:]
    var falsePositives: [String: Int] = [:]
    var falseNegatives: [String: Int] = [:]
    var misses: [String] = []
    for item in cases {
      let document = TextDocument(
        parsingText: Array(item.text.utf8), options: ReaderOptions(defaultLanguage: item.language))
      let detector = DocumentDetector(options: DocumentDetector.Options(region: item.region))
      let found = detector.detect(in: document).map { (kind: $0.kind.rawValue, range: $0.range.offsets) }
      for expected in item.expected {
        if found.contains(where: { $0.kind == expected.kind && $0.range == expected.range }) {
          truePositives[expected.kind, default: 0] += 1
        } else {
          falseNegatives[expected.kind, default: 0] += 1
          misses.append("missed \(expected.kind) in [\(item.language)] \(item.text)")
        }
      }
      for detection in found
      where !item.expected.contains(where: { $0.kind == detection.kind && $0.range == detection.range }) {
        falsePositives[detection.kind, default: 0] += 1
        let text = String(decoding: Array(item.text.utf8)[detection.range], as: UTF8.self)
        misses.append("extra \(detection.kind) \"\(text)\" in [\(item.language)] \(item.text)")
      }
    }
    for miss in misses.prefix(60) { print("  labelled: \(miss)") }
    for kind in ["phone", "email", "link", "alert"] {
      let tp = Double(truePositives[kind, default: 0])
      let precision = tp / max(1, tp + Double(falsePositives[kind, default: 0]))
      let recall = tp / max(1, tp + Double(falseNegatives[kind, default: 0]))
      print(
        "labelled set: \(kind) precision \(String(format: "%.3f", precision)) recall \(String(format: "%.3f", recall)) (\(Int(tp)) found)"
      )
      #expect(precision >= 0.97, "\(kind) precision")
      #expect(recall >= 0.97, "\(kind) recall")
    }
  }
}
