internal import TextModel

/// Finds e-mail addresses by Unicode UTS #58: a local part of Link_Email characters (non-ASCII
/// letters included, so "josé@…" and "アルベルト@…" are found), no dot at its ends and no two dots in
/// a row; "@"; a domain with a real top-level domain that passes UTS #46 (ICU). A `mailto:` in front
/// is part of the detection.
///
/// Quoted local parts, comments and IP-literal domains are valid RFC 5322 but are not addresses
/// people write in prose; they are not detected (see docs/CONFORMANCE.md). The value is
/// "mailto:local@domain", the domain lowercased as written (Unicode kept).
///
/// - Complexity: O(n) over the UTF-8 text; only '@' starts any work.
package struct EmailDetector: TextDetector {
  private let validator = DomainValidator()

  /// Creates an e-mail detector (UTS #46 domains, no configuration).
  package init() {}

  /// The country-code domains of its addresses: evidence for the region of national phone numbers.
  package var provides: DetectionEvidence { .domainRegions }

  /// The e-mail addresses in `text`, in order, as UTF-8 offset ranges.
  /// - Complexity: O(n) in the length of `text`.
  package func detect(in text: String, context: DetectionContext) -> [Detection] {
    var copy = text
    return copy.withUTF8 { detect(bytes: $0, context: context) }
  }

  /// Appends the matches in `text` to `detections`, in order.
  package func detect(in text: String, context: DetectionContext, appendingTo detections: inout DetectionList) {
    var copy = text
    copy.withUTF8 { detect(bytes: $0, context: context, into: &detections) }
  }

  func detect(bytes: UnsafeBufferPointer<UInt8>, context: DetectionContext) -> [Detection] {
    var results: [Detection] = []
    detect(bytes: bytes, context: context, into: &results)
    return results
  }

  func detect(bytes: UnsafeBufferPointer<UInt8>, context: DetectionContext, into results: inout some DetectionAppending)
  {
    var index = 0
    var resumeAt = 0
    let count = bytes.count
    while index < count {
      index = ByteScan.first(0x40, 0x40, 0x40, in: bytes, from: index)
      guard index < count else { break }
      guard index >= resumeAt else {
        index += 1
        continue
      }
      if let found = address(bytes, at: index, notBefore: resumeAt) {
        if !context.isExcluded(found.range) { results.append(found) }
        resumeAt = found.range.end
        index = found.range.end
      } else {
        index += 1
      }
    }
  }

  private func address(_ bytes: UnsafeBufferPointer<UInt8>, at: Int, notBefore: Int) -> Detection? {
    // Local part: Link_Email characters back from '@'.
    var start = at
    var inner: UInt32 = 0
    while start > notBefore {
      let (scalar, length) = bytes.scalar(before: start)
      guard LinkProperties.isEmailLocal(scalar), scalar != 0x40 else { break }
      if inner != 0 && LinkProperties.crossesScript(inner, scalar) { break }
      if scalar != 0x2E && scalar != 0x2D { inner = scalar }
      start -= length
    }
    guard start < at else { return nil }
    let local = UnsafeBufferPointer(rebasing: bytes[start..<at])
    // UTS #58: a local part with a dot at either end or two in a row is not an address at all.
    if local.first == 0x2E || local.last == 0x2E { return nil }
    for offset in 1..<max(1, local.count) where local[offset] == 0x2E && local[offset - 1] == 0x2E { return nil }
    // Inside a scheme URL ("http://user@host", "http://user:pass@host") the address is not one (UTS #58).
    if local.count >= 2 && local[0] == 0x2F && local[1] == 0x2F { return nil }
    if start >= 1 && bytes[start - 1] == 0x3A {
      var back = start - 1
      while back > notBefore && bytes[back - 1] != 0x20 && bytes[back - 1] != 0x0A { back -= 1 }
      let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[back..<start]), as: UTF8.self)
      if word.contains("://") { return nil }
    }
    // Domain: label characters and dots after '@'.
    var end = at + 1
    inner = 0
    while end < bytes.count {
      let (scalar, length) = bytes.scalar(at: end)
      guard LinkProperties.isLabel(scalar) || scalar == 0x2E else { break }
      if inner != 0 && LinkProperties.crossesScript(inner, scalar) { break }
      // A dot separates labels: "例え.jp" changes script at a label boundary, which UTS #46 allows.
      inner = scalar == 0x2E ? 0 : scalar == 0x2D ? inner : scalar
      end += length
    }
    // A final dot or hyphen ("a@example.com-") is punctuation after the address.
    while end > at + 1 && (bytes[end - 1] == 0x2E || bytes[end - 1] == 0x2D) { end -= 1 }
    guard end > at + 1 else { return nil }
    let domain = Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[(at + 1)..<end]), as: UTF8.self))
    // A "mailto:" just before the local part makes the URI's address the detection (its text is the
    // address; the query stays in the value), and then the domain needs no listed top-level domain
    // ("mailto:foo@intranet" says what it is).
    var mailto = false
    if start >= 7 {
      let scheme = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start - 7)..<start]), as: UTF8.self)
      mailto = scheme.lowercased() == "mailto:"
    }
    if !mailto {
      guard validator.check(domain, requireTLD: true) != nil else { return nil }
    } else if !domain.contains(".") {
      guard
        domain.utf8.allSatisfy({ ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D })
      else { return nil }
    } else {
      guard validator.check(domain, requireTLD: false) != nil else { return nil }
    }
    let localText = String(decoding: local, as: UTF8.self)
    let confidence = localText.utf8.allSatisfy { $0 < 0x80 } ? 0.97 : 0.93
    var query = ""
    if mailto, end < bytes.count, bytes[end] == 0x3F {
      let queryEnd = UTS58.terminate(bytes, from: end)
      query = String(decoding: UnsafeBufferPointer(rebasing: bytes[end..<queryEnd]), as: UTF8.self)
    }
    return Detection(
      kind: .email, range: TextRange(start: start, end: end),
      value: "mailto:\(localText)@\(domain.lowercased())\(query)",
      source: .text, confidence: confidence, reason: mailto ? "mailto: URI, its address" : "address with TLD")
  }
}
