internal import ParallelSupport
internal import UnicodeSupport

/// libphonenumber's numbering plans, compiled by tools/generate_phone_metadata.py into one automaton
/// per region over the digits of a national number.
///
/// ```swift
/// let plan = PhoneMetadata.shared.region("JP")!
/// plan.validType(of: [3, 1, 2, 3, 4, 5, 6, 7, 8])  // "fixedLine"
/// ```
struct PhoneMetadata: Sendable {
  /// One region's plan.
  struct Region: Sendable {
    /// ISO 3166 code ("JP"), or "001" style codes cut to two characters for non-geographic entities.
    let code: String
    /// The country calling code (81).
    let countryCode: Int
    /// The national (trunk) prefix ("0"), as digits.
    let nationalPrefix: [UInt8]
    /// Accept flags per state (bit i: ``phoneNumberTypes``[i]).
    fileprivate let accept: [UInt16]
    /// Transitions: state * 10 + digit → next state + 1 (0: none).
    fileprivate let next: [UInt16]
    /// The international (IDD) prefix's automaton ("00", "011", "0011", "0[0-3]\d"…), empty when none.
    fileprivate let internationalPrefixAccept: [UInt16]
    fileprivate let internationalPrefixNext: [UInt16]

    /// The lengths of the region's international (IDD) prefixes that `digits` starts with, shortest
    /// first: "0064…" in NZ → [2]; "01164…" in the US → [3].
    /// - Complexity: O(p) for the longest prefix p.
    func internationalPrefixLengths(of digits: some Collection<UInt8>) -> [Int] {
      guard !internationalPrefixAccept.isEmpty else { return [] }
      var lengths: [Int] = []
      var state = 0
      for (position, digit) in digits.enumerated() {
        let target = internationalPrefixNext[state * 10 + Int(digit)]
        if target == 0 { break }
        state = Int(target) - 1
        if internationalPrefixAccept[state] != 0 { lengths.append(position + 1) }
      }
      return lengths
    }

    /// The number type that accepts `digits` as a whole national number, or nil when none does.
    /// - Complexity: O(d) for d digits.
    func validType(of digits: some Collection<UInt8>) -> String? {
      var state = 0
      for digit in digits {
        let target = next[state * 10 + Int(digit)]
        if target == 0 { return nil }
        state = Int(target) - 1
      }
      let flags = accept[state]
      guard flags != 0 else { return nil }
      return phoneNumberTypes[flags.trailingZeroBitCount]
    }
  }

  /// Regions by ISO code.
  let regions: [String: Region]
  /// Regions by country calling code; the main region first (libphonenumber lists it first).
  let regionsByCountryCode: [Int: [Region]]

  /// The table, decoded once.
  static let shared = PhoneMetadata()

  private init() {
    let bytes = Base64.decode(phoneMetadataBase64)
    var regions: [String: Region] = [:]
    var byCode: [Int: [Region]] = [:]
    var offset = 0
    func u16() -> Int {
      let value = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
      offset += 2
      return value
    }
    while offset + 7 <= bytes.count {
      let code = String(decoding: bytes[offset..<(offset + 2)], as: UTF8.self)
      offset += 2
      let countryCode = u16()
      let prefixLength = Int(bytes[offset])
      offset += 1
      let prefix = bytes[offset..<(offset + prefixLength)].map { $0 - 0x30 }
      offset += prefixLength
      let stateCount = u16()
      var accept = [UInt16](repeating: 0, count: stateCount)
      var next = [UInt16](repeating: 0, count: stateCount * 10)
      for state in 0..<stateCount {
        accept[state] = UInt16(u16())
        for digit in 0..<10 { next[state * 10 + digit] = UInt16(u16()) }
      }
      let iddStateCount = u16()
      var iddAccept = [UInt16](repeating: 0, count: iddStateCount)
      var iddNext = [UInt16](repeating: 0, count: iddStateCount * 10)
      for state in 0..<iddStateCount {
        iddAccept[state] = UInt16(u16())
        for digit in 0..<10 { iddNext[state * 10 + digit] = UInt16(u16()) }
      }
      let region = Region(
        code: code, countryCode: countryCode, nationalPrefix: prefix, accept: accept, next: next,
        internationalPrefixAccept: iddAccept, internationalPrefixNext: iddNext)
      if regions[code] == nil { regions[code] = region }
      byCode[countryCode, default: []].append(region)
    }
    self.regions = regions
    self.regionsByCountryCode = byCode
  }

  /// The plan of an ISO 3166 region.
  func region(_ code: String) -> Region? { regions[code.uppercased()] }
}

/// A base64 decoder (RFC 4648), skipping whitespace; Detection does not use Foundation.
enum Base64 {
  /// Decodes base64, skipping anything outside the alphabet (line breaks, indentation).
  /// Works on the literal's contiguous UTF-8 with a preallocated output: this runs at every start
  /// of the CLI (half a megabyte of phone metadata), so it is kept to a few instructions a byte.
  static func decode(_ text: String) -> [UInt8] {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
      table[Int(byte)] = UInt8(index)
    }
    var copy = text
    return copy.withUTF8 { input in
      table.withUnsafeBufferPointer { table in
        [UInt8](unsafeUninitializedCapacity: input.count * 3 / 4 + 3) { output, count in
          var buffer: UInt32 = 0
          var bits: UInt32 = 0
          var written = 0
          var index = 0
          let end = input.count
          while index < end {
            // Four letters of the alphabet on a byte boundary (nearly all of a table's text) are
            // three bytes at once; anything else (a line break, padding, a group cut by one) goes a
            // letter at a time. `Base64Tests` compares both with the letter-by-letter decoding.
            if bits == 0, index + 4 <= end {
              let a = table[Int(input[index])]
              let b = table[Int(input[index + 1])]
              let c = table[Int(input[index + 2])]
              let d = table[Int(input[index + 3])]
              if a | b | c | d < 64 {
                let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                output[written] = UInt8(truncatingIfNeeded: group >> 16)
                output[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
                output[written + 2] = UInt8(truncatingIfNeeded: group)
                written += 3
                index += 4
                continue
              }
            }
            let value = table[Int(input[index])]
            index += 1
            if value == 0xFF { continue }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
              bits -= 8
              output[written] = UInt8(truncatingIfNeeded: buffer >> bits)
              written += 1
            }
          }
          count = written
        }
      }
    }
  }
}

/// libphonenumber's "national prefix for parsing": what more than the trunk prefix a region's
/// national numbers carry as written, and how to turn them into the national number — Argentina's
/// mobile "0 343 15 555 1212" is 9 343 555 1212 (drop the 15, add 9); in Antigua a seven-digit
/// local "462 1234" is 268 462 1234; Brazil's carrier code "0 21 11 …" is dropped.
enum NationalPrefixParsing {
  /// A compiled pattern (never matched itself: each use matches on a copy) and its transform.
  private struct Rule: Sendable {
    let regex: SharedRegex
    let transform: String
  }

  /// Each region's rule compiled with ICU on the first number of that region that needs it, then
  /// kept (nil: no rule, or a pattern ICU refused). Compiling all ~60 at the first number cost every
  /// `detect` about 10 million instructions, a few milliseconds, whatever regions its text held.
  /// (Swift's `Regex` was tried first: its parser leaks what it allocates, which the fuzz targets'
  /// LeakSanitizer reports.) `NationalPrefixParsingTests` checks every rule compiles.
  private static let compiled = LockedValue<[String: Rule?]>([:])

  /// The rule of `region`, compiled now if it never was.
  private static func rule(_ region: String) -> Rule? {
    guard let source = phoneNationalPrefixParsing[region] else { return nil }
    return compiled.withValue { rules in
      if let known = rules[region] { return known }
      let rule = (try? SharedRegex(source.pattern)).map { Rule(regex: $0, transform: source.transform) }
      rules[region] = rule
      return rule
    }
  }

  /// The regions whose rule ICU compiles (every region listed, unless the table is broken).
  static var compilingRegions: [String] { phoneNationalPrefixParsing.keys.filter { rule($0) != nil }.sorted() }

  /// The national number `digits` stands for in `region` by its rule, or nil when the rule does not
  /// apply or changes nothing. As libphonenumber does: the pattern must match at the start; with a
  /// transform and its last group matched, the match becomes the transform ($1, $2: the groups);
  /// otherwise the match is stripped.
  /// - Complexity: one anchored ICU match over the digits.
  static func national(_ digits: ArraySlice<UInt8>, region: String) -> [UInt8]? {
    guard !digits.isEmpty, let rule = rule(region), let regex = try? rule.regex.matcher() else { return nil }
    return national(digits, rule: rule, regex: regex)
  }

  /// The rules one thread uses, each with a copy of its pattern of its own: looked up without the
  /// shared table's lock and matched without cloning the pattern for every number (a validation
  /// pass asks for a rule once per national number; `NationalPrefixParsingTests` compares).
  struct Matchers {
    private var byRegion: [String: (rule: Rule, regex: ICURegex)?] = [:]

    init() {}

    /// ``NationalPrefixParsing/national(_:region:)``, with this thread's copy of the rule.
    mutating func national(_ digits: ArraySlice<UInt8>, region: String) -> [UInt8]? {
      guard !digits.isEmpty else { return nil }
      let entry: (rule: Rule, regex: ICURegex)?
      if let known = byRegion[region] {
        entry = known
      } else {
        entry = NationalPrefixParsing.rule(region).flatMap { rule in (try? rule.regex.matcher()).map { (rule, $0) } }
        byRegion[region] = entry
      }
      guard let entry else { return nil }
      return NationalPrefixParsing.national(digits, rule: entry.rule, regex: entry.regex)
    }
  }

  private static func national(_ digits: ArraySlice<UInt8>, rule: Rule, regex: ICURegex) -> [UInt8]? {
    let units = digits.map { UInt16($0) + 0x30 }
    guard let match = try? regex.prefixMatch(units), match.end > 0 else { return nil }
    let rest = units[match.end...].map { UInt8($0 - 0x30) }
    var result: [UInt8] = []
    if rule.transform.isEmpty || match.groups.last.flatMap({ $0 }) == nil {
      result = rest
    } else {
      var characters = rule.transform.unicodeScalars.makeIterator()
      while let scalar = characters.next() {
        if scalar == "$", let digit = characters.next(), let index = Int(String(digit)), index >= 1,
          index <= match.groups.count
        {
          if let range = match.groups[index - 1] { result += units[range].map { UInt8($0 - 0x30) } }
        } else if scalar.isASCII, scalar.value >= 0x30, scalar.value <= 0x39 {
          result.append(UInt8(scalar.value - 0x30))
        }
      }
      result += rest
    }
    return result.elementsEqual(digits) ? nil : result
  }
}
