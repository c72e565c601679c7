internal import CCMarkGFM
@_spi(Plumbing) public import TextModel

/// Reads Markdown (CommonMark with GitHub's extensions: tables, strikethrough, autolinks, task
/// lists) into a ``TextDocument`` with Debian's cmark-gfm.
///
/// cmark-gfm parses; `MarkdownHTMLWriter` walks its tree and writes the HTML GitHub would, and the
/// ``HTMLReader`` reads that, so headings, lists, tables, emphasis, links, images' alt text and raw
/// HTML read exactly as the same document written in HTML. On top of GitHub's HTML:
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
public struct MarkdownReader: Sendable {
  /// Reading limits and overrides (the language when the document names none, the size limit).
  public var options: ReaderOptions

  /// A reader with `options`.
  public init(options: ReaderOptions = .default) { self.options = options }

  /// Reads UTF-8 Markdown (invalid sequences become U+FFFD).
  /// - Throws: ``ReadError`` when the input is larger than the options allow or cmark-gfm fails.
  public func read(bytes: [UInt8], name: String = "<input>") throws(ReadError) -> TextDocument {
    if bytes.count > options.maximumInputBytes { throw options.tooLarge(name) }
    var base = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { base = 3 }
    let frontMatter = FrontMatter(bytes, from: base)
    if let frontMatter { base = frontMatter.end }
    let body = bytes[base...]
    let lineStarts = Self.lineStarts(body)
    // Table width and nesting bounded first (cmark-gfm is quadratic or deep in them).
    let bounds = MarkdownBounds(body, maximumDepth: options.maximumDepth)
    var writer = MarkdownHTMLWriter(
      lineStarts: lineStarts, bodyLength: body.count, bodyBase: base, insertions: bounds.insertions)
    let parsed = (bounds.bytes?[...] ?? body).withUnsafeBytes { raw in
      ccm_parse(raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count)
    }
    guard let tree = parsed else { throw .malformed(path: name, reason: "cmark-gfm could not parse the Markdown") }
    writer.write(document: tree, language: frontMatter?.language, title: frontMatter?.title)
    ccm_free(tree)

    // The HTML is UTF-8 whatever the options say, and may be longer than the input.
    var inner = options
    inner.encoding = "utf-8"
    inner.maximumInputBytes = max(options.maximumInputBytes, writer.html.count)
    var document = try HTMLReader(options: inner).read(bytes: writer.html, name: name)

    let htmlLines = Self.lineStarts(writer.html[...])
    var map = SourceMap()
    map.reserveCapacity(anchors: document.sourceMap.anchors.count, lines: lineStarts.count)
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
    for note in bounds.notes {
      let place = map.lineAndColumn(forSourceOffset: note.offset)
      document.diagnostics.append(
        Diagnostic(.warning, note.message, line: place.line, column: place.column, changesText: true))
    }
    // The audit's element positions too point into the Markdown, not the HTML written from it.
    if document.markupFacts != nil {
      document.markupFacts!.remapSources(
        { writer.sourceOffset(forHTMLOffset: $0) }, lineAndColumn: { map.lineAndColumn(forSourceOffset: $0) })
    }
    document.sourceMap = map
    document.format = .markdown
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
  public init(parsingMarkdown bytes: [UInt8], options: ReaderOptions = .default) throws(ReadError) {
    self = try MarkdownReader(options: options).read(bytes: bytes)
  }
}
