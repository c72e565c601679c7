/// The kind of input a document was read from.
public enum InputFormat: String, Hashable, Sendable, CaseIterable {
  case html, xml, text
  /// An EPUB book (a ZIP container of XHTML documents).
  case epub
  /// A Word document (Office Open XML, a ZIP container).
  case docx
  /// CommonMark with GitHub's extensions (.md, .markdown, `--input markdown`).
  case markdown
}

/// A document as assistive technology needs it: the text a screen reader would read, in reading
/// order, with its structure (blocks), attributes (links, alerts, languages, …) and a way back to the
/// input.
///
/// Positions are UTF-8 offsets into ``text``. Use ``offsetConverter()`` for UTF-16 and Character
/// offsets and `sourceMap` for input bytes and line:column.
///
/// ```swift
/// let document = try HTMLReader().read(bytes)
/// for block in document.blocks where block.kind.headingLevel != nil {
///   print(document[block.range])
/// }
/// ```
public struct TextDocument: Sendable {
  /// What the document was read from.
  public package(set) var format: InputFormat
  /// The text, in reading order; blocks are separated by line breaks.
  public package(set) var text: String
  /// Blocks in document order (an enclosing block comes before the blocks it contains).
  public package(set) var blocks: [Block]
  /// Attribute runs, ordered by start offset.
  public package(set) var runs: [AttributeRun]
  /// The document's language (BCP 47), from `<html lang>`, `xml:lang` or the caller.
  public package(set) var language: String?
  /// The document's title, if it has one.
  public package(set) var title: String?
  /// Problems the reader recovered from.
  public package(set) var diagnostics: [Diagnostic]
  /// The way back to the input.
  package var sourceMap: SourceMap
  /// Formulas (MathML), ordered by start offset: their structure, over the text that shows them.
  public package(set) var math: [MathRun] = []
  /// The marks a reader wrote around edits (``SpokenForms/startMark(_:)``, ``SpokenForms/endMark(_:)``),
  /// in order: text that braille and the reading view show and speech replaces with its own cues.
  package var editMarks: [TextRange] = []
  /// The tables' grids (rows, columns, spans, header cells), in the order of their table blocks;
  /// HTML documents fill it (``TableStructure``).
  public package(set) var tables: [TableStructure]
  /// Metadata a container declares (an EPUB's title, authors, language, accessibility metadata), in
  /// its order; empty for other inputs.
  public package(set) var metadata: [MetadataItem] = []

  /// One name–value pair of ``metadata`` (`author`: `Herman Melville`).
  public struct MetadataItem: Hashable, Sendable {
    /// The property (`title`, `author`, `language`, `accessMode`, `accessibilitySummary`).
    public package(set) var name: String
    /// Its value.
    public package(set) var value: String
    /// A pair.
    package init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }
  /// A book's own navigation (an EPUB's table of contents, page list, landmarks and notes), in
  /// document order within each list; empty for other inputs. `RotorIndex` offers each list as a rotor.
  public package(set) var navigation: [NavigationEntry] = []

  /// One entry of a book's navigation: a table-of-contents entry, a print page, a landmark or a note.
  public struct NavigationEntry: Hashable, Sendable {
    /// The list it belongs to: `contents`, `pages`, `guide` (landmarks) or `notes`.
    public package(set) var list: String
    /// What the book calls it ("Chapter 1", "page 12", "Bibliography", "note 3").
    public package(set) var label: String
    /// The text it points at (for a target element, the element's text; an empty range at its
    /// start when it has none).
    public package(set) var range: TextRange
    /// Nesting depth in the table of contents (1 at the top); 1 elsewhere.
    public package(set) var level: Int
    /// An entry.
    package init(list: String, label: String, range: TextRange, level: Int = 1) {
      self.list = list
      self.label = label
      self.range = range
      self.level = level
    }
  }
  /// The markup's elements, attributes and positions, when the reader was asked to keep them
  /// (`ReaderOptions.collectsMarkupFacts`, for the audit); nil otherwise.
  package var markupFacts: MarkupFacts?

  /// A document from its parts; readers build documents, this is for tests and embedders.
  package init(
    format: InputFormat, text: String, blocks: [Block] = [], runs: [AttributeRun] = [], language: String? = nil,
    title: String? = nil, diagnostics: [Diagnostic] = [], sourceMap: SourceMap = SourceMap(),
    tables: [TableStructure] = []
  ) {
    self.format = format
    self.text = text
    self.blocks = blocks
    self.runs = runs
    self.language = language
    self.title = title
    self.diagnostics = diagnostics
    self.sourceMap = sourceMap
    self.tables = tables
  }

  /// The text of a range. Offsets that fall inside a scalar are moved to the scalar's start.
  public subscript(range: TextRange) -> Substring {
    let utf8 = text.utf8
    let clampedStart = Swift.min(Swift.max(range.start, 0), utf8.count)
    let clampedEnd = Swift.min(Swift.max(range.end, clampedStart), utf8.count)
    let start = utf8.index(utf8.startIndex, offsetBy: clampedStart)
    let end = utf8.index(start, offsetBy: clampedEnd - clampedStart)
    return text[start..<end]
  }

  /// Calls `body` with the UTF-8 bytes of `self[range]` (clamped, each end moved back to its scalar's
  /// start as the subscript moves it), without making a Substring: output escapes them in place.
  package func withUTF8<Result>(of range: TextRange, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    var text = text
    return try text.withUTF8 { bytes in
      var start = Swift.min(Swift.max(range.start, 0), bytes.count)
      var end = Swift.min(Swift.max(range.end, start), bytes.count)
      while start > 0 && start < bytes.count && bytes[start] & 0xC0 == 0x80 { start -= 1 }
      while end > 0 && end < bytes.count && bytes[end] & 0xC0 == 0x80 { end -= 1 }
      return try body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }
  }

  /// The runs whose attribute satisfies `predicate`, in document order.
  public func runs(where predicate: (TextAttribute) -> Bool) -> [AttributeRun] {
    runs.filter { predicate($0.attribute) }
  }

  /// The innermost block containing `offset`, if any.
  /// - Complexity: O(b) for b blocks.
  public func innermostBlock(containing offset: Int) -> Block? {
    var best: Block?
    for block in blocks where block.range.start <= offset && offset < Swift.max(block.range.end, block.range.start + 1)
    {
      if best == nil || block.depth >= best!.depth { best = block }
    }
    return best
  }

  /// The language in force at `offset`: the innermost declared language run, else the document
  /// language, else a language identified from the text there (``TextAttribute/detectedLanguage(_:confidence:)``).
  public func language(at offset: Int) -> String? {
    var found: (TextRange, String)?
    var detected: String?
    for run in runs where run.range.start <= offset && offset < run.range.end {
      switch run.attribute {
      case .language(let tag):
        if found == nil || run.range.length <= found!.0.length { found = (run.range, tag) }
      case .detectedLanguage(let tag, _): detected = tag
      default: break
      }
    }
    return found?.1 ?? language ?? detected
  }

  /// A converter for UTF-16 and Character offsets of this document's text.
  /// - Complexity: O(n) to build; conversions are then O(log n + k) with k ≤ 256.
  public func offsetConverter() -> TextOffsetConverter { TextOffsetConverter(text) }
}
