/// A run of text that may be a phone number: its digits (any script, as values 0…9), the shape of
/// its groups and separators, and where it sits in the text. Built by ``PhoneNumberDetector``'s scan.
struct PhoneCandidate {
  /// UTF-8 offsets of the candidate (from '+' or '(' or the first digit to the last digit or extension).
  var start: Int
  var end: Int
  /// Digit values, in order (without the extension).
  var digits: [UInt8] = []
  /// The number of digits in each group between separators.
  var groups: [Int] = []
  /// The separators used (ASCII bytes; 0x20 for any space).
  var separators = ASCIISet()
  /// Whether it starts with a plus sign.
  var international = false
  /// Extension digits, if an extension follows ("ext. 12", "x12").
  var extensionDigits: [UInt8] = []

  /// Why the candidate is a look-alike rather than a phone number, or nil when it may be one.
  func lookAlikeReason() -> String? {
    let count = digits.count
    if count > 15 { return "more than 15 digits (account or order number)" }
    if separators.contains(0x2E) {
      // Dots: only a number written 415.555.0175 style (three or more groups of 2+ digits).
      if groups.count < 3 || groups.contains(where: { $0 < 2 }) { return "decimal number or coordinates" }
      if groups.count == 4 && groups.allSatisfy({ $0 <= 3 }) && isIPv4 { return "IP address" }
    }
    if let date = dateShape() { return date }
    if isISBN13 { return "ISBN-13 with a valid checksum" }
    return nil
  }

  private var isIPv4: Bool {
    var index = 0
    for group in groups {
      var value = 0
      for _ in 0..<group {
        value = value * 10 + Int(digits[index])
        index += 1
      }
      if value > 255 { return false }
    }
    return true
  }

  private func groupValue(_ position: Int) -> Int {
    let offset = groups[..<position].reduce(0, +)
    return digits[offset..<(offset + groups[position])].reduce(0) { $0 * 10 + Int($1) }
  }

  /// Dates and date ranges: 2026-05-14, 05/14/2026, 14.05.2026, 2026-2027.
  private func dateShape() -> String? {
    guard !international, groups.count >= 2, groups.count <= 4 else { return nil }
    func isYear(_ position: Int) -> Bool {
      groups[position] == 4 && (1900...2099).contains(groupValue(position))
    }
    func isMonthOrDay(_ position: Int) -> Bool {
      groups[position] <= 2 && (1...31).contains(groupValue(position))
    }
    if groups.count == 3 {
      if isYear(0) && isMonthOrDay(1) && isMonthOrDay(2) { return "date" }
      if isMonthOrDay(0) && isMonthOrDay(1) && isYear(2) { return "date" }
    }
    if groups.count == 2 && isYear(0) && isYear(1) { return "year range" }
    if groups.count == 4 && isYear(0) && isMonthOrDay(1) && isMonthOrDay(2) { return "date and time" }
    return nil
  }

  /// A 13-digit number starting 978 or 979 whose ISBN check digit is right.
  private var isISBN13: Bool {
    guard digits.count == 13, digits[0] == 9, digits[1] == 7, digits[2] == 8 || digits[2] == 9 else { return false }
    var sum = 0
    for (index, digit) in digits.enumerated() { sum += Int(digit) * (index % 2 == 0 ? 1 : 3) }
    return sum % 10 == 0
  }
}

/// A set of ASCII bytes as a 128-bit mask (no allocation, unlike `Set<UInt8>`).
struct ASCIISet: Equatable {
  private var low: UInt64 = 0
  private var high: UInt64 = 0
  mutating func insert(_ byte: UInt8) {
    if byte < 64 { low |= 1 << UInt64(byte) } else if byte < 128 { high |= 1 << UInt64(byte - 64) }
  }
  func contains(_ byte: UInt8) -> Bool {
    byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 ? high & (1 << UInt64(byte - 64)) != 0 : false
  }
  var isEmpty: Bool { low == 0 && high == 0 }
  mutating func remove(_ byte: UInt8) {
    if byte < 64 { low &= ~(1 << UInt64(byte)) } else if byte < 128 { high &= ~(1 << UInt64(byte - 64)) }
  }
  mutating func formUnion(_ other: ASCIISet) {
    low |= other.low
    high |= other.high
  }
}

/// Phone candidates kept for later, packed: the national ones wait for the whole text's evidence,
/// and a large text has hundreds of thousands (as `PhoneCandidate` values each held three heap
/// arrays, ~180 bytes; here ~50). Reading one back makes the `PhoneCandidate` again.
struct PackedPhoneCandidates {
  private struct Entry {
    var start: Int
    var end: Int
    var separators: ASCIISet
    /// Where the digits, then the group sizes, then the extension digits start in `data`.
    var dataStart: Int
    var digitCount: UInt8
    var groupCount: UInt8
    var extensionCount: UInt8
    var international: Bool
  }

  private var entries: [Entry] = []
  private var data: [UInt8] = []
  /// Candidates whose counts do not fit a byte (the scanner caps digits near 17, so none in practice).
  private var unpacked: [Int: PhoneCandidate] = [:]

  var isEmpty: Bool { entries.isEmpty }
  var count: Int { entries.count }

  mutating func append(_ candidate: PhoneCandidate) {
    let fits =
      candidate.digits.count <= 255 && candidate.groups.count <= 255 && candidate.extensionDigits.count <= 255
      && candidate.groups.allSatisfy { (0...255).contains($0) }
    if !fits { unpacked[entries.count] = candidate }
    let dataStart = data.count
    if fits {
      data.append(contentsOf: candidate.digits)
      for group in candidate.groups { data.append(UInt8(group)) }
      data.append(contentsOf: candidate.extensionDigits)
    }
    entries.append(
      Entry(
        start: candidate.start, end: candidate.end, separators: candidate.separators, dataStart: dataStart,
        digitCount: fits ? UInt8(candidate.digits.count) : 0, groupCount: fits ? UInt8(candidate.groups.count) : 0,
        extensionCount: fits ? UInt8(candidate.extensionDigits.count) : 0, international: candidate.international))
  }

  /// Where the candidate at `position` starts, without making it again.
  func start(at position: Int) -> Int { entries[position].start }

  subscript(position: Int) -> PhoneCandidate {
    if let candidate = unpacked[position] { return candidate }
    let entry = entries[position]
    var index = entry.dataStart
    func take(_ count: UInt8) -> ArraySlice<UInt8> {
      defer { index += Int(count) }
      return data[index..<index + Int(count)]
    }
    let digits = Array(take(entry.digitCount))
    let groups = take(entry.groupCount).map(Int.init)
    let extensionDigits = Array(take(entry.extensionCount))
    return PhoneCandidate(
      start: entry.start, end: entry.end, digits: digits, groups: groups, separators: entry.separators,
      international: entry.international, extensionDigits: extensionDigits)
  }
}
