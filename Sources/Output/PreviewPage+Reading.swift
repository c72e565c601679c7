@_spi(Plumbing) internal import TextModel

extension PreviewPage {
  /// What writing the reading view's blocks needs, made once per page: the text, each block's
  /// pieces chained in text order, its place in the input, its findings and clip.
  struct Reading {
    let page: PreviewPage
    let utf8: UnsafeBufferPointer<UInt8>
    let lines: [Int]
    let columns: [Int]
    /// In a book, each block's entry (its line and column are inside it, as `detect` gives them).
    let entries: [String?]
    let findingsByBlock: [Int: [Finding]]
    let clips: [Clip?]?
    let paging: Paging
    /// Per block its first piece, per piece the next of its block (-1: none).
    var firstPiece: [Int32]
    var nextPiece: [Int32]
    /// The last language tag looked at and whether it is usable (blocks come in runs of one language).
    var usable: (tag: String, ok: Bool) = ("", false)

    init(
      page: PreviewPage, utf8: UnsafeBufferPointer<UInt8>, lines: [Int], columns: [Int], entries: [String?],
      findingsByBlock: [Int: [Finding]], clips: [Clip?]?, paging: Paging
    ) {
      self.page = page
      self.utf8 = utf8
      self.lines = lines
      self.columns = columns
      self.entries = entries
      self.findingsByBlock = findingsByBlock
      self.clips = clips
      self.paging = paging
      // The pieces of each block, gathered in one pass: piece indices per block, in text order.
      let blockCount = page.document.blocks.count
      firstPiece = [Int32](repeating: -1, count: blockCount)
      nextPiece = [Int32](repeating: -1, count: page.pieces.count)
      var lastPiece = [Int32](repeating: -1, count: blockCount)
      for (index, piece) in page.pieces.enumerated() {
        if lastPiece[piece.block] < 0 {
          firstPiece[piece.block] = Int32(index)
        } else {
          nextPiece[Int(lastPiece[piece.block])] = Int32(index)
        }
        lastPiece[piece.block] = Int32(index)
      }
    }

    mutating func isUsable(_ tag: String) -> Bool {
      if tag != usable.tag { usable = (tag, PreviewPage.isUsableLanguage(tag)) }
      return usable.ok
    }

    /// The blocks page `number` shows: from the first block, pages of consecutive blocks whose
    /// reading view fits ``Paging/readingShare`` (at least one block each), measured by writing
    /// them where the bytes go nowhere. Nil when the document has fewer pages.
    /// - Complexity: O(the text up to the page's end).
    mutating func blocks(onPage number: Int) -> Range<Int>? {
      let count = page.document.blocks.count
      guard paging.isBounded else { return number == 1 ? 0..<count : nil }
      var counter = HTMLBuffer { _ in }
      var current = 1
      var start = 0
      var pageBytes = 0
      for index in 0..<count {
        let before = counter.total
        _ = writeBlock(index, &counter)
        let size = counter.total - before
        if index > start && pageBytes + size > paging.readingShare {
          if current == number { return start..<index }
          current += 1
          start = index
          pageBytes = 0
        }
        pageBytes += size
      }
      return current == number ? start..<count : nil
    }

    /// Writes block `index` of the reading view; returns whether its text or speech was cut (a
    /// block larger than half the reading view's share of a page shows the start of each).
    mutating func writeBlock(_ index: Int, _ out: inout HTMLBuffer) -> Bool {
      let document = page.document
      let block = document.blocks[index]
      let says = page.spoken.says(index)
      // The block's language: declared on it, else the one its speech is in, else the document's.
      let language = block.language ?? (says ? page.spoken.language(of: index) : document.language)
      writeMeta(of: index, language: language, &out)
      let textCut = writeText(of: index, language: language, &out)
      let speechCut = says && writeSpeech(of: index, &out)
      if let list = findingsByBlock[index] {
        PreviewPage.writeFindings(
          &out, list, limit: paging.isBounded ? out.total + paging.readingShare / 2 : .max)
      }
      out.raw("</li>\n")
      return textCut || speechCut
    }

    /// Opens block `index`'s item and writes the line about it: role, level or state, label,
    /// language, and its place in the input (a link to the source line when there is one).
    private func writeMeta(of index: Int, language: String?, _ out: inout HTMLBuffer) {
      let block = page.document.blocks[index]
      let haveSource = page.source != nil
      let (role, detail) = PreviewPage.role(of: block)
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
        if paging.isBounded {
          var label = label
          let limit = out.total + paging.readingShare / 4
          label.withUTF8 { utf8 in
            if out.text(utf8: utf8, upTo: limit) < utf8.count { out.raw("…") }
          }
        } else {
          out.text(label)
        }
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
    }

    /// Writes the block's own text (at most half the reading share, when paged); returns whether
    /// some was left out.
    private mutating func writeText(of index: Int, language: String?, _ out: inout HTMLBuffer) -> Bool {
      let limit = paging.isBounded ? out.total + paging.readingShare / 2 : .max
      var left = 0
      var piece = Int(firstPiece[index])
      var opened = false
      while piece >= 0 {
        let range = page.pieces[piece]
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
          } else if left == 0 {
            out.raw("\n")
          }
          let trimmed = PreviewPage.trimmingNewlines(slice)
          if left > 0 {
            left += trimmed.count
          } else if limit == .max {
            out.text(utf8: trimmed)
          } else {
            left += trimmed.count - out.text(utf8: trimmed, upTo: limit)
          }
        }
        piece = Int(nextPiece[piece])
      }
      if opened { out.raw("</div>\n") }
      if left > 0 { Self.writeLeftOut(left, of: "text", &out) }
      return left > 0
    }

    /// Writes what speech says for block `index` (at most half the reading share, when paged) and
    /// its clip; returns whether some speech was left out.
    private mutating func writeSpeech(of index: Int, _ out: inout HTMLBuffer) -> Bool {
      let spoken = page.spoken
      out.raw("<p class=\"speech\"><span class=\"says\">Says:</span> ")
      let speechLanguage = spoken.language(of: index)
      let tagged = isUsable(speechLanguage) && speechLanguage != "en"
      if tagged {
        out.raw("<span lang=\"")
        out.attribute(speechLanguage)
        out.raw("\">")
      }
      let limit = paging.isBounded ? out.total + paging.readingShare / 2 : .max
      var left = 0
      spoken.forEachPiece(of: index) { speech in
        if left > 0 {
          left += speech.count
        } else if limit == .max {
          out.text(utf8: speech)
        } else {
          left += speech.count - out.text(utf8: speech, upTo: limit)
        }
      }
      out.raw(tagged ? "</span></p>\n" : "</p>\n")
      if left > 0 { Self.writeLeftOut(left, of: "speech", &out) }
      if let clips, index < clips.count, let clip = clips[index] {
        switch clip {
        case .embedded(let bytes) where !bytes.isEmpty:
          out.raw("<p class=\"clip\"><audio controls preload=\"metadata\" src=\"data:audio/wav;base64,")
          out.base64(bytes)
          out.raw("\"></audio></p>\n")
        case .file(let url):
          out.raw("<p class=\"clip\"><audio controls preload=\"metadata\" src=\"")
          out.attribute(url)
          out.raw("\"></audio></p>\n")
        default: break
        }
      }
      return left > 0
    }

    private static func writeLeftOut(_ bytes: Int, of what: String, _ out: inout HTMLBuffer) {
      out.raw("<p class=\"value cut\">… ")
      out.number(bytes)
      out.raw(" more bytes of this block's ")
      out.raw(what)
      out.raw(" are left out (a block is shown up to half a page).</p>\n")
    }
  }

  /// Writes the reading view of `blocks`; returns the blocks whose text or speech was cut.
  func writeReading(_ out: inout HTMLBuffer, reading: inout Reading, blocks: Range<Int>) -> [Int] {
    out.raw("<section aria-labelledby=\"reading-h\" id=\"reading\" tabindex=\"-1\">\n")
    out.raw("<h2 id=\"reading-h\">Reading view</h2>\n")
    out.raw("<p>Every block in reading order: its role, level, language and place in the source, ")
    out.raw("the text it holds itself, and what speech says for it.</p>\n")
    guard !document.blocks.isEmpty else {
      out.raw("<p>The document has no blocks.</p>\n")
      if !reading.utf8.isEmpty {
        out.raw("<div class=\"text\">")
        let taken = out.text(utf8: reading.utf8, upTo: reading.paging.readingShare)
        out.raw("</div>\n")
        if taken < reading.utf8.count {
          out.raw("<p class=\"value cut\">… ")
          out.number(reading.utf8.count - taken)
          out.raw(" more bytes of text are left out (the page's size limit).</p>\n")
        }
      }
      out.raw("</section>\n")
      return []
    }
    var cut: [Int] = []
    out.raw("<ol class=\"blocks\"")
    if blocks.lowerBound > 0 {
      // The list's own counter numbers the blocks: a later page starts at its first block's number.
      out.raw(" start=\"")
      out.number(blocks.lowerBound + 1)
      out.raw("\"")
    }
    out.raw(">\n")
    for index in blocks where reading.writeBlock(index, &out) { cut.append(index) }
    out.raw("</ol>\n")
    out.raw("</section>\n")
    return cut
  }
}
