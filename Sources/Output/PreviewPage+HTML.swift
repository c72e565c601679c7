internal import Navigation
@_spi(Plumbing) internal import TextModel

extension PreviewPage {
  /// Writes the page, handing its bytes to `write` in pieces of about 64 KiB, in order. `clips`,
  /// when given, holds a clip per block (nil: none for that block), in an `<audio controls>` after
  /// the block's speech. `paging` says which blocks the page shows (``Paging``: all of them, or one
  /// page of a document whose page would pass its byte budget); the page says which, and where the
  /// rest is. Returns what the page shows, or nil, with nothing written, when `paging.page` is past
  /// the last page.
  ///
  /// The page marks what tests read back: each block's `<li id="bN">` has `data-kind`, `data-start`
  /// and `data-end` (UTF-8 offsets); each rotor item's
  /// link `data-start`, `data-end` and `href="#bN"` (its block), inside the panel's `data-rotor`.
  ///
  /// `rotorPanels`, when given, are the bytes ``rotorPanels()`` made (ahead, by a caller with time
  /// to spare), written in place of making the panels now when the page shows every block: the page
  /// is the same.
  @discardableResult
  package func write(
    clips: [Clip?]? = nil, rotorPanels: [[UInt8]]? = nil, paging: Paging = .whole,
    to write: @escaping ([UInt8]) -> Void
  ) -> Shown? {
    let blocks = document.blocks
    let (blockLine, blockColumn, blockEntry, findingsByBlock) = places()
    var textCopy = document.text
    return textCopy.withUTF8 { utf8 -> Shown? in
      var reading = Reading(
        page: self, utf8: utf8, lines: blockLine, columns: blockColumn, entries: blockEntry,
        findingsByBlock: findingsByBlock,
        clips: clips, paging: paging)
      guard let range = reading.blocks(onPage: paging.page) else { return nil }
      var shown = Shown(blocks: range, blockCount: blocks.count, page: paging.page)
      var out = HTMLBuffer(write: write)
      writeHead(&out)
      out.raw("<body>\n<header>\n<a class=\"skip\" href=\"#reading\">Skip to the reading view</a>\n<h1>Preview: ")
      out.text(name)
      out.raw("</h1>\n</header>\n<main id=\"main\">\n")
      writeSummary(&out, findingsByBlock: findingsByBlock, shown: shown, paging: paging)
      if let rotorPanels, range.count == blocks.count {
        for piece in rotorPanels { out.bytes(piece) }
      } else {
        writeRotors(&out, blocks: range, share: paging.rotorShare)
      }
      shown.cut = writeReading(&out, reading: &reading, blocks: range)
      writeSource(&out, lines: blockLine[range], share: paging.sourceShare)
      out.raw("</main>\n<footer><p>Made by textrotor preview. Every block links to its line in the source; ")
      out.raw("every rotor item links to its block.</p></footer>\n<script>")
      out.raw(Self.script)
      out.raw("</script>\n</body>\n</html>\n")
      out.flush()
      return shown
    }
  }

  /// The blocks page `paging.page` shows (as ``write(clips:rotorPanels:paging:to:)`` would write
  /// it, findings included), or nil when the document has fewer pages.
  package func blocks(paging: Paging) -> Range<Int>? {
    let (lines, columns, entries, findingsByBlock) = places()
    var textCopy = document.text
    return textCopy.withUTF8 { utf8 in
      var reading = Reading(
        page: self, utf8: utf8, lines: lines, columns: columns, entries: entries, findingsByBlock: findingsByBlock,
        clips: nil, paging: paging)
      return reading.blocks(onPage: paging.page)
    }
  }

  /// Each block's line and column in the input, and the findings by block (-1: the page as a whole).
  private func places() -> (lines: [Int], columns: [Int], entries: [String?], findingsByBlock: [Int: [Finding]]) {
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
    return (blockLine, blockColumn, blockEntry, findingsByBlock)
  }

  /// The rotors' section of the page, as ``write(clips:rotorPanels:paging:to:)`` writes it: the panels
  /// depend on neither the findings nor the clips, so `preview` makes them while its audit still
  /// runs on the other core (17 MB for the 10 MB page, held until the page is written).
  /// The bytes come in pieces of 64 KiB, in order (one array would be copied as it grows).
  package func rotorPanels() -> [[UInt8]] {
    var panels: [[UInt8]] = []
    var out = HTMLBuffer { panels.append($0) }
    writeRotors(&out, blocks: document.blocks.indices, share: .max)
    out.flush()
    return panels
  }

  private func writeHead(_ out: inout HTMLBuffer) {
    out.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
    out.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
    out.raw("<meta http-equiv=\"Content-Security-Policy\" content=\"")
    out.raw(Self.contentSecurityPolicy)
    out.raw("\">\n")
    out.raw("<title>Preview: ")
    out.text(name)
    out.raw(" (textrotor)</title>\n<style>")
    out.raw(Self.style)
    out.raw("</style>\n</head>\n")
  }

  private func writeSummary(
    _ out: inout HTMLBuffer, findingsByBlock: [Int: [Finding]], shown: Shown, paging: Paging
  ) {
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
    out.raw("</li>\n")
    if shown.blocks.count < shown.blockCount { writePagesItem(&out, shown: shown, paging: paging) }
    out.raw("</ul>\n<h3 id=\"audit-h\">Audit</h3>\n")
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
    writeRuleCounts(&out, findingsByBlock: findingsByBlock, shown: shown)
    if let pageFindings = findingsByBlock[-1] {
      out.raw("<p>About the page as a whole:</p>\n")
      Self.writeFindings(
        &out, pageFindings, limit: paging.isBounded ? out.total + paging.byteBudget / 8 : .max)
    }
    out.raw("</section>\n")
  }

  /// One page of several: which blocks, and how to get the others.
  private func writePagesItem(_ out: inout HTMLBuffer, shown: Shown, paging: Paging) {
    out.raw("<li class=\"pages\" data-page=\"")
    out.number(shown.page)
    out.raw("\" data-first=\"")
    out.number(shown.blocks.lowerBound)
    out.raw("\" data-end=\"")
    out.number(shown.blocks.upperBound)
    out.raw("\">Page ")
    out.number(shown.page)
    out.raw(": blocks ")
    out.number(shown.blocks.lowerBound + 1)
    out.raw("–")
    out.number(shown.blocks.upperBound)
    out.raw(" of ")
    out.number(shown.blockCount)
    out.raw(" (a page of this preview is at most ")
    out.number(paging.byteBudget)
    out.raw(" bytes). ")
    if shown.page > 1 {
      out.raw("<code>textrotor preview --page ")
      out.number(shown.page - 1)
      out.raw("</code> writes the blocks before. ")
    }
    if shown.hasMore {
      out.raw("<code>textrotor preview --page ")
      out.number(shown.page + 1)
      out.raw("</code> writes the blocks after.")
    }
    out.raw("</li>\n")
  }

  /// Each rule that found something, in the order of its first finding: its severity, its count and
  /// a link to the block of its first finding when that block is shown.
  private func writeRuleCounts(_ out: inout HTMLBuffer, findingsByBlock: [Int: [Finding]], shown: Shown) {
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
        if shown.blocks.contains(entry.block) {
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
  }

  /// The findings' list; once it has reached `limit` bytes of the page (a paged page's share), the
  /// rest are counted in one item.
  static func writeFindings(_ out: inout HTMLBuffer, _ findings: [Finding], limit: Int = .max) {
    out.raw("<ul class=\"findings\">\n")
    for (number, finding) in findings.enumerated() {
      guard out.total < limit else {
        out.raw("<li>")
        out.number(findings.count - number)
        out.raw(" more findings here are not listed (the page's size limit).</li>\n")
        break
      }
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

  /// The rotor panels: of every rotor, the items whose block is in `blocks`, while the panels take
  /// at most `share` bytes (what does not fit is counted on the page).
  private func writeRotors(_ out: inout HTMLBuffer, blocks: Range<Int>, share: Int) {
    let paged = blocks.count < document.blocks.count
    let start = out.total
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
        writeRotorEntries(&out, rotor, kind: kind, blocks: blocks, paged: paged, from: start, share: share)
      }
      out.raw("</details>\n</div>\n")
    }
    out.raw("</div>\n</section>\n")
  }

  /// The entries of `rotor` on `blocks`, listed while the rotors written from `start` take less than
  /// `share` bytes; on a page of several, how many there are on it and how many were not listed.
  private func writeRotorEntries(
    _ out: inout HTMLBuffer, _ rotor: Rotor, kind: RotorKind, blocks: Range<Int>, paged: Bool, from start: Int,
    share: Int
  ) {
    var hint = (block: 0, piece: 0)
    var opened = false
    var listed = 0
    var unlisted = 0
    rotor.entries.forEachEntry { entry in
      let block = target(of: entry.range, hint: &hint)
      guard blocks.contains(block) else { return }
      guard out.total - start < share else {
        unlisted += 1
        return
      }
      if !opened {
        out.raw("<ol>\n")
        opened = true
      }
      listed += 1
      Self.writeRotorEntry(&out, entry, block: block, kind: kind, upTo: share == .max ? nil : start + share)
    }
    if opened { out.raw("</ol>\n") }
    if paged {
      out.raw("<p class=\"value\">")
      out.number(listed + unlisted)
      out.raw(" on this page's blocks")
      if unlisted > 0 {
        out.raw("; ")
        out.number(unlisted)
        out.raw(" of them not listed (the page's size limit)")
      }
      out.raw(".</p>\n")
    }
  }

  /// One rotor entry, a link to its `block`; its label and value cut with "…" at `limit` bytes of
  /// the page when there is one.
  private static func writeRotorEntry(
    _ out: inout HTMLBuffer, _ entry: RotorEntry, block: Int, kind: RotorKind, upTo limit: Int?
  ) {
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
    // A label or value (a heading's text, a link's URL) is bounded like the panels.
    func bounded(_ text: String) {
      guard let limit else { return out.text(text) }
      var text = text
      text.withUTF8 { utf8 in
        if out.text(utf8: utf8, upTo: limit) < utf8.count { out.raw("…") }
      }
    }
    bounded(entry.label.isEmpty ? "(no text)" : entry.label)
    out.raw("</a>")
    if let value = entry.value, entry.kind.hasTarget, value != entry.label {
      out.raw(" <span class=\"value\">")
      bounded(value)
      out.raw("</span>")
    }
    if let severity = entry.severity {
      out.raw(" <span class=\"value\">(")
      out.text(severity.rawValue)
      out.raw(")</span>")
    }
    out.raw("</li>\n")
  }

  /// The role a screen reader names for a block, and its level or state.
  static func role(of block: Block) -> (role: String, detail: String?) {
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

  /// Whether `tag` can go in a `lang` attribute: well formed, and a primary language of two or three
  /// letters (what validators, axe-core's `valid-lang` among them, accept).
  static func isUsableLanguage(_ tag: String) -> Bool {
    guard LanguageTag.isWellFormed(tag) else { return false }
    let primary = tag.split(separator: "-", maxSplits: 1).first ?? ""
    return (2...3).contains(primary.count) && primary.allSatisfy { $0.isASCII && $0.isLetter }
  }

  static func trimmingNewlines(_ slice: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var start = 0
    var end = slice.count
    while start < end && slice[start] == 0x0A { start += 1 }
    while end > start && slice[end - 1] == 0x0A { end -= 1 }
    return UnsafeBufferPointer(rebasing: slice[start..<end])
  }

  /// The input lines blocks link to, each once, in order; a line longer than 2,000 bytes is cut
  /// there (at a character's start) with a note of what is left out. Lines stop once the section
  /// has taken `share` bytes, and the page says how many are left out.
  private func writeSource(_ out: inout HTMLBuffer, lines: ArraySlice<Int>, share: Int) {
    guard let source else { return }
    let sectionStart = out.total
    var leftOut = 0
    out.raw("<section aria-labelledby=\"source-h\">\n<h2 id=\"source-h\">Source lines</h2>\n")
    out.raw("<p>The input lines the blocks start on.</p>\n<ol class=\"source\">\n")
    let lineStarts = document.sourceMap.lineStarts
    var shown = Set<Int>()
    var ordered = lines.filter { shown.insert($0).inserted }
    ordered.sort()
    source.withUnsafeBufferPointer { bytes in
      for line in ordered where line >= 1 && line <= lineStarts.count {
        guard out.total - sectionStart < share else {
          leftOut += 1
          continue
        }
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
    out.raw("</ol>\n")
    if leftOut > 0 {
      out.raw("<p class=\"value cut\">")
      out.number(leftOut)
      out.raw(" more source lines are not shown (the page's size limit).</p>\n")
    }
    out.raw("</section>\n")
  }
}
