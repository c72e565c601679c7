internal import CCMarkGFM

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Walks cmark-gfm's tree of a Markdown document and writes the HTML that GitHub's renderer
/// writes for it, recording for every piece of text where in the Markdown it came from (cmark's
/// source positions), so the document read from that HTML maps back to the Markdown's bytes.
///
/// Why HTML and not the builder directly: raw HTML in Markdown (`<details>`, `<span lang>`,
/// `<kbd>`, an inline `<b>` closed three inlines later) only means something inside the whole
/// stream of markup, as a browser parses it; the HTML reader is the one place that knows what
/// every element means (emphasis, alerts, `hidden`, languages, image alt), so Markdown gets the
/// same reading as the same text written as HTML by construction.
struct MarkdownHTMLWriter {
  /// The HTML written so far.
  private(set) var html: [UInt8] = []
  /// Where each recorded piece starts in ``html``, in increasing order.
  private(set) var htmlStarts: [Int] = []
  /// Where the same piece starts in the Markdown input (byte offset).
  private(set) var sourceStarts: [Int] = []
  /// How many Markdown bytes the piece spans (0 for markup the writer made up).
  private(set) var sourceLengths: [Int] = []

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

  init(lineStarts: [Int], bodyLength: Int, bodyBase: Int, insertions: [Int: [Int]] = [:]) {
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
    if let inserted = insertions[Int(line) - 1] {
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

  /// Records that what is written next comes from `node`'s start (or the last known position).
  private mutating func mark(_ node: OpaquePointer, spanning: Bool = false) {
    if let start = offset(line: cmark_node_get_start_line(node), column: cmark_node_get_start_column(node)) {
      lastSource = start
      var length = 0
      if spanning,
        let end = offset(line: cmark_node_get_end_line(node), column: cmark_node_get_end_column(node)), end >= start
      {
        // No longer than the literal: the autolink extension splits a text node and leaves the
        // first part's end where the whole one ended.
        length = min(end - start + 1, cmark_node_get_literal(node).map { strlen($0) } ?? 0)
        // What follows a text node starts after it (an extension autolink has no position).
        lastSource = start + length
      }
      record(source: start, length: length)
    } else {
      record(source: lastSource, length: 0)
    }
  }

  private mutating func record(source: Int, length: Int) {
    if let last = htmlStarts.last, last == html.count {
      sourceStarts[sourceStarts.count - 1] = source
      sourceLengths[sourceLengths.count - 1] = length
      return
    }
    htmlStarts.append(html.count)
    sourceStarts.append(source)
    sourceLengths.append(length)
  }

  /// The Markdown byte offset that HTML byte `offset` came from.
  func sourceOffset(forHTMLOffset offset: Int) -> Int {
    var low = 0
    var high = htmlStarts.count
    while low < high {
      let middle = (low + high) / 2
      if htmlStarts[middle] <= offset { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return bodyBase }
    let index = low - 1
    // Never past the input: a code line's literal can be longer than its Markdown (tabs expanded).
    return min(sourceStarts[index] + min(offset - htmlStarts[index], sourceLengths[index]), bodyBase + bodyLength)
  }

  // MARK: writing

  private mutating func write(_ literal: StaticString) {
    literal.withUTF8Buffer { html.append(contentsOf: $0) }
  }

  private mutating func write(escaping bytes: UnsafePointer<CChar>?) {
    guard var pointer = bytes else { return }
    while pointer.pointee != 0 {
      let byte = UInt8(bitPattern: pointer.pointee)
      switch byte {
      case UInt8(ascii: "&"): write("&amp;")
      case UInt8(ascii: "<"): write("&lt;")
      case UInt8(ascii: ">"): write("&gt;")
      case UInt8(ascii: "\""): write("&quot;")
      default: html.append(byte)
      }
      pointer += 1
    }
  }

  private mutating func write(escaping string: String) {
    string.withCString { write(escaping: $0) }
  }

  /// Raw HTML, as written. GFM's tag filter (spec 6.11: `<script>`, `<style>`, `<title>`… written
  /// as text) is not applied: it keeps a browser from running what a Markdown file carries, and
  /// TextRotor runs nothing; the HTML reader leaves out scripts and styles as a browser shows them.
  private mutating func write(rawHTML bytes: UnsafePointer<CChar>?) {
    guard let bytes else { return }
    html.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: strlen(bytes)))
  }

  /// A literal with one anchor per line: line `i` of a code or HTML block's text starts on line
  /// `firstLine + i` of the Markdown, at `column` (the block's indentation).
  private mutating func writeLines(_ literal: UnsafePointer<CChar>?, firstLine: Int32, column: Int32, raw: Bool) {
    guard let literal else { return }
    var lineStart = literal
    var line = firstLine
    while lineStart.pointee != 0 {
      var end = lineStart
      while end.pointee != 0 && end.pointee != 0x0A { end += 1 }
      let hasNewline = end.pointee == 0x0A
      if let source = offset(line: line, column: column) {
        lastSource = source
        record(source: source, length: end - lineStart)
      }
      let length = end - lineStart + (hasNewline ? 1 : 0)
      let piece = UnsafeMutablePointer<CChar>.allocate(capacity: length + 1)
      piece.initialize(from: lineStart, count: length)
      piece[length] = 0
      if raw { write(rawHTML: piece) } else { write(escaping: UnsafePointer(piece)) }
      piece.deallocate()
      lineStart = hasNewline ? end + 1 : end
      line += 1
    }
  }

  // MARK: the walk

  /// A GitHub alert's marker: the severity's name and title, from `[!NOTE]` and its kin.
  static let alertKinds: [(marker: String, className: StaticString, title: StaticString)] = [
    ("[!NOTE]", "markdown-alert-note", "Note"), ("[!TIP]", "markdown-alert-tip", "Tip"),
    ("[!IMPORTANT]", "markdown-alert-important", "Important"),
    ("[!WARNING]", "markdown-alert-warning", "Warning"), ("[!CAUTION]", "markdown-alert-caution", "Caution"),
  ]

  /// The alert a block quote is (GitHub's rule: its first line is only the marker, in any case, and
  /// something follows it), with the nodes that make up the marker.
  private static func alert(_ quote: OpaquePointer) -> (kind: Int, marker: OpaquePointer, next: OpaquePointer?)? {
    guard let paragraph = cmark_node_first_child(quote), ccm_kind(paragraph) == ccm_paragraph,
      let text = cmark_node_first_child(paragraph), ccm_kind(text) == ccm_text,
      let literal = cmark_node_get_literal(text)
    else { return nil }
    let marker = String(cString: literal).uppercased()
    guard let kind = alertKinds.firstIndex(where: { $0.marker == marker }) else { return nil }
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

  /// Writes the whole tree under `document`.
  mutating func write(document: OpaquePointer, language: String?, title: String?) {
    html.reserveCapacity(bodyLength + bodyLength / 2 + 64)
    if language != nil || title != nil {
      write("<html")
      if let language {
        write(" lang=\"")
        write(escaping: language)
        write("\"")
      }
      write("><head>")
      if let title {
        write("<title>")
        write(escaping: title)
        write("</title>")
      }
      write("</head><body>\n")
    }
    guard let iterator = cmark_iter_new(document) else { return }
    defer { cmark_iter_free(iterator) }
    var alerts: [OpaquePointer] = []
    var skipped = Set<OpaquePointer>()
    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE { break }
      guard let node = cmark_iter_get_node(iterator) else { continue }
      let entering = event == CMARK_EVENT_ENTER
      if skipped.contains(node) { continue }
      switch ccm_kind(node) {
      case ccm_block_quote:
        if entering {
          mark(node)
          if let alert = Self.alert(node) {
            alerts.append(node)
            skipped.insert(alert.marker)
            if let next = alert.next { skipped.insert(next) }
            let kind = Self.alertKinds[alert.kind]
            write("<div class=\"markdown-alert ")
            write(kind.className)
            write("\"><p class=\"markdown-alert-title\">")
            write(kind.title)
            write("</p>\n")
            // A marker alone in its paragraph leaves no paragraph.
            if let paragraph = cmark_node_first_child(node), cmark_node_first_child(paragraph) == alert.marker,
              alert.next == nil || cmark_node_next(alert.next!) == nil
            {
              skipped.insert(paragraph)
              if let next = alert.next { skipped.insert(next) }
            }
          } else {
            write("<blockquote>\n")
          }
        } else if let index = alerts.lastIndex(of: node) {
          alerts.remove(at: index)
          write("</div>\n")
        } else {
          write("</blockquote>\n")
        }
      case ccm_list:
        if entering {
          mark(node)
          if cmark_node_get_list_type(node) == CMARK_ORDERED_LIST {
            let start = cmark_node_get_list_start(node)
            if start != 1 {
              write("<ol start=\"")
              html.append(contentsOf: String(start).utf8)
              write("\">\n")
            } else {
              write("<ol>\n")
            }
          } else {
            write("<ul>\n")
          }
        } else {
          write(cmark_node_get_list_type(node) == CMARK_ORDERED_LIST ? "</ol>\n" : "</ul>\n")
        }
      case ccm_item:
        if entering {
          mark(node)
          write("<li>")
          switch ccm_task_state(node) {
          // A task's state as GitHub writes it, and as text (a checkbox has none in the reading).
          case 2: write("<input type=\"checkbox\" checked=\"\" disabled=\"\" /> \u{2611} ")
          case 1: write("<input type=\"checkbox\" disabled=\"\" /> \u{2610} ")
          default: break
          }
        } else {
          write("</li>\n")
        }
      case ccm_code_block:
        mark(node)
        write("<pre><code")
        if let info = cmark_node_get_fence_info(node), info.pointee != 0 {
          let word = String(cString: info).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
          if let word {
            write(" class=\"language-")
            write(escaping: String(word))
            write("\"")
          }
        }
        write(">")
        let fenced = ccm_is_fenced(node) != 0
        let line = cmark_node_get_start_line(node) + (fenced ? 1 : 0)
        let column = cmark_node_get_start_column(node) + (fenced ? 0 : 4)
        writeLines(cmark_node_get_literal(node), firstLine: line, column: column, raw: false)
        write("</code></pre>\n")
      case ccm_html_block:
        writeLines(
          cmark_node_get_literal(node), firstLine: cmark_node_get_start_line(node),
          column: cmark_node_get_start_column(node), raw: true)
      case ccm_paragraph:
        if Self.isTight(node) { break }
        if entering {
          mark(node)
          write("<p>")
        } else {
          write("</p>\n")
        }
      case ccm_heading:
        let level = UInt8(clamping: cmark_node_get_heading_level(node))
        if entering {
          mark(node)
          write("<h")
          html.append(UInt8(ascii: "0") + level)
          write(">")
        } else {
          write("</h")
          html.append(UInt8(ascii: "0") + level)
          write(">\n")
        }
      case ccm_thematic_break:
        mark(node)
        write("<hr />\n")
      case ccm_text:
        mark(node, spanning: true)
        write(escaping: cmark_node_get_literal(node))
      case ccm_softbreak:
        write("\n")
      case ccm_linebreak:
        write("<br />\n")
      case ccm_code:
        mark(node)
        write("<code>")
        mark(node, spanning: true)
        write(escaping: cmark_node_get_literal(node))
        write("</code>")
      case ccm_html_inline:
        mark(node)
        write(rawHTML: cmark_node_get_literal(node))
      case ccm_emph: write(entering ? "<em>" : "</em>")
      case ccm_strong: write(entering ? "<strong>" : "</strong>")
      case ccm_strikethrough: write(entering ? "<del>" : "</del>")
      case ccm_link:
        if entering {
          mark(node)
          write("<a href=\"")
          writeURL(cmark_node_get_url(node))
          write("\"")
          if let title = cmark_node_get_title(node), title.pointee != 0 {
            write(" title=\"")
            write(escaping: title)
            write("\"")
          }
          write(">")
        } else {
          write("</a>")
        }
      case ccm_image:
        guard entering else { break }
        mark(node)
        write("<img src=\"")
        writeURL(cmark_node_get_url(node))
        write("\" alt=\"")
        write(escaping: Self.plainText(node))
        write("\"")
        if let title = cmark_node_get_title(node), title.pointee != 0 {
          write(" title=\"")
          write(escaping: title)
          write("\"")
        }
        write(" />")
        // The description became the alt text: its nodes are not written again.
        cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
      case ccm_table:
        if entering {
          mark(node)
          write("<table>\n")
        } else {
          if let last = cmark_node_last_child(node), ccm_table_row_is_header(last) == 0 { write("</tbody>\n") }
          write("</table>\n")
        }
      case ccm_table_row:
        let header = ccm_table_row_is_header(node) != 0
        if entering {
          if header {
            write("<thead>\n")
          } else if let previous = cmark_node_previous(node), ccm_table_row_is_header(previous) != 0 {
            write("<tbody>\n")
          }
          mark(node)
          write("<tr>\n")
        } else {
          write("</tr>\n")
          if header { write("</thead>\n") }
        }
      case ccm_table_cell:
        let header = cmark_node_parent(node).map { ccm_table_row_is_header($0) != 0 } ?? false
        if entering {
          mark(node)
          write(header ? "<th" : "<td")
          writeAlignment(node)
          write(">")
        } else {
          write(header ? "</th>\n" : "</td>\n")
        }
      default:
        break
      }
    }
    if language != nil || title != nil { write("</body></html>\n") }
  }

  /// A table cell's `align`, from its table's alignments and its column.
  private mutating func writeAlignment(_ cell: OpaquePointer) {
    guard let row = cmark_node_parent(cell), let table = cmark_node_parent(row),
      let alignments = ccm_table_alignments(table)
    else { return }
    var column = 0
    var previous = cmark_node_previous(cell)
    while let node = previous {
      column += 1
      previous = cmark_node_previous(node)
    }
    guard column < Int(ccm_table_columns(table)) else { return }
    switch alignments[column] {
    case UInt8(ascii: "l"): write(" align=\"left\"")
    case UInt8(ascii: "c"): write(" align=\"center\"")
    case UInt8(ascii: "r"): write(" align=\"right\"")
    default: break
    }
  }

  /// A link target, with what cmark's HTML renderer refuses in safe mode (`javascript:`,
  /// `vbscript:`, `file:`, `data:` other than images) left out, as GitHub does.
  private mutating func writeURL(_ url: UnsafePointer<CChar>?) {
    guard let url else { return }
    let lowered = String(cString: url).lowercased()
    let dangerous = ["javascript:", "vbscript:", "file:", "data:"].contains { lowered.hasPrefix($0) }
    let image = ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains {
      lowered.hasPrefix($0)
    }
    if dangerous && !image { return }
    write(escaping: url)
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
        if let literal = cmark_node_get_literal(child) {
          bytes.append(contentsOf: UnsafeRawBufferPointer(start: literal, count: strlen(literal)))
        }
      case ccm_softbreak, ccm_linebreak: bytes.append(UInt8(ascii: " "))
      default: break
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
