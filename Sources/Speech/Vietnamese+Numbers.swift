/// Vietnamese cardinal numbers as they are said, from the digits (ICU's `vi` rule set falls short:
/// "không trăm" inside a number, and digit by digit past fifteen digits).
///
/// The grammar (as NeMo's `vi` grammars and common usage say it):
/// - tens from twenty are "mươi", ten is "mười"; after "mươi" one is "mốt" (21 "hai mươi mốt"),
///   four is "tư" (24 "hai mươi tư"); after either five is "lăm" (15 "mười lăm", 25 "hai mươi lăm");
/// - a zero tens digit before a unit is "linh" (101 "một trăm linh một"), and so is a last group of
///   one digit after a larger part (1001 "một nghìn linh một"; 1001000 "một triệu một nghìn");
/// - a group of three after a larger one leaves out its zero hundreds (1020 "một nghìn hai mươi",
///   1001 "một nghìn linh một"): both readings are heard, NeMo says this one (docs/SPEECH.md);
/// - groups are nghìn, triệu, tỷ; above tỷ the count of tỷ is itself a number (10^12 "một nghìn
///   tỷ", 10^15 "một triệu tỷ", 10^18 "một tỷ tỷ"), so any length is read as a number.
enum VietnameseNumbers {
  static let digits = ["không", "một", "hai", "ba", "bốn", "năm", "sáu", "bảy", "tám", "chín"]
  static let groupWords = ["", "nghìn", "triệu"]
  /// The most digits read as a number (up to "tỷ tỷ": 27 digits, a nghìn tỷ tỷ and more); a longer
  /// run of digits is a code, read digit by digit by the caller (docs/LIMITS.md).
  static let maximumDigits = 27

  /// The words for a whole number written as ASCII digits (no sign, no separators), or nil when
  /// `digits` is empty, longer than ``maximumDigits`` or holds anything else.
  ///
  /// - Complexity: O(n) in the number of digits.
  static func cardinal(_ digits: String) -> String? {
    guard digits.utf8.count <= maximumDigits else { return nil }
    let values = digits.utf8.map { Int($0) - 0x30 }
    guard !values.isEmpty, values.allSatisfy({ (0...9).contains($0) }) else { return nil }
    let trimmed = Array(values.drop { $0 == 0 })
    if trimmed.isEmpty { return Self.digits[0] }
    var words: [String] = []
    appendNumber(trimmed[...], after: false, to: &words)
    return words.joined(separator: " ")
  }

  /// Appends the words of `value` (no leading zeros unless `after`), where `after` says whether a
  /// larger part was said before it (then its zero hundreds are left out and "linh" leads a unit).
  private static func appendNumber(_ value: ArraySlice<Int>, after: Bool, to words: inout [String]) {
    if value.count > 9 {
      let split = value.endIndex - 9
      let high = value[..<split]
      let low = value[split...]
      let highStart = high.firstIndex { $0 != 0 } ?? high.endIndex
      var said = after
      if highStart < high.endIndex {
        appendNumber(high[highStart...], after: after, to: &words)
        words.append("tỷ")
        said = true
      }
      appendNumber(low, after: said, to: &words)
      return
    }
    // Up to nine digits: groups of three, the largest first.
    var groups: [[Int]] = []
    var end = value.endIndex
    while end > value.startIndex {
      let start = max(value.startIndex, end - 3)
      groups.insert(Array(value[start..<end]), at: 0)
      end = start
    }
    var said = after
    for (index, group) in groups.enumerated() {
      let padded = Array(repeating: 0, count: 3 - group.count) + group
      guard padded != [0, 0, 0] else { continue }
      let scale = groupWords[groups.count - 1 - index]
      appendGroup(padded[0], padded[1], padded[2], linh: said && scale.isEmpty, to: &words)
      if !scale.isEmpty { words.append(scale) }
      said = true
    }
  }

  /// Appends the words of one group of three digits (not all zero); `linh` says whether a unit
  /// without tens takes "linh" when the group has no hundreds (the last group after a larger part:
  /// 1001 "một nghìn linh một", but 1001000 "một triệu một nghìn").
  private static func appendGroup(_ hundreds: Int, _ tens: Int, _ units: Int, linh: Bool, to words: inout [String]) {
    if hundreds > 0 {
      words += [digits[hundreds], "trăm"]
    }
    let lead = hundreds > 0 || linh
    switch tens {
    case 0:
      guard units > 0 else { return }
      if lead { words.append("linh") }
      words.append(digits[units])
    case 1:
      words.append("mười")
      if units > 0 { words.append(units == 5 ? "lăm" : digits[units]) }
    default:
      words += [digits[tens], "mươi"]
      switch units {
      case 0: break
      case 1: words.append("mốt")
      case 4: words.append("tư")
      case 5: words.append("lăm")
      default: words.append(digits[units])
      }
    }
  }
}
