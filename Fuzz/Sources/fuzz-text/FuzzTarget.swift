import DocumentParsing
import CLibFuzzer
import FuzzSupport
import TextModel

/// The TextReader: any bytes give a document (or a ReadError, never a crash); the document keeps the
/// model's invariants, and its text-format output shows controls, never sends them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let bytes = input.all()
  let document = TextReader().read(bytes: bytes)
  invariant(document.format == .text, "format \(document.format)")
  invariant(document.sourceMap.inputLength <= bytes.count + 3, "input length \(document.sourceMap.inputLength) > \(bytes.count)")
  // DESIGN.md: "for plain-text input the document text is the input itself" — exactly, for valid
  // UTF-8 without a BOM or a NUL (those are decoded, dropped or replaced).
  if bytes.first != 0xEF, !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil {
    invariant(document.text.utf8.elementsEqual(bytes), "text of valid UTF-8 input differs from the input",
              known: "text-not-input")
  }
  let probes = FuzzDocuments.probes(&input, count: 6, limit: document.text.utf8.count)
  Invariants.check(document, probes: probes)
  // Issue 42: every text-format line reaches the terminal with no control byte but tab and line feed.
  TerminalOutput.check(document, commands: Array(bytes.suffix(12)))
  return 0
}

/// The entry point SwiftPM links as `main` (see CLibFuzzer): libFuzzer's driver with the target above.
@_cdecl("fuzz_text_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) }
}
