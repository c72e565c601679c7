internal import TextModel

/// Turns a stream of element starts, ends and text (from either markup reader) into a ``TextDocument``.
///
/// It keeps the element stack, so an end tag closes exactly what its start tag opened (libxml2's
/// HTML parser reports implied end tags, so the stack stays balanced even for malformed input), and
/// it drops the content of skipped elements.
struct MarkupAssembler {
  private struct Frame {
    var name: String
    var block: DocumentBuilder.BlockHandle?
    var runs: [DocumentBuilder.RunHandle]
    var skipping: Bool
    var isTitle: Bool
    /// The text length when the element opened (to tell whether it holds any text, and for ids).
    var start = 0
    var nameFallback: String?
    var fallbackIsTitle = false
    var id: String?
    var separateWords = false
    var dropsOwnText = false
    /// The element's `aria-label` (a descendant of a link names its part of the link's name).
    var ownLabel: String?
    /// The link run whose name is computed from content (no `aria-label` on the link).
    var contentNamedLink: DocumentBuilder.RunHandle?
    /// The language the element declares (a language run it opened).
    var language: String?
    /// The edit it marks (`<del>`, `<ins>`), when ``MarkupAssembler/spokenForms`` writes marks.
    var edit: EditKind?
  }

  /// Labelled elements (``Frame/ownLabel``) read inside a link: their text range and label.
  private var labelledSpans: [(start: Int, end: Int, label: String)] = []
  /// How many open frames hold a link whose name comes from its content.
  private var contentNamedLinks = 0

  var builder = DocumentBuilder()
  /// The formula being read (between `<math>` and `</math>`), if any.
  var math: MathMLReader?
  private var stack: [Frame] = []
  private var skipDepth = 0
  private var titleBytes: [UInt8]?
  /// Whether the title is also read as part of the text (an XML note's title; not HTML's <title>).
  private var titleIsRead = false
  private(set) var title: String?
  /// The deepest nesting allowed; deeper elements contribute text but no structure.
  let maximumDepth: Int
  /// Where the first element deeper than ``maximumDepth`` started (a parser offset), if one did;
  /// the reader turns it into a diagnostic with its line and column.
  private(set) var tooDeepOffset: Int?

  /// How formulas and edits are written into the text (``SpokenForms``); nil: a formula's
  /// characters, no edit marks.
  let spokenForms: SpokenForms?

  init(maximumDepth: Int, spokenForms: SpokenForms? = nil) {
    self.maximumDepth = maximumDepth
    self.spokenForms = spokenForms
  }

  /// The language the innermost element that declares one declares (nil: none open).
  var language: String? { stack.last(where: { $0.language != nil })?.language }

  /// The warning that elements were nested deeper than ``maximumDepth``, placed where the first
  /// was (``tooDeepOffset``'s line and column).
  func tooDeepDiagnostic(line: Int, column: Int) -> Diagnostic {
    Diagnostic(
      .warning,
      "elements nested deeper than \(maximumDepth) levels keep their text but not their structure "
        + "(limit: --max-depth)",
      line: line, column: column, changesText: true)
  }

  var depth: Int { stack.count }
  /// The innermost open element: whether its content is skipped, and the block it opened (as
  /// ``DocumentBuilder/index(of:)`` numbers it) with the block's kind.
  ///
  /// A `mutating get`: read through an inout access, the assembler held by a class is not copied
  /// for the call (a plain getter copied it, a retain and release of each of its arrays, for every
  /// table element: issue 44's table model cost a page of 4,900 tables that).
  var innermost: (skipping: Bool, block: Int?, kind: BlockKind?)? {
    mutating get {
      innermostFrame()
    }
  }

  private func innermostFrame() -> (skipping: Bool, block: Int?, kind: BlockKind?)? {
    guard let frame = stack.last else { return nil }
    let block = frame.block.map { builder.index(of: $0) }
    return (frame.skipping, block, frame.block.map { builder.kind(of: $0) })
  }
  var isSkipping: Bool { skipDepth > 0 }

  mutating func start(_ name: String, meaning: ElementMeaning, sourceOffset: Int) {
    if meaning.unnamedImage && skipDepth == 0 {
      // An image without a name is content: a title no longer names the link or button around it.
      for index in stack.indices.reversed() where stack[index].fallbackIsTitle { stack[index].nameFallback = nil }
    }
    if skipDepth > 0 || meaning.skip {
      skipDepth += 1
      stack.append(Frame(name: name, block: nil, runs: [], skipping: true, isTitle: false))
      return
    }
    if stack.count >= maximumDepth {
      if tooDeepOffset == nil { tooDeepOffset = sourceOffset }
      stack.append(Frame(name: name, block: nil, runs: [], skipping: false, isTitle: false))
      return
    }
    if meaning.lineBreak { builder.lineBreak() }
    if meaning.separator, let handle = Optional(builder.openBlock(.paragraph)) { builder.closeBlock(handle) }
    if meaning.wordSeparator { builder.softSpace() }
    if meaning.separateWords { builder.wordBoundary() }
    var frame = Frame(name: name, block: nil, runs: [], skipping: false, isTitle: meaning.isTitle)
    if let kind = meaning.block {
      let block = builder.openBlock(kind, label: meaning.label)
      frame.block = block
      if !meaning.labelledBy.isEmpty { builder.requestLabel(fromIDs: meaning.labelledBy, of: block) }
    }
    if spokenForms != nil, let kind = Self.edit(in: meaning.runs) {
      // The mark stands outside every run the element opens (its strikethrough too).
      frame.edit = kind
      addEditMark(SpokenForms.startMark(kind), sourceOffset: sourceOffset)
    }
    for attribute in meaning.runs {
      if case .language(let tag) = attribute { frame.language = tag }
      let run = builder.openRun(attribute)
      frame.runs.append(run)
      if case .link = attribute, !meaning.labelledBy.isEmpty {
        builder.requestLabel(fromIDs: meaning.labelledBy, of: run)
      }
    }
    frame.start = builder.length
    frame.nameFallback = meaning.nameFallback
    frame.ownLabel = meaning.ownLabel
    for (index, attribute) in meaning.runs.enumerated() {
      if case .link(_, nil) = attribute, meaning.labelledBy.isEmpty {
        frame.contentNamedLink = frame.runs[index]
        contentNamedLinks += 1
      }
    }
    frame.fallbackIsTitle = meaning.fallbackIsTitle
    frame.id = meaning.elementID
    frame.separateWords = meaning.separateWords
    frame.dropsOwnText = meaning.dropsOwnText
    if meaning.isTitle {
      titleBytes = []
      titleIsRead = meaning.block != nil
    }
    if let replacement = meaning.replacement {
      builder.appendText(replacement, sourceOffset: sourceOffset)
      // The element's own content is not read: close what it opened now and skip the rest.
      for run in frame.runs.reversed() { builder.closeRun(run) }
      if let block = frame.block { builder.closeBlock(block) }
      if meaning.separateWords { builder.wordBoundary() }
      frame.runs = []
      frame.block = nil
      frame.skipping = true
      skipDepth += 1
    }
    stack.append(frame)
  }

  mutating func end(_ name: String, sourceOffset: Int = 0) {
    if math != nil, let expression = math!.end(name) {
      finishMath(expression)
    }
    // Close up to and including the innermost frame with this name; ignore a stray end tag.
    guard let index = stack.lastIndex(where: { $0.name == name }) else { return }
    while stack.count > index {
      var frame = stack.removeLast()
      if frame.skipping {
        skipDepth -= 1
        continue
      }
      if let link = frame.contentNamedLink {
        contentNamedLinks -= 1
        if let name = nameLink(link, startingAt: frame.start), frame.nameFallback == nil {
          frame.nameFallback = name  // read when the link holds no text of its own
        }
      } else if let label = frame.ownLabel, contentNamedLinks > 0 {
        labelledSpans.append((frame.start, builder.length, label))
      }
      if let fallback = frame.nameFallback, builder.isEmpty(since: frame.start) {
        builder.appendText(fallback, sourceOffset: sourceOffset)
      }
      for run in frame.runs.reversed() { builder.closeRun(run) }
      if let kind = frame.edit { addEditMark(SpokenForms.endMark(kind), sourceOffset: sourceOffset) }
      if let block = frame.block { builder.closeBlock(block) }
      if let id = frame.id { builder.recordID(id, from: frame.start) }
      if frame.separateWords { builder.wordBoundary() }
      if frame.isTitle, let bytes = titleBytes {
        let text = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if title == nil && !text.isEmpty { title = text }
        titleBytes = nil
      }
    }
  }

  mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, sourceOffset: Int) {
    if titleBytes != nil {
      titleBytes!.append(contentsOf: bytes)
      if !titleIsRead { return }
    }
    if skipDepth > 0 { return }
    // Read in place: binding the last frame copied it (a retain and release of each of its strings).
    if !stack.isEmpty && stack[stack.count - 1].dropsOwnText { return }
    if math != nil {
      math!.text(bytes)
      // The formula's spoken form is written when it ends (finishMath), not its characters.
      if spokenForms != nil { return }
    }
    builder.appendText(bytes, sourceOffset: sourceOffset)
  }

  /// Names a link from its content as accname does when a descendant has its own `aria-label`:
  /// that label replaces the descendant's text (outermost labelled descendants win).
  @discardableResult
  private mutating func nameLink(_ link: DocumentBuilder.RunHandle, startingAt start: Int) -> String? {
    let first = labelledSpans.firstIndex { $0.start >= start } ?? labelledSpans.count
    guard first < labelledSpans.count else { return nil }
    let spans = labelledSpans[first...].sorted { ($0.start, -$0.end) < ($1.start, -$1.end) }
    labelledSpans.removeSubrange(first...)
    let text = builder.text(since: start)
    var name: [UInt8] = []
    var position = text.startIndex
    for span in spans where span.start >= position {
      name.append(contentsOf: text[position..<max(position, min(span.start, text.endIndex))])
      name.append(0x20)
      name.append(contentsOf: span.label.utf8)
      name.append(0x20)
      position = min(max(span.end, position), text.endIndex)
    }
    name.append(contentsOf: text[position...])
    let words = String(decoding: name, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
    let joined = words.joined(separator: " ")
    guard !joined.isEmpty else { return nil }
    builder.setLinkName(joined, of: link)
    return joined
  }

  /// Appends text CSS generates (`::before`, `::after`) inside the innermost element, unless its
  /// content is skipped.
  mutating func generatedText(_ text: String, sourceOffset: Int) {
    guard skipDepth == 0, !(stack.last?.dropsOwnText ?? false) else { return }
    builder.appendText(text, sourceOffset: sourceOffset)
  }

  /// Appends an image's name as text marked as an image (an SVG named by its `<title>`, known only
  /// once the SVG has been read).
  mutating func image(named name: String, sourceOffset: Int, marked: Bool = true) {
    guard skipDepth == 0 else { return }
    builder.wordBoundary()
    let run = marked ? builder.openRun(.image(source: nil)) : nil
    builder.appendText(name, sourceOffset: sourceOffset)
    if let run { builder.closeRun(run) }
    builder.wordBoundary()
  }

  /// Keeps the formula being read over its text: with ``spokenForms``, its spoken form written now
  /// as a word of its own (mapped to `<math>` in the input); else the characters read so far.
  private mutating func finishMath(_ expression: MathExpression) {
    guard let reader = math else { return }
    math = nil
    guard let spokenForms else {
      builder.addMath(expression, from: reader.textStart)
      return
    }
    let spoken = spokenForms.math(expression, reader.language)
      .split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    guard !spoken.isEmpty, skipDepth == 0 else { return }
    builder.wordBoundary()
    let start = builder.length
    builder.appendText(spoken, sourceOffset: reader.sourceOffset)
    builder.addMath(expression, from: start)
    builder.wordBoundary()
  }

  /// The edit among an element's runs (`<del>`, `<ins>`), if any.
  private static func edit(in runs: [TextAttribute]) -> EditKind? {
    for attribute in runs { if case .edit(let kind) = attribute { return kind } }
    return nil
  }

  /// Writes an edit mark (``DocumentBuilder/appendEditMark(_:sourceOffset:)``).
  private mutating func addEditMark(_ mark: String, sourceOffset: Int) {
    guard skipDepth == 0 else { return }
    let range = builder.appendEditMark(mark, sourceOffset: sourceOffset)
    // A link named by its content is named without the mark (as accname names it from the text).
    if contentNamedLinks > 0 { labelledSpans.append((range.start, range.end, "")) }
  }

  /// Closes everything still open and returns the document.
  mutating func finish(format: InputFormat, language: String?) -> TextDocument {
    while let last = stack.last { end(last.name) }
    if math != nil { finishMath(math!.finish()) }
    return builder.finish(format: format, language: language, title: title)
  }
}
