import Speech
import Testing

/// Issue 58: Japanese zero, weekday ranges, roots and era initials as NeMo's ja grammar and Japanese
/// usage say them.
@Suite struct JapaneseReadersTests {
  static func say(_ text: String) -> String {
    SpeechRenderer.speak(text, language: "ja", options: SpeechOptions(locale: "ja", numbers: .words)).plainText()
  }

  @Test(arguments: [
    ("午前0時", "午前零時"), ("午後0時30分", "午後零時三十分"), ("0.5グラム", "零点五グラム"), ("10時", "十時"),
    ("0.05", "零点零五"),
  ])
  func zeroIsSaidRei(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }

  @Test(arguments: [
    ("7月5〜9日(月〜金)", "七月五から九日月曜日から金曜日"),
    ("10月27日(金)〜11月9日(木)", "十月二十七日金曜日から十一月九日木曜日"),
  ])
  func weekdayMarksAndTheirRanges(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }

  @Test(arguments: [
    ("1荷√1/3", "一荷三分のルート一"), ("-1荷√1/2", "マイナス一荷二分のルート一"), ("√2", "ルート二"),
    ("マイナス√1荷1/2", "マイナスルート一荷二分の一"),
  ])
  func aRootIsSaidRuuto(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }

  @Test(arguments: [("R.4", "令和四年"), ("H.30.2.3", "平成三十年二月三日"), ("S.64年", "昭和六十四年")])
  func eraInitials(_ input: String, _ expected: String) {
    #expect(Self.say(input) == expected)
  }
}
