import DocumentParsing
import TextModel

@testable import Audit

/// Reads an HTML fixture with markup facts and audits it with the named rules (all when nil).
enum AuditFixture {
  static func findings(_ html: String, rules: Set<String>? = nil) throws -> [AuditFinding] {
    var options = ReaderOptions.default
    options.collectsMarkupFacts = true
    let document = try DocumentReader(options: options).read(bytes: Array(html.utf8), format: .html)
    return Auditor(rules: rules).audit(document)
  }

  /// A page around `body`, with a title and a language, so that only the rule under test speaks.
  static func page(_ body: String, lang: String = "en") -> String {
    "<!doctype html><html lang=\"\(lang)\"><head><title>Test page</title></head><body>\(body)</body></html>"
  }

  /// The findings of one rule on a page whose body is `body` (or a whole document when it starts
  /// with `<!doctype` or `<html`).
  static func findings(of rule: String, in body: String) throws -> [AuditFinding] {
    let html = body.hasPrefix("<!doctype") || body.hasPrefix("<html") ? body : page(body)
    return try findings(html, rules: [rule])
  }
}

/// Plain text read as a document (no markup facts).
enum DocumentParsingBridge {
  static func text(_ text: String) throws -> TextDocument {
    try DocumentReader().read(bytes: Array(text.utf8), format: .text)
  }
}
