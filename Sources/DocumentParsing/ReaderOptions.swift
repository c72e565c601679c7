public import ParallelSupport
package import TextModel
internal import UnicodeSupport

/// Limits and overrides shared by the readers.
///
/// Every limit is reported when it is hit: as a ``Diagnostic`` on the document, or, for the input
/// size, as a ``ReadError`` (see docs/LIMITS.md).
public struct ReaderOptions: Sendable, Hashable {
  /// The deepest element nesting that keeps its structure (deeper elements keep only their text).
  public var maximumDepth: Int
  /// The language to assume when the document names none.
  public var defaultLanguage: String?
  /// The most attributes read on one element; the rest are dropped before libxml2 sees the tag
  /// (libxml2's duplicate-attribute check takes time quadratic in their number).
  public var maximumAttributes: Int
  /// The largest input read, in bytes; a larger input is refused with ``ReadError/malformed(path:reason:)``.
  public var maximumInputBytes: Int

  /// An encoding label (`--encoding`), looked up in the WHATWG label table: it wins over a `<meta>`
  /// or XML declaration but not over a byte-order mark. An unknown or refused label is ignored with a
  /// diagnostic. See docs/ENCODINGS.md.
  public var encoding: String?
  /// Whether an HTML or XML read keeps every element's name, attributes, text and position on the
  /// document (``TextDocument/markupFacts``), as `textrotor audit` needs. Off by default: a read
  /// that does not keep them pays one test per element event.
  package var collectsMarkupFacts = false
  /// How formulas and edits are written into the reading text (``SpokenForms``); nil keeps a
  /// formula's characters and writes no edit marks. The facade and the CLI set it.
  package var spokenForms: SpokenForms?
  /// Internal tuning, set only by tests to compare one way of reading with another.
  var tuning = Tuning()
  /// The threads a reader may use: a large HTML page is parsed and built on two, a large text file
  /// read in two halves at once, unless this is ``Parallelism/serial``. The document
  /// is the same either way.
  public var parallelism: Parallelism = .default

  /// The readers' tuning values, set only by tests (through `@testable import`) to compare reading
  /// on one thread with reading on two on small inputs; the defaults are what the readers use.
  struct Tuning: Sendable, Hashable {
    /// From this many bytes, a UTF-8 text file is read and validated in two halves on two threads.
    var textTwoThreadsFrom = 4 << 20
    /// The file size from which an HTML file is read on two threads (``SAXPipeline``; a stream of
    /// unknown size too, unless this is `.max`).
    var htmlTwoThreadsFrom = SAXPipeline.minimumInputSize
  }

  /// Options with every limit spelled out; ``default`` suits any document a person would open.
  public init(
    maximumDepth: Int = 256, defaultLanguage: String? = nil, encoding: String? = nil, maximumAttributes: Int = 1000,
    maximumInputBytes: Int = Self.defaultMaximumInputBytes
  ) {
    self.maximumDepth = maximumDepth
    self.defaultLanguage = defaultLanguage
    self.encoding = encoding
    self.maximumAttributes = maximumAttributes
    self.maximumInputBytes = maximumInputBytes
  }

  /// 2 GiB: libxml2 counts bytes in `int`, and the document text must fit in memory beside the input.
  public static let defaultMaximumInputBytes = 1 << 31

  /// Depth 256 (libxml2's own default limit), 1,000 attributes per element, 2 GiB of input, no
  /// default language.
  public static let `default` = ReaderOptions()

  /// The error for an input over ``maximumInputBytes``.
  func tooLarge(_ name: String) -> ReadError {
    .malformed(
      path: name,
      reason: "the input is larger than the limit of \(maximumInputBytes) bytes (raise it with --max-input-bytes)")
  }

  /// Why an encoding label a person gave (`--encoding`) cannot be used, or nil when it names an
  /// encoding this reader decodes: unknown (`unknown encoding label 'klingon'`), refused as browsers
  /// refuse it (UTF-7, WHATWG "replacement"), or without a converter on this machine. A label inside
  /// a document is not checked here: an unusable one is ignored there, with a diagnostic.
  package static func refusal(ofEncodingLabel label: String) -> String? {
    guard let encoding = TextEncoding(label: label) else {
      if let refusal = TextEncoding.refusal(ofLabel: label), !refusal.hasSuffix("is unknown and was ignored") {
        return refusal
      }
      return "unknown encoding label '\(label)'"
    }
    if let refusal = TextEncoding.refusal(ofLabel: label) { return refusal }
    if encoding != .utf8, encoding.name != "x-user-defined", !StreamingConverter.canOpen(encoding.converterName) {
      return "the encoding \(encoding.name) has no converter on this machine"
    }
    return nil
  }
}
