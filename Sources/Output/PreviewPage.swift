package import Detection
package import Navigation
package import Speech
@_spi(Plumbing) package import TextModel

/// One self-contained HTML page that shows what a screen reader meets in a document
/// (`textrotor preview`): the blocks in reading order with their role, level, language and source
/// line:column; a panel per rotor whose items link to their block; the speech of each block (and,
/// when given, an audio clip of it); and audit findings at their blocks with a summary at the top.
///
/// The page loads nothing (a Content-Security-Policy of `default-src 'none'` says so to the
/// browser), reads without its one small script (which only moves focus to a rotor item's block),
/// and is itself accessible: `lang`, one `main`, a heading outline, named controls, a visible focus
/// ring, a layout that reflows at 320 CSS pixels, light and dark colour schemes. Everything from the
/// document is escaped (`HTMLBuffer`).
///
/// ```swift
/// let page = PreviewPage(document: document, detections: detections, speech: renderer.render(), name: "a.html")
/// page.write(clips: nil) { bytes in file.write(bytes) }
/// ```
///
/// Each block shows the text it holds itself: the text in its range that no block inside it holds
/// (a list shows none of its items' text, each item shows its own), so every piece of text appears
/// once. Speech is one render of the whole document; each segment goes to the block that holds its
/// start.
/// - Complexity: O(n + b log b + s log b + e log b) for n bytes of text, b blocks, s speech segments
///   and e rotor entries.
package struct PreviewPage: Sendable {
  /// An audit finding to show at its place (the Audit module's findings, mapped by the caller).
  package struct Finding: Sendable, Hashable {
    /// `error` or `warning`.
    package var severity: String
    /// The rule's name (`image-alt`…).
    package var rule: String
    /// The WCAG success criteria concerned.
    package var wcag: [String]
    /// One line saying what is wrong.
    package var message: String
    /// How to fix it.
    package var fix: String
    /// The text offset concerned, when the finding is about text.
    package var textOffset: Int?
    /// The input byte offset of the element or text.
    package var sourceOffset: Int

    /// A finding; `textOffset` places it exactly, else `sourceOffset` places it at the last block
    /// that starts at or before it in the input.
    package init(
      severity: String, rule: String, wcag: [String], message: String, fix: String, textOffset: Int?,
      sourceOffset: Int
    ) {
      self.severity = severity
      self.rule = rule
      self.wcag = wcag
      self.message = message
      self.fix = fix
      self.textOffset = textOffset
      self.sourceOffset = sourceOffset
    }
  }

  /// The rotors the page shows, in this order.
  package static let rotorKinds: [RotorKind] = [
    .headings, .links, .emails, .phones, .alerts, .landmarks, .tables, .lists, .images, .blockQuotes,
  ]

  /// The document shown.
  package let document: TextDocument
  /// The name shown in the title (the input's name).
  package let name: String
  /// The input's bytes, for the source lines the blocks link to (nil: no source section).
  package let source: [UInt8]?
  /// The punctuation level the speech was rendered at.
  package let punctuation: PunctuationLevel
  /// Findings to show, or nil when the page has no audit section (none was run). Settable so that
  /// the audit can run beside the speech and be added when it ends.
  package var findings: [Finding]?
  let index: RotorIndex
  /// Text pieces in text order, each with the block that holds it (contiguous, covering the text).
  let pieces: [Piece]
  /// Per block: its speech and that speech's language.
  let spoken: BlockSpeech

  /// Per block: its speech and that speech's language (made on each call: what the clips are made of).
  package var blockSpeech: [(language: String, text: String)] {
    document.blocks.indices.map { (language: spoken.language(of: $0), text: spoken.text(of: $0)) }
  }

  /// Block `block`'s speech and its language (what its clip is made of).
  package func speech(ofBlock block: Int) -> (language: String, text: String) {
    (language: spoken.language(of: block), text: spoken.text(of: block))
  }

  struct Piece {
    var start: Int
    var end: Int
    var block: Int
  }

  /// A page for `document`, its `detections` (every kind the rotors show), and `speech` (a render
  /// of the whole document).
  package init(
    document: TextDocument, detections: DetectionList, speech: SpeechScript, name: String, source: [UInt8]? = nil,
    findings: [Finding]? = nil
  ) {
    let pieces = Self.pieces(of: document)
    var spoken = BlockSpeech(blockCount: document.blocks.count, mainLanguage: speech.language, expectedBytes: 0)
    if !document.blocks.isEmpty {
      var part = Part()
      for segment in speech.segments { part.add(segment, pieces: pieces) }
      spoken.take(&part)
    }
    self.init(
      document: document, detections: detections, pieces: pieces, spoken: spoken, punctuation: speech.punctuation,
      name: name, source: source, findings: findings)
  }

  /// A page for `document`, its `detections` (every kind the rotors show), and the speech
  /// `renderer` makes of the whole document: rendered now, on both cores from a MiB of text
  /// (`SpeechRenderer/render(_:part:format:finished:)`), each segment put straight in its block's
  /// speech (the page is the one ``init(document:detections:speech:name:source:findings:)`` makes
  /// from `renderer.render()`).
  package init(
    document: TextDocument, detections: DetectionList, renderer: SpeechRenderer, name: String,
    source: [UInt8]? = nil, findings: [Finding]? = nil
  ) {
    self.init(
      document: document, detections: detections, renderer: renderer, chunking: .default, name: name, source: source,
      findings: findings)
  }

  /// The page of ``init(document:detections:renderer:name:source:findings:)`` with the speech cut
  /// into chunks as `chunking` says (tests cut small documents into many).
  init(
    document: TextDocument, detections: DetectionList, renderer: SpeechRenderer, chunking: SpeechRenderer.Chunking,
    name: String, source: [UInt8]? = nil, findings: [Finding]? = nil
  ) {
    let pieces = Self.pieces(of: document)
    // Speech runs to about one and a half times the text it says.
    var spoken = BlockSpeech(
      blockCount: document.blocks.count, mainLanguage: renderer.language,
      expectedBytes: document.text.utf8.count + document.text.utf8.count / 2)
    if !document.blocks.isEmpty {
      renderer.render(
        nil, part: Part(), chunking: chunking, format: { segment, part in part.add(segment, pieces: pieces) },
        finished: { part in spoken.take(&part) })
    }
    self.init(
      document: document, detections: detections, pieces: pieces, spoken: spoken,
      punctuation: renderer.options.punctuation, name: name, source: source, findings: findings)
  }

  private init(
    document: TextDocument, detections: DetectionList, pieces: [Piece], spoken: BlockSpeech,
    punctuation: PunctuationLevel, name: String, source: [UInt8]?, findings: [Finding]?
  ) {
    self.document = document
    self.name = name
    self.source = source
    self.punctuation = punctuation
    self.findings = findings
    self.index = RotorIndex(document: document, detections: detections)
    self.pieces = pieces
    self.spoken = spoken
  }

  /// Splits the text at every block's start and end; each piece goes to the innermost block that
  /// holds it (text outside every block to the block before it, or the first).
  static func pieces(of document: TextDocument) -> [Piece] {
    let blocks = document.blocks
    let length = document.text.utf8.count
    guard !blocks.isEmpty else { return [] }
    var pieces: [Piece] = []
    pieces.reserveCapacity(blocks.count * 2 + 1)
    var stack: [Int] = []
    var cursor = 0
    var lastStarted = 0
    func emit(to end: Int, owner: Int) {
      let end = min(end, length)
      guard cursor < end else { return }
      if let last = pieces.last, last.block == owner {
        pieces[pieces.count - 1].end = end
      } else {
        pieces.append(Piece(start: cursor, end: end, block: owner))
      }
      cursor = end
    }
    for (index, block) in blocks.enumerated() {
      while let top = stack.last, blocks[top].range.end <= block.range.start {
        emit(to: blocks[top].range.end, owner: top)
        stack.removeLast()
      }
      emit(to: block.range.start, owner: stack.last ?? lastStarted)
      stack.append(index)
      lastStarted = index
    }
    while let top = stack.popLast() { emit(to: blocks[top].range.end, owner: top) }
    emit(to: length, owner: lastStarted)
    return pieces
  }

  /// The block that holds text offset `offset` (`hint`: the piece the last lookup found, for lookups
  /// in text order).
  static func owner(of offset: Int, in pieces: [Piece], hint: inout Int) -> Int {
    guard !pieces.isEmpty else { return 0 }
    var at = min(hint, pieces.count - 1)
    if pieces[at].start <= offset {
      var steps = 0
      while at + 1 < pieces.count, pieces[at + 1].start <= offset, steps < 8 {
        at += 1
        steps += 1
      }
      if steps == 8 { at = max(0, pieces.partitioningIndex { $0.start > offset } - 1) }
    } else {
      at = max(0, pieces.partitioningIndex { $0.start > offset } - 1)
    }
    hint = at
    return pieces[at].block
  }

  /// The block a rotor entry jumps to: the block over exactly its range (a heading, list, table or
  /// landmark entry), else the block that holds its start.
  /// (`hint`: where the last lookup ended, for entries in document order.)
  func target(of range: TextRange, hint: inout (block: Int, piece: Int)) -> Int {
    let blocks = document.blocks
    // The first block starting at or after the entry: a few steps on from the last one found when
    // the entries come in document order, else a binary search.
    var at = min(hint.block, blocks.count)
    if at > 0 && blocks[at - 1].range.start >= range.start {
      at = blocks.partitioningIndex { $0.range.start >= range.start }
    } else {
      var steps = 0
      while at < blocks.count, blocks[at].range.start < range.start, steps < 8 {
        at += 1
        steps += 1
      }
      if steps == 8 { at = blocks.partitioningIndex { $0.range.start >= range.start } }
    }
    hint.block = at
    while at < blocks.count, blocks[at].range.start == range.start {
      if blocks[at].range.end == range.end { return at }
      at += 1
    }
    return Self.owner(of: range.start, in: pieces, hint: &hint.piece)
  }
}
