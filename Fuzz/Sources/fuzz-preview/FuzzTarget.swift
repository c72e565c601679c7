import Audit
import CLibFuzzer
import Detection
import FuzzSupport
import Output
import Speech
import TextModel

/// The preview page of a document read from any bytes (HTML, XML or text, with audit findings,
/// paged by a small byte budget or whole): nothing from the document escapes into markup or
/// script. The page is read back tag by tag: every tag and attribute is one the writer makes, every
/// attribute value is quoted with no quote or `<` inside, there is exactly one `<script>` and one
/// `<style>`, and the Content-Security-Policy's hashes are the SHA-256 of their contents. A paged
/// page stays within its budget (plus the fixed head and a summary line per audit rule).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let control = input.byte()
  let budget = control & 1 == 1 ? 2048 + Int(control >> 1) * 64 : Int.max
  let page = Int(input.byte() % 4) + 1
  guard let document = FuzzDocuments.document(&input) else { return 0 }
  let detections = DocumentDetector().detect(in: document)
  let findings = Auditor().audit(document).map(PreviewPage.Finding.init)
  let source = Array(document.text.utf8)
  var preview = PreviewPage(
    document: document, detections: detections, renderer: SpeechRenderer(document: document, detections: detections),
    name: "fuzz <b>\"name\"</b>", source: source, findings: findings)
  preview.findings = findings
  var bytes: [UInt8] = []
  let paging = budget == .max ? PreviewPage.Paging.whole : PreviewPage.Paging(page: page, byteBudget: budget)
  let shown = preview.write(clips: nil, paging: paging) { bytes += $0 }
  guard let shown else {
    invariant(bytes.isEmpty, "a page past the last wrote \(bytes.count) bytes")
    invariant(paging != .whole, "the whole document has no page 1")
    return 0
  }
  invariant(shown.blocks.upperBound <= document.blocks.count, "page shows \(shown.blocks) of \(document.blocks.count)")
  if budget != .max {
    let rules = Set(findings.map(\.rule)).count
    invariant(bytes.count <= budget + 16384 + rules * 512, "a page of budget \(budget) took \(bytes.count) bytes")
  }
  PageMarkup.check(bytes)
  return 0
}

/// The markup the preview writer makes, read back lexically (its text is escaped, so every `<`
/// starts one of its tags).
enum PageMarkup {
  static let tags: Set<String> = [
    "!DOCTYPE", "html", "head", "meta", "title", "style", "body", "header", "a", "h1", "h2", "h3", "main", "section",
    "ul", "ol", "li", "p", "span", "div", "details", "summary", "b", "code", "footer", "script", "audio",
  ]
  static let attributes: Set<String> = [
    "lang", "charset", "name", "content", "http-equiv", "class", "href", "aria-labelledby", "id", "tabindex",
    "data-kind", "data-start", "data-end", "data-rotor", "data-findings", "data-rule", "data-page", "data-first",
    "open", "value", "start", "controls", "preload", "src", "html",
  ]

  static func check(_ bytes: [UInt8]) {
    var scripts: [String] = []
    var styles: [String] = []
    var csp: String?
    var at = 0
    while let open = bytes[at...].firstIndex(of: UInt8(ascii: "<")) {
      var end = open + 1
      let closing = end < bytes.count && bytes[end] == UInt8(ascii: "/")
      if closing { end += 1 }
      let nameStart = end
      while end < bytes.count, bytes[end] != 0x20, bytes[end] != UInt8(ascii: ">") { end += 1 }
      let name = String(decoding: bytes[nameStart..<end], as: UTF8.self)
      invariant(tags.contains(name), "a tag the writer does not make: <\(name)")
      // Attributes: NAME or NAME="VALUE" (no quote or < inside a value), up to >.
      var attributes: [String: String] = [:]
      while end < bytes.count, bytes[end] != UInt8(ascii: ">") {
        if bytes[end] == 0x20 {
          end += 1
          continue
        }
        let attributeStart = end
        while end < bytes.count, ![0x20, UInt8(ascii: "="), UInt8(ascii: ">")].contains(bytes[end]) { end += 1 }
        let attribute = String(decoding: bytes[attributeStart..<end], as: UTF8.self)
        invariant(
          PageMarkup.attributes.contains(attribute), "an attribute the writer does not make: \(attribute) in <\(name)")
        var value = ""
        if end < bytes.count, bytes[end] == UInt8(ascii: "=") {
          invariant(end + 1 < bytes.count && bytes[end + 1] == UInt8(ascii: "\""), "an unquoted value of \(attribute)")
          let valueStart = end + 2
          guard let close = bytes[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else {
            invariant(false, "an unclosed value of \(attribute)")
            return
          }
          invariant(!bytes[valueStart..<close].contains(UInt8(ascii: "<")), "a < inside the value of \(attribute)")
          value = String(decoding: bytes[valueStart..<close], as: UTF8.self)
          end = close + 1
        }
        attributes[attribute] = value
      }
      invariant(end < bytes.count, "an unclosed tag <\(name)")
      if name == "meta", attributes["http-equiv"] == "Content-Security-Policy" { csp = attributes["content"] }
      if !closing && (name == "script" || name == "style") {
        // Its content: up to the closing tag, with no tag inside.
        let contentStart = end + 1
        guard let close = bytes[contentStart...].firstIndex(of: UInt8(ascii: "<")) else {
          invariant(false, "an unclosed <\(name)>")
          return
        }
        let content = String(decoding: bytes[contentStart..<close], as: UTF8.self)
        if name == "script" { scripts.append(content) } else { styles.append(content) }
        end = close - 1
      }
      at = end + 1
    }
    invariant(scripts.count == 1 && styles.count == 1, "\(scripts.count) scripts and \(styles.count) styles")
    guard let csp else {
      invariant(false, "no Content-Security-Policy")
      return
    }
    invariant(!csp.contains("unsafe"), "an unsafe CSP: \(csp)")
    invariant(csp.contains("script-src 'sha256-\(SHA256.base64Digest(of: Array(scripts[0].utf8)))'"), "the script's hash is not in \(csp)")
    invariant(csp.contains("style-src 'sha256-\(SHA256.base64Digest(of: Array(styles[0].utf8)))'"), "the style's hash is not in \(csp)")
  }
}

/// The entry point SwiftPM links as `main` (see CLibFuzzer): libFuzzer's driver with the target above.
@_cdecl("fuzz_preview_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) }
}
