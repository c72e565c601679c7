import Testing

@testable import Speech

/// Issue 58: Chinese numbers, dates, times and units as Mainland usage and NeMo's zh grammar say them.
@Suite struct ChineseReadersTests {
  static func say(_ text: String, words: Bool = true) -> String {
    SpeechRenderer.speak(
      text, language: "zh", options: SpeechOptions(locale: "zh", numbers: words ? .words : .numerals)
    )
    .plainText()
  }

  @Test(arguments: [
    ("200", "二百"), ("219", "二百一十九"), ("第210", "第二百一十"), ("2000", "两千"), ("2200", "两千二百"),
    ("22000", "两万两千"), ("120000", "十二万"), ("200000000", "两亿"), ("2", "二"),
  ])
  func twoIsLiangOnlyBeforeThousandsAndAbove(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }

  @Test(arguments: [
    ("05年", "零五年"), ("50年", "五零年"), ("02年8月", "零二年八月"), ("2015年08月08号", "二零一五年八月八日"),
    ("30号", "三十日"), ("8月8号的会", "八月八日的会"), ("3号线", "三号线"), ("第3号", "第三号"),
  ])
  func yearsDigitByDigitAndTheDaySaidRi(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }

  @Test(arguments: [
    ("2934ad", "公元二九三四年"), ("2934a.d.", "公元二九三四年"), ("1234b.c.", "公元前一二三四年"),
    ("500 BC", "公元前五零零年"), ("1823年3月bc", "公元前一八二三年三月"),
  ])
  func anEraAfterTheYearIsSaidBeforeIt(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }

  @Test(arguments: [
    ("我有2个苹果", "我有两个苹果"), ("2位老师", "两位老师"), ("2元", "两元"), ("12个", "十二个"), ("第2个", "第二个"),
    ("2", "二"), ("2:30", "两点三十分"), ("02:00", "两点"), ("2点", "两点"), ("12:02", "十二点二分"),
  ])
  func twoBeforeAMeasureWordIsLiang(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }

  @Test func aNumericDateIsSaidFromItsParts() {
    #expect(SpeechLexicon.chineseDate(year: "12", month: 2, day: 2) == "一二年2月2日")
    #expect(SpeechLexicon.chineseDate(year: "2019", month: 2, day: 10) == "二零一九年2月10日")
    #expect(SpeechLexicon.chineseDate(year: nil, month: 3, day: nil, era: "公元前") == "公元前3月")
  }

  @Test(arguments: [
    ("-百分之1", "负百分之一"), ("03:04", "三点四分"), ("10:04am", "十点四分am"), ("25kg", "二十五千克"),
    ("3km", "三千米"), ("5ft", "五英尺"), ("50Hz", "五十赫兹"), ("100kw", "一百千瓦"), ("60dB", "六十分贝"),
  ])
  func minusTimesAndUnits(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }
}
