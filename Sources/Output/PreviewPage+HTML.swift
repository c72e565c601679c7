internal import Navigation
@_spi(Plumbing) internal import TextModel

extension PreviewPage {
  /// Writes the page, handing its bytes to `write` in pieces of about 64 KiB, in order. `clips`,
  /// when given, holds a WAV file per block (nil or empty: none for that block), embedded as a
  /// `data:` URI in an `<audio controls>` after the block's speech.
  ///
  /// The page marks what tests read back: each block's `<li id="bN">` has `data-kind`, `data-start`
  /// and `data-end` (UTF-8 offsets); each rotor item's
  /// link `data-start`, `data-end` and `href="#bN"` (its block), inside the panel's `data-rotor`.
  ///
  /// `rotorPanels`, when given, are the bytes ``rotorPanels()`` made (ahead, by a caller with time
  /// to spare), written in place of making the panels now: the page is the same.
  public func write(clips: [[UInt8]?]? = nil, rotorPanels: [[UInt8]]? = nil, to write: @escaping ([UInt8]) -> Void) {
    var out = HTMLBuffer(write: write)
    let blocks = document.blocks
    // Each block's place in the input, one pass in text order with the source map's hint.
    var sourceHint = SourceMap.Hint()
    var lineHint = SourceMap.Hint()
    var blockSource = [Int](repeating: 0, count: blocks.count)
    var blockLine = [Int](repeating: 0, count: blocks.count)
    var blockColumn = [Int](repeating: 0, count: blocks.count)
    // In a book, each block's entry, and its line and column inside it (as `detect` gives them).
    let inParts = !document.sourceMap.parts.isEmpty
    var blockEntry = [String?](repeating: nil, count: inParts ? blocks.count : 0)
    for (index, block) in blocks.enumerated() {
      let offset = document.sourceMap.sourceOffset(forTextOffset: block.range.start, hint: &sourceHint)
      var (line, column) = document.sourceMap.lineAndColumn(forSourceOffset: offset, hint: &lineHint)
      if inParts { (blockEntry[index], line, column) = document.sourceMap.inputLocation(forSourceOffset: offset) }
      blockSource[index] = offset
      blockLine[index] = line
      blockColumn[index] = column
    }
    // Findings by block (-1: the page as a whole).
    var findingsByBlock: [Int: [Finding]] = [:]
    if let findings {
      var hint = 0
      for finding in findings {
        let block: Int
        if let offset = finding.textOffset, !blocks.isEmpty {
          block = Self.owner(of: offset, in: pieces, hint: &hint)
        } else {
          let after = blockSource.partitioningIndex { $0 > finding.sourceOffset }
          block = after - 1
        }
        findingsByBlock[block, default: []].append(finding)
      }
    }

    writeHead(&out)
    out.raw("<body>\n<header>\n<a class=\"skip\" href=\"#reading\">Skip to the reading view</a>\n<h1>Preview: ")
    out.text(name)
    out.raw("</h1>\n</header>\n<main id=\"main\">\n")
    writeSummary(&out, findingsByBlock: findingsByBlock)
    if let rotorPanels {
      for piece in rotorPanels { out.bytes(piece) }
    } else {
      writeRotors(&out)
    }
    writeReading(
      &out, lines: blockLine, columns: blockColumn, entries: blockEntry, findingsByBlock: findingsByBlock,
      clips: clips)
    writeSource(&out, lines: blockLine)
    out.raw("</main>\n<footer><p>Made by textrotor preview. Every block links to its line in the source; ")
    out.raw("every rotor item links to its block.</p></footer>\n<script>")
    out.raw(Self.script)
    out.raw("</script>\n</body>\n</html>\n")
    out.flush()
  }

  /// The rotors' section of the page, as ``write(clips:rotorPanels:to:)`` writes it: the panels
  /// depend on neither the findings nor the clips, so `preview` makes them while its audit still
  /// runs on the other core (17 MB for the 10 MB page, held until the page is written).
  /// The bytes come in pieces of 64 KiB, in order (one array would be copied as it grows).
  public func rotorPanels() -> [[UInt8]] {
    var panels: [[UInt8]] = []
    var out = HTMLBuffer { panels.append($0) }
    writeRotors(&out)
    out.flush()
    return panels
  }

  private func writeHead(_ out: inout HTMLBuffer) {
    out.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
    out.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
    out.raw(
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
        + "script-src 'unsafe-inline'; media-src data:; img-src data:\">\n")
    out.raw("<title>Preview: ")
    out.text(name)
    out.raw(" (textrotor)</title>\n<style>")
    out.raw(Self.style)
    out.raw("</style>\n</head>\n")
  }

  private func writeSummary(_ out: inout HTMLBuffer, findingsByBlock: [Int: [Finding]]) {
    out.raw("<section aria-labelledby=\"summary-h\">\n<h2 id=\"summary-h\">Summary</h2>\n<ul>\n<li>Format: ")
    out.text(document.format.rawValue)
    out.raw("</li>\n<li>Title: ")
    out.text(document.title ?? "none")
    out.raw("</li>\n<li>Language: ")
    out.text(document.language ?? "not declared")
    out.raw("</li>\n<li>")
    out.number(document.blocks.count)
    out.raw(" blocks in reading order; speech at punctuation level ")
    out.text(punctuation.rawValue)
    out.raw("</li>\n</ul>\n<h3 id=\"audit-h\">Audit</h3>\n")
    guard let findings else {
      out.raw("<p>No audit was run for this page.</p>\n</section>\n")
      return
    }
    let errors = findings.count { $0.severity == "error" }
    out.raw("<p class=\"audit-total\" data-findings=\"")
    out.number(findings.count)
    out.raw("\">")
    out.number(errors)
    out.raw(errors == 1 ? " error, " : " errors, ")
    out.number(findings.count - errors)
    out.raw(findings.count - errors == 1 ? " warning" : " warnings")
    out.raw(findings.isEmpty ? ".</p>\n" : ", each shown at its block in the reading view.</p>\n")
    var byRule: [String: (count: Int, severity: String, block: Int)] = [:]
    var order: [String] = []
    for (block, list) in findingsByBlock.sorted(by: { $0.key < $1.key }) {
      for finding in list {
        if byRule[finding.rule] == nil {
          order.append(finding.rule)
          byRule[finding.rule] = (0, finding.severity, block)
        }
        byRule[finding.rule]!.count += 1
      }
    }
    if !order.isEmpty {
      out.raw("<ul class=\"rules\">\n")
      for rule in order {
        let entry = byRule[rule]!
        out.raw("<li><span class=\"sev-")
        out.raw(entry.severity == "error" ? "error\">Error" : "warning\">Warning")
        out.raw("</span> ")
        out.text(rule)
        out.raw(": ")
        out.number(entry.count)
        if entry.block >= 0 {
          out.raw(", first at <a href=\"#b")
          out.number(entry.block)
          out.raw("\">block ")
          out.number(entry.block + 1)
          out.raw("</a>")
        }
        out.raw("</li>\n")
      }
      out.raw("</ul>\n")
    }
    if let pageFindings = findingsByBlock[-1] {
      out.raw("<p>About the page as a whole:</p>\n")
      writeFindings(&out, pageFindings)
    }
    out.raw("</section>\n")
  }

  private func writeFindings(_ out: inout HTMLBuffer, _ findings: [Finding]) {
    out.raw("<ul class=\"findings\">\n")
    for finding in findings {
      out.raw("<li class=\"finding\" data-rule=\"")
      out.attribute(finding.rule)
      out.raw("\"><span class=\"sev-")
      out.raw(finding.severity == "error" ? "error\">Error" : "warning\">Warning")
      out.raw("</span> ")
      out.text(finding.rule)
      if !finding.wcag.isEmpty {
        out.raw(" (WCAG ")
        out.text(finding.wcag.joined(separator: ", "))
        out.raw(")")
      }
      out.raw(": ")
      out.text(finding.message)
      if !finding.fix.isEmpty {
        out.raw(" <span class=\"fix\">Fix: ")
        out.text(finding.fix)
        out.raw("</span>")
      }
      out.raw("</li>\n")
    }
    out.raw("</ul>\n")
  }

  private static func title(of kind: RotorKind) -> String {
    switch kind {
    case .headings: "Headings"
    case .links: "Links"
    case .emails: "E-mail addresses"
    case .phones: "Phone numbers"
    case .alerts: "Alerts"
    case .landmarks: "Landmarks"
    case .tables: "Tables"
    case .lists: "Lists"
    case .images: "Images"
    case .blockQuotes: "Quotes"
    default: kind.rawValue
    }
  }

  private func writeRotors(_ out: inout HTMLBuffer) {
    out.raw("<section aria-labelledby=\"rotors-h\">\n<h2 id=\"rotors-h\">Rotors</h2>\n")
    out.raw("<p>What a screen reader's rotor (or NVDA's elements list) offers; each item links to its block.</p>\n")
    out.raw("<div class=\"rotors\">\n")
    for kind in Self.rotorKinds {
      guard let rotor = index.rotor(kind) else { continue }
      let title = Self.title(of: kind)
      out.raw("<div class=\"rotor\" id=\"rotor-")
      out.raw(kind.rawValue)
      out.raw("\" data-rotor=\"")
      out.raw(kind.rawValue)
      out.raw("\">\n<h3 id=\"rh-")
      out.raw(kind.rawValue)
      out.raw("\">")
      out.raw(title)
      out.raw(" (")
      out.number(rotor.count)
      out.raw(")</h3>\n<details open><summary>")
      out.raw(rotor.count == 0 ? "None" : "Show or hide the \(rotor.count) ")
      if rotor.count > 0 { out.raw(title.lowercased()) }
      out.raw("</summary>\n")
      if rotor.count == 0 {
        out.raw("<p>This document has none.</p>\n")
      } else {
        out.raw("<ol>\n")
        var hint = (block: 0, piece: 0)
        rotor.entries.forEachEntry { entry in
          let block = target(of: entry.range, hint: &hint)
          out.raw("<li><a href=\"#b")
          out.number(block)
          out.raw("\" data-start=\"")
          out.number(entry.range.start)
          out.raw("\" data-end=\"")
          out.number(entry.range.end)
          out.raw("\">")
          if let level = entry.level, kind == .headings {
            out.raw("<span class=\"tag\">H")
            out.number(level)
            out.raw("</span> ")
          }
          out.text(entry.label.isEmpty ? "(no text)" : entry.label)
          out.raw("</a>")
          if let value = entry.value, entry.kind.hasTarget, value != entry.label {
            out.raw(" <span class=\"value\">")
            out.text(value)
            out.raw("</span>")
          }
          if let severity = entry.severity {
            out.raw(" <span class=\"value\">(")
            out.text(severity.rawValue)
            out.raw(")</span>")
          }
          out.raw("</li>\n")
        }
        out.raw("</ol>\n")
      }
      out.raw("</details>\n</div>\n")
    }
    out.raw("</div>\n</section>\n")
  }

  /// The role a screen reader names for a block, and its level or state.
  private static func role(of block: Block) -> (role: String, detail: String?) {
    switch block.kind {
    case .paragraph: ("paragraph", nil)
    case .heading(let level): ("heading", "level \(level)")
    case .list(let ordered): ("list", ordered ? "ordered" : "unordered")
    case .listItem: ("list item", nil)
    case .table: ("table", nil)
    case .tableRow: ("row", nil)
    case .tableCell(let header): (header ? "column header" : "cell", nil)
    case .blockQuote: ("block quote", nil)
    case .preformatted: ("preformatted", nil)
    case .landmark(let landmark): ("landmark", landmark.rawValue)
    case .group: ("group", nil)
    }
  }

  private func writeReading(
    _ out: inout HTMLBuffer, lines: [Int], columns: [Int], entries: [String?], findingsByBlock: [Int: [Finding]],
    clips: [[UInt8]?]?
  ) {
    let blocks = document.blocks
    out.raw("<section aria-labelledby=\"reading-h\" id=\"reading\" tabindex=\"-1\">\n")
    out.raw("<h2 id=\"reading-h\">Reading view</h2>\n")
    out.raw("<p>Every block in reading order: its role, level, language and place in the source, ")
    out.raw("the text it holds itself, and what speech says for it.</p>\n")
    guard !blocks.isEmpty else {
      out.raw("<p>The document has no blocks.</p>\n")
      if !document.text.isEmpty {
        out.raw("<div class=\"text\">")
        out.text(document.text)
        out.raw("</div>\n")
      }
      out.raw("</section>\n")
      return
    }
    var textCopy = document.text
    let haveSource = source != nil
    textCopy.withUTF8 { utf8 in
      out.raw("<ol class=\"blocks\">\n")
      // The pieces of each block, gathered in one pass: piece indices per block, in text order.
      var firstPiece = [Int32](repeating: -1, count: blocks.count)
      var nextPiece = [Int32](repeating: -1, count: pieces.count)
      var lastPiece = [Int32](repeating: -1, count: blocks.count)
      for (index, piece) in pieces.enumerated() {
        if lastPiece[piece.block] < 0 {
          firstPiece[piece.block] = Int32(index)
        } else {
          nextPiece[Int(lastPiece[piece.block])] = Int32(index)
        }
        lastPiece[piece.block] = Int32(index)
      }
      let pageLanguage = document.language
      var usable: (tag: String, ok: Bool) = ("", false)
      func isUsable(_ tag: String) -> Bool {
        if tag != usable.tag { usable = (tag, Self.isUsableLanguage(tag)) }
        return usable.ok
      }
      for (index, block) in blocks.enumerated() {
        let (role, detail) = Self.role(of: block)
        let says = spoken.says(index)
        // The block's language: declared on it, else the one its speech is in, else the document's.
        let language = block.language ?? (says ? spoken.language(of: index) : pageLanguage)
        // Short markup: a 10 MB page has 160,000 blocks (numbers come from a CSS counter, the
        // depth class only when nested, the language only when it is not the page's).
        out.raw("<li id=\"b")
        out.number(index)
        if block.depth > 0 {
          out.raw("\" class=\"d")
          out.number(min(block.depth, 4))
        }
        out.raw("\" data-kind=\"")
        out.raw(block.kind.name)
        out.raw("\" data-start=\"")
        out.number(block.range.start)
        out.raw("\" data-end=\"")
        out.number(block.range.end)
        out.raw("\"><p class=\"meta\"><b>")
        out.raw(role)
        out.raw("</b>")
        if let detail {
          out.raw(", ")
          out.raw(detail)
        }
        if let label = block.label {
          out.raw(" “")
          out.text(label)
          out.raw("”")
        }
        out.raw(" · ")
        out.text(language ?? "no language")
        out.raw(" · ")
        if haveSource {
          out.raw("<a href=\"#L")
          out.number(lines[index])
          out.raw("\">")
        }
        if !entries.isEmpty, let entry = entries[index] {
          // In a book: entry:line:column.
          out.text(entry)
          out.raw(":")
        } else {
          out.raw("line ")
        }
        out.number(lines[index])
        out.raw(":")
        out.number(columns[index])
        if haveSource { out.raw("</a>") }
        out.raw("</p>\n")
        // The block's own text.
        var piece = Int(firstPiece[index])
        var opened = false
        while piece >= 0 {
          let range = pieces[piece]
          let slice = UnsafeBufferPointer(rebasing: utf8[range.start..<range.end])
          if slice.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 }) {
            if !opened {
              out.raw("<div class=\"text\"")
              if let language, language != "en", isUsable(language) {
                out.raw(" lang=\"")
                out.attribute(language)
                out.raw("\"")
              }
              out.raw(">")
              opened = true
            } else {
              out.raw("\n")
            }
            out.text(utf8: Self.trimmingNewlines(slice))
          }
          piece = Int(nextPiece[piece])
        }
        if opened { out.raw("</div>\n") }
        if says {
          out.raw("<p class=\"speech\"><span class=\"says\">Says:</span> ")
          let speechLanguage = spoken.language(of: index)
          let tagged = isUsable(speechLanguage) && speechLanguage != "en"
          if tagged {
            out.raw("<span lang=\"")
            out.attribute(speechLanguage)
            out.raw("\">")
          }
          spoken.forEachPiece(of: index) { out.text(utf8: $0) }
          out.raw(tagged ? "</span></p>\n" : "</p>\n")
          if let clips, index < clips.count, let clip = clips[index], !clip.isEmpty {
            out.raw("<p class=\"clip\"><audio controls preload=\"metadata\" src=\"data:audio/wav;base64,")
            out.base64(clip)
            out.raw("\"></audio></p>\n")
          }
        }
        if let list = findingsByBlock[index] { writeFindings(&out, list) }
        out.raw("</li>\n")
      }
      out.raw("</ol>\n")
    }
    out.raw("</section>\n")
  }

  /// Whether `tag` can go in a `lang` attribute: well formed, and a primary language of two or three
  /// letters (what validators, axe-core's `valid-lang` among them, accept).
  static func isUsableLanguage(_ tag: String) -> Bool {
    guard LanguageTag.isWellFormed(tag) else { return false }
    let primary = tag.split(separator: "-", maxSplits: 1).first ?? ""
    return (2...3).contains(primary.count) && primary.allSatisfy { $0.isASCII && $0.isLetter }
  }

  private static func trimmingNewlines(_ slice: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var start = 0
    var end = slice.count
    while start < end && slice[start] == 0x0A { start += 1 }
    while end > start && slice[end - 1] == 0x0A { end -= 1 }
    return UnsafeBufferPointer(rebasing: slice[start..<end])
  }

  /// The input lines blocks link to, each once, in order; a line longer than 2,000 bytes is cut
  /// there (at a character's start) with a note of what is left out.
  private func writeSource(_ out: inout HTMLBuffer, lines: [Int]) {
    guard let source else { return }
    out.raw("<section aria-labelledby=\"source-h\">\n<h2 id=\"source-h\">Source lines</h2>\n")
    out.raw("<p>The input lines the blocks start on.</p>\n<ol class=\"source\">\n")
    let lineStarts = document.sourceMap.lineStarts
    var shown = Set<Int>()
    var ordered = lines.filter { shown.insert($0).inserted }
    ordered.sort()
    source.withUnsafeBufferPointer { bytes in
      for line in ordered where line >= 1 && line <= lineStarts.count {
        let start = min(lineStarts[line - 1], bytes.count)
        var end = line < lineStarts.count ? min(lineStarts[line], bytes.count) : bytes.count
        while end > start && (bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D) { end -= 1 }
        var cut = end
        if end - start > 2000 {
          cut = start + 2000
          while cut > start && bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        }
        out.raw("<li id=\"L")
        out.number(line)
        out.raw("\" value=\"")
        out.number(line)
        out.raw("\"><code>")
        // Bytes that are not UTF-8 (a legacy encoding) show as U+FFFD.
        out.text(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<cut]), as: UTF8.self))
        out.raw("</code>")
        if cut < end {
          out.raw(" <span class=\"value\">(")
          out.number(end - cut)
          out.raw(" more bytes)</span>")
        }
        out.raw("</li>\n")
      }
    }
    out.raw("</ol>\n</section>\n")
  }
}
