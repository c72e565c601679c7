@_spi(Plumbing) internal import TextModel

/// A ``MarkdownSink`` that assembles the document itself: each element GitHub's HTML has for a
/// Markdown construct goes straight to the ``MarkupAssembler`` with what it means — what
/// ``HTMLSemantics`` gives the same element in a page, looked up once per tag (``meanings``) and
/// afresh only for an element with attributes (links, images, alerts, aligned cells) — tables to
/// the ``HTMLTableModel``, text from cmark's literals at their Markdown offsets. Markdown makes no
/// style sheet, SVG, form, quotation or section, so the HTML builder's CSS, element stack and
/// context are not needed, and the document is the one the same Markdown written as HTML gives.
///
/// Raw HTML stops it: ``MarkdownReader`` then reads the document through ``MarkdownHTMLWriter``.
struct MarkdownAssembly: MarkdownSink {
  private(set) var assembler: MarkupAssembler
  /// The tables being read.
  private var tables = HTMLTableModel()
  /// The element events kept for the audit (``ReaderOptions/collectsMarkupFacts``), else nil.
  private var facts: MarkupFactsCollector?
  /// The language front matter declares (`<html lang>`), else the reader's default.
  private var documentLanguage: String?
  private let defaultLanguage: String?
  /// The open elements, innermost last, each with whether the table model took it.
  private var open: [(tag: MarkdownTag, inTableModel: Bool)] = []
  /// A "&" text node and the name after it, read as HTML reads them.
  private var references = CharacterReferenceJoiner()

  /// Where the piece being read starts in the input, how many input bytes it spans, and how many
  /// bytes of text came from it so far.
  private var source = 0
  private var length = 0
  private var written = 0
  /// Whether `html` and `body` were opened as libxml2 opens them before the first element.
  private var implied = false
  /// Whether an explicit `html` started the document (front matter gives it a head).
  private var explicit = false
  /// How many control characters were left out (libxml2's HTML parser leaves them out too).
  private var problems = 0

  /// What each tag means without attributes, outside any sectioning element: the meaning table.
  static let meanings = MarkdownTag.allCases.map {
    HTMLSemantics.meaning(of: ElementName($0.name), ElementAttributes([]), context: HTMLSemantics.Context())
  }

  init(options: ReaderOptions) {
    assembler = MarkupAssembler(maximumDepth: options.maximumDepth, spokenForms: options.spokenForms)
    defaultLanguage = options.defaultLanguage
    if options.collectsMarkupFacts { facts = MarkupFactsCollector(maximumDepth: options.maximumDepth) }
  }

  /// Where the parser would be now, in input bytes.
  private var here: Int { source + min(written, length) }

  mutating func mark(source: Int, length: Int) {
    self.source = source
    self.length = length
    written = 0
  }

  // MARK: elements

  mutating func start(_ tag: MarkdownTag, _ attributes: [(String, String)]) {
    if !implied && !explicit {
      if tag == .html {
        explicit = true
      } else {
        // libxml2 implies `<html><body>` before a document's first element.
        implied = true
        open(.html, [])
        open(.body, [])
      }
    }
    open(tag, attributes)
  }

  mutating func end(_ tag: MarkdownTag) {
    references.flush(into: &assembler)
    guard let index = open.lastIndex(where: { $0.tag == tag }) else { return }
    if facts != nil { facts!.end(tag.name) }
    assembler.end(tag.name, sourceOffset: here)
    for position in (index..<open.count).reversed() where open[position].inTableModel {
      tables.end(open[position].tag.kind, in: &assembler)
    }
    open.removeSubrange(index...)
  }

  mutating func void(_ tag: MarkdownTag, _ attributes: [(String, String)]) {
    start(tag, attributes)
    end(tag)
  }

  /// Opens `tag` in the assembler with its meaning (as the HTML builder opens the same element).
  private mutating func open(_ tag: MarkdownTag, _ pairs: [(String, String)]) {
    references.flush(into: &assembler)
    // Values as the HTML builder gets them: a reference in one is decoded (`&copy` in a URL).
    let attributes = ElementAttributes(
      pairs.map { ($0.0, $0.1.utf8.contains(0x26) ? HTMLNamedReferences.decodingAttribute($0.1) : $0.1) })
    if facts != nil {
      for attribute in attributes.pairs { facts!.attribute(attribute.name, attribute.value) }
      facts!.start(tag.name, sourceOffset: here)
    }
    var meaning = pairs.isEmpty ? Self.meanings[tag.rawValue] : meaning(of: tag, attributes, pairs)
    if !meaning.skip, !assembler.isSkipping, let language = attributes[.lang], !language.isEmpty {
      if documentLanguage == nil && assembler.depth <= 1 {
        documentLanguage = language
      } else {
        meaning.runs.insert(.language(language), at: 0)
      }
    }
    assembler.start(tag.name, meaning: meaning, sourceOffset: here)
    open.append((tag, tables.start(tag.kind, attributes, in: &assembler)))
  }

  /// What an element with attributes means: worked out by ``HTMLSemantics`` (no context applies
  /// in Markdown), and remembered unless it is a link or an image (those carry their own target).
  private mutating func meaning(of tag: MarkdownTag, _ attributes: ElementAttributes, _ pairs: [(String, String)])
    -> ElementMeaning
  {
    guard tag != .a && tag != .img else {
      return HTMLSemantics.meaning(of: ElementName(tag.name), attributes, context: HTMLSemantics.Context())
    }
    let key = AttributedTag(tag: tag, pairs: pairs.flatMap { [$0.0, $0.1] })
    if let known = attributedMeanings[key] { return known }
    let meaning = HTMLSemantics.meaning(of: ElementName(tag.name), attributes, context: HTMLSemantics.Context())
    if attributedMeanings.count < Self.maximumAttributedMeanings { attributedMeanings[key] = meaning }
    return meaning
  }

  /// A tag and its attributes as written (names and values in turn).
  private struct AttributedTag: Hashable {
    var tag: MarkdownTag
    var pairs: [String]
  }

  /// What the elements with attributes read so far mean (alerts' classes, a fence's language, a
  /// cell's alignment, a task's checkbox, a list's start): few distinct ones, each worked out once.
  private var attributedMeanings: [AttributedTag: ElementMeaning] = [:]
  /// The most kept (a document of a million lists, each with its own start, keeps the first).
  private static let maximumAttributedMeanings = 256

  // MARK: text

  mutating func text(_ bytes: UnsafeRawBufferPointer) {
    guard !bytes.isEmpty else { return }
    if let control = bytes.firstIndex(where: Self.isControl) { return textLeavingOutControls(bytes, from: control) }
    let text = bytes.assumingMemoryBound(to: UInt8.self)
    let within = max(0, min(text.count, length - written))
    if within == text.count {
      deliver(text)
      return
    }
    // Text past the input it came from (made-up text such as a task's ☑, a code line's line feed):
    // each of its words maps to the end of that input, as a word is placed where its event starts.
    if within > 0 { deliver(UnsafeBufferPointer(rebasing: text[..<within])) }
    var start = within
    while start < text.count {
      var end = start + 1
      while end < text.count && !(Self.isSpace(text[end - 1]) && !Self.isSpace(text[end])) { end += 1 }
      deliver(UnsafeBufferPointer(rebasing: text[start..<end]))
      start = end
    }
  }

  /// One text event at ``here``.
  private mutating func deliver(_ text: UnsafeBufferPointer<UInt8>) {
    if facts != nil { facts!.text(text) }
    references.text(text, offset: here, into: &assembler)
    written += text.count
  }

  /// A C0 control character but tab, line feed and carriage return: not a character in HTML text.
  private static func isControl(_ byte: UInt8) -> Bool {
    byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
  }

  /// Text with control characters: they are left out, each with libxml2's error for it (the first
  /// ``SAXParser/listedProblems``), as the HTML reader reads the same text.
  private mutating func textLeavingOutControls(_ bytes: UnsafeRawBufferPointer, from first: Int) {
    var start = 0
    var index = first
    while index < bytes.count {
      if Self.isControl(bytes[index]) {
        if index > start { text(UnsafeRawBufferPointer(rebasing: bytes[start..<index])) }
        problems += 1
        if problems <= SAXParser.listedProblems {
          let place = assembler.builder.sourceMap.lineAndColumn(forSourceOffset: here)
          let hex = String(bytes[index], radix: 16, uppercase: true)
          let suffix = problems == SAXParser.listedProblems ? " (further problems not listed)" : ""
          assembler.builder.diagnostics.append(
            Diagnostic(.error, "Invalid char in CDATA 0x\(hex)\(suffix)", line: place.line, column: place.column))
        }
        written += 1
        start = index + 1
      }
      index += 1
    }
    if start < bytes.count { text(UnsafeRawBufferPointer(rebasing: bytes[start...])) }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }

  mutating func lineFeed() {
    // Only inside an element, as libxml2 reports white space.
    guard implied || explicit else { return }
    withUnsafeBytes(of: UInt8(0x0A)) { text($0) }
  }

  /// Raw HTML stops the walk (``MarkdownReader`` then reads the document through HTML).
  static var takesRawHTML: Bool { false }

  mutating func raw(_ bytes: UnsafeRawBufferPointer) {}

  // MARK: the document

  /// Notes the input's line starts (for line:column) and reserves room for a document of it.
  mutating func noteInput(_ bytes: [UInt8]) {
    assembler.builder.reserveCapacity(forInputSize: bytes.count)
    bytes.withUnsafeBytes { assembler.builder.sourceMap.scanLines($0) }
  }

  /// The document: what libxml2 closes at the end of the input closed, sources past `inputLength`
  /// clamped, the nesting limit reported and the audit's facts attached.
  mutating func finish(inputLength: Int) -> TextDocument {
    if implied {
      end(.body)
      end(.html)
    }
    references.flush(into: &assembler)
    assembler.builder.sourceMap.clampSources(to: inputLength)
    if let offset = assembler.tooDeepOffset {
      let place = assembler.builder.sourceMap.lineAndColumn(forSourceOffset: offset)
      assembler.builder.diagnostics.append(assembler.tooDeepDiagnostic(line: place.line, column: place.column))
    }
    var document = assembler.finish(format: .html, language: documentLanguage ?? defaultLanguage)
    if facts != nil {
      let sourceMap = document.sourceMap
      document.markupFacts = facts!.finish(
        mapping: { $0 }, lineAndColumn: { sourceMap.lineAndColumn(forSourceOffset: $0) })
      facts = nil
    }
    return document
  }
}
