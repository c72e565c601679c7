import CLibFuzzer
import DocumentParsing
import FuzzSupport
import TextModel

/// The EPUB reader (container, package document, spine, each chapter through HTMLReader): any bytes
/// give a document or a ReadError (never a crash, never a read past the limits); the document keeps
/// the model's invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let bytes = input.all()
  // A small input limit, so the size checks are reached by small inputs too.
  let reader = EPUBReader(options: ReaderOptions(maximumInputBytes: 1 << 20))
  guard let document = try? reader.read(bytes: bytes) else { return 0 }
  invariant(document.format == .epub, "format \(document.format)")
  let probes = FuzzDocuments.probes(&input, count: 6, limit: document.text.utf8.count)
  Invariants.check(document, probes: probes)
  for entry in document.navigation { Invariants.check(entry.range, in: document.text, "\(entry.list) entry") }
  // Issue 42's convention for containers too: text-format lines (reading view, rotors, the book's
  // navigation rotors, browse) reach the terminal with no control byte but tab and line feed.
  TerminalOutput.check(document, commands: Array(bytes.suffix(12)))
  return 0
}

/// The entry point SwiftPM links as `main` (see CLibFuzzer): libFuzzer's driver with the target above.
@_cdecl("fuzz_epub_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) }
}
