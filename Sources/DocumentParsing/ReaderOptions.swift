/// Limits and overrides shared by the readers.
public struct ReaderOptions: Sendable, Hashable {
  /// The deepest element nesting that keeps its structure (deeper elements keep only their text).
  public var maximumDepth: Int
  /// The language to assume when the document names none.
  public var defaultLanguage: String?

  /// An encoding label (`--encoding`), looked up in the WHATWG label table: it wins over a `<meta>`
  /// or XML declaration but not over a byte-order mark. An unknown or refused label is ignored with a
  /// diagnostic. See docs/ENCODINGS.md.
  public var encoding: String?

  public init(maximumDepth: Int = 256, defaultLanguage: String? = nil, encoding: String? = nil) {
    self.maximumDepth = maximumDepth
    self.defaultLanguage = defaultLanguage
    self.encoding = encoding
  }

  /// Depth 256 (libxml2's own default limit), no default language.
  public static let `default` = ReaderOptions()
}
