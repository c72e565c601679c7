import Testing
import UnicodeSupport

/// NFC composes; NFKC also folds compatibility forms (fullwidth, ratio-like signs, circled digits).
@Suite struct NormalizerTests {
  @Test func nfcComposesWithoutFolding() throws {
    let nfc = Normalizer(.nfc)
    #expect(try nfc.normalize("e\u{301}") == "é")
    #expect(try nfc.normalize("①ｆ") == "①ｆ")
    #expect(try nfc.normalize("") == "")
  }

  @Test func nfkcFoldsCompatibilityForms() throws {
    let nfkc = Normalizer(.nfkc)
    #expect(try nfkc.normalize("ｆｕｌｌ１２") == "full12")
    #expect(try nfkc.normalize("①²") == "12")
    #expect(try nfkc.normalize("ﬁ") == "fi")
    #expect(try nfkc.normalize("e\u{301}") == "é")
  }

  /// A text longer than the first guess of the output buffer (fullwidth forms grow nothing, but
  /// "ﷺ" expands to 18 scalars) comes back whole.
  @Test func expansionsLongerThanTheInputAreWhole() throws {
    let text = String(repeating: "\u{FDFA}", count: 50)
    let normalized = try Normalizer(.nfkc).normalize(text)
    #expect(normalized.unicodeScalars.count == 50 * 18)
  }
}
