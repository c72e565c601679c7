@_spi(Plumbing) package import TextModel

/// What a rule is: its name, the ACT rules and WCAG criteria it checks, its severity, and the
/// sentences the docs and every finding use.
package struct AuditRuleDescriptor: Sendable, Hashable {
  /// The rule's name as `--rules` takes it (`image-alt`).
  package var name: String
  /// The W3C ACT rule ids its findings fail.
  package var act: [String]
  /// WCAG success criteria.
  package var wcag: [String]
  package var severity: AuditSeverity
  /// One sentence: what the rule checks.
  package var summary: String
  /// One sentence: how to fix what it finds.
  package var fix: String
  /// The input formats the rule applies to: ``everyFormat`` for what any document can get wrong
  /// (its text, links, images, headings, tables, ARIA in Markdown's raw HTML), ``pageFormats`` for
  /// what only a page has (`<title>`, `<html lang>`, `<meta>`). An audit runs a rule only on
  /// documents of its formats.
  package var formats: Set<InputFormat>

  /// Every input format.
  package static let everyFormat = Set(InputFormat.allCases)
  /// Pages: HTML, XML, and the XHTML and XML inside EPUB and DOCX containers (not Markdown or
  /// plain text, which have no `<title>`, `<html lang>` or `<meta>` to write).
  package static let pageFormats: Set<InputFormat> = [.html, .xml, .epub, .docx]

  package init(
    name: String, act: [String] = [], wcag: [String], severity: AuditSeverity, summary: String, fix: String,
    formats: Set<InputFormat> = everyFormat
  ) {
    self.name = name
    self.act = act
    self.wcag = wcag
    self.severity = severity
    self.summary = summary
    self.fix = fix
    self.formats = formats
  }

  /// Whether the rule applies to a document of `format`.
  package func applies(to format: InputFormat) -> Bool { formats.contains(format) }

  /// The formats as docs/AUDIT.md lists them: "every format", or their names.
  package var formatNames: String {
    formats == Self.everyFormat
      ? "every format" : InputFormat.allCases.filter(formats.contains).map(\.rawValue).joined(separator: ", ")
  }
}

/// A rule: a small type in its own file (Rules/), listed once in ``AuditRules/all``.
///
/// `check` looks at one ``AuditPage`` and reports through `report`, which fills in the rule's
/// name, ids, severity and fix.
///
/// The rules that read the page's detections (``readsDetections``) run on one thread, the rest on
/// another (``Auditor/parallelism``): each thread has a page value of its own, whose caches
/// (detections, names) only it fills, over the facts they share (``AuditPage/Shared``).
package protocol AuditRule: SendableMetatype {
  static var descriptor: AuditRuleDescriptor { get }
  static func check(_ page: AuditPage, _ report: inout AuditReport)
  /// Whether the rule reads the page's detections (links, e-mail addresses, phone numbers); such a
  /// rule reads the text and runs of the document and nothing of its markup.
  static var readsDetections: Bool { get }
}

extension AuditRule {
  package static var readsDetections: Bool { false }
}

/// Where a rule's findings go: the page's findings, each stamped with the rule's descriptor.
package struct AuditReport {
  let descriptor: AuditRuleDescriptor
  let page: AuditPage
  var findings: [AuditFinding] = []

  /// Reports a problem on element `index` of the page's markup facts.
  /// In a document read from several inputs (a book's chapters), the place is the entry's and the
  /// line and column inside it (`SourceMap.inputLocation`, as `detect` gives them).
  package mutating func element(_ index: Int, _ message: String) {
    let facts = page.facts
    let source = facts.sourceOffsets[index]
    var (entry, line, column) = (String?.none, facts.lines[index], facts.columns[index])
    if !page.document.sourceMap.parts.isEmpty {
      (entry, line, column) = page.document.sourceMap.inputLocation(forSourceOffset: source)
    }
    findings.append(
      AuditFinding(
        rule: descriptor.name, act: descriptor.act, wcag: descriptor.wcag, severity: descriptor.severity,
        message: message, sourceOffset: source, line: line, column: column, entry: entry,
        snippet: page.snippet(of: index), fix: descriptor.fix))
  }

  /// Reports a problem on a range of the document text (in a book: at the entry, line and column
  /// inside it).
  package mutating func text(_ range: TextRange, _ message: String) {
    let document = page.document
    let source = document.sourceMap.sourceOffset(forTextOffset: range.start)
    let (entry, line, column) = document.sourceMap.inputLocation(forSourceOffset: source)
    var snippet = String(document[range])
    if snippet.count > 120 { snippet = String(snippet.prefix(119)) + "…" }
    findings.append(
      AuditFinding(
        rule: descriptor.name, act: descriptor.act, wcag: descriptor.wcag, severity: descriptor.severity,
        message: message, sourceOffset: source, line: line, column: column, entry: entry, range: range,
        snippet: snippet, fix: descriptor.fix))
  }

  /// Reports a problem of the whole document (no element to point at).
  package mutating func document(_ message: String) {
    findings.append(
      AuditFinding(
        rule: descriptor.name, act: descriptor.act, wcag: descriptor.wcag, severity: descriptor.severity,
        message: message, sourceOffset: 0, line: 1, column: 1, snippet: "", fix: descriptor.fix))
  }
}
