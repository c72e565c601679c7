import Testing

@testable import Output

/// Issue 42: `TerminalText` shows every control a terminal would act on as an escape, changes
/// nothing else, and agrees with a plain scalar-by-scalar rendering on any text (its fast path
/// included).
@Suite struct TerminalTextTests {
  @Test(arguments: [
    ("Evil \u{1B}[2J end", #"Evil \x1b[2J end"#),
    ("\u{1B}]0;PWNED\u{07}", #"\x1b]0;PWNED\x07"#),
    ("\u{1B}]52;c;ZWNobyBwd25lZA==\u{07}", #"\x1b]52;c;ZWNobyBwd25lZA==\x07"#),
    ("a\u{9B}2Jb", #"a\x9b2Jb"#),
    ("\u{80}\u{85}\u{9F}", #"\x80\x85\x9f"#),
    ("\u{0}\r\u{7F}\u{0B}\u{0C}", #"\x00\x0d\x7f\x0b\x0c"#),
    ("tab\tand\nline feed", "tab\tand\nline feed"),
    ("moc.elpmaxe\u{202E}//:sptth", #"moc.elpmaxe\u202e//:sptth"#),
    (
      "\u{202A}\u{202B}\u{202C}\u{202D}\u{2066}\u{2067}\u{2068}\u{2069}",
      #"\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069"#
    ),
    ("עברית\u{200F} and \u{200E}marks stay", "עברית\u{200F} and \u{200E}marks stay"),
    ("• “quoted” — \u{2029} \u{A0}¢ 電話 🇯🇵", "• “quoted” — \u{2029} \u{A0}¢ 電話 🇯🇵"),
    ("", ""),
  ])
  func controlsAreShownAndNothingElseChanges(text: String, shown: String) {
    #expect(TerminalText.visible(text) == shown)
    var bytes: [UInt8] = []
    TerminalText.append(text, to: &bytes)
    #expect(bytes == Array(shown.utf8))
  }

  @Test func aTruncatedSequenceAtTheEndIsLeftAlone() {
    // Lead bytes with their continuation cut off (a buffer's end): no escape, no read past the end.
    for bytes: [UInt8] in [[0x61, 0xC2], [0x61, 0xE2], [0x61, 0xE2, 0x80], [0x61, 0xE2, 0x81]] {
      var out: [UInt8] = []
      bytes.withUnsafeBufferPointer { TerminalText.append($0, to: &out) }
      #expect(out == bytes)
    }
  }

  @Test func controlsAreFoundAtEveryOffsetOfTheEightByteScan() {
    // The fast path reads eight bytes at a time: a control at any offset, after any run of ASCII.
    for control in ["\u{1B}", "\u{7F}", "\u{0}", "\u{1F}", "\u{9B}", "\u{202E}", "\u{2066}"] {
      for offset in 0..<24 {
        let padding = String(repeating: "a", count: offset)
        let text = padding + control + String(repeating: "b", count: 17) + control + "é" + padding
        let escape = TerminalText.visible(control)
        #expect(escape.hasPrefix("\\"))
        #expect(
          TerminalText.visible(text) == padding + escape + String(repeating: "b", count: 17) + escape + "é" + padding)
      }
    }
  }

  @Test func anyTextIsRenderedAsScalarByScalar() {
    var generator = SystemRandomNumberGenerator()
    let scalars: [Unicode.Scalar] = [
      "a", "a", "a", "a", " ", "\t", "\n", "\r", "\u{1B}", "\u{7}", "\u{0}", "\u{7F}", "\u{80}", "\u{9B}", "\u{9F}",
      "\u{A0}",
      "é", "\u{202A}", "\u{202E}", "\u{202F}", "\u{2029}", "\u{2065}", "\u{2066}", "\u{2069}", "\u{206A}", "\u{200F}",
      "•", "—", "電", "🇯", "\u{FEFF}",
    ]
    for _ in 0..<2000 {
      let count = Int.random(in: 0..<80, using: &generator)
      var text = ""
      for _ in 0..<count { text.unicodeScalars.append(scalars.randomElement(using: &generator)!) }
      var expected = ""
      for scalar in text.unicodeScalars {
        let value = scalar.value
        let hex = String(value, radix: 16)
        switch value {
        case 0x09, 0x0A: expected.unicodeScalars.append(scalar)
        case 0x00...0x1F, 0x7F...0x9F: expected += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
        case 0x202A...0x202E, 0x2066...0x2069: expected += "\\u" + hex
        default: expected.unicodeScalars.append(scalar)
        }
      }
      #expect(TerminalText.visible(text) == expected, "\(Array(text.unicodeScalars))")
      for scalar in text.unicodeScalars {
        #expect(TerminalText.isEscaped(scalar) == (String(scalar) != TerminalText.visible(String(scalar))))
      }
    }
  }
}
