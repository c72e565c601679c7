@_spi(Plumbing) internal import TextModel
@_spi(Plumbing) internal import UnicodeSupport

/// Fast lookups in the generated UTS #58 and top-level-domain tables, and UTF-8 decoding helpers for
/// the byte scanners.
enum LinkProperties {
  /// UTS #58 Link_Term values.
  enum Term: UInt8 { case hard = 0, include, soft, open, close }

  private static let asciiTerms: [Term] = (0..<128).map { lookupTerm(UInt32($0)) }

  /// The Link_Term of a scalar. O(1) for ASCII, O(log n) otherwise.
  @inline(__always)
  static func term(_ scalar: UInt32) -> Term {
    scalar < 128 ? asciiTerms[Int(scalar)] : lookupTerm(scalar)
  }

  private static func lookupTerm(_ scalar: UInt32) -> Term {
    // The first range that does not end before the scalar; the scalar has its value if it starts there.
    let index = linkTermRanges.partitioningIndex { $0.1 >= scalar }
    guard index < linkTermRanges.count, linkTermRanges[index].0 <= scalar else { return .hard }
    return Term(rawValue: linkTermRanges[index].2)!
  }

  /// The opening bracket that a closing bracket pairs with.
  static func opening(forClosing scalar: UInt32) -> UInt32? { linkClosingToOpening[scalar] }

  private static let asciiEmail: [Bool] = (0..<128).map { lookupEmail(UInt32($0)) }

  /// Whether a scalar may appear in an e-mail local part (UTS #58 Link_Email).
  @inline(__always)
  static func isEmailLocal(_ scalar: UInt32) -> Bool { scalar < 128 ? asciiEmail[Int(scalar)] : lookupEmail(scalar) }

  private static func lookupEmail(_ scalar: UInt32) -> Bool {
    let index = linkEmailRanges.partitioningIndex { $0.1 >= scalar }
    return index < linkEmailRanges.count && linkEmailRanges[index].0 <= scalar
  }

  /// Whether going from `previous` to `next` crosses between ASCII and CJK or a right-to-left script
  /// (a boundary inside a run of unspaced text: "…giveindia.orgقم"; IDNA's BiDi rule never lets one
  /// label mix Latin with Arabic or Hebrew letters).
  @inline(__always)
  static func crossesScript(_ previous: UInt32, _ next: UInt32) -> Bool {
    if previous < 0x80 && next < 0x80 { return false }
    return (isASCIIAlphanumeric(previous) && (CJKScalars.isCJK(next) || isRightToLeft(next)))
      || ((CJKScalars.isCJK(previous) || isRightToLeft(previous)) && isASCIIAlphanumeric(next))
  }

  /// Hebrew, Arabic, Syriac, Thaana, NKo… and their presentation forms.
  @inline(__always)
  static func isRightToLeft(_ scalar: UInt32) -> Bool {
    (0x0590...0x08FF).contains(scalar) || (0xFB1D...0xFDFF).contains(scalar) || (0xFE70...0xFEFF).contains(scalar)
  }

  @inline(__always)
  static func isASCIIAlphanumeric(_ scalar: UInt32) -> Bool {
    (scalar >= 0x30 && scalar <= 0x39) || ((scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A)
  }

  /// Top-level domains, lowercase: IANA's root zone list plus the special-use names people write
  /// as hosts — "example" (RFC 6761, documentation), "local" (RFC 6762, mDNS: "printer.local"),
  /// "onion" (RFC 7686), "internal" (ICANN's private-use name, 2024). "test" and "invalid" (also
  /// RFC 6761) are left out: as bare words they are mostly file names ("unit.test").
  static let topLevelDomains: Set<String> = Set(topLevelDomainList).union(["example", "local", "onion", "internal"])

  /// Whether the scalar can be part of a domain label: ASCII letters, digits and hyphen, or a
  /// non-ASCII letter, mark or digit (IDNA checks the details later).
  @inline(__always)
  static func isLabel(_ scalar: UInt32) -> Bool {
    if scalar < 128 {
      return (scalar >= 0x61 && scalar <= 0x7A) || (scalar >= 0x41 && scalar <= 0x5A)
        || (scalar >= 0x30 && scalar <= 0x39)
        || scalar == 0x2D
    }
    guard let value = Unicode.Scalar(scalar) else { return false }
    // Tibetan tsheg, Catalan middle dot and katakana middle dot are valid inside IDNA labels.
    if scalar == 0x0F0B || scalar == 0x00B7 || scalar == 0x30FB { return true }
    switch value.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
      .spacingMark, .enclosingMark, .decimalNumber:
      return true
    default:
      return false
    }
  }
}

/// UTF-8 decoding on a byte buffer, for scanners that work in byte offsets.
extension UnsafeBufferPointer where Element == UInt8 {
  /// The scalar starting at `index` and its length in bytes (U+FFFD, 1 for a stray byte).
  @inline(__always)
  func scalar(at index: Int) -> (UInt32, Int) {
    let lead = self[index]
    if lead < 0x80 { return (UInt32(lead), 1) }
    var length = 0
    var value: UInt32 = 0
    if lead >= 0xF0 {
      length = 4
      value = UInt32(lead & 0x07)
    } else if lead >= 0xE0 {
      length = 3
      value = UInt32(lead & 0x0F)
    } else if lead >= 0xC0 {
      length = 2
      value = UInt32(lead & 0x1F)
    } else {
      return (0xFFFD, 1)
    }
    guard index + length <= count else { return (0xFFFD, 1) }
    for offset in 1..<length { value = value << 6 | UInt32(self[index + offset] & 0x3F) }
    return (value, length)
  }

  /// The scalar ending just before `index` and its length in bytes.
  @inline(__always)
  func scalar(before index: Int) -> (UInt32, Int) {
    var start = index - 1
    while start > 0 && index - start < 4 && self[start] & 0xC0 == 0x80 { start -= 1 }
    let (value, length) = scalar(at: start)
    return start + length == index ? (value, length) : (0xFFFD, 1)
  }
}
