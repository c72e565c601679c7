package import TextModel

/// Reads a Word document (Office Open XML) into a ``TextDocument``: `word/document.xml` through
/// libxml2 (`XMLTree`) into the `DocumentBuilder`.
///
/// - A paragraph is a heading by its outline level (ECMA-376 Part 1, 17.3.1.20 `w:outlineLvl`: 0–8 are
///   levels 1–9, 9 is body text), taken from the paragraph's own properties, else from its style
///   chain (17.7.4.3 `w:basedOn`: the nearest style that sets it wins); a built-in "heading N" style
///   that sets none is level N, and the Title style is level 1. So "TOC Heading" (based on Heading 1,
///   outline level 9) is not a heading, and levels 7–9 are kept. Numbering (`w:numPr`, numbering.xml's
///   format) makes list items, never a heading.
/// - Tables keep rows and cells; a row marked `w:tblHeader` has header cells.
/// - Hyperlinks take their target from `word/_rels/document.xml.rels` (or `w:anchor`).
/// - Run languages (`w:lang`) become language runs; drawings read their description (`wp:docPr
///   descr`) as an image.
/// - Tracked changes read as accepted: insertions are text, deletions are left out and counted in a
///   diagnostic.
/// - Footnotes and endnotes follow the body, each a paragraph, as parts of the source map.
package struct DOCXReader: Sendable {
  /// Reading limits and overrides.
  package var options: ReaderOptions

  /// A reader with `options`.
  package init(options: ReaderOptions = .default) { self.options = options }

  /// Reads the document in `bytes` (the whole container), named `name` in messages.
  package func read(bytes: [UInt8], name: String = "<input>") throws(ReadError) -> TextDocument {
    if bytes.count > options.maximumInputBytes { throw options.tooLarge(name) }
    return try read(ZipArchive(bytes: bytes, name: name, maximumBytes: options.maximumInputBytes))
  }

  func read(_ archive: ZipArchive) throws(ReadError) -> TextDocument {
    var diagnostics: [Diagnostic] = []
    guard let documentBytes = try archive.read("word/document.xml"),
      let root = XMLTree.parse(documentBytes, name: "word/document.xml", diagnostics: &diagnostics)
    else {
      throw .malformed(path: archive.name, reason: "not a Word document: word/document.xml is missing or not XML")
    }
    /// An optional part's bytes; one that cannot be read is left out with a diagnostic.
    func optional(_ part: String) throws(ReadError) -> [UInt8]? {
      switch try archive.readEntry(part) {
      case .bytes(let bytes): return bytes
      case .missing: return nil
      case .unreadable(let reason):
        diagnostics.append(
          Diagnostic(.warning, "cannot be read (\(reason)); it is left out", entry: part, changesText: true))
        return nil
      }
    }
    var context = Context()
    if let styles = try optional("word/styles.xml").flatMap({ XMLTree.parse($0, name: "word/styles.xml") }) {
      context.readStyles(styles)
    }
    if let numbering = try optional("word/numbering.xml").flatMap({ XMLTree.parse($0, name: "numbering.xml") }) {
      context.readNumbering(numbering)
    }
    context.links = try Self.hyperlinks(of: "word/document.xml", in: archive)
    var book = TextDocument(format: .docx, text: "")
    let body = DOCXBuilder(context: context, bytes: documentBytes)
    body.walk(root.first("body") ?? root)
    var document = body.finish()
    document.title = context.title(root)
    book.append(document, name: "word/document.xml")
    book.title = document.title
    book.language = document.language
    for (part, element) in [("word/footnotes.xml", "footnote"), ("word/endnotes.xml", "endnote")] {
      guard let bytes = try optional(part), let tree = XMLTree.parse(bytes, name: part, diagnostics: &diagnostics)
      else { continue }
      // A part's r:id names a relationship of that part's own .rels, not of the document's.
      var partContext = context
      partContext.links = try Self.hyperlinks(of: part, in: archive)
      let notes = DOCXBuilder(context: partContext, bytes: bytes)
      for note in tree.elements(element) where note[attribute: "w:type"] == nil { notes.walk(note) }
      book.append(notes.finish(), name: part)
    }
    book.diagnostics = diagnostics + book.diagnostics
    if body.deletions > 0 {
      book.diagnostics.append(
        Diagnostic(
          .warning, "\(body.deletions) tracked deletions are left out and insertions read as text (changes accepted)"))
    }
    book._checkInvariants()
    return book
  }

  /// The hyperlink targets of `part`'s relationships (`word/_rels/PART.rels`), by id. Only
  /// relationships of the hyperlink type, or external ones, count: the others name the package's own
  /// parts (styles, images, custom XML), which are not links a reader follows.
  static func hyperlinks(of part: String, in archive: ZipArchive) throws(ReadError) -> [String: String] {
    let slash = part.lastIndex(of: "/").map { part.index(after: $0) } ?? part.startIndex
    let relsPath = String(part[..<slash]) + "_rels/" + String(part[slash...]) + ".rels"
    guard case .bytes(let bytes) = try archive.readEntry(relsPath), let rels = XMLTree.parse(bytes, name: relsPath)
    else { return [:] }
    var links: [String: String] = [:]
    for relation in rels.elements("Relationship") {
      guard let id = relation[attribute: "id"], let target = relation[attribute: "target"],
        relation[attribute: "targetmode"] == "External"
          || (relation[attribute: "type"].map { $0.split(separator: "/").last == "hyperlink" } ?? true)
      else { continue }
      links[id] = target
    }
    return links
  }

  /// What styles.xml, numbering.xml and the relationships say.
  struct Context {
    /// Paragraph style id → the heading level it sets itself (nil: a body-text outline level 9).
    var headingLevels: [String: Int?] = [:]
    /// Style id → its base style (`w:basedOn`).
    var basedOn: [String: String] = [:]
    /// Numbering id → whether its first level is a bullet.
    var bulleted: [String: Bool] = [:]
    /// Relationship id → target.
    var links: [String: String] = [:]
    var titleStyles: Set<String> = []

    mutating func readStyles(_ styles: XMLTree) {
      for style in styles.elements("style") where style[attribute: "w:type"] == "paragraph" {
        guard let id = style[attribute: "w:styleid"] else { continue }
        let name = (style.first("name")?[attribute: "w:val"] ?? "").lowercased()
        if let base = style.first("basedOn")?[attribute: "w:val"] { basedOn[id] = base }
        if let outline = Self.outlineLevel(style.first("pPr")) {
          headingLevels[id] = outline
        } else if name == "title" {
          // Word's Title is the document's top heading (pandoc's title block shows it as one).
          headingLevels[id] = 1
        } else if name.hasPrefix("heading "), let level = Int(name.dropFirst(8)), (1...9).contains(level) {
          headingLevels[id] = level
        }
        if name == "title" { titleStyles.insert(id) }
      }
    }

    mutating func readNumbering(_ numbering: XMLTree) {
      var abstractBullet: [String: Bool] = [:]
      for abstract in numbering.elements("abstractNum") {
        guard let id = abstract[attribute: "w:abstractnumid"] else { continue }
        let format = abstract.first("lvl")?.first("numFmt")?[attribute: "w:val"] ?? "bullet"
        abstractBullet[id] = format == "bullet" || format == "none"
      }
      for num in numbering.elements("num") {
        guard let id = num[attribute: "w:numid"], let abstract = num.first("abstractNumId")?[attribute: "w:val"] else {
          continue
        }
        bulleted[id] = abstractBullet[abstract] ?? true
      }
    }

    /// The heading level of paragraph style `id`: the nearest style on its `w:basedOn` chain that
    /// sets one decides (a body-text outline level there means none). The chain is followed at most
    /// as far as there are styles, so a cycle ends.
    func headingLevel(ofStyle id: String) -> Int? {
      var current = id
      for _ in 0...basedOn.count {
        if let level = headingLevels[current] { return level }
        guard let base = basedOn[current] else { return nil }
        current = base
      }
      return nil
    }

    /// A paragraph properties' `w:outlineLvl` as a heading level: `.some(nil)` for body text (9),
    /// nil when it sets none (or a value out of range).
    static func outlineLevel(_ properties: XMLTree?) -> Int?? {
      guard let outline = properties?.first("outlineLvl")?[attribute: "w:val"].flatMap({ Int($0) }),
        (0...9).contains(outline)
      else { return nil }
      return .some(outline == 9 ? nil : outline + 1)
    }

    /// The text of the first paragraph in a Title style, if any.
    func title(_ root: XMLTree) -> String? {
      guard !titleStyles.isEmpty else { return nil }
      for paragraph in root.descendants("p") {
        if let style = paragraph.first("pPr")?.first("pStyle")?[attribute: "w:val"], titleStyles.contains(style) {
          let text = paragraph.descendants("t").map(\.text).joined()
          return text.isEmpty ? nil : text
        }
      }
      return nil
    }
  }
}

/// Walks WordprocessingML elements into a ``DocumentBuilder``.
final class DOCXBuilder {
  private var builder = DocumentBuilder()
  private let context: DOCXReader.Context
  private var openList: (handle: DocumentBuilder.BlockHandle, numbering: String)?
  private(set) var deletions = 0
  private var offset = 0

  init(context: DOCXReader.Context, bytes: [UInt8]) {
    self.context = context
    bytes.withUnsafeBytes { builder.sourceMap.scanLines($0) }
  }

  func finish() -> TextDocument {
    closeList()
    return builder.finish(format: .docx, language: nil, title: nil)
  }

  /// Walks the children of a container element (body, cell, note, content control).
  func walk(_ container: XMLTree) {
    for element in container.elements {
      offset = element.offset
      switch element.localName {
      case "p": paragraph(element)
      case "tbl":
        closeList()
        table(element)
      case "sdt": if let content = element.first("sdtContent") { walk(content) }
      case "customXml", "sdtContent", "ins", "smartTag": walk(element)
      case "footnote", "endnote": walk(element)
      default: break
      }
    }
  }

  private func closeList() {
    if let list = openList { builder.closeBlock(list.handle) }
    openList = nil
  }

  private func paragraph(_ paragraph: XMLTree) {
    let properties = paragraph.first("pPr")
    let style = properties?.first("pStyle")?[attribute: "w:val"]
    let level = DOCXReader.Context.outlineLevel(properties) ?? style.flatMap { context.headingLevel(ofStyle: $0) }
    let numbering = properties?.first("numPr")?.first("numId")?[attribute: "w:val"]
    let kind: BlockKind
    if let level {
      closeList()
      kind = .heading(level: level)
    } else if let numbering, numbering != "0" {
      if openList?.numbering != numbering {
        closeList()
        let ordered = !(context.bulleted[numbering] ?? true)
        openList = (builder.openBlock(.list(ordered: ordered)), numbering)
      }
      kind = .listItem
    } else {
      closeList()
      kind = .paragraph
    }
    let language = properties?.first("rPr")?.first("lang")?[attribute: "w:val"]
    let block = builder.openBlock(kind, language: language)
    inline(paragraph)
    builder.closeBlock(block)
  }

  /// Runs, hyperlinks, insertions, fields and content controls inside a paragraph.
  private func inline(_ parent: XMLTree) {
    for element in parent.elements {
      switch element.localName {
      case "r": run(element)
      case "hyperlink":
        // r:id names the target, w:anchor a bookmark in it (or in this document when alone).
        let anchor = element[attribute: "w:anchor"].map { "#\($0)" }
        let target = element[attribute: "r:id"].flatMap { context.links[$0] }.map { $0 + (anchor ?? "") } ?? anchor
        if let target {
          let link = builder.openRun(.link(target: target, name: nil))
          inline(element)
          builder.closeRun(link)
        } else {
          inline(element)
        }
      case "ins", "fldSimple", "smartTag", "customXml", "sdtContent", "moveTo": inline(element)
      case "sdt": if let content = element.first("sdtContent") { inline(content) }
      case "del", "moveFrom": deletions += 1
      case "AlternateContent": if let choice = element.elements.first { inline(choice) }
      default: break
      }
    }
  }

  private func run(_ run: XMLTree) {
    let language = run.first("rPr")?.first("lang")?[attribute: "w:val"]
    let languageRun = language.map { builder.openRun(.language($0)) }
    for element in run.elements {
      switch element.localName {
      case "t":
        builder.appendText(element.text, sourceOffset: element.offset)
      case "tab": builder.softSpace()
      case "br", "cr": builder.lineBreak()
      case "noBreakHyphen": builder.appendText("-", sourceOffset: element.offset)
      case "drawing", "pict", "object":
        for description in element.descendants("docPr") {
          guard let text = description[attribute: "descr"] ?? description[attribute: "title"], !text.isEmpty else {
            continue
          }
          builder.wordBoundary()
          let image = builder.openRun(.image(source: nil))
          builder.appendText(text, sourceOffset: element.offset)
          builder.closeRun(image)
          builder.wordBoundary()
        }
        for box in element.descendants("txbxContent") { walk(box) }
      case "AlternateContent": if let choice = element.elements.first { self.run(choice) }
      case "delText": deletions += 1
      default: break
      }
    }
    if let languageRun { builder.closeRun(languageRun) }
  }

  private func table(_ table: XMLTree) {
    let handle = builder.openBlock(.table)
    for row in table.elements("tr") {
      let header = row.first("trPr")?.first("tblHeader") != nil
      let rowHandle = builder.openBlock(.tableRow)
      for cell in row.elements("tc") {
        let cellHandle = builder.openBlock(.tableCell(header: header))
        walk(cell)
        closeList()
        builder.closeBlock(cellHandle)
      }
      builder.closeBlock(rowHandle)
    }
    builder.closeBlock(handle)
  }
}
