import DocumentParsing
import CLibFuzzer
import FuzzSupport
import TextModel

/// The XMLReader: any bytes give a document (or a ReadError, never a crash); the document keeps the
/// model's invariants, and its text-format output shows controls, never sends them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let bytes = input.all()
  guard let document = try? XMLReader().read(bytes: bytes) else { return 0 }
  invariant(document.format == .xml, "format \(document.format)")
  invariant(document.sourceMap.inputLength <= bytes.count + 3, "input length \(document.sourceMap.inputLength) > \(bytes.count)")
  let probes = FuzzDocuments.probes(&input, count: 6, limit: document.text.utf8.count)
  Invariants.check(document, probes: probes)
  // Issue 42: every text-format line reaches the terminal with no control byte but tab and line feed.
  TerminalOutput.check(document, commands: Array(bytes.suffix(12)))
  return 0
}

/// The entry point SwiftPM links as `main` (see CLibFuzzer): libFuzzer's driver with the target above.
@_cdecl("fuzz_xml_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) }
}
