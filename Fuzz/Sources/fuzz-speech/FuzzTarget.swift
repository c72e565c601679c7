import Detection
import CLibFuzzer
import FuzzSupport
import TextModel
import TextRotor

/// Speech rendering of a random range with random options: every segment's source range lies inside
/// the requested range (after clamping to the text) and on scalar boundaries, segments are in order,
/// and the text, SSML and JSON forms are produced without a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let punctuation = input.pick(PunctuationLevel.allCases)
  let numbers = input.pick(NumberStyle.allCases)
  let locale = input.pick(FuzzDocuments.languages)
  let region = input.pick(FuzzDocuments.regions)
  let whole = input.byte() & 1 == 0
  let rawStart = input.uint16()
  let rawLength = input.uint16()
  guard let document = FuzzDocuments.document(&input) else { return 0 }
  let count = document.text.utf8.count
  let detections = DocumentDetector(options: .init(region: region)).detect(in: document)
  let renderer = SpeechRenderer(document: document, detections: detections,
                                options: SpeechOptions(locale: locale, punctuation: punctuation, numbers: numbers))
  let requested: TextRange? = whole ? nil : TextRange(start: rawStart % (count + 8) - 4, end: rawStart % (count + 8) - 4 + rawLength % (count + 8))
  let script = renderer.render(requested)
  // The range the renderer promises to stay in: the request clamped to the text (it may also snap
  // offsets inside a scalar back to the scalar's start).
  let lower = requested.map { max(0, min($0.start, count)) } ?? 0
  let upper = requested.map { max(0, min($0.end, count)) } ?? count
  var previousStart = 0
  for (index, segment) in script.segments.enumerated() {
    Invariants.check(segment.range, in: document.text, "segment \(index) (\(segment.kind))")
    invariant(segment.range.start >= lower - 3 && segment.range.end <= upper,
              "segment \(index) \(segment.range) \"\(segment.speech)\" outside the requested \(lower)..<\(upper)")
    invariant(segment.range.start >= previousStart, "segment \(index) \(segment.range) out of order")
    previousStart = segment.range.start
  }
  _ = script.plainText()
  _ = script.ssml()
  _ = script.json(document: document)
  return 0
}

/// The entry point SwiftPM links as `main` (see CLibFuzzer): libFuzzer's driver with the target above.
@_cdecl("fuzz_speech_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) }
}
