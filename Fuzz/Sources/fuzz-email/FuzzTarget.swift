import Detection
import CLibFuzzer
import FuzzSupport

/// The EmailDetector on any text: detections inside the text, on scalar boundaries, in order, none in an
/// excluded range, each with a value; offsets of the text convert and round-trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  TextDetectorFuzzing.run(EmailDetector(), kind: .email, data, size)
  return 0
}

/// The entry point SwiftPM links as `main` (see CLibFuzzer): libFuzzer's driver with the target above.
@_cdecl("fuzz_email_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) }
}
