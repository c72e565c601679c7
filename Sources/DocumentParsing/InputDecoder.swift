@_spi(Plumbing) internal import TextModel
internal import UnicodeSupport

/// Turns input bytes in any supported encoding into valid UTF-8, chunk by chunk, for the readers
/// (libxml2 is always handed UTF-8 and never converts).
///
/// - The encoding is decided once, from the first bytes (``CharsetSniffer/decide(head:format:override:)``).
/// - UTF-8 is checked and repaired here (one U+FFFD per maximal invalid subpart, as WHATWG says);
///   every other encoding goes through an ICU converter (``UnicodeSupport/StreamingConverter``).
/// - A byte-order mark never reaches the text; a NUL becomes U+FFFD, in every format.
/// - ``originalOffset(_:)`` maps a decoded offset back to the input byte it came from.
struct InputDecoder {
  let encoding: TextEncoding
  /// Notes on how the encoding was chosen (an ignored label, a fallback to windows-1252).
  let decisionMessages: [String]
  private(set) var map: DecodedOffsetMap
  private var converter: StreamingConverter?
  private let bomLength: Int
  private var bomRemaining: Int
  private var carry: [UInt8] = []
  /// Input bytes taken so far (including a byte-order mark and bytes carried to the next chunk).
  private(set) var originalLength = 0
  private(set) var invalidCount = 0
  private(set) var firstInvalidOffset: Int?
  private(set) var nulCount = 0
  private(set) var firstNulOffset: Int?

  /// Decides the encoding from `head` (the first bytes of the input) and prepares to decode.
  init(head: some Collection<UInt8>, format: InputFormat, override: String?) {
    self.init(decision: CharsetSniffer.decide(head: head, format: format, override: override))
  }

  init(decision: CharsetSniffer.Decision) {
    var decision = decision
    if decision.encoding != .utf8 {
      do {
        converter = try StreamingConverter(encoding: decision.encoding.converterName)
      } catch {
        decision.messages.append(
          "the encoding \(decision.encoding.name) cannot be decoded here (\(error)): read as UTF-8")
        decision.encoding = .utf8
      }
    }
    encoding = decision.encoding
    decisionMessages = decision.messages
    bomLength = decision.bomLength
    bomRemaining = decision.bomLength
    map = DecodedOffsetMap()
  }

  /// Whether decoded offsets are input offsets (UTF-8 with nothing replaced and no byte-order mark).
  var isIdentity: Bool { map.isIdentity }

  /// True when the input is read as UTF-8 with no byte-order mark to skip: then input that is valid
  /// UTF-8 without NULs decodes to itself, and ``TextReader`` can take it as it is.
  var decodesUTF8AsIs: Bool { converter == nil && bomLength == 0 }

  /// The input offset of decoded offset `decoded`.
  func originalOffset(_ decoded: Int) -> Int { map.originalOffset(decoded) }

  /// Decodes one chunk; pass `isFinal` with the last one (it may be empty).
  mutating func decode(_ chunk: UnsafeRawBufferPointer, isFinal: Bool) -> [UInt8] {
    var chunk = chunk
    originalLength += chunk.count
    if bomRemaining > 0 {
      let skipped = min(bomRemaining, chunk.count)
      bomRemaining -= skipped
      map.jump(to: map.originalEnd + skipped)
      chunk = UnsafeRawBufferPointer(rebasing: chunk[skipped...])
    }
    if converter != nil { return decodeWithConverter(chunk, isFinal: isFinal) }
    if carry.isEmpty { return decodeUTF8(chunk.bindMemory(to: UInt8.self), isFinal: isFinal) }
    var joined = carry
    joined.append(contentsOf: chunk)
    carry.removeAll()
    return joined.withUnsafeBufferPointer { decodeUTF8($0, isFinal: isFinal) }
  }

  /// Decodes a whole input, in 64 KiB chunks (so an ICU conversion never holds more than a chunk's
  /// worth of UTF-16 and offsets).
  mutating func decodeAll(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 16)
    bytes.withUnsafeBytes { raw in
      var start = 0
      repeat {
        let end = min(raw.count, start + InputSource.chunkSize)
        output.append(contentsOf: decode(UnsafeRawBufferPointer(rebasing: raw[start..<end]), isFinal: end == raw.count))
        start = end
      } while start < raw.count
    }
    return output
  }

  // MARK: UTF-8

  private mutating func decodeUTF8(_ input: UnsafeBufferPointer<UInt8>, isFinal: Bool) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(input.count + 16)
    let count = input.count
    var index = 0
    var runStart = 0
    func flushRun(upTo end: Int, _ output: inout [UInt8], _ map: inout DecodedOffsetMap) {
      guard end > runStart else { return }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<end]))
      map.add(decoded: 1, original: 1, count: end - runStart)
    }
    while index < count {
      // Eight ASCII bytes without a NUL at a time.
      if index + 8 <= count {
        let word = ByteWords.load(UnsafeRawPointer(input.baseAddress!), at: index)
        if !ByteWords.hasNonASCII(word) && ByteWords.zeroBytes(word) == 0 {
          index += 8
          continue
        }
      }
      let byte = input[index]
      if byte != 0 && byte < 0x80 {
        index += 1
        continue
      }
      if byte == 0 {
        flushRun(upTo: index, &output, &map)
        if firstNulOffset == nil { firstNulOffset = map.originalEnd }
        nulCount += 1
        output.append(contentsOf: [0xEF, 0xBF, 0xBD])
        map.add(decoded: 3, original: 1)
        index += 1
        runStart = index
        continue
      }
      let (length, valid) = Self.sequence(input, at: index)
      if valid {
        index += length
        continue
      }
      if length == 0 && !isFinal {
        // A sequence cut by the chunk boundary: finish it with the next chunk.
        flushRun(upTo: index, &output, &map)
        carry.append(contentsOf: UnsafeBufferPointer(rebasing: input[index...]))
        runStart = count
        index = count
        break
      }
      flushRun(upTo: index, &output, &map)
      let bad = max(1, length == 0 ? count - index : length)
      if firstInvalidOffset == nil { firstInvalidOffset = map.originalEnd }
      invalidCount += 1
      output.append(contentsOf: [0xEF, 0xBF, 0xBD])
      map.add(decoded: 3, original: bad)
      index += bad
      runStart = index
    }
    flushRun(upTo: count, &output, &map)
    return output
  }

  /// The length of the UTF-8 sequence at `index` and whether it is valid; 0 means a valid prefix cut
  /// short by the end of the input; an invalid sequence's length is its maximal invalid subpart.
  @inline(__always)
  static func sequence(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Int, Bool) {
    let lead = bytes[index]
    let needed: Int
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: needed = 1
    case 0xE0: needed = 2; lower = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: needed = 2
    case 0xED: needed = 2; upper = 0x9F
    case 0xF0: needed = 3; lower = 0x90
    case 0xF1...0xF3: needed = 3
    case 0xF4: needed = 3; upper = 0x8F
    default: return (1, false)
    }
    var offset = 1
    while offset <= needed {
      if index + offset >= bytes.count { return (0, false) }
      let next = bytes[index + offset]
      let (low, high): (UInt8, UInt8) = offset == 1 ? (lower, upper) : (0x80, 0xBF)
      if next < low || next > high { return (offset, false) }
      offset += 1
    }
    return (needed + 1, true)
  }

  // MARK: ICU

  private mutating func decodeWithConverter(_ chunk: UnsafeRawBufferPointer, isFinal: Bool) -> [UInt8] {
    guard let converter else { return [] }
    var units: [UInt16] = []
    var offsets: [Int] = []
    let substitutionsBefore = converter.substitutionCount
    converter.convert(chunk, flush: isFinal, units: &units, offsets: &offsets)
    // The converter's offsets count from the first byte it was given, just after the byte-order mark.
    let start = bomLength
    let end = originalLength - converter.pendingByteCount
    let newSubstitutions = converter.substitutionCount - substitutionsBefore
    invalidCount += newSubstitutions
    var output: [UInt8] = []
    output.reserveCapacity(units.count * 2)
    var index = 0
    while index < units.count {
      var scalar = UInt32(units[index])
      var width = 1
      if scalar >= 0xD800 && scalar < 0xDC00, index + 1 < units.count, units[index + 1] >= 0xDC00,
        units[index + 1] < 0xE000
      {
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[index + 1]) - 0xDC00)
        width = 2
      } else if scalar >= 0xD800 && scalar < 0xE000 {
        scalar = 0xFFFD
      }
      let characterStart = start + offsets[index]
      let next = index + width < units.count ? start + offsets[index + width] : end
      map.jump(to: characterStart)
      if scalar == 0 {
        if firstNulOffset == nil { firstNulOffset = characterStart }
        nulCount += 1
        scalar = 0xFFFD
      } else if scalar == 0xFFFD && newSubstitutions > 0 && firstInvalidOffset == nil {
        firstInvalidOffset = characterStart
      }
      let before = output.count
      Self.appendUTF8(scalar, to: &output)
      map.add(decoded: output.count - before, original: max(0, next - characterStart))
      index += width
    }
    if isFinal { map.jump(to: originalLength) }
    return output
  }

  private static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
    switch scalar {
    case ..<0x80: output.append(UInt8(scalar))
    case ..<0x800:
      output.append(UInt8(0xC0 | (scalar >> 6)))
      output.append(UInt8(0x80 | (scalar & 0x3F)))
    case ..<0x10000:
      output.append(UInt8(0xE0 | (scalar >> 12)))
      output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
      output.append(UInt8(0x80 | (scalar & 0x3F)))
    default:
      output.append(UInt8(0xF0 | (scalar >> 18)))
      output.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
      output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
      output.append(UInt8(0x80 | (scalar & 0x3F)))
    }
  }

  // MARK: Diagnostics

  /// What decoding noticed, placed through `sourceMap` (whose offsets are input offsets).
  func diagnostics(placedBy sourceMap: SourceMap) -> [Diagnostic] {
    var result = decisionMessages.map { Diagnostic(.warning, $0) }
    if invalidCount > 0 {
      let place = firstInvalidOffset.map { sourceMap.lineAndColumn(forSourceOffset: $0) }
      let what = encoding == .utf8 ? "invalid UTF-8 sequence(s)" : "byte sequence(s) not valid in \(encoding.name)"
      result.append(
        Diagnostic(
          .warning, "\(invalidCount) \(what) replaced with U+FFFD", line: place?.line,
          column: place?.column, changesText: true))
    }
    if nulCount > 0 {
      let place = firstNulOffset.map { sourceMap.lineAndColumn(forSourceOffset: $0) }
      result.append(
        Diagnostic(
          .warning, "\(nulCount) NUL character(s) replaced with U+FFFD", line: place?.line,
          column: place?.column, changesText: true))
    }
    return result
  }
}
