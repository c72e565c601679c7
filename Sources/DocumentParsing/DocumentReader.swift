public import TextModel

/// Reads any supported input: picks the reader from an explicit format, the file's extension, or
/// the first bytes, and rejects binary data.
///
/// ```swift
/// let document = try DocumentReader().read(path: "corpus/park-trip-brochure.html")
/// ```
public struct DocumentReader: Sendable {
  /// Reading limits and overrides, passed to every reader.
  public var options: ReaderOptions

  public init(options: ReaderOptions = .default) { self.options = options }

  /// The format a file name implies (.html/.htm/.xhtml, .xml, .txt/.text), or nil.
  public static func format(forPath path: String) -> InputFormat? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "html", "htm", "xhtml", "shtml": return .html
    case "xml", "dbk", "dita", "docbook": return .xml
    case "txt", "text", "md", "log": return .text
    default: return nil
    }
  }

  /// The format the first bytes suggest: markup with `<html`/`<!doctype html` is HTML, other markup
  /// starting with `<?xml` or a tag is XML, anything else is text.
  public static func sniffFormat(_ bytes: some Collection<UInt8>) -> InputFormat {
    var head = Array(bytes.prefix(2048))
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { head.removeFirst(3) }
    let text = String(decoding: head, as: UTF8.self).lowercased()
    let trimmed = text.drop { $0.isWhitespace }
    if trimmed.hasPrefix("<!doctype html") || text.contains("<html") || text.contains("<body")
      || text.contains("<head") { return .html }
    if trimmed.hasPrefix("<?xml") || trimmed.hasPrefix("<!doctype") || (trimmed.hasPrefix("<") && trimmed.dropFirst().first?.isLetter == true) {
      return trimmed.hasPrefix("<p>") || trimmed.hasPrefix("<div") ? .html : .xml
    }
    return .text
  }

  /// The offset of a NUL byte in the first 8 KiB, if the input looks binary (UTF-16 with a BOM is not binary).
  static func binaryOffset(_ bytes: some Collection<UInt8>) -> Int? {
    let head = Array(bytes.prefix(8192))
    if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) { return nil }
    return head.firstIndex(of: 0)
  }

  /// Reads a file (or standard input for `-`), streaming markup in chunks.
  /// - Throws: ``ReadError`` when the file is missing, unreadable or binary.
  public func read(path: String, format: InputFormat? = nil) throws(ReadError) -> TextDocument {
    let source = try InputSource(path: path)
    defer { source.close() }
    if source.size > options.maximumInputBytes { throw options.tooLarge(source.displayName) }
    let first = try source.readChunk()
    if let offset = Self.binaryOffset(first) { throw .binary(path: source.displayName, offset: offset) }
    let chosen = format ?? Self.format(forPath: path) ?? Self.sniffFormat(first)
    switch chosen {
    case .html:
      return try HTMLReader(options: options).read(from: source, prefix: first.isEmpty ? [] : first)
    case .xml:
      return try XMLReader(options: options).read(from: source, prefix: first.isEmpty ? [] : first)
    case .text:
      var all = first
      all.append(contentsOf: try source.readAll())
      if all.count > options.maximumInputBytes { throw options.tooLarge(source.displayName) }
      return TextReader(options: options).read(bytes: all, name: source.displayName)
    }
  }

  /// Reads bytes already in memory.
  public func read(bytes: [UInt8], format: InputFormat? = nil, name: String = "<input>") throws(ReadError) -> TextDocument {
    if bytes.count > options.maximumInputBytes { throw options.tooLarge(name) }
    if let offset = Self.binaryOffset(bytes) { throw .binary(path: name, offset: offset) }
    switch format ?? Self.format(forPath: name) ?? Self.sniffFormat(bytes) {
    case .html: return try HTMLReader(options: options).read(bytes: bytes, name: name)
    case .xml: return try XMLReader(options: options).read(bytes: bytes, name: name)
    case .text: return TextReader(options: options).read(bytes: bytes, name: name)
    }
  }
}

extension TextDocument {
  /// Reads HTML bytes: `TextDocument(parsingHTML: bytes)`.
  public init(parsingHTML bytes: [UInt8], options: ReaderOptions = .default) throws(ReadError) {
    self = try HTMLReader(options: options).read(bytes: bytes)
  }
  /// Reads XML bytes.
  public init(parsingXML bytes: [UInt8], options: ReaderOptions = .default) throws(ReadError) {
    self = try XMLReader(options: options).read(bytes: bytes)
  }
  /// Reads plain-text bytes.
  public init(parsingText bytes: [UInt8], options: ReaderOptions = .default) {
    self = TextReader(options: options).read(bytes: bytes)
  }
}
