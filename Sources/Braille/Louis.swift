internal import CLouis

/// The Swift face of liblouis (through CLouis): translation and back-translation with position
/// maps, table checks and metadata. Every call is serialized by CLouis's one lock (liblouis is
/// not thread-safe).
package enum Louis {
  /// liblouis's translation modes this package uses.
  package struct Mode: OptionSet, Sendable, Hashable {
    package let rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }
    /// No contractions (grade 1 of a contracted table).
    package static let noContractions = Mode(rawValue: CLOUIS_NO_CONTRACTIONS)
    /// Cells in and out as dot patterns rather than the table's display characters.
    package static let dotsIO = Mode(rawValue: CLOUIS_DOTS_IO)
    /// With `dotsIO`: cells as Unicode braille (U+2800…U+28FF).
    package static let unicodeBraille = Mode(rawValue: CLOUIS_UC_BRL)
    /// Characters with no rule are dropped rather than written as `\xhhhh`.
    package static let noUndefined = Mode(rawValue: CLOUIS_NO_UNDEFINED)
    /// Cells as Unicode braille: `dotsIO` and `unicodeBraille`.
    package static let unicodeCells: Mode = [.dotsIO, .unicodeBraille]
  }

  /// Typeform bits (liblouis's `typeforms`): emphasis class i is `emphasis(i)`.
  package enum Typeform {
    /// The bit of the table's emphasis class at `index` (0: its first declared class).
    package static func emphasis(_ index: Int) -> UInt16 { UInt16(CLOUIS_EMPH_1) << UInt16(index) }
    package static let computerBraille = UInt16(CLOUIS_COMPUTER_BRAILLE)
    package static let noTranslate = UInt16(CLOUIS_NO_TRANSLATE)
    package static let noContract = UInt16(CLOUIS_NO_CONTRACT)
  }

  /// What a translation gives: the output characters and, for each, the index of the input
  /// character it came from.
  package struct Result: Hashable, Sendable {
    package var output: [Unicode.Scalar]
    package var inputIndex: [Int32]

    var cellsAndIndices: ([Unicode.Scalar], [Int32]) { (output, inputIndex) }
  }

  /// An error from liblouis: the table list does not compile, or a translation failed or did not
  /// finish.
  package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String
    /// liblouis did not finish within the deadline (or its worker process died) and was stopped.
    package var unfinished = false

    package init(description: String, unfinished: Bool = false) {
      self.description = description
      self.unfinished = unfinished
    }
  }

  /// How long a translation may take: `base` and `perCharacter` for each character asked for.
  package struct TimeLimit: Hashable, Sendable {
    package var base: Duration
    package var perCharacter: Duration

    package init(base: Duration, perCharacter: Duration) {
      self.base = base
      self.perCharacter = perCharacter
    }

    /// 2 seconds and 50 microseconds a character (liblouis takes about 1 microsecond a character;
    /// the rest is room for a loaded machine).
    package static let standard = TimeLimit(base: .seconds(2), perCharacter: .microseconds(50))

    /// The deadline of a request of `characters` characters.
    package func deadline(characters: Int) -> Duration { base + perCharacter * characters }
  }

  /// The standard deadline of a request of `characters` characters (``TimeLimit/standard``).
  package static func deadline(characters: Int) -> Duration {
    TimeLimit.standard.deadline(characters: characters)
  }

  /// liblouis's version ("3.24.0").
  package static var version: String { String(cString: clouis_version()) }

  /// Whether every table in the comma-separated `tableList` compiles.
  package static func tableCompiles(_ tableList: String) -> Bool { clouis_check_table(tableList) != 0 }

  /// The best table for a metadata query ("language:en grade:2"), as a path; nil when none matches.
  package static func findTable(_ query: String) -> String? {
    withBuffer { clouis_find_table(query, $0, $1) != 0 }
  }

  /// One metadata value of a table ("language", "dots", "grade"), nil when it has none.
  package static func tableInfo(_ table: String, _ key: String) -> String? {
    withBuffer { clouis_table_info(table, key, $0, $1) != 0 }?.trimmingSpaces()
  }

  /// What a path names (symbolic links followed), as a table check needs it.
  package enum FileKind: Hashable, Sendable {
    case missing, regular, unreadable, folder, fifo, characterDevice, blockDevice, socket, other
  }

  /// What `path` names, from `stat` (and, when `opening`, a non-blocking open of a regular file to
  /// see that it is readable): nothing is read.
  package static func fileKind(_ path: String, opening: Bool = true) -> FileKind {
    switch clouis_file_kind(path, opening ? 1 : 0) {
    case CLOUIS_FILE_MISSING: .missing
    case CLOUIS_FILE_REGULAR: .regular
    case CLOUIS_FILE_UNREADABLE: .unreadable
    case CLOUIS_FILE_DIRECTORY: .folder
    case CLOUIS_FILE_FIFO: .fifo
    case CLOUIS_FILE_CHARACTER_DEVICE: .characterDevice
    case CLOUIS_FILE_BLOCK_DEVICE: .blockDevice
    case CLOUIS_FILE_SOCKET: .socket
    default: .other
    }
  }

  /// The folders of liblouis's table path: those of `LOUIS_TABLEPATH` and those of the tables
  /// liblouis lists (`lou_listTables`), in that order, each once.
  package static var tableFolders: [String] {
    var buffer = [CChar](repeating: 0, count: 16384)
    let written = buffer.withUnsafeMutableBufferPointer { clouis_table_folders($0.baseAddress!, Int32($0.count)) }
    guard written > 0 else { return [] }
    return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }.split(separator: "\n").map(String.init)
  }

  /// The emphasis classes `tableList` declares, in order (class i is ``Typeform/emphasis(_:)`` i).
  package static func emphasisClasses(_ tableList: String) -> [String] {
    let joined = withBuffer { clouis_emphasis_classes(tableList, $0, $1) >= 0 } ?? ""
    return joined.isEmpty ? [] : joined.split(separator: "\n").map(String.init)
  }

  /// `input` translated with `tableList` in liblouis's worker process (``translate(passages:table:mode:deadline:)``):
  /// throws a failure with `unfinished` set when liblouis did not finish by `deadline`.
  package static func translate(
    _ input: [Unicode.Scalar], table tableList: String, mode: Mode = [], typeform: [UInt16]? = nil,
    deadline: Duration? = nil
  ) throws(Failure) -> Result {
    guard !input.isEmpty else { return Result(output: [], inputIndex: []) }
    let answer = translate(
      passages: [input], table: tableList, mode: mode, typeform: typeform,
      deadline: deadline ?? Self.deadline(characters: input.count))
    switch answer {
    case .unfinished:
      throw Failure(description: "liblouis did not finish translating with \(tableList)", unfinished: true)
    case .done(let results):
      guard let result = results[0] else {
        throw Failure(description: "liblouis could not translate with \(tableList)")
      }
      return result
    }
  }

  /// What a batch of translations gave: a result per passage (nil where liblouis failed), or
  /// nothing because liblouis did not finish by the deadline.
  package enum BatchResult: Sendable {
    case done([Result?])
    case unfinished
  }

  /// Each of `passages` translated with `tableList` in one request to liblouis's worker process
  /// (the output of each grows until its whole input fits). Why a process: liblouis 3.24 can loop
  /// forever on some text (`c ->a@` with the German tables), and only a process can be stopped
  /// inside it; the worker is forked on first use and killed when its answer is not complete by
  /// `deadline`, the next call starts another. Where no process can be forked, liblouis runs in
  /// this one. `typeform`, when given, holds one entry for each character of the passages.
  ///
  /// - Complexity: one round trip to the worker for the batch.
  package static func translate(
    passages: [[Unicode.Scalar]], table tableList: String, mode: Mode = [], typeform: [UInt16]? = nil,
    deadline: Duration
  ) -> BatchResult {
    var codes: [UInt32] = []
    codes.reserveCapacity(passages.reduce(0) { $0 + $1.count })
    for passage in passages { codes.append(contentsOf: passage.lazy.map(\.value)) }
    if codes.isEmpty { return .done(passages.map { _ in Result(output: [], inputIndex: []) }) }
    let lengths = passages.map { Int32($0.count) }
    let (seconds, attoseconds) = deadline.components
    let micros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    var batch = clouis_batch()
    let status = codes.withUnsafeBufferPointer { input in
      lengths.withUnsafeBufferPointer { lengths in
        withOptionalBuffer(typeform) { form in
          clouis_translate_guarded(
            tableList, mode.rawValue, input.baseAddress!, lengths.baseAddress!, Int32(passages.count), form, micros,
            &batch)
        }
      }
    }
    defer { clouis_batch_free(&batch) }
    guard status == CLOUIS_BATCH_DONE, let counts = batch.counts else { return .unfinished }
    var results: [Result?] = []
    results.reserveCapacity(passages.count)
    var start = 0
    for index in 0..<passages.count {
      let count = Int(counts[index])
      guard count >= 0 else {
        results.append(nil)
        continue
      }
      let cells = UnsafeBufferPointer(start: batch.cells.map { $0 + start }, count: count)
      let positions = UnsafeBufferPointer(start: batch.positions.map { $0 + start }, count: count)
      results.append(
        Result(output: cells.map { Unicode.Scalar($0) ?? "\u{FFFD}" }, inputIndex: Array(positions)))
      start += count
    }
    return .done(results)
  }

  private static func withOptionalBuffer<T>(_ array: [UInt16]?, _ body: (UnsafePointer<UInt16>?) -> T) -> T {
    guard let array else { return body(nil) }
    return array.withUnsafeBufferPointer { body($0.baseAddress) }
  }

  /// Braille `input` (Unicode braille with ``Mode/unicodeCells``, else the table's display
  /// characters) back to text with `tableList`.
  package static func backTranslate(_ input: [Unicode.Scalar], table tableList: String, mode: Mode = []) throws(Failure)
    -> Result
  {
    try run(input, growing: 4) { input, count, consumed, output, outputCount, positions in
      clouis_back_translate(tableList, input, count, consumed, output, outputCount, positions, mode.rawValue)
    } failing: {
      "liblouis could not back-translate with \(tableList)"
    }
  }

  /// Unicode braille `cells` back to text with `tableList` (liblouis's unicode.dis first in the
  /// list reads the cells; `dotsIO` would read its own dot format, not Unicode braille).
  package static func backTranslate(cells: [Unicode.Scalar], table tableList: String) throws(Failure) -> Result {
    try backTranslate(cells, table: "unicode.dis," + tableList)
  }

  private typealias Call = (
    UnsafePointer<UInt32>, Int32, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UInt32>,
    UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>
  ) -> Int32

  /// Room kept free at the end of the output: liblouis's escape for a character its table lacks
  /// (`'\x10ffff'`, up to 10 cells) is dropped whole when it does not fit, and liblouis 3.24 still
  /// reports the input as consumed (100 flags, 900 cells, gave 396 cells and no error).
  private static let escapeRoom = 16

  /// Runs `call` with room for `growing` × the input, growing the room while liblouis reports
  /// that it consumed less than the whole input or the output came within ``escapeRoom`` of the end.
  private static func run(_ input: [Unicode.Scalar], growing factor: Int, _ call: Call, failing message: () -> String)
    throws(Failure) -> Result
  {
    if input.isEmpty { return Result(output: [], inputIndex: []) }
    let codes = input.map(\.value)
    var capacity = max(16, codes.count * factor) + escapeRoom
    for _ in 0..<6 {
      var output = [UInt32](repeating: 0, count: capacity)
      var positions = [Int32](repeating: 0, count: capacity)
      var consumed: Int32 = 0
      var written = Int32(capacity)
      let ok = codes.withUnsafeBufferPointer { inputBuffer in
        output.withUnsafeMutableBufferPointer { out in
          positions.withUnsafeMutableBufferPointer { pos in
            call(inputBuffer.baseAddress!, Int32(codes.count), &consumed, out.baseAddress!, &written, pos.baseAddress!)
          }
        }
      }
      guard ok != 0 else { throw Failure(description: message()) }
      if Int(consumed) >= codes.count, Int(written) <= capacity - escapeRoom {
        let count = Int(written)
        return Result(
          output: output[..<count].map { Unicode.Scalar($0) ?? "\u{FFFD}" }, inputIndex: Array(positions[..<count]))
      }
      capacity *= 4
    }
    throw Failure(description: message() + " (the output kept outgrowing its buffer)")
  }

  /// Calls `body` with a 4 KiB C string buffer; its contents when `body` says it wrote one.
  private static func withBuffer(_ body: (UnsafeMutablePointer<CChar>, Int32) -> Bool) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let ok = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, Int32($0.count)) }
    guard ok else { return nil }
    return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
    return String(scalars)
  }
}
