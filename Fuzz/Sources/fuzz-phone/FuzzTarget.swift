import Detection
import CLibFuzzer
import FuzzSupport
import TextModel

/// The PhoneNumberDetector on any text: detections inside the text, on scalar boundaries, in order, none in an
/// excluded range, each with a value; offsets of the text convert and round-trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let region = input.pick(FuzzDocuments.regions)
  let language = input.pick(FuzzDocuments.languages)
  let exclusions = Int(input.byte() % 4)
  var excluded: [TextRange] = []
  for _ in 0..<exclusions {
    let start = input.uint16() % 512
    excluded.append(TextRange(start: start, end: start + Int(input.byte())))
  }
  excluded.sort { $0.start < $1.start }
  let text = String(decoding: input.rest(), as: UTF8.self)
  let context = DetectionContext(region: region, language: language, excludedRanges: excluded)
  let detections = PhoneNumberDetector().detect(in: text, context: context)
  Invariants.check(detections, in: text, kinds: [.phone], ordered: true, context: context)
  Invariants.checkOffsets(of: text, probes: detections.prefix(4).flatMap { [$0.range.start, $0.range.end] })
  return 0
}

/// The entry point SwiftPM links as `main` (see CLibFuzzer): libFuzzer's driver with the target above.
@_cdecl("fuzz_phone_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) }
}
