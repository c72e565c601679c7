internal import Detection
internal import Glibc
internal import ParallelSupport
@_spi(Plumbing) internal import TextModel
internal import UnicodeSupport

/// Driving the builder over a range: chunks, paragraphs and blocks, detections and the text
/// between them.
extension SpeechBuilder {
  /// Makes this fresh builder render a chunk that starts at a line start of a range after speech
  /// it does not see, assuming the state a line break leaves (``CarriedState/afterLineBreak``); what
  /// it reads of that assumption is recorded (``TrackedCarriedState/assumedReads``) for ``continues(_:)``.
  func beginChunk() {
    state.carry.assume(.afterLineBreak)
    state.assumesEarlierSpeech = true
  }

  /// Whether this builder's chunk, rendered from the assumed state, is what `truth` would have
  /// rendered had it gone on from where it stopped (the chunk's start): the chunk opened with a new
  /// paragraph after earlier speech, and every carried field it read before writing holds the same
  /// value in `truth`. When it does, the fields the chunk never wrote take `truth`'s values, so this
  /// builder stands where `truth` would after the chunk.
  func continues(_ truth: SpeechBuilder) -> Bool {
    guard state.opensWithParagraph, truth.state.output.lastMerged != nil,
      CarriedState.afterLineBreak.agrees(with: truth.carried, on: state.carry.assumedReads)
    else { return false }
    state.carry.adoptUnwritten(from: truth.carried)
    return true
  }

  func render(_ range: TextRange) {
    renderChunk(of: range, from: range.start, to: range.end)
    mergeSegments()
  }

  /// Renders the part of `range` from `start` to `end` (both at its start or end or at line starts,
  /// neither inside a span spoken as a whole), as rendering the whole range renders it from the same
  /// state; pieces may still wait in ``pieces``.
  func renderChunk(of range: TextRange, from start: Int, to end: Int) {
    // The spans spoken as a whole are gathered a window of starts at a time (sorted by start, then
    // longest first): the same order as gathering them all at once, since every span of a window
    // starts before every span of the next, and text between spans is rendered only when the next
    // span (or the end) is reached, as in one pass. Gathering all of a 50 MB text's spans at once
    // held a copy of every detection (100 MB).
    var position = start
    var windowStart = start
    while windowStart < end {
      let window = TextRange(start: windowStart, end: min(end, windowStart + context.renderer.tuning.spanWindow))
      var specials = collectSpecials(startingIn: window, within: range)
      // An edit's start or end (an empty range) comes before a span starting at the same place.
      specials.sort {
        ($0.range.start, $0.range.isEmpty ? 0 : 1, -$0.range.length, $0.span.order)
          < ($1.range.start, $1.range.isEmpty ? 0 : 1, -$1.range.length, $1.span.order)
      }
      for special in specials where special.range.start >= position {
        if special.range.start > position { renderLines(TextRange(start: position, end: special.range.start)) }
        renderSpecial(special.span, range: special.range)
        position = special.range.end
        // Pieces become segments as they come (between spans, where no piece is still being edited):
        // holding every piece of a long document took 25× its size.
        if state.output.pieces.count >= 4096 { mergeSegments() }
      }
      windowStart = window.end
    }
    if position < end { renderLines(TextRange(start: position, end: end)) }
  }

  /// Ordinary text between spans, a line at a time (each piece ends after its line feed): no token
  /// reads across a line break, so speech can start afresh at any line start (the two-core
  /// rendering relies on it). `literal` text (code) names every mark; its pieces become code.
  ///
  /// A line is normalized whole (24 bytes per scalar), so a line longer than `longLine` is cut
  /// into pieces of about that length, each at the first place after it where speech does not
  /// depend on the cut (see ``pieceCut(in:from:before:)``, looked for over `longToken` more bytes);
  /// where there is none (a line without spaces between words: one enormous token, digits, CJK),
  /// at a space between two tokens that are not digits, else at the first Character boundary
  /// (``tokenCut(in:from:target:before:)``). Every piece is then at most `longLine + longToken`
  /// bytes, whatever the input: a 100 MB token held 2.66 GB (issue 42). Only a line with no such
  /// place over `longToken` bytes is cut elsewhere; a token cut inside is said in pieces (a word's
  /// pieces join with nothing between them, so its speech is the same).
  func renderLines(_ range: TextRange, literal: Bool = false) {
    func say(_ piece: TextRange) {
      let before = state.output.pieces.count
      renderText(piece, literal: literal)
      guard literal else { return }
      for index in before..<state.output.pieces.count
      where state.output.pieces[index].kind == .text || state.output.pieces[index].kind == .number {
        state.output.pieces[index].kind = .code
      }
    }
    var start = range.start
    while start < range.end {
      let end = Self.lineEnd(in: context.document.text, from: start, before: range.end)
      var piece = start
      while true {
        let cut = pieceEnd(from: piece, lineEnd: end)
        say(TextRange(start: piece, end: cut))
        if cut == end { break }
        piece = cut
        // A cut is between tokens: the piece's speech (about `longLine` of it) becomes segments now.
        mergeSegments()
      }
      start = end
      // Pieces become segments as they come here too: text with no span in it (a long text of
      // words) held every piece until its end (100 MB for 4 MB on one line).
      if state.output.pieces.count >= 4096 { mergeSegments() }
    }
  }

  /// Where the piece of a line that starts at `piece` (the line's start or the previous piece's
  /// end) ends, the line ending at `end`: the line's end when it is no longer than `longLine`, else
  /// the first place past `longLine` where speech does not depend on the cut, looked for over
  /// `longToken` bytes, else the line's end when it is no further, else
  /// ``tokenCut(in:from:target:before:searching:)``. At most `longLine + longToken`
  /// bytes on, and at a Character boundary (`SpeechLongTokenTests`).
  func pieceEnd(from piece: Int, lineEnd end: Int) -> Int {
    guard end - piece > context.renderer.tuning.longLine else { return end }
    let target = piece + context.renderer.tuning.longLine
    let searched = end - target > context.renderer.tuning.longToken ? target + context.renderer.tuning.longToken : end
    if let cut = Self.pieceCut(in: context.document.text, from: target, before: searched) { return cut }
    // The rest of the line is short enough to be said whole.
    if searched == end { return end }
    return Self.tokenCut(
      in: context.document.text, from: piece, target: target, before: end, searching: context.renderer.tuning.longToken)
  }

  /// Where a piece of a line that starts at `start` (a Character boundary) is cut when no place
  /// from `target` on is free of tokens reading across it: after the first space from `target`
  /// (within `searching` bytes, at most 4 KiB) that has neither a digit before it nor anything but an ASCII letter or mark
  /// that is not a digit after it (numbers read their groups, units and dates across a space), else
  /// at the first Character boundary at or after `target` (inside a token longer than the bound),
  /// else `end` (a single Character is never cut). `SpeechLongTokenTests` checks the pieces' bounds
  /// and boundaries.
  static func tokenCut(in text: String, from start: Int, target: Int, before end: Int, searching: Int = 4096) -> Int {
    guard target < end else { return end }
    var text = text
    return text.withUTF8 { bytes -> Int in
      @inline(__always) func digit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
      var index = max(target, start + 1)
      let limit = min(end, target + min(searching, 4096))
      while index + 1 < limit {
        if bytes[index] == 0x20, !digit(bytes[index - 1]), bytes[index + 1] < 0x80, bytes[index + 1] > 0x20,
          !digit(bytes[index + 1])
        {
          return index + 1
        }
        index += 1
      }
      var walk = GraphemeWalk(bytes, from: TextPosition(utf8: start, utf16: 0, char: 0))
      while let boundary = walk.nextBoundary() {
        if boundary.utf8 >= target { return min(boundary.utf8, end) }
      }
      return end
    }
  }

  /// The first offset from `start` (before `end`) where a long line may be cut: after ". ", "! "
  /// or "? " that end a lowercase word and come before an uppercase letter (a sentence ends there:
  /// its mark is said the same whatever follows the space, and the cues reset), else, from 4 KiB on,
  /// at a space between two lowercase words. No token reads across such a space (a word reads no
  /// further than itself; a number, date or time never ends in a lowercase letter before it), so
  /// the pieces say what the whole line says (`SpeechLongLineTests`). Nil when there is none (a line
  /// without spaces stays whole).
  static func pieceCut(in text: String, from start: Int, before end: Int) -> Int? {
    var text = text
    return text.withUTF8 { bytes -> Int? in
      func lower(_ index: Int) -> Bool { index >= 0 && index < end && bytes[index] >= 0x61 && bytes[index] <= 0x7A }
      func upper(_ index: Int) -> Bool { index < end && bytes[index] >= 0x41 && bytes[index] <= 0x5A }
      var wordBreak: Int?
      var index = max(start, 2)
      while index + 1 < end {
        if bytes[index] == 0x20 {
          let mark = bytes[index - 1]
          if (mark == 0x2E || mark == 0x21 || mark == 0x3F) && lower(index - 2) && upper(index + 1) {
            return index + 1
          }
          if wordBreak == nil && lower(index - 1) && lower(index + 1) { wordBreak = index + 1 }
        }
        if index - start >= 4096, let wordBreak { return wordBreak }
        index += 1
      }
      return wordBreak
    }
  }

  /// The offset after the first line feed in `text`'s UTF-8 at `start..<end`, else `end`.
  static func lineEnd(in text: String, from start: Int, before end: Int) -> Int {
    var text = text
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress, start < end, let found = memchr(base + start, 0x0A, end - start) else {
        return end
      }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
    }
  }

  /// The spans spoken as a whole that start in `window` and lie within `range`.
  func collectSpecials(startingIn window: TextRange, within range: TextRange) -> [(
    range: TextRange, span: SpecialSpan
  )] {
    var specials: [(range: TextRange, span: SpecialSpan)] = []
    let detections = context.renderer.detections
    for position in SpeechBuilder.starting(in: window, detections)
    where range.contains(detections.range(at: position)) && !detections.range(at: position).isEmpty {
      // Only a phone is made a `Detection` (its value is read): a link's or an address's value
      // would be a copy of its text, as long as the link (issue 42).
      switch detections.kind(at: position) {
      case .phone:
        let detection = detections[position]
        // A run of digits with no grouping, no "+" and no trunk zero ("10100000", "700000000") that
        // a region's plan happens to accept is as likely an amount as a phone number: unless the
        // markup made it a tel: link, it is read as a number; a number written as a phone number
        // ("010 6552 9988", "+84 …") is read digit by digit.
        let text = context.document[detection.range]
        let bareDigits = text.unicodeScalars.allSatisfy { $0.value >= 0x30 && $0.value <= 0x39 } && !text.hasPrefix("0")
        if bareDigits && detection.source != .markup { continue }
        specials.append((detection.range, .phone(detection)))
      case .email: specials.append((detections.range(at: position), .email))
      case .link:
        let text = context.document[detections.range(at: position)]
        let urlShaped =
          !SpeechBuilder.contains(" ", in: text)
          && (SpeechBuilder.contains(".", in: text) || SpeechBuilder.contains("/", in: text))
        if urlShaped { specials.append((detections.range(at: position), .link)) }
      default: continue  // alerts and kinds an embedding tool adds are read as text
      }
    }
    for run in SpeechBuilder.starting(in: window, context.document.runs, \.range)
    where range.contains(run.range) && !run.range.isEmpty {
      switch run.attribute {
      case .abbreviation(let expansion) where !expansion.isEmpty: specials.append((run.range, .abbreviation(expansion)))
      case .code, .speech(.speakPunctuation): specials.append((run.range, .literal))
      case .speech(.spellOut): specials.append((run.range, .spellOut))
      case .speech(.digits): specials.append((run.range, .digits))
      case .time(let datetime) where datetime.hasPrefix("P") || datetime.hasPrefix("p"):
        specials.append((run.range, .duration(datetime)))
      default: break
      }
    }
    if !context.document.math.isEmpty {
      for formula in SpeechBuilder.starting(in: window, context.document.math, \.range)
      where range.contains(formula.range) {
        specials.append((formula.range, .math(formula.expression)))
      }
    }
    for run in SpeechBuilder.starting(in: window, context.document.runs, \.range) where range.contains(run.range.start)
    {
      if case .edit(let kind) = run.attribute, !run.range.isEmpty {
        specials.append((TextRange(start: run.range.start, end: run.range.start), .editStart(kind)))
      }
    }
    if !context.document.editMarks.isEmpty {
      for mark in SpeechBuilder.starting(in: window, context.document.editMarks, \.self) where range.contains(mark) {
        specials.append((mark, .editMark))
      }
    }
    if !context.renderer.editEnds.isEmpty {
      let first = context.renderer.editEnds.partitioningIndex(where: { $0 >= window.start })
      for end in context.renderer.editEnds[first...].prefix(while: { $0 < window.end })
      where end > range.start && end < range.end {
        specials.append((TextRange(start: end, end: end), .editEnd))
      }
    }
    return specials
  }

  /// Whether a run with `attribute` may be spoken as a whole (``collectSpecials(startingIn:within:)``
  /// takes some of them; a chunk of two-core speech never starts inside one).
  static func isSpokenWhole(_ attribute: TextAttribute) -> Bool {
    switch attribute {
    case .abbreviation, .code, .speech, .time: true
    default: false
    }
  }

  /// The positions of the detections (sorted by start) that start inside `range`, found by binary
  /// search on their ranges alone (no `Detection` made per probe: each copied its value, a 10 MB
  /// link's at every probe of every window, issue 42): O(log n + k).
  static func starting(in range: TextRange, _ detections: DetectionList) -> Range<Int> {
    func lowerBound(_ offset: Int) -> Int {
      var low = 0
      var high = detections.count
      while low < high {
        let middle = (low + high) / 2
        if detections.range(at: middle).start >= offset { high = middle } else { low = middle + 1 }
      }
      return low
    }
    let low = lowerBound(range.start)
    return low..<max(low, lowerBound(range.end))
  }

  /// The items (sorted by start) that start inside `range`, found by binary search: O(log n + k).
  /// `rangeOf` is a function, not a `KeyPath` (`\.range` converts to either): a key path is applied
  /// through the runtime (`swift_getAtKeyPath`) at every step of the search.
  static func starting<Items: RandomAccessCollection<Item>, Item>(
    in range: TextRange, _ items: Items, _ rangeOf: (Item) -> TextRange
  ) -> Items.SubSequence where Items.Index == Int {
    func lowerBound(_ offset: Int) -> Int { items.partitioningIndex { rangeOf($0).start >= offset } }
    return items[lowerBound(range.start)..<max(lowerBound(range.start), lowerBound(range.end))]
  }
}
