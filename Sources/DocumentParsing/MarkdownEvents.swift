internal import TextModel

/// A ``MarkdownSink`` that feeds the HTML reader's builder directly: the elements and text of a
/// Markdown document become the events libxml2 would report for GitHub's HTML of it, placed at
/// their Markdown offsets, with no HTML text written and none parsed. A builder, not a parser,
/// decides what they mean, so Markdown reads as the same document written in HTML.
///
/// Raw HTML stops it: ``MarkdownReader`` then reads the document through ``MarkdownHTMLWriter``.
struct MarkdownEvents: MarkdownSink {
  let builder: HTMLBuilder
  /// Where the piece being read starts in the input, how many input bytes it spans, and how many
  /// bytes of text came from it so far.
  private var source = 0
  private var length = 0
  private var written = 0
  /// Whether `html` and `body` were opened as libxml2 opens them before the first element.
  private var implied = false
  /// Whether an explicit `html` started the document (front matter gives it a head).
  private var explicit = false

  /// Each tag's name, made once.
  private static let names = MarkdownTag.allCases.map { ElementName($0.name) }
  private static let none = ElementAttributes([])

  /// How many control characters were left out (libxml2's HTML parser leaves them out too).
  private var problems = 0

  init(builder: HTMLBuilder) { self.builder = builder }

  /// Where the parser would be now, in input bytes.
  private var here: Int { source + min(written, length) }

  mutating func mark(source: Int, length: Int) {
    self.source = source
    self.length = length
    written = 0
  }

  mutating func start(_ tag: MarkdownTag, _ attributes: [(String, String)]) {
    if !implied && !explicit {
      if tag == .html {
        explicit = true
      } else {
        // libxml2 implies `<html><body>` before a document's first element.
        implied = true
        builder.start(Self.names[MarkdownTag.html.rawValue], Self.none, consumed: here)
        builder.start(Self.names[MarkdownTag.body.rawValue], Self.none, consumed: here)
      }
    }
    builder.start(
      Self.names[tag.rawValue], attributes.isEmpty ? Self.none : ElementAttributes(attributes),
      consumed: here)
  }

  mutating func end(_ tag: MarkdownTag) { builder.end(Self.names[tag.rawValue], consumed: here) }

  mutating func void(_ tag: MarkdownTag, _ attributes: [(String, String)]) {
    start(tag, attributes)
    end(tag)
  }

  mutating func text(_ bytes: UnsafeRawBufferPointer) {
    guard !bytes.isEmpty else { return }
    if let control = bytes.firstIndex(where: Self.isControl) { return textLeavingOutControls(bytes, from: control) }
    let text = bytes.assumingMemoryBound(to: UInt8.self)
    let within = max(0, min(text.count, length - written))
    if within == text.count {
      builder.text(text, start: here)
      written += text.count
      return
    }
    // Text past the input it came from (made-up text such as a task's ☑, a code line's line feed):
    // each of its words maps to the end of that input, as a word is placed where its event starts.
    if within > 0 { builder.text(UnsafeBufferPointer(rebasing: text[..<within]), start: here) }
    written += within
    var start = within
    while start < text.count {
      var end = start + 1
      while end < text.count && !(Self.isSpace(text[end - 1]) && !Self.isSpace(text[end])) { end += 1 }
      builder.text(UnsafeBufferPointer(rebasing: text[start..<end]), start: here)
      written += end - start
      start = end
    }
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
          let place = builder.assembler.builder.sourceMap.lineAndColumn(forSourceOffset: here)
          let hex = String(bytes[index], radix: 16, uppercase: true)
          let suffix = problems == SAXParser.listedProblems ? " (further problems not listed)" : ""
          builder.assembler.builder.diagnostics.append(
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

  /// Closes what libxml2 closes at the end of the input.
  mutating func finish() {
    guard implied else { return }
    builder.end(Self.names[MarkdownTag.body.rawValue], consumed: here)
    builder.end(Self.names[MarkdownTag.html.rawValue], consumed: here)
  }
}
