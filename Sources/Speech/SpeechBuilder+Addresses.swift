internal import TextModel

/// The speech of an address said by parts, written as UTF-8 into one buffer: what joining the
/// parts' strings gives (``SpeechBuilder/renderLink(_:tag:language:lexicon:)`` leaves empty parts out
/// and puts one space between the others; ``SpeechBuilder/addressParts(_:tag:language:lexicon:inPath:)``
/// puts one space between all of its parts, and a link leaves that out too when it is empty).
struct AddressSpeech {
  private(set) var bytes: [UInt8] = []
  /// Where the open group began (before its separator) and where its parts begin.
  private var groupMark = 0
  private var groupStart = 0
  private var groupParts = 0

  init(capacity: Int) { bytes.reserveCapacity(capacity) }

  /// A part of the link: left out when empty, else after a space when anything came before.
  mutating func part(_ text: String) {
    guard !text.isEmpty else { return }
    if !bytes.isEmpty { bytes.append(0x20) }
    bytes.append(contentsOf: text.utf8)
  }

  /// Begins a part made of address parts (``inner(_:)``), ended by ``closeGroup()``.
  mutating func openGroup() {
    groupMark = bytes.count
    if !bytes.isEmpty { bytes.append(0x20) }
    groupStart = bytes.count
    groupParts = 0
  }

  /// An address part: after a space when the group has one already, even an empty one (as joining).
  mutating func inner(_ text: String) {
    if groupParts > 0 { bytes.append(0x20) }
    bytes.append(contentsOf: text.utf8)
    groupParts += 1
  }

  /// ``inner(_:)`` for ASCII bytes said as written.
  mutating func inner(_ text: Slice<UnsafeBufferPointer<UInt8>>) {
    if groupParts > 0 { bytes.append(0x20) }
    bytes.append(contentsOf: text)
    groupParts += 1
  }

  /// Ends the group: a group that says nothing is left out with its separator.
  mutating func closeGroup() {
    if bytes.count == groupStart { bytes.removeSubrange(groupMark...) }
  }

  var string: String { String(decoding: bytes, as: UTF8.self) }
}

extension SpeechBuilder {
  /// Whether `b` is an ASCII letter or digit: what ``addressParts(_:tag:language:lexicon:inPath:)``
  /// gathers into a word among ASCII scalars (`isWordScalar || isASCIIDigit`).
  @inline(__always) static func isAddressWordByte(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A)
  }

  /// The folded scalars `s` as bytes when every one is ASCII (and, with `allowPercent` false, none
  /// is "%", whose escapes the general path decodes), else nil.
  static func asciiBytes(_ s: [SourcedScalar], allowPercent: Bool) -> [UInt8]? {
    var bytes = [UInt8]()
    bytes.reserveCapacity(s.count)
    for sourced in s {
      let value = sourced.scalar.value
      guard value < 0x80, allowPercent || value != 0x25 else { return nil }
      bytes.append(UInt8(truncatingIfNeeded: value))
    }
    return bytes
  }

  /// ``addressParts(_:tag:language:lexicon:inPath:)`` of ASCII `text`, as one group of `speech`:
  /// the same parts in the same order, the words written straight from the bytes.
  func asciiAddressParts(
    _ text: Slice<UnsafeBufferPointer<UInt8>>, table: SymbolTable, language: String, lexicon: SharedLexicon,
    inPath: Bool, into speech: inout AddressSpeech
  ) {
    speech.openGroup()
    var k = text.startIndex
    while k < text.endIndex {
      let byte = text[k]
      if Self.isAddressWordByte(byte) {
        var end = k + 1
        var plain = true
        while end < text.endIndex, Self.isAddressWordByte(text[end]) {
          if text[end] <= 0x39 { plain = false }
          end += 1
        }
        if byte <= 0x39 { plain = false }
        let isTopLevel = !inPath && end == text.endIndex && k > text.startIndex && text[k - 1] == UInt8(ascii: ".")
        if !plain || (isTopLevel && end - k == 2), Self.spellsAddressWords.contains(language) {
          let said = Self.addressWord(
            String(decoding: text[k..<end], as: UTF8.self), isTopLevel: isTopLevel, language: language)
          speech.inner(context.options.numbers == .words ? numerals(said, language) : said)
        } else if context.options.numbers == .words {
          speech.inner(numerals(String(decoding: text[k..<end], as: UTF8.self), language))
        } else {
          speech.inner(text[k..<end])
        }
        k = end
        continue
      }
      if let word = addressSeparator(Unicode.Scalar(byte), table: table, lexicon: lexicon, inPath: inPath) {
        speech.inner(word)
      }
      k += 1
    }
    speech.closeGroup()
  }

  /// What ``renderLink(_:tag:language:lexicon:)`` says for a link whose folded text `s` is ASCII
  /// with no percent-escape and no Punycode label, found on its bytes; nil for any other link (the
  /// general path takes it). Among ASCII scalars every one is a Character of its own (a link holds
  /// no CR LF), so cutting at a byte is cutting at the Character the general path compares. That
  /// path cut substrings, split them into arrays and joined arrays of strings: 8% of speaking a
  /// text full of links (issue 15). `SpeechAddressTests` compares the two on random addresses.
  func asciiLinkSpeech(_ s: [SourcedScalar], tag: String, language: String, lexicon: SharedLexicon) -> String? {
    guard let text = Self.asciiBytes(s, allowPercent: false) else { return nil }
    let table = self.table(language, tag: tag)
    var speech = AddressSpeech(capacity: text.count * 3)
    let said: Bool = text.withUnsafeBufferPointer { b in
      let end = b.count
      func first(from start: Int, upTo limit: Int, where matches: (UInt8) -> Bool) -> Int {
        var k = start
        while k < limit, !matches(b[k]) { k += 1 }
        return k
      }
      func group(_ range: Range<Int>, inPath: Bool) {
        asciiAddressParts(
          b[range], table: table, language: language, lexicon: lexicon, inPath: inPath, into: &speech)
      }
      var rest = 0
      if let scheme = Self.firstIndex(of: "://", in: b) {
        if let said = schemeSpeech(String(decoding: b[0..<scheme], as: UTF8.self), lexicon: lexicon) {
          speech.part(said)
        }
        rest = scheme + 3
      } else if end >= 2, b[0] == UInt8(ascii: "/"), b[1] == UInt8(ascii: "/") {
        rest = 2
      }
      let hostEnd = first(from: rest, upTo: end) {
        $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
      }
      if Self.firstIndex(of: "xn--", in: b[rest..<hostEnd], caseInsensitive: true) != nil { return false }
      group(rest..<hostEnd, inPath: false)
      rest = hostEnd
      // Path segments (empty ones left out, as splitting at "/" leaves them).
      let pathEnd = first(from: rest, upTo: end) { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
      var k = rest
      while k < pathEnd {
        if b[k] == UInt8(ascii: "/") {
          k += 1
          continue
        }
        let segmentEnd = first(from: k, upTo: pathEnd) { $0 == UInt8(ascii: "/") }
        speech.part(lexicon.slash)
        group(k..<segmentEnd, inPath: true)
        k = segmentEnd
      }
      rest = pathEnd
      if rest < end, b[rest] == UInt8(ascii: "?") {
        let queryEnd = first(from: rest + 1, upTo: end) { $0 == UInt8(ascii: "#") }
        speech.part(lexicon.question)
        var firstPair = true
        var k = rest + 1
        while k < queryEnd {
          if b[k] == UInt8(ascii: "&") {
            k += 1
            continue
          }
          let pairEnd = first(from: k, upTo: queryEnd) { $0 == UInt8(ascii: "&") }
          if !firstPair { speech.part(lexicon.and) }
          firstPair = false
          let equals = first(from: k, upTo: pairEnd) { $0 == UInt8(ascii: "=") }
          group(k..<equals, inPath: true)
          if equals < pairEnd {
            speech.part(lexicon.equals)
            group(equals + 1..<pairEnd, inPath: true)
          }
          k = pairEnd
        }
        rest = queryEnd
      }
      if rest < end, b[rest] == UInt8(ascii: "#"), end - rest > 1 {
        speech.part(lexicon.hash)
        group(rest + 1..<end, inPath: true)
      }
      return true
    }
    return said ? speech.string : nil
  }

  /// What ``renderEmail(_:tag:language:lexicon:)`` says for an address whose folded scalars `s`
  /// are ASCII (found on its bytes, as ``asciiLinkSpeech(_:tag:language:lexicon:)``); nil otherwise.
  func asciiEmailSpeech(_ s: [SourcedScalar], tag: String, language: String, lexicon: SharedLexicon) -> String? {
    guard let text = Self.asciiBytes(s, allowPercent: true) else { return nil }
    let table = self.table(language, tag: tag)
    var speech = AddressSpeech(capacity: text.count * 3)
    text.withUnsafeBufferPointer { b in
      asciiAddressParts(b[...], table: table, language: language, lexicon: lexicon, inPath: false, into: &speech)
    }
    return speech.string
  }

  /// The first index where the ASCII `needle` starts in `bytes` (ASCII letters of the text matched
  /// in either case when `caseInsensitive`; the needle is given in lower case), or nil.
  static func firstIndex(
    of needle: StaticString, in bytes: Slice<UnsafeBufferPointer<UInt8>>, caseInsensitive: Bool = false
  ) -> Int? {
    let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
    guard bytes.count >= pattern.count else { return nil }
    var start = bytes.startIndex
    while start + pattern.count <= bytes.endIndex {
      var matched = true
      for offset in 0..<pattern.count {
        var byte = bytes[start + offset]
        if caseInsensitive, byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
        if byte != pattern[offset] {
          matched = false
          break
        }
      }
      if matched { return start }
      start += 1
    }
    return nil
  }

  static func firstIndex(of needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    firstIndex(of: needle, in: bytes[...])
  }
}
