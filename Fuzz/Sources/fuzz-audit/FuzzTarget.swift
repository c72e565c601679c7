import Audit
import CLibFuzzer
import Detection
import DocumentParsing
import FuzzSupport
import Output
import Speech
@_spi(Plumbing) import TextModel

/// Every audit rule, and the preview's page builder, over deep and wide trees (issue 55): the input
/// is read as HTML, XML or Markdown with markup facts, either as it is or inside one of its own
/// tags repeated up to 2,000 levels deep or wide, with a depth limit from 1 to past the nesting.
/// Nothing may crash; the facts keep the depth limit; every finding names a rule of the table that
/// applies to the format, lies inside the input (line and column from 1, byte within it), and the
/// findings come in input order.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let format = input.pick([InputFormat.html, .html, .xml, .markdown])
  let shape = input.byte() % 4
  let repeats = 1 + input.uint16() % 2_000
  let limit = input.pick([1, 2, 16, 256, 1_000, 100_000])
  let rest = input.rest()
  // The tag that is repeated: the first `<…>` of the input, else a <div>.
  var open = Array("<div>".utf8)
  if let start = rest.firstIndex(of: UInt8(ascii: "<")), let end = rest[start...].firstIndex(of: UInt8(ascii: ">")),
    end - start < 64, rest[start + 1] != UInt8(ascii: "/")
  {
    open = Array(rest[start...end])
  }
  var bytes: [UInt8] = []
  switch shape {
  case 0: bytes = rest
  case 1:  // deep: the tag around the input, `repeats` levels
    for _ in 0..<repeats { bytes += open }
    bytes += rest
  case 2:  // wide: the tag with the input after it, `repeats` times side by side
    for _ in 0..<min(repeats, 2_000) { bytes += open + rest.prefix(64) }
  default:  // deep and then wide inside
    for _ in 0..<repeats { bytes += open }
    for _ in 0..<min(repeats, 500) { bytes += Array("<a href=x><img>".utf8) + rest.prefix(32) }
  }
  var options = ReaderOptions(maximumDepth: limit)
  options.collectsMarkupFacts = true
  guard let document = try? DocumentReader(options: options).read(bytes: bytes, format: format) else { return 0 }
  if let facts = document.markupFacts {
    // Each element's depth (a parent comes before its children): none past the limit.
    var depths = [Int](repeating: 0, count: facts.parents.count)
    for (index, parent) in facts.parents.enumerated() {
      depths[index] = parent < 0 ? 1 : depths[parent] + 1
      invariant(depths[index] <= limit, "element \(index) is \(depths[index]) deep, past the limit of \(limit)")
    }
  }
  let findings = Auditor().audit(document)
  let names = Set(AuditRules.all.map { rule in rule.descriptor }.filter { $0.applies(to: format) }.map { $0.name })
  var previous = 0
  for finding in findings {
    invariant(names.contains(finding.rule), "rule \(finding.rule) ran on \(format)")
    invariant(finding.line >= 1 && finding.column >= 1, "\(finding.rule) at \(finding.line):\(finding.column)")
    invariant(
      finding.sourceOffset >= 0 && finding.sourceOffset <= bytes.count,
      "\(finding.rule) at byte \(finding.sourceOffset)")
    invariant(finding.entry == nil, "\(finding.rule) names an entry in a document of one input")
    invariant(finding.sourceOffset >= previous, "findings out of input order")
    previous = finding.sourceOffset
  }
  // The preview's page, its findings placed in it (short inputs only: speech renders every block).
  if bytes.count <= 4_096 {
    let detections = DocumentDetector().detect(in: document)
    let renderer = SpeechRenderer(document: document, detections: detections, options: SpeechOptions())
    let page = PreviewPage(
      document: document, detections: detections, renderer: renderer, name: "fuzz",
      findings: findings.map(PreviewPage.Finding.init))
    var written = 0
    page.write { written += $0.count }
    invariant(written > 0, "an empty preview")
  }
  return 0
}

/// The entry point SwiftPM links as `main` (see CLibFuzzer): libFuzzer's driver with the target above.
@_cdecl("fuzz_audit_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) }
}
