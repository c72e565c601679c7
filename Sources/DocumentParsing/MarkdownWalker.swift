internal import CCMarkGFM

/// The elements a Markdown document makes, named as GitHub's HTML names them.
enum MarkdownTag: Int, CaseIterable {
  case html, head, title, body, p, blockquote, div, ol, ul, li, input, pre, code
  case h1, h2, h3, h4, h5, h6, hr, br, em, strong, del, a, img, table, thead, tbody, tr, th, td

  /// The element's name, lowercase.
  var name: String {
    switch self {
    case .html: "html"
    case .head: "head"
    case .title: "title"
    case .body: "body"
    case .p: "p"
    case .blockquote: "blockquote"
    case .div: "div"
    case .ol: "ol"
    case .ul: "ul"
    case .li: "li"
    case .input: "input"
    case .pre: "pre"
    case .code: "code"
    case .h1: "h1"
    case .h2: "h2"
    case .h3: "h3"
    case .h4: "h4"
    case .h5: "h5"
    case .h6: "h6"
    case .hr: "hr"
    case .br: "br"
    case .em: "em"
    case .strong: "strong"
    case .del: "del"
    case .a: "a"
    case .img: "img"
    case .table: "table"
    case .thead: "thead"
    case .tbody: "tbody"
    case .tr: "tr"
    case .th: "th"
    case .td: "td"
    }
  }

  /// The HTML element it is.
  var kind: HTMLElementKind { Self.kinds[rawValue] }
  private static let kinds = allCases.map { HTMLElementKind(named: $0.name) }

  /// The heading of `level` (clamped to 1…6).
  static func heading(_ level: Int32) -> MarkdownTag {
    [.h1, .h2, .h3, .h4, .h5, .h6][Int(min(max(level, 1), 6)) - 1]
  }
}

/// Where a Markdown walk goes: the elements and text GitHub's HTML would have, in order, each after
/// the ``mark(source:length:)`` that says where in the input it comes from.
///
/// Two sinks: ``MarkdownAssembly`` assembles the document directly (the usual path), and
/// ``MarkdownHTMLWriter`` writes HTML text for a document with raw HTML in it, which needs the HTML
/// parser around the whole (see ``MarkdownReader``).
protocol MarkdownSink {
  /// What follows comes from input byte `source`, spanning `length` bytes of the input (0 for
  /// markup or text the walk makes up: it all maps to `source`).
  mutating func mark(source: Int, length: Int)
  mutating func start(_ tag: MarkdownTag, _ attributes: [(String, String)])
  mutating func end(_ tag: MarkdownTag)
  /// An element without content (`img`, `input`, `hr`, `br`).
  mutating func void(_ tag: MarkdownTag, _ attributes: [(String, String)])
  /// Text, as it reads (no references).
  mutating func text(_ bytes: UnsafeRawBufferPointer)
  /// The line feed GitHub's HTML has between blocks (white space where it falls).
  mutating func lineFeed()
  /// Raw HTML from the Markdown, as written.
  mutating func raw(_ bytes: UnsafeRawBufferPointer)
  /// Whether the sink takes raw HTML; when not, the walk stops at the first (``MarkdownWalker/metRawHTML``).
  static var takesRawHTML: Bool { get }
}

extension MarkdownSink {
  mutating func text(_ string: StaticString) {
    string.withUTF8Buffer { text(UnsafeRawBufferPointer($0)) }
  }
}

/// Walks cmark-gfm's tree of a Markdown document into a ``MarkdownSink``: the elements GitHub's
/// renderer writes for it, and for every piece where in the Markdown it came from (cmark's source
/// positions, mapped past the bytes ``MarkdownBounds`` inserted).
struct MarkdownWalker<Sink: MarkdownSink> {
  var sink: Sink

  /// The byte offset where each line of the Markdown body starts (line 1 at 0).
  private let lineStarts: [Int]
  /// The length of the body, and where it starts in the input (after front matter).
  private let bodyLength: Int
  private let bodyBase: Int
  /// Where a node that cmark gives no position (soft breaks, extension autolinks) is taken to
  /// start: the last node's start, or just after the last text node.
  private var lastSource: Int
  /// For each 0-based line where ``MarkdownBounds`` inserted backslashes, their offsets in the line
  /// cmark read (increasing): cmark's columns past them are that many bytes to the right of the input's.
  private let insertions: [Int: [Int]]

  /// Whether the walk stopped at raw HTML that the sink does not take.
  private(set) var metRawHTML = false
  /// The block quotes read as alerts and still open, and the nodes of their markers (not walked).
  private var alerts: [OpaquePointer] = []
  private var skipped = Set<OpaquePointer>()
  /// The table being read: its columns' alignments ('l', 'c', 'r' or 0) and count, and the column
  /// of the next cell in the row being read.
  private var alignments: (bytes: UnsafePointer<UInt8>?, count: Int) = (nil, 0)
  private var column = 0

  init(sink: Sink, lineStarts: [Int], bodyLength: Int, bodyBase: Int, insertions: [Int: [Int]] = [:]) {
    self.sink = sink
    self.lineStarts = lineStarts
    self.insertions = insertions
    self.bodyLength = bodyLength
    self.bodyBase = bodyBase
    lastSource = bodyBase
  }

  // MARK: positions

  /// The input byte offset of cmark's 1-based line and byte column; nil when cmark gives none.
  private func offset(line: Int32, column: Int32) -> Int? {
    guard line > 0, Int(line) <= lineStarts.count else { return nil }
    let start = lineStarts[Int(line) - 1]
    let end = Int(line) < lineStarts.count ? lineStarts[Int(line)] : bodyLength
    var inLine = max(Int(column) - 1, 0)
    if !insertions.isEmpty, let inserted = insertions[Int(line) - 1] {
      // Less the backslashes inserted before it (an inserted one maps to the byte it escapes).
      var low = 0
      var high = inserted.count
      while low < high {
        let middle = (low + high) / 2
        if inserted[middle] < inLine { low = middle + 1 } else { high = middle }
      }
      inLine -= low
    }
    return bodyBase + min(start + inLine, max(end - 1, start))
  }

  /// Marks that what comes next comes from `node`'s start (or the last known position).
  private mutating func mark(_ node: OpaquePointer, spanning: Bool = false) {
    if let start = offset(line: cmark_node_get_start_line(node), column: cmark_node_get_start_column(node)) {
      lastSource = start
      var length = 0
      if spanning,
        let end = offset(line: cmark_node_get_end_line(node), column: cmark_node_get_end_column(node)), end >= start
      {
        // No longer than the literal: the autolink extension splits a text node and leaves the
        // first part's end where the whole one ended.
        length = min(end - start + 1, Self.literal(node).count)
        // What follows a text node starts after it (an extension autolink has no position).
        lastSource = start + length
      }
      sink.mark(source: start, length: length)
    } else {
      sink.mark(source: lastSource, length: 0)
    }
  }

  /// A literal with one mark per line: line `i` of a code or HTML block's text starts on line
  /// `firstLine + i` of the Markdown, at `column` (the block's indentation).
  private mutating func lines(_ literal: UnsafeRawBufferPointer, firstLine: Int32, column: Int32, raw: Bool) {
    var lineStart = 0
    var line = firstLine
    while lineStart < literal.count {
      var end = lineStart
      while end < literal.count && literal[end] != 0x0A { end += 1 }
      let hasNewline = end < literal.count
      if let source = offset(line: line, column: column) {
        lastSource = source
        sink.mark(source: source, length: end - lineStart)
      }
      let piece = UnsafeRawBufferPointer(rebasing: literal[lineStart..<(hasNewline ? end + 1 : end)])
      if raw { sink.raw(piece) } else { sink.text(piece) }
      lineStart = hasNewline ? end + 1 : end
      line += 1
    }
  }

  /// A node's literal in place (``ccm_literal``): no copy, valid while the tree is.
  static func literal(_ node: OpaquePointer) -> UnsafeRawBufferPointer {
    var length = 0
    return UnsafeRawBufferPointer(start: ccm_literal(node, &length), count: length)
  }

  // MARK: the walk

  /// The alert a block quote is (GitHub's rule: its first line is only the marker, in any case, and
  /// something follows it), with the nodes that make up the marker.
  private static func alert(_ quote: OpaquePointer) -> (kind: Int, marker: OpaquePointer, next: OpaquePointer?)? {
    guard let paragraph = cmark_node_first_child(quote), ccm_kind(paragraph) == ccm_paragraph,
      let text = cmark_node_first_child(paragraph), ccm_kind(text) == ccm_text,
      case let literal = literal(text), literal.first == 0x5B  // "["
    else { return nil }
    let marker = String(decoding: literal, as: UTF8.self).uppercased()
    guard let kind = MarkdownAlertKind.all.firstIndex(where: { $0.marker == marker }) else { return nil }
    let next = cmark_node_next(text)
    if let next {
      let nextKind = ccm_kind(next)
      guard nextKind == ccm_softbreak || nextKind == ccm_linebreak else { return nil }
      if cmark_node_next(next) == nil && cmark_node_next(paragraph) == nil { return nil }
    } else if cmark_node_next(paragraph) == nil {
      return nil
    }
    return (kind, text, next)
  }

  /// Walks the whole tree under `document`; front matter's `language` and `title` make the head.
  /// Stops at raw HTML when the sink does not take it.
  mutating func walk(document: OpaquePointer, language: String?, title: String?) {
    let head = language != nil || title != nil
    if head { startHead(language: language, title: title) }
    guard let iterator = cmark_iter_new(document) else { return }
    defer { cmark_iter_free(iterator) }
    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE { break }
      guard let node = cmark_iter_get_node(iterator) else { continue }
      if !skipped.isEmpty && skipped.contains(node) { continue }
      guard visit(node, entering: event == CMARK_EVENT_ENTER, iterator: iterator) else { return }
    }
    if head {
      sink.end(.body)
      sink.end(.html)
      sink.lineFeed()
    }
  }

  /// The `html` with front matter's language, the `head` with its title, and the `body` opened.
  private mutating func startHead(language: String?, title: String?) {
    sink.start(.html, language.map { [("lang", $0)] } ?? [])
    sink.start(.head, [])
    if let title {
      sink.start(.title, [])
      var copy = title
      copy.withUTF8 { sink.text(UnsafeRawBufferPointer($0)) }
      sink.end(.title)
    }
    sink.end(.head)
    sink.start(.body, [])
    sink.lineFeed()
  }

  /// One step of the walk: `node` entered or left; false when the walk stops (raw HTML).
  private mutating func visit(_ node: OpaquePointer, entering: Bool, iterator: OpaquePointer) -> Bool {
    switch ccm_kind(node) {
    case ccm_block_quote: blockQuote(node, entering: entering)
    case ccm_list:
      let tag: MarkdownTag = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST ? .ol : .ul
      if entering {
        mark(node)
        let start = cmark_node_get_list_start(node)
        sink.start(tag, tag == .ol && start != 1 ? [("start", String(start))] : [])
      } else {
        sink.end(tag)
      }
      sink.lineFeed()
    case ccm_item: item(node, entering: entering)
    case ccm_code_block: codeBlock(node)
    case ccm_html_block:
      guard Sink.takesRawHTML else { return stopAtRawHTML() }
      lines(
        Self.literal(node), firstLine: cmark_node_get_start_line(node), column: cmark_node_get_start_column(node),
        raw: true)
    case ccm_paragraph:
      if !Self.isTight(node) { block(.p, node, entering: entering) }
    case ccm_heading: block(MarkdownTag.heading(cmark_node_get_heading_level(node)), node, entering: entering)
    case ccm_thematic_break:
      mark(node)
      sink.void(.hr, [])
      sink.lineFeed()
    case ccm_text:
      mark(node, spanning: true)
      sink.text(Self.literal(node))
    case ccm_softbreak: sink.lineFeed()
    case ccm_linebreak:
      sink.void(.br, [])
      sink.lineFeed()
    case ccm_code:
      mark(node)
      sink.start(.code, [])
      mark(node, spanning: true)
      sink.text(Self.literal(node))
      sink.end(.code)
    case ccm_html_inline:
      guard Sink.takesRawHTML else { return stopAtRawHTML() }
      mark(node)
      sink.raw(Self.literal(node))
    case ccm_emph: if entering { sink.start(.em, []) } else { sink.end(.em) }
    case ccm_strong: if entering { sink.start(.strong, []) } else { sink.end(.strong) }
    case ccm_strikethrough: if entering { sink.start(.del, []) } else { sink.end(.del) }
    case ccm_link: link(node, entering: entering)
    case ccm_image:
      guard entering else { break }
      image(node)
      // The description became the alt text: its nodes are not walked again.
      cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
    case ccm_table: table(node, entering: entering)
    case ccm_table_row: tableRow(node, entering: entering)
    case ccm_table_cell: tableCell(node, entering: entering)
    default: break
    }
    return true
  }

  private mutating func stopAtRawHTML() -> Bool {
    metRawHTML = true
    return false
  }

  /// A paragraph or heading: the element, and a line feed after it.
  private mutating func block(_ tag: MarkdownTag, _ node: OpaquePointer, entering: Bool) {
    if entering {
      mark(node)
      sink.start(tag, [])
    } else {
      sink.end(tag)
      sink.lineFeed()
    }
  }

  /// A block quote, or a GitHub alert (a `div` with the alert's class and title) when it is one.
  private mutating func blockQuote(_ node: OpaquePointer, entering: Bool) {
    guard entering else {
      if let index = alerts.lastIndex(of: node) {
        alerts.remove(at: index)
        // Their markers are behind: no node needs looking up any more.
        if alerts.isEmpty { skipped.removeAll() }
        sink.end(.div)
      } else {
        sink.end(.blockquote)
      }
      sink.lineFeed()
      return
    }
    mark(node)
    guard let alert = Self.alert(node) else {
      sink.start(.blockquote, [])
      sink.lineFeed()
      return
    }
    alerts.append(node)
    skipped.insert(alert.marker)
    if let next = alert.next { skipped.insert(next) }
    let kind = MarkdownAlertKind.all[alert.kind]
    sink.start(.div, [("class", "markdown-alert " + kind.className)])
    sink.start(.p, [("class", "markdown-alert-title")])
    sink.text(kind.title)
    sink.end(.p)
    sink.lineFeed()
    // A marker alone in its paragraph leaves no paragraph.
    if let paragraph = cmark_node_first_child(node), cmark_node_first_child(paragraph) == alert.marker,
      alert.next == nil || cmark_node_next(alert.next!) == nil
    {
      skipped.insert(paragraph)
      if let next = alert.next { skipped.insert(next) }
    }
  }

  /// A list item, with a task's checkbox and state.
  private mutating func item(_ node: OpaquePointer, entering: Bool) {
    guard entering else {
      sink.end(.li)
      sink.lineFeed()
      return
    }
    mark(node)
    sink.start(.li, [])
    switch ccm_task_state(node) {
    // A task's state as GitHub writes it, and as text (a checkbox has none in the reading).
    case 2:
      sink.void(.input, [("type", "checkbox"), ("checked", ""), ("disabled", "")])
      sink.text(" \u{2611} ")
    case 1:
      sink.void(.input, [("type", "checkbox"), ("disabled", "")])
      sink.text(" \u{2610} ")
    default: break
    }
  }

  /// A code block: `pre` and `code` (with the fence's language), one mark per line.
  private mutating func codeBlock(_ node: OpaquePointer) {
    mark(node)
    sink.start(.pre, [])
    var attributes: [(String, String)] = []
    if let info = cmark_node_get_fence_info(node), info.pointee != 0,
      let word = String(cString: info).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
    {
      attributes = [("class", "language-" + word)]
    }
    sink.start(.code, attributes)
    // An indented block's column is already its content's (cmark's sourcepos `1:5` for
    // `    code`); a fenced block's content starts on the line after the fence, at its column.
    let line = cmark_node_get_start_line(node) + (ccm_is_fenced(node) != 0 ? 1 : 0)
    lines(Self.literal(node), firstLine: line, column: cmark_node_get_start_column(node), raw: false)
    sink.end(.code)
    sink.end(.pre)
    sink.lineFeed()
  }

  private mutating func link(_ node: OpaquePointer, entering: Bool) {
    guard entering else { return sink.end(.a) }
    mark(node)
    var attributes = [("href", Self.url(cmark_node_get_url(node)))]
    if let title = cmark_node_get_title(node), title.pointee != 0 {
      attributes.append(("title", String(cString: title)))
    }
    sink.start(.a, attributes)
  }

  /// An image: its description is its alt text.
  private mutating func image(_ node: OpaquePointer) {
    mark(node)
    var attributes = [("src", Self.url(cmark_node_get_url(node))), ("alt", Self.plainText(node))]
    if let title = cmark_node_get_title(node), title.pointee != 0 {
      attributes.append(("title", String(cString: title)))
    }
    sink.void(.img, attributes)
  }

  private mutating func table(_ node: OpaquePointer, entering: Bool) {
    if entering {
      alignments = (ccm_table_alignments(node), Int(ccm_table_columns(node)))
      mark(node)
      sink.start(.table, [])
      sink.lineFeed()
      return
    }
    if let last = cmark_node_last_child(node), ccm_table_row_is_header(last) == 0 {
      sink.end(.tbody)
      sink.lineFeed()
    }
    sink.end(.table)
    sink.lineFeed()
  }

  /// A table row: the header row in `thead`, the rows after it in `tbody`.
  private mutating func tableRow(_ node: OpaquePointer, entering: Bool) {
    let header = ccm_table_row_is_header(node) != 0
    guard entering else {
      sink.end(.tr)
      sink.lineFeed()
      if header {
        sink.end(.thead)
        sink.lineFeed()
      }
      return
    }
    if header {
      sink.start(.thead, [])
      sink.lineFeed()
    } else if let previous = cmark_node_previous(node), ccm_table_row_is_header(previous) != 0 {
      sink.start(.tbody, [])
      sink.lineFeed()
    }
    column = 0
    mark(node)
    sink.start(.tr, [])
    sink.lineFeed()
  }

  private mutating func tableCell(_ node: OpaquePointer, entering: Bool) {
    let header = cmark_node_parent(node).map { ccm_table_row_is_header($0) != 0 } ?? false
    if entering {
      mark(node)
      sink.start(header ? .th : .td, alignment())
    } else {
      column += 1
      sink.end(header ? .th : .td)
      sink.lineFeed()
    }
  }

  /// The `align` of the cell being read, from its table's alignments and its column (counted as
  /// the row is read: counting the cells before it made a row quadratic in its cells).
  private func alignment() -> [(String, String)] {
    guard let bytes = alignments.bytes, column < alignments.count else { return [] }
    switch bytes[column] {
    case UInt8(ascii: "l"): return [("align", "left")]
    case UInt8(ascii: "c"): return [("align", "center")]
    case UInt8(ascii: "r"): return [("align", "right")]
    default: return []
    }
  }

  /// A link target, with what cmark's HTML renderer refuses in safe mode (`javascript:`,
  /// `vbscript:`, `file:`, `data:` other than images) left out, as GitHub does.
  private static func url(_ url: UnsafePointer<CChar>?) -> String {
    guard let url else { return "" }
    let string = String(cString: url)
    // Only a target that starts with one of these letters can be refused (no other character
    // lowercases to them): most are kept without lowercasing a copy.
    guard "jvfdJVFD".utf8.contains(UInt8(bitPattern: url.pointee)) else { return string }
    let lowered = string.lowercased()
    let dangerous = ["javascript:", "vbscript:", "file:", "data:"].contains { lowered.hasPrefix($0) }
    let image = ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains {
      lowered.hasPrefix($0)
    }
    return dangerous && !image ? "" : string
  }

  /// Whether a paragraph is in a tight list's item (written without `<p>`, as cmark does).
  private static func isTight(_ paragraph: OpaquePointer) -> Bool {
    guard let item = cmark_node_parent(paragraph), ccm_kind(item) == ccm_item,
      let list = cmark_node_parent(item)
    else { return false }
    return cmark_node_get_list_tight(list) != 0
  }

  /// The plain text of an image's description (its alt text).
  private static func plainText(_ node: OpaquePointer) -> String {
    var bytes: [UInt8] = []
    guard let iterator = cmark_iter_new(node) else { return "" }
    defer { cmark_iter_free(iterator) }
    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE { break }
      guard event == CMARK_EVENT_ENTER, let child = cmark_iter_get_node(iterator) else { continue }
      switch ccm_kind(child) {
      case ccm_text, ccm_code, ccm_html_inline:
        bytes.append(contentsOf: literal(child))
      case ccm_softbreak, ccm_linebreak: bytes.append(UInt8(ascii: " "))
      default: break
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

}

/// GitHub's alerts: each marker (`[!NOTE]` and its kin, in any case), the class of the `div`
/// GitHub writes for it and its title.
enum MarkdownAlertKind {
  static let all: [(marker: String, className: String, title: StaticString)] = [
    ("[!NOTE]", "markdown-alert-note", "Note"), ("[!TIP]", "markdown-alert-tip", "Tip"),
    ("[!IMPORTANT]", "markdown-alert-important", "Important"),
    ("[!WARNING]", "markdown-alert-warning", "Warning"), ("[!CAUTION]", "markdown-alert-caution", "Caution"),
  ]
}
