#if canImport(Glibc)
import Glibc
#endif
package import Detection
package import TextModel
internal import DocumentParsing
internal import Speech

/// Stops the fuzzer with a message that says which invariant broke. libFuzzer catches the trap and
/// saves the input (crash-…) for a regression test.
///
/// `known` names the check for findings that are reported but still open in code this package does
/// not own: when the name is listed in the environment variable `TEXTROTOR_FUZZ_KNOWN` (comma-separated;
/// tools/fuzz.sh sets it from Fuzz/findings/KNOWN), the failure is printed once per process as
/// `KNOWN-OPEN name: message` and fuzzing goes on, so one open bug does not stop a target.
package func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                      known: String? = nil, file: StaticString = #fileID, line: UInt = #line) {
  if !condition() {
    if let known, KnownFindings.open.contains(known) {
      KnownFindings.report(known, message())
      return
    }
    fatalError("invariant broken\(known.map { " [\($0)]" } ?? ""): \(message())", file: file, line: line)
  }
}

/// The open findings that `invariant(_:_:known:)` reports without stopping.
enum KnownFindings {
  static let open: Set<String> = {
    guard let raw = getenv("TEXTROTOR_FUZZ_KNOWN") else { return [] }
    return Set(String(cString: raw).split(separator: ",").map { String($0) })
  }()
  nonisolated(unsafe) static var reported: Set<String> = []

  static func report(_ name: String, _ message: String) {
    guard reported.insert(name).inserted else { return }
    var line = "KNOWN-OPEN \(name): \(message)\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  }
}

/// The checks every fuzz target applies to what it gets back.
package enum Invariants {
  /// Whether `offset` is a valid UTF-8 offset of `text` on a Unicode scalar boundary.
  package static func isScalarBoundary(_ offset: Int, in text: String) -> Bool {
    let utf8 = text.utf8
    guard offset >= 0, offset <= utf8.count else { return false }
    if offset == utf8.count { return true }
    return utf8[utf8.index(utf8.startIndex, offsetBy: offset)] & 0xC0 != 0x80
  }

  /// A range inside the text, start ≤ end, both on scalar boundaries.
  package static func check(_ range: TextRange, in text: String, _ what: @autoclosure () -> String, known: String? = nil) {
    invariant(range.start >= 0 && range.start <= range.end && range.end <= text.utf8.count,
              "\(what()) range \(range) outside the text (0..<\(text.utf8.count))", known: known.map { $0 + "-range-outside" })
    invariant(isScalarBoundary(range.start, in: text) && isScalarBoundary(range.end, in: text),
              "\(what()) range \(range) splits a scalar", known: known.map { $0 + "-range-splits-scalar" })
  }

  /// Blocks and runs inside the text, in order; the source map and diagnostics sane; offsets that
  /// round-trip UTF-8 → UTF-16 → UTF-8 and UTF-8 → Character → UTF-8. `probes` are extra offsets to
  /// convert (any value: out-of-range ones are clamped by the converter).
  package static func check(_ document: TextDocument, probes: [Int] = []) {
    let text = document.text
    let count = text.utf8.count
    var previousStart = 0
    for (index, block) in document.blocks.enumerated() {
      check(block.range, in: text, "block \(index) (\(block.kind.name))", known: "block")
      invariant(block.range.start >= previousStart, "block \(index) starts before block \(index - 1)")
      invariant(block.depth >= 0, "block \(index) has depth \(block.depth)")
      previousStart = block.range.start
    }
    previousStart = 0
    for (index, run) in document.runs.enumerated() {
      check(run.range, in: text, "run \(index) (\(run.attribute.name))", known: "run")
      invariant(run.range.start >= previousStart, "run \(index) starts before run \(index - 1): runs not sorted")
      previousStart = run.range.start
    }
    // Issue 58: the spoken form's formulas and edit marks lie in the text, in order; a mark is one of
    // the four marks.
    previousStart = 0
    for (index, formula) in document.math.enumerated() {
      check(formula.range, in: text, "formula \(index)", known: "math")
      invariant(formula.range.start >= previousStart, "formula \(index) before formula \(index - 1)")
      previousStart = formula.range.start
    }
    previousStart = 0
    let marks = EditKind.allCases.flatMap { [SpokenForms.startMark($0), SpokenForms.endMark($0)] }
    for (index, mark) in document.editMarks.enumerated() {
      check(mark, in: text, "edit mark \(index)", known: "edit-mark")
      invariant(mark.start >= previousStart, "edit mark \(index) before edit mark \(index - 1)")
      invariant(marks.contains(String(document[mark])), "edit mark \(index) reads \"\(document[mark])\"")
      previousStart = mark.start
    }
    let map = document.sourceMap
    var previousAnchor = -1
    for anchor in map.anchors {
      invariant(anchor.text > previousAnchor && anchor.text <= count, "source map anchor \(anchor) out of order or range", known: "anchor-order")
      invariant(anchor.source >= 0 && anchor.source <= map.inputLength, "anchor \(anchor) beyond input \(map.inputLength)", known: "anchor-beyond-input")
      previousAnchor = anchor.text
    }
    for diagnostic in document.diagnostics {
      invariant((diagnostic.line ?? 1) >= 1 && (diagnostic.column ?? 1) >= 0, "diagnostic position \(diagnostic)")
      invariant(!diagnostic.message.isEmpty, "diagnostic without a message")
    }
    checkOffsets(of: text, probes: probes + document.blocks.prefix(8).flatMap { [$0.range.start, $0.range.end] }
      + document.runs.prefix(8).flatMap { [$0.range.start, $0.range.end] }, sourceMap: map)
  }

  /// Offset conversion checked against the standard library's own counts.
  package static func checkOffsets(of text: String, probes: [Int], sourceMap: SourceMap? = nil) {
    let converter = TextOffsetConverter(text)
    let count = text.utf8.count
    let end = converter.end
    invariant(end.utf8 == count && end.utf16 == text.utf16.count && end.char == text.count,
              "converter end \(end) ≠ (\(count), \(text.utf16.count), \(text.count))")
    for probe in probes + [0, count] {
      let position = converter.position(utf8: probe)
      let clamped = min(max(probe, 0), count)
      // An offset inside a scalar is not a position; the converter may move it to a scalar boundary.
      guard isScalarBoundary(clamped, in: text) else {
        invariant(abs(position.utf8 - clamped) < 4, "position(utf8: \(probe)).utf8 = \(position.utf8)")
        continue
      }
      invariant(position.utf8 == clamped, "position(utf8: \(probe)).utf8 = \(position.utf8)")
      let index = text.utf8.index(text.utf8.startIndex, offsetBy: clamped)
      invariant(position.utf16 == text.utf16.distance(from: text.utf16.startIndex, to: index),
                "position(utf8: \(clamped)).utf16 = \(position.utf16), standard library says otherwise")
      invariant(converter.utf8Offset(utf16: position.utf16) == clamped,
                "utf8 \(clamped) → utf16 \(position.utf16) → utf8 \(converter.utf8Offset(utf16: position.utf16))")
      if index.samePosition(in: text) != nil {  // on a Character boundary
        invariant(position.char == text.distance(from: text.startIndex, to: index),
                  "position(utf8: \(clamped)).char = \(position.char), standard library says otherwise")
        invariant(converter.utf8Offset(char: position.char) == clamped,
                  "utf8 \(clamped) → char \(position.char) → utf8 \(converter.utf8Offset(char: position.char))")
      }
      if let map = sourceMap {
        let source = map.sourceOffset(forTextOffset: clamped)
        invariant(source >= 0 && source <= max(map.inputLength, 0), "source offset \(source) for text \(clamped) beyond input")
        let (line, column) = map.lineAndColumn(forSourceOffset: source)
        invariant(line >= 1 && column >= 1, "line:column \(line):\(column) for source offset \(source)")
      }
    }
  }

  /// Detections inside the text, non-empty when found in text, with a value and a confidence in 0…1;
  /// `ordered` when the producer promises document order; none inside an excluded range.
  package static func check(_ detections: some Collection<Detection>, in text: String, kinds: Set<DetectionKind>, ordered: Bool,
                           context: DetectionContext? = nil) {
    var previousStart = 0
    for (index, detection) in detections.enumerated() {
      // A markup detection copies a reader's run: a reader's open finding shows here too.
      check(detection.range, in: text, "detection \(index) (\(detection.kind), \(detection.source))",
            known: detection.source == .markup ? "markup-detection" : nil)
      invariant(kinds.contains(detection.kind), "detection \(index) has kind \(detection.kind), expected \(kinds)")
      invariant(detection.confidence >= 0 && detection.confidence <= 1, "detection \(index) confidence \(detection.confidence)")
      if detection.source == .text {
        invariant(!detection.range.isEmpty, "empty text detection \(index) (\(detection.kind)) at \(detection.range)")
        invariant(!detection.value.isEmpty, "text detection \(index) (\(detection.kind)) without a value")
        if let context {
          invariant(!context.isExcluded(detection.range), "detection \(index) at \(detection.range) inside an excluded range")
        }
      }
      if ordered {
        invariant(detection.range.start >= previousStart, "detection \(index) at \(detection.range) out of document order")
      }
      previousStart = detection.range.start
    }
  }
}

/// Documents built the way the CLI builds them, for the targets that need one.
package enum FuzzDocuments {
  /// Regions and languages the detectors have special rules for (and nil: inferred).
  package static let regions: [String?] = [nil, "US", "GB", "DE", "FR", "JP", "CN", "VN", "AE", "IN", "BR", "ZZ", "us", ""]
  package static let languages: [String?] = [nil, "en", "zh", "ja", "vi", "ar", "fr", "de", "zh-Hant-TW", "x", ""]

  /// Offsets to probe, read from the input: near the start, the end, and anywhere.
  package static func probes(_ input: inout FuzzInput, count: Int, limit: Int) -> [Int] {
    (0..<count).map { _ in
      let raw = input.uint16()
      switch raw & 3 {
      case 0: return raw >> 2 - 4  // small, may be negative
      case 1: return limit - (raw >> 2) % 8 + 2  // near or past the end
      default: return limit == 0 ? 0 : (raw >> 2) % (limit + 1)
      }
    }
  }
}

extension FuzzDocuments {
  /// A document from the rest of the input, read as HTML, XML or text by the next byte.
  package static func document(_ input: inout FuzzInput) -> TextDocument? {
    let first = input.byte()
    let format = first % 3
    let bytes = input.rest()
    // The high bit reads formulas and edits into their spoken form, as the CLI and the facade do.
    var options = ReaderOptions.default
    if first & 0x80 != 0 { options.spokenForms = .speech }
    switch format {
    case 0: return try? HTMLReader(options: options).read(bytes: bytes)
    case 1: return try? XMLReader(options: options).read(bytes: bytes)
    default: return TextReader().read(bytes: bytes)
    }
  }
}
