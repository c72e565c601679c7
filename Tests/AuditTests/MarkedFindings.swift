import DocumentParsing
import TestSupport
import TextModel

@testable import Audit

/// A page with the elements a rule must report marked: `⟦<img alt="" tabindex="0">⟧`. An element's
/// finding sits where its start tag ends, at its `>` (AuditFinding.sourceOffset, libxml2's position
/// of the element), so each mark's last byte is where one finding is expected, in order. A finding on
/// the text (`report.text`) sits where its range starts: `at: .start` expects each mark's first byte.
struct MarkedFindings {
  /// Which byte of a mark a finding sits at.
  enum Edge { case start, end }

  /// The input byte offsets where findings are expected.
  let expected: [Int]
  /// The rule's findings on the page.
  let findings: [AuditFinding]

  /// Audits `marked` with `rule` alone; a fragment is put in a page's body (``AuditFixture/page(_:lang:)``).
  init(_ rule: String, _ marked: String, at edge: Edge = .end) throws {
    let bare = MarkedText(marked).text
    let whole = bare.hasPrefix("<!doctype") || bare.hasPrefix("<html") || bare.hasPrefix("<svg")
    let text = MarkedText(whole ? marked : AuditFixture.page(marked))
    expected = text.ranges.map { edge == .start ? $0.lowerBound : $0.upperBound - 1 }
    findings = try AuditFixture.findings(text.text, rules: [rule])
  }

  /// The findings' positions.
  var positions: [Int] { findings.map(\.sourceOffset) }
  /// The findings' messages.
  var messages: [String] { findings.map(\.message) }
}

extension AuditFixture {
  /// An HTML document read with markup facts.
  static func document(_ html: String) throws -> TextDocument {
    var options = ReaderOptions.default
    options.collectsMarkupFacts = true
    return try DocumentReader(options: options).read(bytes: Array(html.utf8), format: .html)
  }
}
