import Detection
import Testing
import TextModel

@testable import Speech

/// A phone number's digits said from one buffer of digits and group ends
/// (`SpeechBuilder.spacedDigits`, `dropLastDigits`) say what groups of strings said (the simple
/// version: each group's digits spaced, the groups joined, an extension's digits taken from the
/// last groups), on random groupings, and whole numbers say what a listener expects.
@Suite struct SpeechPhoneDigitsTests {
  /// The groups as strings, with `count` digits dropped from the end the way the strings did it.
  static func simpleGroups(_ groups: [String], dropping count: Int) -> [String] {
    var groups = groups
    var remaining = count
    while remaining > 0, let last = groups.last {
      if last.count <= remaining {
        remaining -= last.count
        groups.removeLast()
      } else {
        groups[groups.count - 1] = String(last.dropLast(remaining))
        remaining = 0
      }
    }
    return groups
  }

  @Test func digitBuffersSayWhatGroupsOfStringsSay() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let groups = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
        String(
          (0..<Int.random(in: 1...5, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)! })
      }
      let dropping = Int.random(in: 0...12, using: &generator)
      var digits = Array(groups.joined().utf8)
      var ends: [Int] = []
      for group in groups { ends.append((ends.last ?? 0) + group.utf8.count) }
      SpeechBuilder.dropLastDigits(dropping, digits: &digits, groupEnds: &ends)
      let expected = Self.simpleGroups(groups, dropping: dropping)
      for separator in [", ", "，", "の", "، "] {
        let simple = expected.map { $0.map(String.init).joined(separator: " ") }.joined(separator: separator)
        #expect(
          SpeechBuilder.spacedDigits(digits, groupEnds: ends, separator: separator) == simple,
          "\(groups) dropping \(dropping)")
      }
    }
  }

  @Test(arguments: [
    ("Call +1 415 555 0100 ext. 12 today.", "plus 1, 4 1 5, 5 5 5, 0 1 0 0, extension 1 2"),
    ("Call (415) 555-0132 now.", "4 1 5, 5 5 5, 0 1 3 2"),
    ("Call +44 20 7946 0958.", "plus 4 4, 2 0, 7 9 4 6, 0 9 5 8"),
  ])
  func phoneNumbersAreSaidDigitByDigitInTheirGroups(_ text: String, _ expected: String) {
    let document = TextDocument(format: .text, text: text, language: "en")
    let renderer = SpeechRenderer(document: document, detections: DocumentDetector().detect(in: document))
    var phones: [String] = []
    renderer.render { if $0.kind == .phone { phones.append($0.speech) } }
    #expect(phones == [expected])
  }
}
