import DocumentParsing
import CLibFuzzer
import FuzzSupport
import TextModel

/// The MarkdownReader (cmark-gfm, then the HTML reader over the HTML it writes): any bytes give a
/// document (or a ReadError, never a crash); the document keeps the model's invariants, its source
/// map points into the Markdown (never past it), and its text-format output shows controls, never
/// sends them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let bytes = input.all()
  guard let document = try? MarkdownReader().read(bytes: bytes) else { return 0 }
  invariant(document.format == .markdown, "format \(document.format)")
  invariant(document.sourceMap.inputLength == bytes.count, "input length \(document.sourceMap.inputLength) != \(bytes.count)")
  for anchor in document.sourceMap.anchors {
    invariant(anchor.source <= bytes.count, "anchor at input byte \(anchor.source) past \(bytes.count)")
  }
  let probes = FuzzDocuments.probes(&input, count: 6, limit: document.text.utf8.count)
  Invariants.check(document, probes: probes)
  TerminalOutput.check(document, commands: Array(bytes.suffix(12)))
  return 0
}

/// The entry point SwiftPM links as `main` (see CLibFuzzer): libFuzzer's driver with the target above.
@_cdecl("fuzz_markdown_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) }
}
