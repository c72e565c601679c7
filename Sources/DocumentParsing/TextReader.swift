internal import ParallelSupport
package import TextModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads plain text. The document text is the input itself, decoded (`InputDecoder`: a byte-order
/// mark removed, invalid UTF-8 and NULs replaced with U+FFFD, other encodings converted), and the
/// source map is exact, so every range maps to the input bytes it came from.
///
/// Paragraphs are separated by blank lines. Plain text states no alerts: lines that open with a cue
/// word ("Warning:", "注意："…) are found by the detection stage (`AlertDetector`), built-in cues and
/// a rules file's alike.
package struct TextReader: Sendable {
  /// Reading overrides (the default language).
  package var options: ReaderOptions

  /// A reader with `options` (limits, encoding, default language).
  package init(options: ReaderOptions = .default) { self.options = options }

  /// Reads plain text from bytes.
  package func read(bytes: [UInt8], name: String = "<input>") -> TextDocument {
    var bytes = bytes
    return read(taking: &bytes, name: name)
  }

  /// Reads plain text from bytes the caller gives up (`bytes` is left empty): they are let go as soon
  /// as the text is made, so a large file is held twice only for that moment (issue 15: peak memory
  /// ≤ 3× the input).
  func read(taking bytes: inout [UInt8], name: String = "<input>") -> TextDocument {
    let inputLength = bytes.count
    var decoder = InputDecoder(head: bytes.prefix(InputSource.headLength), format: .text, override: options.encoding)
    let text = Self.decode(bytes, with: &decoder)
    bytes = []
    return document(text: text, decoder: decoder, inputLength: inputLength)
  }

  /// Reads the plain text of a regular file whose first bytes, `head`, are already read; nil when the
  /// input is not a regular file or its text is not its bytes as they are (then nothing of the
  /// input is consumed past `head`, and the caller reads the rest as bytes).
  ///
  /// The common case, UTF-8 with no byte-order mark and no NUL, is read straight into the String's
  /// own storage: no byte array beside it, no zero-filled buffer, no second copy (on a 10 MB text
  /// a copy and 20 MB of fresh pages less). The String validates what it is given and replaces
  /// what is not UTF-8 with U+FFFD; a text with a NUL or a U+FFFD in it (replaced or written so), or
  /// a file that grew while it was read, is left for the general path from after `head` (the
  /// caller reads it again), which says what it replaced. The same documents as
  /// ``read(taking:name:)`` (`TextFileReadingTests`).
  func read(file source: InputSource, head: [UInt8]) throws(ReadError) -> TextDocument? {
    let size = source.size
    guard size > 0, size >= head.count, size <= options.maximumInputBytes else { return nil }
    let decoder = InputDecoder(head: head.prefix(InputSource.headLength), format: .text, override: options.encoding)
    guard decoder.decodesUTF8AsIs else { return nil }
    if !options.parallelism.isSerial, size >= options.tuning.textTwoThreadsFrom, let position = source.position,
      position <= size
    {
      return try readInTwoHalves(source, head: head, from: position, size: size, decoder: decoder)
    }
    var failure: ReadError?
    var grew = false
    // One byte more than the file's size: a file that grows while it is read fills it.
    var text = String(unsafeUninitializedCapacity: size + 1) { buffer in
      _ = buffer.initialize(from: head)
      var filled = head.count
      while filled < buffer.count {
        let count: Int
        do throws(ReadError) {
          count = try source.read(
            into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[filled...])))
        } catch {
          failure = error
          return 0
        }
        if count == 0 { break }
        filled += count
      }
      grew = filled == buffer.count
      return filled
    }
    if let failure { throw failure }
    let asIs = text.withUTF8 { bytes in !grew && !Self.containsNULOrReplacement(bytes) }
    guard asIs else {
      guard source.seek(to: head.count) else {
        throw .unreadable(path: source.displayName, reason: "it cannot be read again from its start")
      }
      return nil
    }
    return document(text: text, decoder: decoder, inputLength: text.utf8.count)
  }

  /// ``read(file:head:)`` for a large file: the text is `head` and the file from `position`,
  /// read and validated in two halves on two threads (validating 10 MB as a String took one core
  /// 12–20 ms while the other waited; issue 15). The halves meet at a scalar boundary: the first
  /// byte from the middle on that is not a continuation byte (at most three on, both threads
  /// looking at the same bytes), so a valid text is two valid halves, and anything invalid makes a
  /// U+FFFD in one of them, which sends the file to the general path as before. The second half is
  /// then appended to the first, whose storage has room for the whole file. Nothing is read with
  /// the file position, so the general path can still read from after `head`. The same documents
  /// as the one-thread read (`TextFileReadingTests`).
  private func readInTwoHalves(
    _ source: InputSource, head: [UInt8], from position: Int, size: Int, decoder: InputDecoder
  ) throws(ReadError) -> TextDocument? {
    let rest = size - position
    let middle = head.count + rest / 2  // in the text: head, then the file from `position`
    // Per half: its text, the continuation bytes it saw at the middle, whether it found a NUL or
    // U+FFFD, whether it was cut short (the file shrank) or filled up (it grew), and a read error.
    struct Half: Sendable {
      var text = ""
      var skipped = 0
      var unusual = false
      var changed = false
      var failure: ReadError?
    }
    var halves = options.parallelism.map(2) { part in
      var half = Half()
      if part == 0 {
        // The head, the file up to the middle, and the three bytes after it.
        half.text = String(unsafeUninitializedCapacity: head.count + rest + 1) { buffer in
          _ = buffer.initialize(from: head)
          let limit = Swift.min(middle + 3, head.count + rest)
          let count: Int
          do throws(ReadError) {
            count = try source.read(
              into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[head.count..<limit])),
              at: position)
          } catch {
            half.failure = error
            return 0
          }
          if count != limit - head.count { half.changed = true }
          let end = head.count + count
          half.skipped = Self.continuations(UnsafeBufferPointer(rebasing: buffer[Swift.min(middle, end)..<end]))
          return Swift.min(middle, end) + half.skipped
        }
      } else {
        // The file from the middle to its end, and a byte more: a file that grows fills it.
        half.text = String(unsafeUninitializedCapacity: rest - rest / 2 + 1) { buffer in
          let count: Int
          do throws(ReadError) {
            count = try source.read(into: UnsafeMutableRawBufferPointer(buffer), at: position + rest / 2)
          } catch {
            half.failure = error
            return 0
          }
          if count != buffer.count - 1 { half.changed = true }
          let base = buffer.baseAddress!
          half.skipped = Self.continuations(UnsafeBufferPointer(start: base, count: count))
          base.update(from: base + half.skipped, count: count - half.skipped)
          return count - half.skipped
        }
      }
      half.unusual = half.text.withUTF8 { Self.containsNULOrReplacement($0) }
      return half
    }
    if let failure = halves[0].failure ?? halves[1].failure { throw failure }
    guard !halves[0].changed, !halves[1].changed, halves[0].skipped == halves[1].skipped,
      !halves[0].unusual, !halves[1].unusual
    else { return nil }
    var text = halves[0].text
    halves[0].text = ""
    text.append(halves[1].text)
    halves[1].text = ""
    return document(text: text, decoder: decoder, inputLength: text.utf8.count)
  }

  /// How many of the first bytes of `bytes` are UTF-8 continuation bytes (three at most).
  private static func continuations(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var count = 0
    while count < 3 && count < bytes.count && bytes[count] & 0xC0 == 0x80 { count += 1 }
    return count
  }

  /// Whether `bytes` hold a NUL or U+FFFD (EF BF BD): memchr jumps between candidates.
  static func containsNULOrReplacement(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    if memchr(base, 0, bytes.count) != nil { return true }
    var index = 0
    while index < bytes.count, let found = memchr(base + index, 0xEF, bytes.count - index) {
      index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
      if index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] == 0xBD { return true }
      index += 1
    }
    return false
  }

  /// The document of `text`, decoded by `decoder` from `inputLength` input bytes: its source map,
  /// paragraphs and the decoder's diagnostics.
  private func document(text: consuming String, decoder: InputDecoder, inputLength: Int) -> TextDocument {
    var text = text
    var sourceMap = SourceMap()
    text.withUTF8 { sourceMap.scanLines(UnsafeRawBufferPointer($0)) }
    if decoder.isIdentity {
      sourceMap.addAnchor(text: 0, source: 0)
    } else {
      sourceMap.remapLineStarts({ decoder.originalOffset($0) }, inputLength: inputLength)
      decoder.map.forEachAnchor { sourceMap.addAnchor(text: $0, source: $1) }
    }

    // Paragraphs: runs of lines that are not blank (only spaces, tabs and U+3000), on bytes.
    var blocks: [Block] = []
    text.withUTF8 { bytes in
      var paragraphStart: Int?
      var paragraphEnd = 0
      var lineStart = 0
      while lineStart <= bytes.count {
        var lineEnd = bytes.count
        if lineStart < bytes.count, let base = bytes.baseAddress,
          let found = memchr(base + lineStart, 0x0A, bytes.count - lineStart)
        {
          lineEnd = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
        var contentEnd = lineEnd
        if contentEnd > lineStart && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        var leading = lineStart
        while leading < contentEnd && (bytes[leading] == 0x20 || bytes[leading] == 0x09) { leading += 1 }
        var firstContent = leading
        while firstContent < contentEnd {
          let byte = bytes[firstContent]
          if byte == 0x20 || byte == 0x09 {
            firstContent += 1
          } else if byte == 0xE3, firstContent + 2 < contentEnd, bytes[firstContent + 1] == 0x80,
            bytes[firstContent + 2] == 0x80
          {
            firstContent += 3  // U+3000 IDEOGRAPHIC SPACE
          } else {
            break
          }
        }
        if firstContent == contentEnd {
          if let start = paragraphStart {
            blocks.append(Block(kind: .paragraph, range: TextRange(start: start, end: paragraphEnd)))
            paragraphStart = nil
          }
        } else {
          if paragraphStart == nil { paragraphStart = leading }
          paragraphEnd = contentEnd
        }
        lineStart = lineEnd + 1
      }
      if let start = paragraphStart {
        blocks.append(Block(kind: .paragraph, range: TextRange(start: start, end: paragraphEnd)))
      }
    }
    let diagnostics = decoder.diagnostics(placedBy: sourceMap)
    let document = TextDocument(
      format: .text, text: text, blocks: blocks, runs: [], language: options.defaultLanguage,
      diagnostics: diagnostics, sourceMap: sourceMap)
    document._checkInvariants()
    return document
  }

  /// The text of `bytes`. The common case, UTF-8 that is valid and has no NUL, is the text as it is:
  /// one validating copy instead of a decoded copy and then a String made of it (the general path,
  /// which gives the same text; a test compares them).
  private static func decode(_ bytes: [UInt8], with decoder: inout InputDecoder) -> String {
    if decoder.decodesUTF8AsIs, let asIs = textAsIs(bytes) { return asIs }
    return String(decoding: decoder.decodeAll(bytes), as: UTF8.self)
  }

  /// `bytes` as a String when they are valid UTF-8 without a NUL (which plain text replaces), else nil.
  static func textAsIs(_ bytes: [UInt8]) -> String? {
    let hasNUL = bytes.withUnsafeBytes { raw in
      raw.baseAddress.map { memchr($0, 0, raw.count) != nil } ?? false
    }
    if hasNUL { return nil }
    guard #available(macOS 15, *) else { return nil }  // String(validating:) is new there
    return String(validating: bytes, as: UTF8.self)
  }
}
