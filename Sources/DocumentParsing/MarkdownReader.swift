internal import CCMarkGFM
@_spi(Plumbing) package import TextModel

/// Reads Markdown (CommonMark with GitHub's extensions: tables, strikethrough, autolinks, task
/// lists) into a ``TextDocument`` with Debian's cmark-gfm.
///
/// cmark-gfm parses; `MarkdownWalker` walks its tree and hands the elements GitHub's HTML has for
/// it (headings, lists, tables, emphasis, links, images' alt text, code) straight to the document
/// assembler with what each means in HTML (`MarkdownAssembly`), so Markdown reads as the same
/// document written in HTML, with no HTML text and no second parse. Raw HTML (a block or an inline) only means something in
/// the whole stream of markup as a browser parses it (`<details>` around Markdown paragraphs), so a
/// document with raw HTML is read through the HTML GitHub would write (`MarkdownHTMLWriter`) as a
/// whole. On top of GitHub's HTML:
/// - GitHub alerts (`> [!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]`, `[!CAUTION]`) become alert
///   ranges (note and tip: info; important and warning: warning; caution: critical), titled as
///   GitHub titles them ("Warning");
/// - a task list item starts with ☑ (done) or ☐ (to do), so its state is read;
/// - YAML front matter (`---` … `---` at the very start) is left out of the text; its `title` and
///   `lang` become the document's title and language.
///
/// The source map points into the Markdown: every text node, code line and block maps to the
/// byte (and line:column) cmark's source positions give for it.
///
/// ```swift
/// let document = try MarkdownReader().read(bytes: Array("# Install\n\nRun *make*.".utf8))
/// ```
package struct MarkdownReader: Sendable {
  /// Reading limits and overrides (the language when the document names none, the size limit).
  package var options: ReaderOptions

  /// A reader with `options`.
  package init(options: ReaderOptions = .default) { self.options = options }

  /// Reads UTF-8 Markdown (invalid sequences become U+FFFD).
  /// - Throws: ``ReadError`` when the input is larger than the options allow or cmark-gfm fails.
  package func read(bytes: [UInt8], name: String = "<input>") throws(ReadError) -> TextDocument {
    if bytes.count > options.maximumInputBytes { throw options.tooLarge(name) }
    var base = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { base = 3 }
    let frontMatter = FrontMatter(bytes, from: base)
    if let frontMatter { base = frontMatter.end }
    let body = bytes[base...]
    // Table width and nesting bounded first (cmark-gfm is quadratic or deep in them).
    let bounds = MarkdownBounds(body, maximumDepth: options.maximumDepth)
    let parsed = (bounds.bytes?[...] ?? body).withUnsafeBytes { raw in
      ccm_parse(raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count)
    }
    guard let tree = parsed else { throw .malformed(path: name, reason: "cmark-gfm could not parse the Markdown") }
    defer { ccm_free(tree) }
    // Straight into the builder, unless the walk meets raw HTML: then through HTML as a whole.
    var document: TextDocument
    if let direct = readDirectly(tree, bytes: bytes, base: base, bounds: bounds, frontMatter: frontMatter, name: name) {
      document = direct
    } else {
      document = try readThroughHTML(
        tree, bytes: bytes, base: base, bounds: bounds, frontMatter: frontMatter, name: name)
    }
    for note in bounds.notes {
      let place = document.sourceMap.lineAndColumn(forSourceOffset: note.offset)
      document.diagnostics.append(
        Diagnostic(.warning, note.message, line: place.line, column: place.column, changesText: true))
    }
    document.format = .markdown
    return document
  }

  /// Reads the tree straight into the document (``MarkdownAssembly``): no HTML text; nil when the
  /// tree holds raw HTML.
  private func readDirectly(
    _ tree: OpaquePointer, bytes: [UInt8], base: Int, bounds: MarkdownBounds, frontMatter: FrontMatter?, name: String
  ) -> TextDocument? {
    var assembly = MarkdownAssembly(options: options)
    assembly.noteInput(bytes)
    var walker = MarkdownWalker(
      sink: consume assembly, lineStarts: Self.lineStarts(bytes[base...]), bodyLength: bytes.count - base,
      bodyBase: base, insertions: bounds.insertions)
    walker.walk(document: tree, language: frontMatter?.language, title: frontMatter?.title)
    if walker.metRawHTML { return nil }
    let document = walker.sink.finish(inputLength: bytes.count)
    document._checkInvariants()
    return document
  }

  /// Reads a document with raw HTML in it: the HTML GitHub would write (``MarkdownHTMLWriter``)
  /// through the ``HTMLReader``, its positions mapped back to the Markdown.
  private func readThroughHTML(
    _ tree: OpaquePointer, bytes: [UInt8], base: Int, bounds: MarkdownBounds, frontMatter: FrontMatter?, name: String
  ) throws(ReadError) -> TextDocument {
    let bodyLength = bytes.count - base
    var walker = MarkdownWalker(
      sink: MarkdownHTMLWriter(bodyBase: base, inputEnd: bytes.count, capacity: bodyLength + bodyLength / 2 + 64),
      lineStarts: Self.lineStarts(bytes[base...]), bodyLength: bodyLength, bodyBase: base,
      insertions: bounds.insertions)
    walker.walk(document: tree, language: frontMatter?.language, title: frontMatter?.title)
    let writer = walker.sink

    // The HTML is UTF-8 whatever the options say, and may be longer than the input.
    var inner = options
    inner.encoding = "utf-8"
    inner.maximumInputBytes = max(options.maximumInputBytes, writer.html.count)
    var document = try HTMLReader(options: inner).read(bytes: writer.html, name: name)

    let htmlLines = Self.lineStarts(writer.html[...])
    var map = SourceMap()
    map.reserveCapacity(anchors: document.sourceMap.anchors.count, lines: bytes.count / 32)
    for anchor in document.sourceMap.anchors {
      map.addAnchor(text: anchor.text, source: writer.sourceOffset(forHTMLOffset: anchor.source))
    }
    bytes.withUnsafeBytes { map.scanLines($0) }
    for index in document.diagnostics.indices {
      guard let line = document.diagnostics[index].line, line > 0, line <= htmlLines.count else { continue }
      let htmlOffset = htmlLines[line - 1] + max((document.diagnostics[index].column ?? 1) - 1, 0)
      let place = map.lineAndColumn(forSourceOffset: writer.sourceOffset(forHTMLOffset: htmlOffset))
      document.diagnostics[index].line = place.line
      document.diagnostics[index].column = place.column
    }
    // The audit's element positions too point into the Markdown, not the HTML written from it.
    if document.markupFacts != nil {
      document.markupFacts!.remapSources(
        { writer.sourceOffset(forHTMLOffset: $0) }, lineAndColumn: { map.lineAndColumn(forSourceOffset: $0) })
    }
    document.sourceMap = map
    return document
  }

  /// Where each line of `bytes` starts, relative to its start, as cmark counts lines (after LF, CR
  /// LF or a lone CR).
  static func lineStarts(_ bytes: ArraySlice<UInt8>) -> [Int] {
    var starts = [0]
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      index += 1
      if byte == 0x0A || (byte == 0x0D && (index == bytes.endIndex || bytes[index] != 0x0A)) {
        starts.append(index - bytes.startIndex)
      }
    }
    return starts
  }
}

extension TextDocument {
  /// Reads Markdown bytes: `TextDocument(parsingMarkdown: bytes)`.
  package init(parsingMarkdown bytes: [UInt8], options: ReaderOptions = .default) throws(ReadError) {
    self = try MarkdownReader(options: options).read(bytes: bytes)
  }
}
