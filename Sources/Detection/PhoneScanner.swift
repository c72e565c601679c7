/// The byte scan behind ``PhoneNumberDetector``: finds runs of digits and separators that could be
/// phone numbers, with their extension, without allocating for text that holds no digits.
enum PhoneScanner {
  /// Whether a byte can start a candidate: an ASCII digit, '+', '(', or the lead byte of a fullwidth
  /// (EF) or Arabic-Indic (D9, DB) digit or sign.
  /// (A comparison, not a table: a static table is reached through a lazy-initialization check at
  /// every byte the scan stops at, half a million of them in a 10 MB page.)
  @inline(__always)
  private static func isStartByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x28 || byte == 0xEF || byte == 0xD9 || byte == 0xDB
  }

  /// A digit's value and byte length at `index`: ASCII, fullwidth (U+FF10…), Arabic-Indic (U+0660…)
  /// and extended Arabic-Indic (U+06F0…) digits.
  @inline(__always)
  static func digit(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> (UInt8, Int)? {
    let byte = bytes[index]
    if byte >= 0x30 && byte <= 0x39 { return (byte - 0x30, 1) }
    if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBC, bytes[index + 2] >= 0x90,
      bytes[index + 2] <= 0x99
    {
      return (bytes[index + 2] - 0x90, 3)
    }
    if byte == 0xD9, index + 1 < bytes.count, bytes[index + 1] >= 0xA0, bytes[index + 1] <= 0xA9 {
      return (bytes[index + 1] - 0xA0, 2)
    }
    if byte == 0xDB, index + 1 < bytes.count, bytes[index + 1] >= 0xB0, bytes[index + 1] <= 0xB9 {
      return (bytes[index + 1] - 0xB0, 2)
    }
    return nil
  }

  /// A separator's ASCII equivalent and byte length at `index` (0 for an ignorable direction mark).
  @inline(__always)
  static func separator(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> (UInt8, Int)? {
    let byte = bytes[index]
    switch byte {
    case 0x20, 0x2D, 0x2E, 0x2F, 0x28, 0x29: return (byte, 1)
    case 0xC2: return index + 1 < bytes.count && bytes[index + 1] == 0xA0 ? (0x20, 2) : nil
    case 0xD8: return index + 1 < bytes.count && bytes[index + 1] == 0x9C ? (0, 2) : nil  // ARABIC LETTER MARK
    case 0xE2:
      guard index + 2 < bytes.count else { return nil }
      let (b1, b2) = (bytes[index + 1], bytes[index + 2])
      if b1 == 0x80 && b2 >= 0x90 && b2 <= 0x93 { return (0x2D, 3) }  // hyphen, non-breaking hyphen, figure and en dash
      if b1 == 0x80 && (b2 == 0x8E || b2 == 0x8F) { return (0, 3) }  // LRM, RLM
      if b1 == 0x80 && (b2 == 0x89 || b2 == 0xAF) { return (0x20, 3) }  // thin and narrow no-break space
      if b1 == 0x81 && b2 >= 0xA6 && b2 <= 0xA9 { return (0, 3) }  // directional isolates
      return nil
    case 0xE3:
      return index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0x80 ? (0x20, 3) : nil
    case 0xEF:
      guard index + 2 < bytes.count, bytes[index + 1] == 0xBC else { return nil }
      switch bytes[index + 2] {
      case 0x8D: return (0x2D, 3)  // fullwidth hyphen-minus
      case 0x88: return (0x28, 3)
      case 0x89: return (0x29, 3)
      case 0x8E: return (0x2E, 3)
      default: return nil
      }
    default: return nil
    }
  }

  /// Every candidate in order.
  static func candidates(in bytes: UnsafeBufferPointer<UInt8>) -> [PhoneCandidate] {
    var result: [PhoneCandidate] = []
    forEachCandidate(in: bytes) { result.append($0) }
    return result
  }

  /// Hands every candidate to `body` in order, as it is found: the detector keeps only those it
  /// needs later (every digit run is a candidate; holding them all took 190 MB on 50 MB of text).
  static func forEachCandidate(in bytes: UnsafeBufferPointer<UInt8>, _ body: (PhoneCandidate) -> Void) {
    var index = 0
    let count = bytes.count
    // One candidate parsed into again and again: its digit and group arrays keep their storage
    // (two allocations and frees per digit run were a sixth of parsing a page's candidates). A
    // candidate `body` keeps shares the storage until the next parse writes a copy of its own.
    var scratch = PhoneCandidate(start: 0, end: 0)
    scratch.digits.reserveCapacity(18)
    scratch.groups.reserveCapacity(8)
    while index < count {
      index = ByteScan.firstDigitLike(in: bytes, from: index)
      guard index < count else { break }
      guard isStartByte(bytes[index]) else {
        index += 1
        continue
      }
      let (found, next) = parse(bytes, at: index, into: &scratch)
      if found { body(scratch) }
      index = max(next, index + 1)
    }
  }

  /// Parses a candidate at `start` into `candidate` (its earlier contents cleared, storage kept);
  /// returns whether it is one and where scanning resumes. The steps: the sign
  /// (``readSign(_:at:into:)``), the early rejections (``earlyRejection(_:start:at:)``), the digit
  /// groups (``readGroups(_:from:parenthesizedPlus:into:)``), then what follows the last digit
  /// (``readEnding(_:after:into:)``).
  private static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, into candidate: inout PhoneCandidate
  ) -> (Bool, Int) {
    candidate.start = start
    candidate.end = start
    candidate.digits.removeAll(keepingCapacity: true)
    candidate.groups.removeAll(keepingCapacity: true)
    candidate.separators = ASCIISet()
    candidate.international = false
    candidate.extensionDigits.removeAll(keepingCapacity: true)
    let (index, parenthesizedPlus) = readSign(bytes, at: start, into: &candidate)
    if let resume = earlyRejection(bytes, start: start, at: index) { return (false, resume) }
    switch readGroups(bytes, from: index, parenthesizedPlus: parenthesizedPlus, into: &candidate) {
    case .decided(let found, let next):
      return (found, next)
    case .ended(let lastDigitEnd, let lastSplit):
      candidate.end = lastDigitEnd
      // Longer than any number (E.164 allows 15 digits): two numbers side by side.
      if candidate.digits.count > 15, let split = lastSplit { return splitOff(split, &candidate) }
      guard candidate.digits.count >= 7 else { return (false, lastDigitEnd) }
      return readEnding(bytes, after: lastDigitEnd, into: &candidate)
    }
  }

  /// Reads the sign at `start`: "(+52) 81-1965-5345" (the country code in parentheses with its
  /// plus), '+' (or "++": a doubled plus) or '＋' mark `candidate` international. Returns where the
  /// digits may start and whether a parenthesis opened before the plus.
  @inline(__always)
  private static func readSign(
    _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, into candidate: inout PhoneCandidate
  ) -> (index: Int, parenthesizedPlus: Bool) {
    var index = start
    var parenthesizedPlus = false
    if bytes[index] == 0x28, index + 2 < bytes.count, bytes[index + 1] == 0x2B, digit(bytes, index + 2) != nil {
      parenthesizedPlus = true
      index += 1
    }
    if bytes[index] == 0x2B {
      candidate.international = true
      index += 1
      if index < bytes.count && bytes[index] == 0x2B { index += 1 }  // "++1 650…": a doubled plus
    } else if bytes[index] == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBC, bytes[index + 2] == 0x8B {
      candidate.international = true
      index += 3
    }
    return (index, parenthesizedPlus)
  }

  /// Where scanning resumes when the digit run at `index` (after the sign at `start`) cannot be a
  /// number, or nil: nothing follows the sign, nested parentheses, no digit, glued to what comes
  /// before, or fewer than seven ASCII digits in the run.
  @inline(__always)
  private static func earlyRejection(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, at index: Int) -> Int? {
    // A '+' at the very end of the text ("C+"): nothing follows.
    guard index < bytes.count else { return index }
    // "((415) 555-0132)": the number starts at the innermost opening parenthesis.
    if bytes[index] == 0x28, index + 1 < bytes.count, bytes[index + 1] == 0x28 { return index + 1 }
    guard
      digit(bytes, index) != nil || bytes[index] == 0x28 || (bytes[index] == 0xEF && separator(bytes, index)?.0 == 0x28)
    else { return index + 1 }
    // What comes before: glued to a word, a number, a price or a path, it is not a phone number.
    if start > 0 {
      let (before, _) = bytes.scalar(before: start)
      if isBlockingBefore(before) && !isTelURI(bytes, numberStart: start) { return skipRun(bytes, from: index) }
    }
    // Fast rejection (most digit runs are years, prices, counts): fewer than seven ASCII digits in
    // the run of ASCII digits and separators cannot be a number; the full parse consumes a subset
    // of that run, so it would reject too. Resume after the run's last digit.
    var probe = index
    var probeDigits = 0
    var probeLastDigit = index
    while probe < bytes.count {
      let byte = bytes[probe]
      if byte >= 0x30 && byte <= 0x39 {
        probeDigits += 1
        probe += 1
        probeLastDigit = probe
        if probeDigits >= 7 { break }
        continue
      }
      if byte == 0x20 || byte == 0x2D || byte == 0x2E || byte == 0x2F || byte == 0x28 || byte == 0x29 || byte == 0x7E {
        probe += 1
        continue
      }
      break
    }
    if probeDigits < 7 && (probe >= bytes.count || bytes[probe] < 0x80) && probeLastDigit > index {
      return probeLastDigit
    }
    return nil
  }

  /// The last place two numbers may have been written side by side: digits and groups before it,
  /// where the first ends, where the second starts.
  private typealias Split = (digits: Int, groups: Int, end: Int, next: Int)

  /// How reading the digit groups ended: the candidate is decided (found or not, and where
  /// scanning resumes), or the groups ended at `lastDigitEnd` with the last possible split.
  private enum GroupsEnd {
    case decided(Bool, Int)
    case ended(lastDigitEnd: Int, lastSplit: Split?)
  }

  /// Cuts `candidate` back to the first of two numbers written side by side.
  @inline(__always)
  private static func splitOff(_ split: Split, _ candidate: inout PhoneCandidate) -> (Bool, Int) {
    candidate.digits.removeLast(candidate.digits.count - split.digits)
    candidate.groups.removeLast(candidate.groups.count - split.groups)
    candidate.end = split.end
    return (true, split.next)
  }

  /// The separators written since the last digit, as written by hand: spaces beside a mark and a
  /// mark doubled count once ("650//253-1234", "9002309. 158", "0 3   3 3 1"); at most three
  /// spaces in a row (more is a table's column gap between two numbers). A parenthesis may sit next
  /// to a space or hyphen: "(415) 555".
  private struct PendingSeparators {
    /// The kinds seen; they count for the candidate only once a digit follows them.
    var kinds = ASCIISet()
    var count = 0
    var hyphens = 0
    var spaces = 0
    var marks = 0
    var previousWasParen = false

    /// Whether separator `kind` may follow those pending (it is then pending too).
    @inline(__always)
    mutating func accept(_ kind: UInt8) -> Bool {
      if kind == 0x20 {
        spaces += 1
        if spaces > 3 { return false }
        if count == 0 { count = 1 }
      } else if !kinds.contains(kind) || kind == 0x28 || kind == 0x29 {
        marks += 1
        count = marks
      }
      let isParen = kind == 0x28 || kind == 0x29
      if kind == 0x2D { hyphens += 1 }
      // One hyphen with a space on either side ("650 - 253", "0 -3") is one separator too.
      let spacedHyphen =
        hyphens <= 1 && (kind == 0x20 || kind == 0x2D) && count <= 3
        && !kinds.contains(0x2E) && !kinds.contains(0x2F) && !kinds.contains(0x28)
        && !kinds.contains(0x29) && (hyphens == 1 || kind == 0x2D)
      if count > (isParen || previousWasParen ? 2 : 1) && !spacedHyphen { return false }
      previousWasParen = isParen
      kinds.insert(kind)
      return true
    }

    /// A digit follows: the kinds written (parentheses aside) count for the candidate; none is
    /// pending any more.
    @inline(__always)
    mutating func digitFollows(into candidate: inout PhoneCandidate) {
      if !kinds.isEmpty {
        kinds.remove(0x28)
        kinds.remove(0x29)
        candidate.separators.formUnion(kinds)
      }
      self = PendingSeparators()
    }
  }

  /// Reads the digit groups from `index` into `candidate`: digits, separators between groups and
  /// balanced parentheses, until something else, a second separator, or more digits than any number.
  @inline(__always)
  private static func readGroups(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, parenthesizedPlus: Bool, into candidate: inout PhoneCandidate
  ) -> GroupsEnd {
    var index = start
    var groupDigits = 0
    var lastDigitEnd = index
    var openParens = parenthesizedPlus ? 1 : 0
    var lastSplit: Split?
    var pendingParenAt: Int?
    var pending = PendingSeparators()
    while index < bytes.count {
      if let (value, length) = digit(bytes, index) {
        // "(21) 3245-9607 / (21) 2602-7536": a spaced hyphen or slash after a whole number's worth
        // of digits may separate two numbers; remember it in case the run grows too long for one.
        // So may a space before a parenthesis ("(415) 555-0132 (415) 555-0199") or a plain space
        // after groups written with marks ("415-555-0132 415-555-0199", "03-1234-5678 03-1234-5679").
        if candidate.digits.count >= 7, pending.kinds.contains(0x20),
          pending.kinds.contains(0x2D) || pending.kinds.contains(0x2F) || pending.kinds.contains(0x28)
            || pending.marks == 0 && !candidate.separators.isEmpty && !candidate.separators.contains(0x20)
        {
          lastSplit = (candidate.digits.count, candidate.groups.count, lastDigitEnd, pendingParenAt ?? index)
        }
        pendingParenAt = nil
        pending.digitFollows(into: &candidate)
        candidate.digits.append(value)
        groupDigits += 1
        index += length
        lastDigitEnd = index
        if candidate.digits.count > 17 {
          if let split = lastSplit { return .decided(splitOff(split, &candidate).0, split.next) }
          return .decided(false, skipRun(bytes, from: index))
        }
        continue
      }
      // "0~0 1800…": the tilde dialling notation's "wait for the dial tone" inside a leading "00".
      if bytes[index] == 0x7E, !candidate.international, candidate.digits == [0], index + 1 < bytes.count,
        bytes[index + 1] == 0x30
      {
        index += 1
        continue
      }
      guard let (kind, length) = separator(bytes, index) else { break }
      if kind == 0 {  // direction marks are invisible
        index += length
        continue
      }
      if kind == 0x28 {
        openParens += 1
        if pendingParenAt == nil { pendingParenAt = index }
      }
      if kind == 0x29 {
        if openParens == 0 { break }
        openParens -= 1
      }
      guard pending.accept(kind) else { break }
      if groupDigits > 0 {
        candidate.groups.append(groupDigits)
        groupDigits = 0
      }
      index += length
    }
    if groupDigits > 0 { candidate.groups.append(groupDigits) }
    return .ended(lastDigitEnd: lastDigitEnd, lastSplit: lastSplit)
  }

  /// Decides a candidate of seven digits or more by what follows its last digit at `lastDigitEnd`:
  /// a letter (unless an extension), a decimal part, a percent or degree sign, hours and minutes
  /// make it something else; a glued tilde and fewer digits is a range of numbers; an extension
  /// is read into `candidate`.
  @inline(__always)
  private static func readEnding(
    _ bytes: UnsafeBufferPointer<UInt8>, after lastDigitEnd: Int, into candidate: inout PhoneCandidate
  ) -> (Bool, Int) {
    if lastDigitEnd < bytes.count {
      let after = bytes[lastDigitEnd]
      if after == 0x2E || after == 0x2C, lastDigitEnd + 1 < bytes.count, digit(bytes, lastDigitEnd + 1) != nil {
        return (false, skipRun(bytes, from: lastDigitEnd + 1))
      }
      if after == 0x25 { return (false, lastDigitEnd + 1) }
      // "20120102 08:00": hours and minutes follow, so the digits are a date and a time.
      if after == 0x3A, lastDigitEnd + 1 < bytes.count, digit(bytes, lastDigitEnd + 1) != nil {
        return (false, skipRun(bytes, from: lastDigitEnd + 1))
      }
      let (scalar, _) = bytes.scalar(at: lastDigitEnd)
      if scalar == 0xB0 || scalar == 0x20AC || scalar == 0x2030 { return (false, lastDigitEnd + 1) }
      if (after | 0x20) >= 0x61 && (after | 0x20) <= 0x7A {
        // Only an extension may follow directly ("…0132x12").
        if let (digits, end) = extensionAt(bytes, lastDigitEnd) {
          candidate.extensionDigits = digits
          candidate.end = end
          return (true, end)
        }
        return (false, skipRun(bytes, from: lastDigitEnd))
      }
    }
    // "051-647-7182~3": a tilde glued to the number and fewer digits than its last group is a range
    // of numbers ("7182 to 7183"), not an extension: the number ends before it.
    if lastDigitEnd + 1 < bytes.count, bytes[lastDigitEnd] == 0x7E, let lastGroup = candidate.groups.last {
      var end = lastDigitEnd + 1
      while end < bytes.count, digit(bytes, end) != nil { end += 1 }
      if end - lastDigitEnd - 1 < lastGroup, end > lastDigitEnd + 1 { return (true, end) }
    }
    if let (digits, end) = extensionAt(bytes, lastDigitEnd) {
      candidate.extensionDigits = digits
      candidate.end = end
    }
    // A leading '(' with no digits inside before the first group is not part of the number.
    return (true, candidate.end)
  }

  /// An extension after the number: " ext. 12", " extension 12", " x12", " #12", "内线12", "分機 12".
  /// Explicit labels allow up to 20 extension digits, ambiguous ones ("x", "#", "~", "int") up to 9,
  /// as libphonenumber's matcher does; the longest label is tried first.
  private static let extensionMarkers: [(marker: [UInt8], limit: Int)] = [
    (Array("extension".utf8), 20), (Array("extensión".utf8), 20), (Array("anexo".utf8), 20), (Array("extn".utf8), 20),
    (Array("ext.".utf8), 20), (Array("ext".utf8), 20), (Array("доб".utf8), 20), (Array("int.".utf8), 9),
    (Array("int".utf8), 9), (Array("x".utf8), 9), (Array("#".utf8), 9), (Array("~".utf8), 9),
    (Array("内线".utf8), 20), (Array("分机".utf8), 20), (Array("内線".utf8), 20), (Array("分機".utf8), 20),
  ]

  private static func extensionAt(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> ([UInt8], Int)? {
    var index = start
    var spaces = 0
    // " , ext 12", ",x 12": spaces and one comma before the label.
    while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x2C) && spaces < 3 {
      index += 1
      spaces += 1
    }
    var limit = 0
    for (marker, markerLimit) in extensionMarkers where index + marker.count <= bytes.count {
      var equal = true
      for (offset, byte) in marker.enumerated() where (bytes[index + offset] | (byte < 0x80 ? 0x20 : 0)) != byte {
        equal = false
        break
      }
      if equal {
        index += marker.count
        limit = markerLimit
        break
      }
    }
    guard limit > 0 else { return nil }
    // "доб. 630", "ext.: 12": an abbreviation's full stop, then spaces or a colon.
    if index < bytes.count, bytes[index] == 0x2E, bytes[index - 1] != 0x2E { index += 1 }
    while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x3A) { index += 1 }
    var digits: [UInt8] = []
    while index < bytes.count, let (value, length) = digit(bytes, index), digits.count <= limit {
      digits.append(value)
      index += length
    }
    guard (1...limit).contains(digits.count) else { return nil }
    if index < bytes.count,
      digit(bytes, index) != nil || ((bytes[index] | 0x20) >= 0x61 && (bytes[index] | 0x20) <= 0x7A)
    {
      return nil
    }
    return (digits, index)
  }

  /// Characters that, right before a number, make it part of something else.
  @inline(__always)
  private static func isBlockingBefore(_ scalar: UInt32) -> Bool {
    if scalar < 0x80 {
      let byte = UInt8(scalar)
      if (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A { return true }  // letters: v2, A12, x86
      switch byte {
      case 0x30...0x39, 0x2E, 0x2C, 0x2D, 0x2F, 0x5F, 0x24, 0x23, 0x40, 0x26, 0x3D, 0x2B, 0x5C, 0x3A: return true
      default: return false
      }
    }
    // Currency signs and the middle dot; CJK, Arabic and other letters may touch numbers.
    return scalar == 0x20AC || scalar == 0xA3 || scalar == 0xA5 || scalar == 0x20A9 || scalar == 0x20AB
      || scalar == 0xFFE5
      || scalar == 0xFFE1 || scalar == 0xFF04
  }

  /// Skips the rest of a digit-and-separator run, so its middle never starts a new candidate.
  private static func skipRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    while index < bytes.count {
      if let (_, length) = digit(bytes, index) {
        index += length
      } else if bytes[index] == 0x2D || bytes[index] == 0x2E || bytes[index] == 0x2C || bytes[index] == 0x2F
        || bytes[index] == 0x3A
      {
        index += 1
      } else {
        break
      }
    }
    return index
  }

  /// Words in other scripts that, right before a number (spaces, ':' or '：' between), say it is an
  /// identifier and not a phone number: business and tax registration numbers, account, order,
  /// member and group numbers (Korean, Chinese, Japanese, German, Portuguese, Russian, Vietnamese).
  private static let identifierWords: [[UInt8]] = [
    "등록번호", "사업자번호", "계좌번호", "주문번호", "회원번호", "群号", "群號", "QQ群", "账号", "帳號", "订单号", "訂單號", "身份证",
    "統一編號", "统一社会信用代码", "会員番号", "注文番号", "口座番号", "法人番号", "登録番号", "Kundennummer",
    "Bestellnummer", "Steuernummer", "USt-IdNr.", "CNPJ", "CPF", "ИНН", "ОГРН", "КПП", "Mã số thuế", "MST",
  ].map { Array($0.utf8) }

  /// Whether one of ``identifierWords`` ends right before `start` (a few spaces or colons between).
  private static func precededByIdentifierWord(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
    var end = start
    var skipped = 0
    while end > 0 && skipped < 4 {
      if bytes[end - 1] == 0x20 || bytes[end - 1] == 0x3A {
        end -= 1
      } else if end >= 3, bytes[end - 3] == 0xEF, bytes[end - 2] == 0xBC, bytes[end - 1] == 0x9A {
        end -= 3  // fullwidth colon
      } else {
        break
      }
      skipped += 1
    }
    for word in identifierWords where word.count <= end {
      var equal = true
      for (offset, byte) in word.enumerated() where bytes[end - word.count + offset] != byte {
        equal = false
        break
      }
      if equal { return true }
    }
    return false
  }

  /// Keywords that, just before a number, say it is not a phone number ("Order #", "ISBN", "account").
  private static let keywords: [String] = [
    "order", "account", "acct", "invoice", "ref", "reference", "isbn", "serial", "tracking", "sku", "iban", "card",
    "ticket", "item", "no.", "nr.", "id", "po", "case", "receipt", "confirmation", "transaction", "batch", "lot",
  ]

  /// The keywords packed as lowercase bytes into one integer each (all are at most 16 bytes).
  private static let packedKeywords: Set<UInt128> = Set(
    keywords.map { word in
      word.utf8.reduce(UInt128(0)) { $0 << 8 | UInt128($1) }
    })

  /// Whether one of ``keywords`` (or '#') ends within a few characters before `start`: the word
  /// (ASCII letters, and a final '.' for "no."/"nr.") right before, packed and looked up, no allocation.
  /// Whether the number at `numberStart` is the body of a `tel:` URI written in the text
  /// ("tel:+81-3-1234-5678", RFC 3966): "tel:" in any case, not glued to a word before it.
  static func isTelURI(_ bytes: UnsafeBufferPointer<UInt8>, numberStart: Int) -> Bool {
    guard numberStart >= 4, bytes[numberStart - 1] == 0x3A, bytes[numberStart - 2] | 0x20 == 0x6C,
      bytes[numberStart - 3] | 0x20 == 0x65, bytes[numberStart - 4] | 0x20 == 0x74
    else { return false }
    guard numberStart > 4 else { return true }
    let before = bytes[numberStart - 5]
    return !((before | 0x20) >= 0x61 && (before | 0x20) <= 0x7A) && !(before >= 0x30 && before <= 0x39)
  }

  static func precededByKeyword(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
    if precededByIdentifierWord(bytes, at: start) { return true }
    var index = start
    var skipped = 0
    while index > 0 && skipped < 3 && (bytes[index - 1] == 0x20 || bytes[index - 1] == 0x3A || bytes[index - 1] == 0x23)
    {
      if bytes[index - 1] == 0x23 { return true }
      index -= 1
      skipped += 1
    }
    var end = index
    let dotted = end > 0 && bytes[end - 1] == 0x2E
    if dotted { end -= 1 }
    var wordStart = end
    while wordStart > 0, end - wordStart < 13,
      (bytes[wordStart - 1] | 0x20) >= 0x61 && (bytes[wordStart - 1] | 0x20) <= 0x7A
    {
      wordStart -= 1
    }
    guard wordStart < end, end - wordStart <= 12 else { return false }
    // The whole word: a letter before it means a longer word ("porder" is not "order").
    if wordStart > 0, (bytes[wordStart - 1] | 0x20) >= 0x61 && (bytes[wordStart - 1] | 0x20) <= 0x7A { return false }
    var packed: UInt128 = 0
    for offset in wordStart..<end { packed = packed << 8 | UInt128(bytes[offset] | 0x20) }
    if dotted { return packedKeywords.contains(packed << 8 | 0x2E) }
    return packedKeywords.contains(packed)
  }
}
