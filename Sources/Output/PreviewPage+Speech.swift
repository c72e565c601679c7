internal import Speech
@_spi(Plumbing) internal import TextModel

extension PreviewPage {
  /// The speech of every block, held in one byte buffer: per block a chain of pieces of the buffer
  /// (in speech order) and the language of its first segment. Each segment goes to the block that
  /// holds its start; within a block, a segment's separator comes before it once the block has said
  /// anything (the rule of `PlainTextJoiner`, block by block).
  ///
  /// Why not a `String` per block: a 10 MB page has 160,000 blocks and 110,000 segments; a string
  /// per block appended to segment by segment, and the whole `SpeechScript` held before it, were a
  /// tenth of `preview --no-audit`. The buffer is filled as the renderer commits its chunks (on both
  /// cores from a MiB of text, `SpeechRenderer/render(_:part:format:finished:)`), so the script is
  /// never held; the page escapes each block's pieces straight from the buffer.
  struct BlockSpeech: Sendable {
    /// The speech bytes of every block, in the order they were said.
    private(set) var bytes: [UInt8] = []
    /// Pieces of `bytes`, each with the next piece of its block (-1: the last).
    private(set) var pieces: [SpeechPiece] = []
    /// Per block: its first and last piece (-1: it says nothing).
    private(set) var firstPiece: [Int32]
    private var lastPiece: [Int32]
    /// Per block: its speech's language, an index into `languages` (-1: no segment; the main one).
    private var languageIndex: [Int32]
    /// The languages segments are in (made safe: well formed, else the main language).
    private(set) var languages: [String] = []
    /// The script's main language, made safe (``SpeechScript/safeMainLanguage``).
    let mainLanguage: String

    struct SpeechPiece: Sendable {
      var start: Int
      var end: Int
      var next: Int32
    }

    init(blockCount: Int, mainLanguage: String, expectedBytes: Int) {
      firstPiece = [Int32](repeating: -1, count: blockCount)
      lastPiece = firstPiece
      languageIndex = firstPiece
      self.mainLanguage = LanguageTag.isWellFormed(mainLanguage) ? mainLanguage : "en"
      bytes.reserveCapacity(expectedBytes)
    }

    /// Whether block `block` says anything.
    func says(_ block: Int) -> Bool { firstPiece[block] >= 0 }

    /// The language of block `block`'s speech (the main language when it has no segment).
    func language(of block: Int) -> String {
      let index = languageIndex[block]
      return index < 0 ? mainLanguage : languages[Int(index)]
    }

    /// Block `block`'s speech, piece by piece.
    func forEachPiece(of block: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
      var piece = Int(firstPiece[block])
      guard piece >= 0 else { return }
      bytes.withUnsafeBufferPointer { all in
        while piece >= 0 {
          body(UnsafeBufferPointer(rebasing: all[pieces[piece].start..<pieces[piece].end]))
          piece = Int(pieces[piece].next)
        }
      }
    }

    /// Block `block`'s speech as a string (for the clips).
    func text(of block: Int) -> String {
      var text: [UInt8] = []
      forEachPiece(of: block) { text.append(contentsOf: $0) }
      return String(decoding: text, as: UTF8.self)
    }

    /// Takes a part's segments, in order (the part is emptied).
    mutating func take(_ part: inout Part) {
      var offset = 0
      part.bytes.withUnsafeBufferPointer { partBytes in
        for record in part.records {
          let block = Int(record.block)
          if languageIndex[block] < 0 { languageIndex[block] = language(safe: part.languages[Int(record.language)]) }
          let separator = Int(record.separatorLength)
          let speech = Int(record.speechLength)
          // A separator only once the block has said something (`PlainTextJoiner`).
          if separator > 0 && firstPiece[block] >= 0 {
            append(UnsafeBufferPointer(rebasing: partBytes[offset..<offset + separator]), to: block)
          }
          offset += separator
          if speech > 0 { append(UnsafeBufferPointer(rebasing: partBytes[offset..<offset + speech]), to: block) }
          offset += speech
        }
      }
      part.bytes.removeAll(keepingCapacity: true)
      part.records.removeAll(keepingCapacity: true)
    }

    private mutating func language(safe tag: String) -> Int32 {
      let safe = LanguageTag.isWellFormed(tag) ? tag : mainLanguage
      if let index = languages.lastIndex(of: safe) { return Int32(index) }
      languages.append(safe)
      return Int32(languages.count - 1)
    }

    private mutating func append(_ piece: UnsafeBufferPointer<UInt8>, to block: Int) {
      let start = bytes.count
      bytes.append(contentsOf: piece)
      let last = Int(lastPiece[block])
      if last >= 0 && pieces[last].end == start {
        pieces[last].end = bytes.count
        return
      }
      pieces.append(SpeechPiece(start: start, end: bytes.count, next: -1))
      let new = Int32(pieces.count - 1)
      if last >= 0 { pieces[last].next = new } else { firstPiece[block] = new }
      lastPiece[block] = new
    }
  }

  /// Segments as they are made, each with the block that holds its start: their separator and
  /// speech bytes, and the language (by index into the part's own list). A part is made on either
  /// core; ``BlockSpeech/take(_:)`` takes parts in the order of the speech.
  struct Part: Sendable {
    struct Record: Sendable {
      var block: Int32
      var language: Int32
      var separatorLength: Int32
      var speechLength: Int32
    }
    var bytes: [UInt8] = []
    var records: [Record] = []
    var languages: [String] = []
    /// The piece the last segment's start was found in.
    var hint = 0

    mutating func add(_ segment: SpeechSegment, pieces: [Piece]) {
      let block = PreviewPage.owner(of: segment.range.start, in: pieces, hint: &hint)
      let language: Int
      if let last = languages.lastIndex(of: segment.language) {
        language = last
      } else {
        languages.append(segment.language)
        language = languages.count - 1
      }
      var separator = segment.separator
      var speech = segment.speech
      let separatorLength = separator.withUTF8 {
        bytes.append(contentsOf: $0); return $0.count
      }
      let speechLength = speech.withUTF8 {
        bytes.append(contentsOf: $0); return $0.count
      }
      records.append(
        Record(
          block: Int32(block), language: Int32(language), separatorLength: Int32(separatorLength),
          speechLength: Int32(speechLength)))
    }
  }
}
