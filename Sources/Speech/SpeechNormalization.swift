@_spi(Plumbing) internal import TextModel
internal import UnicodeSupport

/// One scalar of the text as it will be interpreted, and the source range (UTF-8 offsets in the
/// document text) of the character it came from. A source character may give several scalars
/// ("㎞" → "km") or none (direction marks).
struct SourcedScalar {
  var scalar: Unicode.Scalar
  var start: Int
  var end: Int
}

/// Folds what synthesizers mishandle before anything is interpreted: NFKC for fullwidth and
/// compatibility forms, every decimal digit to ASCII (Arabic-Indic, Persian, Devanagari…), U+2212
/// MINUS SIGN, U+2236 RATIO and the Arabic decimal and thousands separators; direction and
/// zero-width marks are dropped. Superscripts, vulgar fractions, "…" and "™" keep their own names.
final class SpeechNormalizer {
  private var cache: [Character: [Unicode.Scalar]] = [:]
  /// ``fold(_:)`` of Characters of one scalar, by the scalar's value (hashing a Character hashes
  /// its normalized form).
  private var scalarCache: [UInt32: [Unicode.Scalar]] = [:]
  private let nfkc = Normalizer(.nfkc)

  /// The scalars of `text` (whose first byte is at `base` in the document), folded, each with the
  /// source range of its character.
  ///
  /// An ASCII byte followed by another ASCII byte (or by the end) is a character of its own and
  /// folds to itself, so it is copied straight through: between two ASCII scalars there is always a
  /// grapheme break, but between CR and LF (left to the Character path, which makes CR LF one
  /// character of two scalars). Walking Characters cost a grapheme-break check per byte (a tenth of
  /// speaking a text, issue 15). `SpeechNormalizerTests` compares this with the Character walk.
  func normalize(_ text: Substring, base: Int) -> [SourcedScalar] {
    // A native string's bytes are read in place (indexing the UTF-8 view of a substring byte by
    // byte was a quarter of this function).
    if let out = text.utf8.withContiguousStorageIfAvailable({ normalize(text, bytes: $0, base: base) }) { return out }
    let native = Substring(String(text))  // a bridged string, copied once
    guard let out = native.utf8.withContiguousStorageIfAvailable({ normalize(native, bytes: $0, base: base) }) else {
      preconditionFailure("a native string's UTF-8 is contiguous")
    }
    return out
  }

  /// ``normalize(_:base:)`` over the bytes of `text`: ASCII copied straight through, as there;
  /// from a byte that needs it, one Character of `text` at a time.
  ///
  /// The scalars are written into an array the size of the bytes, without a capacity check per
  /// scalar (appending each was a third of this function, issue 15): every ASCII byte gives one
  /// scalar, and a Character whose fold gives no more scalars than it has bytes keeps the count
  /// within. A text with a fold that gives more ("ﷺ", three bytes, is eighteen scalars) is done
  /// again by appending. `SpeechNormalizerTests` compares both with the Character walk.
  private func normalize(_ text: Substring, bytes: UnsafeBufferPointer<UInt8>, base: Int) -> [SourcedScalar] {
    let count = bytes.count
    var steps = CharacterSteps(text)
    var fits = true
    let out = [SourcedScalar](unsafeUninitializedCapacity: count) { buffer, initialized in
      var written = 0
      defer { initialized = written }
      guard let out = buffer.baseAddress, let source = bytes.baseAddress else { return }
      var position = 0
      while position < count {
        // The ASCII bytes from here: each but the last is followed by another ASCII byte, so it is
        // a Character of its own unless it is the CR of a CR LF; the last is one only at the end.
        // The stretch's end and whether it holds a CR, eight bytes at a time: without one, every
        // byte but the last is copied with no CR LF check (SpeechNormalizerTests).
        var end = position
        var hasCR = false
        let raw = UnsafeRawPointer(source)
        while end + 8 <= count {
          let word = ByteWords.load(raw, at: end)
          if ByteWords.hasNonASCII(word) { break }
          if ByteWords.zeroBytes(word ^ ByteWords.broadcast(0x0D)) != 0 { hasCR = true }
          end += 8
        }
        while end < count && source[end] < 0x80 {
          if source[end] == 0x0D { hasCR = true }
          end += 1
        }
        let single = end == count ? end : end - 1
        var target = out + written
        var at = base + position
        if !hasCR {
          while position < single {
            target.initialize(to: SourcedScalar(scalar: Unicode.Scalar(source[position]), start: at, end: at &+ 1))
            target += 1
            at &+= 1
            position += 1
          }
        }
        while position < single {
          let byte = source[position]
          if byte == 0x0D && source[position + 1] == 0x0A { break }
          target.initialize(to: SourcedScalar(scalar: Unicode.Scalar(byte), start: at, end: at &+ 1))
          target += 1
          at &+= 1
          position += 1
        }
        written = target - out
        guard position < count else { break }
        let (scalars, length) = character(at: position, in: bytes, steps: &steps)
        guard scalars.count <= length else {
          fits = false
          return
        }
        let offset = base + position
        for scalar in scalars {
          (out + written).initialize(to: SourcedScalar(scalar: scalar, start: offset, end: offset + length))
          written += 1
        }
        position += length
      }
    }
    if fits { return out }
    return appending(text, bytes: bytes, base: base)
  }

  /// ``normalize(_:bytes:base:)`` appending each scalar, for a text whose folds outgrow its bytes.
  private func appending(_ text: Substring, bytes: UnsafeBufferPointer<UInt8>, base: Int) -> [SourcedScalar] {
    var out: [SourcedScalar] = []
    out.reserveCapacity(bytes.count)
    let count = bytes.count
    var steps = CharacterSteps(text)
    var position = 0
    while position < count {
      let byte = bytes[position]
      if byte < 0x80 {
        let after = position + 1
        if after == count || (bytes[after] < 0x80 && !(byte == 0x0D && bytes[after] == 0x0A)) {
          out.append(SourcedScalar(scalar: Unicode.Scalar(byte), start: base + position, end: base + after))
          position = after
          continue
        }
      }
      let (scalars, length) = character(at: position, in: bytes, steps: &steps)
      let offset = base + position
      for scalar in scalars { out.append(SourcedScalar(scalar: scalar, start: offset, end: offset + length)) }
      position += length
    }
    return out
  }

  /// The folded scalars of the Character at byte `position` of `bytes` (a Character boundary) and
  /// its length. A scalar with a grapheme break after it (the next scalar's start, as the standard
  /// library's recognizer decides, or the end) is a Character of its own, folded through a cache
  /// by scalar value; anything longer is made a Character by `steps`. Making each Character and
  /// hashing it was 2,000 instructions per non-ASCII letter (issue 15). `SpeechNormalizerTests`
  /// compares with the Character walk.
  private func character(at position: Int, in bytes: UnsafeBufferPointer<UInt8>, steps: inout CharacterSteps)
    -> ([Unicode.Scalar], Int)
  {
    let (scalar, length) = GraphemeWalk.decode(bytes, at: position)
    let after = position + length
    var single = after >= bytes.count
    if !single {
      var recognizer = Unicode._CharacterRecognizer()
      _ = recognizer.hasBreak(before: scalar)
      single = recognizer.hasBreak(before: GraphemeWalk.decode(bytes, at: after).0)
    }
    guard single else { return steps.character(at: position, folding: self) }
    if scalar.value < 0x80 { return ([scalar], length) }  // as the Character walk: ASCII is not folded
    if let folded = scalarCache[scalar.value] { return (folded, length) }
    let folded = fold(Character(scalar))
    scalarCache[scalar.value] = folded
    return (folded, length)
  }

  /// The Characters of a text met at increasing byte offsets: each string index is made by walking
  /// on from the last one, never from the start (a line of combining marks would be quadratic).
  private struct CharacterSteps {
    let text: Substring
    /// The string index of `offset` bytes in.
    var known: (offset: Int, index: Substring.Index)

    init(_ text: Substring) {
      self.text = text
      known = (0, text.startIndex)
    }

    /// The scalars of the Character at byte `position` (at or after the last one asked), folded,
    /// and its length in bytes.
    mutating func character(at position: Int, folding normalizer: SpeechNormalizer) -> ([Unicode.Scalar], Int) {
      let index = text.utf8.index(known.index, offsetBy: position - known.offset)
      let character = text[index]
      let length = character.utf8.count
      known = (position + length, text.utf8.index(index, offsetBy: length))
      return (character.isASCII ? Array(character.unicodeScalars) : normalizer.fold(character), length)
    }
  }

  func fold(_ character: Character) -> [Unicode.Scalar] {
    if let cached = cache[character] { return cached }
    var result: [Unicode.Scalar] = []
    let scalars = Array(character.unicodeScalars)
    if scalars.count == 1, let special = SpeechNormalizer.special(scalars[0]) {
      result = special
    } else if scalars.count == 1, SpeechNormalizer.keepsOwnName(scalars[0]) {
      result = scalars
    } else {
      let normalized = (try? nfkc.normalize(String(character))) ?? String(character)
      for scalar in normalized.unicodeScalars {
        if let special = SpeechNormalizer.special(scalar) {
          result.append(contentsOf: special)
        } else {
          result.append(scalar)
        }
      }
    }
    cache[character] = result
    return result
  }

  static func special(_ scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
    switch scalar.value {
    case 0x2212, 0x2012, 0xFE63, 0xFF0D: return ["-"]
    case 0x2236, 0xFE13, 0xFF1A: return [":"]
    case 0x066B: return ["."]  // ARABIC DECIMAL SEPARATOR
    case 0x066C: return [","]  // ARABIC THOUSANDS SEPARATOR
    case 0x066A: return ["%"]  // ARABIC PERCENT SIGN
    case 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x061C, 0x2060, 0xFEFF, 0x202A...0x202E, 0x2066...0x2069, 0x00AD:
      return []
    default:
      if scalar.value >= 0x80, scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
        value >= 0, value <= 9
      {
        return [Unicode.Scalar(UInt8(0x30 + Int(value)))]
      }
      return nil
    }
  }

  static func keepsOwnName(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2026, 0x2122, 0x00B2, 0x00B3, 0x00B9, 0x2070...0x209F, 0x00BC...0x00BE, 0x2150...0x215F: true
    default: false
    }
  }
}

extension Unicode.Scalar {
  var isASCIIDigit: Bool { value >= 0x30 && value <= 0x39 }
  /// Unicode's White_Space; among ASCII scalars that is U+0009–U+000D and U+0020, decided without
  /// the property lookup (asked for every scalar of the text; `SpeechNormalizerTests` checks all ASCII).
  var isSpeechWhitespace: Bool {
    if value < 0x80 { return value == 0x20 || (value >= 0x09 && value <= 0x0D) }
    return properties.isWhitespace
  }
  /// Unicode's Uppercase property; among ASCII scalars that is A–Z, decided without the property
  /// lookup (asked for the first letter of every word; `SpeechNormalizerTests` checks all ASCII).
  var isUppercaseLetter: Bool {
    if value < 0x80 { return value >= 0x41 && value <= 0x5A }
    return properties.isUppercase
  }
  var isWordScalar: Bool {
    if value < 0x80 {
      return (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A)
    }
    switch properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
      .spacingMark, .enclosingMark:
      return true
    default: return false
    }
  }
}
