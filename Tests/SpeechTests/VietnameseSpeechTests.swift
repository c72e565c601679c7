import Speech
import Testing

/// Vietnamese numbers, money, times and dates as NeMo's grammars and Vietnamese listeners say them
/// (issue 58). Each case failed on 5f4626b.
@Suite struct VietnameseSpeechTests {
  static func say(_ input: String, words: Bool = true) -> String {
    SpeechRenderer.speak(
      input, language: "vi", options: SpeechOptions(locale: "vi", numbers: words ? .words : .numerals)
    ).plainText()
  }

  @Test(arguments: [
    ("1001", "một nghìn linh một"),
    ("1020", "một nghìn hai mươi"),
    ("-1095", "âm một nghìn chín mươi lăm"),
    ("1001001", "một triệu một nghìn linh một"),
    ("1050003", "một triệu năm mươi nghìn linh ba"),
    ("1000010", "một triệu mười"),
    ("1000000001", "một tỷ linh một"),
    ("1000000000000000", "một triệu tỷ"),
    ("1000000000000000000", "một tỷ tỷ"),
    (
      "1111111111111111",
      "một triệu một trăm mười một nghìn một trăm mười một tỷ một trăm mười một triệu một trăm mười một nghìn một trăm mười một"
    ),
  ])
  func cardinalsLeaveOutZeroHundredsAndReadAnyLength(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }

  @Test func pastTwentySevenDigitsANumberIsReadDigitByDigit() {
    #expect(Self.say("1" + String(repeating: "0", count: 24)) == "một triệu tỷ tỷ")
    #expect(Self.say("1" + String(repeating: "0", count: 27)) == "một" + String(repeating: " không", count: 27))
    // A long run of digits is no deeper a recursion than 27 digits.
    #expect(Self.say(String(repeating: "9", count: 100_000)).hasPrefix("chín chín chín"))
  }

  @Test func unitsAfterTensAreMotTuLamInEveryGroup() {
    #expect(
      Self.say("21 1024 1015 2025 105")
        == "hai mươi mốt một nghìn hai mươi tư một nghìn mười lăm hai nghìn hai mươi lăm một trăm linh năm")
  }

  @Test(arguments: [
    ("10k", "mười nghìn"),
    ("1tr2", "một triệu hai trăm nghìn"),
    ("2t3", "hai tỷ ba trăm triệu"),
    ("10k VND", "mười nghìn đồng"),
    ("1tr5 vnd", "một triệu năm trăm nghìn đồng"),
    ("2tr-5tr", "hai triệu đến năm triệu"),
  ])
  func attachedScalesAreTheirWords(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }

  @Test(arguments: [
    ("5,99$", "năm đô la chín mươi chín xu"),
    ("0,5$", "năm mươi xu"),
    ("$4.01", "bốn đô la một xu"),
    ("20.500$", "hai mươi nghìn năm trăm đô la"),
    ("2,50€", "hai ơ rô năm mươi xu"),
    ("10£", "mười bảng Anh"),
    ("100₫/kg", "một trăm đồng một ki lô gam"),
    ("5€/h", "năm ơ rô trên giờ"),
    ("200mg/ml", "hai trăm mi li gam trên mi li lít"),
  ])
  func moneyHasItsMinorUnitAndItsRate(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }

  @Test(arguments: [
    ("09g05", "9 giờ 5 phút"),
    ("14h30", "14 giờ 30 phút"),
    ("12p03s", "12 phút 3 giây"),
  ])
  func clocksWrittenWithLetters(_ input: String, _ expected: String) {
    #expect(Self.say(input, words: false) == expected)
  }

  @Test(arguments: [
    ("tháng 1 2024", "tháng một năm hai nghìn hai mươi tư"),
    ("tháng 04/1969", "tháng tư năm một nghìn chín trăm sáu mươi chín"),
    ("ngày 14/4 hàng năm", "ngày mười bốn tháng tư hàng năm"),
    ("khoản XIV, phụ lục xx, số IX", "khoản mười bốn, phụ lục hai mươi, số chín"),
  ])
  func datesAndRomanNumeralsAfterTheirWords(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }

  @Test func theDateWordsComeFromTheParts() {
    #expect(SpeechLexicon.vietnameseDate(2024, 4, 14) == "ngày 14 tháng tư năm 2 nghìn 24")
    #expect(SpeechLexicon.vietnameseDate(nil, 1, nil) == "tháng 1")
    #expect(SpeechLexicon.vietnameseDate(1969, 12, 3, lead: false) == "3 tháng 12 năm 1969")
  }
}
