package import TextModel

/// Reads any supported input: picks the reader from an explicit format, the file's extension, or
/// the first bytes, and rejects binary data.
///
/// ```swift
/// let document = try DocumentReader().read(path: "corpus/park-trip-brochure.html")
/// ```
package struct DocumentReader: Sendable {
  /// Reading limits and overrides, passed to every reader.
  package var options: ReaderOptions

  /// A reader with `options`; the format is sniffed unless the options say it.
  package init(options: ReaderOptions = .default) { self.options = options }

  /// The format a file name implies (.html/.htm/.xhtml, .xml, .txt/.text, .md/.markdown), or nil.
  package static func format(forPath path: String) -> InputFormat? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "html", "htm", "xhtml", "shtml": return .html
    case "xml", "dbk", "dita", "docbook": return .xml
    case "txt", "text", "log": return .text
    case "md", "markdown": return .markdown
    case "epub": return .epub
    case "docx": return .docx
    default: return nil
    }
  }

  /// The format the first bytes suggest, as browsers sniff: an HTML doctype or an HTML element
  /// name (any element of the HTML standard, in any case) as the first tag means HTML; XML only with
  /// an XML declaration or a root element that TextRotor's XML reader knows (the note vocabulary,
  /// DocBook, DITA); any other leading tag is read as HTML, which keeps all the text; anything that
  /// does not start with markup is text. See `FormatSniffer`.
  /// - Parameter bytes: the first bytes (at least 1024, or the whole input); UTF-16 and UTF-32 are
  ///   recognised and decoded first.
  package static func sniffFormat(_ bytes: some Collection<UInt8>, encoding override: String? = nil) -> InputFormat {
    FormatSniffer.format(Array(bytes.prefix(InputSource.headLength)), encoding: override)
  }

  /// Reads a file (or standard input for `-`), streaming markup in chunks. Nothing is decided on
  /// less than the first 8 KiB (or the whole input when shorter), however the input arrives.
  /// - Throws: ``ReadError`` when the file is missing, unreadable or binary.
  package func read(path: String, format: InputFormat? = nil) throws(ReadError) -> TextDocument {
    let source = try InputSource(path: path, options: options)
    defer { source.close() }
    let head = try source.readHead()
    let implied = format ?? Self.format(forPath: path)
    if implied == .epub || implied == .docx || (implied == nil && ZipArchive.looksLikeZip(head)) {
      var all = head
      try source.readAll(appendingTo: &all, limit: options.maximumInputBytes)
      if all.count > options.maximumInputBytes { throw options.tooLarge(source.displayName) }
      return try readContainer(all, format: implied, name: source.displayName)
    }
    if let kind = BinarySniffer.reason(head, encoding: options.encoding) {
      throw .binary(path: source.displayName, kind: kind)
    }
    let chosen = format ?? Self.format(forPath: path) ?? Self.sniffFormat(head, encoding: options.encoding)
    switch chosen {
    case .html:
      return try HTMLReader(options: options).read(from: source, prefix: head)
    case .xml:
      return try XMLReader(options: options).read(from: source, prefix: head)
    case .epub, .docx:
      throw .binary(path: source.displayName, kind: BinarySniffer.zipKind)
    case .text:
      let reader = TextReader(options: options)
      if let document = try reader.read(file: source, head: head) { return document }
      var all = head
      try source.readAll(appendingTo: &all, limit: options.maximumInputBytes)
      if all.count > options.maximumInputBytes { throw options.tooLarge(source.displayName) }
      return reader.read(taking: &all, name: source.displayName)
    case .markdown:
      var all = head
      try source.readAll(appendingTo: &all, limit: options.maximumInputBytes)
      if all.count > options.maximumInputBytes { throw options.tooLarge(source.displayName) }
      return try MarkdownReader(options: options).read(bytes: all, name: source.displayName)
    }
  }

  /// Reads bytes already in memory.
  package func read(bytes: [UInt8], format: InputFormat? = nil, name: String = "<input>") throws(ReadError)
    -> TextDocument
  {
    if bytes.count > options.maximumInputBytes { throw options.tooLarge(name) }
    let implied = format ?? Self.format(forPath: name)
    if implied == .epub || implied == .docx || (implied == nil && ZipArchive.looksLikeZip(bytes.prefix(4))) {
      return try readContainer(bytes, format: implied, name: name)
    }
    if let kind = BinarySniffer.reason(Array(bytes.prefix(InputSource.headLength)), encoding: options.encoding) {
      throw .binary(path: name, kind: kind)
    }
    switch format ?? Self.format(forPath: name) ?? Self.sniffFormat(bytes, encoding: options.encoding) {
    case .html: return try HTMLReader(options: options).read(bytes: bytes, name: name)
    case .xml: return try XMLReader(options: options).read(bytes: bytes, name: name)
    case .text: return TextReader(options: options).read(bytes: bytes, name: name)
    case .epub, .docx: throw .binary(path: name, kind: BinarySniffer.zipKind)
    case .markdown: return try MarkdownReader(options: options).read(bytes: bytes, name: name)
    }
  }

  /// Reads a ZIP container: as `format` when given, else as what its entries say it is (EPUB's
  /// `mimetype` or `META-INF/container.xml`; DOCX's `[Content_Types].xml` and `word/document.xml`).
  /// Any other ZIP (and one libzip cannot open, unless EPUB or DOCX was asked for) is binary data, as
  /// before these readers existed.
  private func readContainer(_ bytes: [UInt8], format: InputFormat?, name: String) throws(ReadError) -> TextDocument {
    let archive: ZipArchive
    do {
      archive = try ZipArchive(bytes: bytes, name: name, maximumBytes: options.maximumInputBytes)
    } catch {
      if format == nil { throw .binary(path: name, kind: BinarySniffer.zipKind) }
      throw error
    }
    switch format ?? Self.containerFormat(archive) {
    case .epub: return try EPUBReader(options: options).read(archive)
    case .docx: return try DOCXReader(options: options).read(archive)
    default: throw .binary(path: name, kind: BinarySniffer.zipKind)
    }
  }

  /// EPUB or DOCX by the container's content, nil for any other ZIP.
  static func containerFormat(_ archive: ZipArchive) -> InputFormat? {
    if let mimetype = try? archive.read("mimetype"),
      mimetype.filter({ !TextEncoding.isASCIIWhitespace($0) }) == Array("application/epub+zip".utf8)
    {
      return .epub
    }
    if archive.contains("META-INF/container.xml") { return .epub }
    if archive.contains("[Content_Types].xml") && archive.contains("word/document.xml") { return .docx }
    return nil
  }
}

extension TextDocument {
  /// Reads HTML bytes: `TextDocument(parsingHTML: bytes)`.
  package init(parsingHTML bytes: [UInt8], options: ReaderOptions = .default) throws(ReadError) {
    self = try HTMLReader(options: options).read(bytes: bytes)
  }
  /// Reads XML bytes.
  package init(parsingXML bytes: [UInt8], options: ReaderOptions = .default) throws(ReadError) {
    self = try XMLReader(options: options).read(bytes: bytes)
  }
  /// Reads plain-text bytes.
  package init(parsingText bytes: [UInt8], options: ReaderOptions = .default) {
    self = TextReader(options: options).read(bytes: bytes)
  }
}
