/// Limits and overrides shared by the readers.
public struct ReaderOptions: Sendable, Hashable {
  /// The deepest element nesting that keeps its structure (deeper elements keep only their text).
  public var maximumDepth: Int
  /// The language to assume when the document names none.
  public var defaultLanguage: String?

  public init(maximumDepth: Int = 256, defaultLanguage: String? = nil) {
    self.maximumDepth = maximumDepth
    self.defaultLanguage = defaultLanguage
  }

  /// Depth 256 (libxml2's own default limit), no default language.
  public static let `default` = ReaderOptions()
}
