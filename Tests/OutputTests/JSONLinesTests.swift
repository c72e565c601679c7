import Detection
import DocumentParsing
import TestSupport
import Testing
import TextModel

@testable import Output

/// `detect --format jsonl` is written on both cores in segments, each thread with its own copy of
/// the offset converter: the bytes must be the ones one thread writes, for any segment size, on text
/// whose UTF-16 and Character offsets differ from UTF-8 (emoji, flags, combining marks, CR LF, CJK).
@Suite(.tags(.threadSafety)) struct JSONLinesTests {
  static func text(lines: Int) -> String {
    let pieces = [
      "Call (415) 555-0132 or mail desk@example.org today.", "🇯🇵🇫🇷 flags then https://example.org/a?b=c",
      "e\u{301}te\u{301} café +33 1 42 68 53 00", "東京都の電話 03-1234-5678、メール info@example.jp",
      "👩‍👩‍👧 family www.example.com/path\r", "WARNING: the trail is closed.", "Điện thoại: 028 3822 1234",
      "plain words without anything",
    ]
    return (0..<lines).map { pieces[$0 % pieces.count] + " \($0)" }.joined(separator: "\n")
  }

  /// The lines written with `segment` elements per segment (at most 400 bytes of their text, and
  /// detections with over 20, such as links and alert lines, written alone), on two threads from
  /// `parallelFrom` detections.
  static func lines(_ detections: DetectionList, in document: TextDocument, parallelFrom: Int, segment: Int)
    -> [UInt8]
  {
    var out: [UInt8] = []
    let splitting = TextDocument.Splitting(
      parallelFrom: parallelFrom, segment: segment, segmentText: 400, largeText: 20)
    detections.writeJSONLines(in: document, splitting: splitting) { out += $0 }
    return out
  }

  /// Where two outputs first differ, nil when they are the same (`#expect(a == b)` on megabytes
  /// would have the test library diff them, which takes minutes).
  static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
    if a == b { return nil }
    return (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
  }

  @Test func linesWrittenOnTwoThreadsAreTheLinesOfOne() {
    let document = TextReader().read(bytes: Array(Self.text(lines: 3000).utf8))
    let detections = DocumentDetector().detect(in: document)
    #expect(detections.count > 2000)
    let one = Self.lines(detections, in: document, parallelFrom: .max, segment: 4096)
    var reference: [UInt8] = []
    var converter = document.offsetConverter()
    var json = JSONWriter()
    for detection in detections {
      json.reset()
      detection.writeJSON(in: document, converter: &converter, into: &json)
      reference += json.utf8 + [0x0A]
    }
    #expect(Self.firstDifference(one, reference) == nil)
    for segment in [1, 2, 7, 100, 1000, 5000] {
      let two = Self.lines(detections, in: document, parallelFrom: 0, segment: segment)
      #expect(Self.firstDifference(two, one) == nil, "segment \(segment)")
    }
  }

  @Test func fewOrNoDetections() {
    for lines in [0, 1, 3] {
      let document = TextReader().read(bytes: Array(Self.text(lines: lines).utf8))
      let detections = DocumentDetector().detect(in: document)
      let one = Self.lines(detections, in: document, parallelFrom: .max, segment: 4096)
      #expect(Self.firstDifference(Self.lines(detections, in: document, parallelFrom: 0, segment: 1), one) == nil)
      #expect(one.filter { $0 == 0x0A }.count == detections.count)
    }
  }

  /// `detect --format json` (one object) splits its detections the same way.
  @Test func theJSONObjectWrittenInSegmentsIsWhatOneThreadWrites() {
    let document = TextReader().read(bytes: Array(Self.text(lines: 1500).utf8))
    let detections = DocumentDetector().detect(in: document)
    var sequential = TextDocument.Splitting()
    sequential.parallelFrom = .max
    var one = JSONWriter()
    detections.writeJSON(file: "f", in: document, into: &one, splitting: sequential)
    var plain = JSONWriter()
    detections.writeJSON(file: "f", in: document, into: &plain)
    #expect(Self.firstDifference(plain.utf8, one.utf8) == nil)
    for segment in [1, 5, 300] {
      var two = JSONWriter()
      detections.writeJSON(
        file: "f", in: document, into: &two,
        splitting: TextDocument.Splitting(parallelFrom: 0, segment: segment, segmentText: 400, largeText: 60))
      #expect(Self.firstDifference(two.utf8, one.utf8) == nil, "segment \(segment)")
    }
  }
}
