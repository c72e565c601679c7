import ParallelSupport
import Testing
import TextModel

@testable import Detection

/// Lines too short to identify take the language of their stretch, each stretch identified once:
/// CLD2 is handed each byte a bounded number of times however many short lines a paragraph has
/// (issue 42: 100,000 one-line entries with no blank line took 3.8 s for 2 MB, each line handed
/// the 4 KiB before it), and a line that says its own language keeps it.
@Suite struct LanguageStretchTests {
  /// CLD2, counting the bytes and calls it is handed (thread-safe: long texts identify on two threads).
  final class Counted: Sendable {
    let handed = LockedValue((calls: 0, bytes: 0))

    var identifier: LanguageIdentifier {
      LanguageIdentifier { bytes in
        self.handed.withValue {
          $0.calls += 1
          $0.bytes += bytes.count
        }
        return LanguageIdentifier.cld2(bytes)
      }
    }
  }

  static func calls(_ count: Int) -> String {
    (0..<count).map { "Call 415-555-\(fourDigits($0 % 10000)) now\n" }.joined()
  }

  @Test(arguments: [2_000, 10_000, 40_000])
  func bytesHandedToCLD2AreLinearInTheTextForManyShortLines(_ lines: Int) {
    let text = Self.calls(lines)
    let counted = Counted()
    _ = counted.identifier.detectedRuns(in: TextDocument(format: .text, text: text))
    let handed = counted.handed.withValue { $0 }
    // Each line once on its own, each stretch once with the block before: about three times the text.
    #expect(handed.bytes <= 4 * text.utf8.count, "\(handed.bytes) bytes for \(text.utf8.count)")
    #expect(handed.calls <= lines + text.utf8.count / 1000)
  }

  @Test func theDetectPathHandsCLD2EachByteABoundedNumberOfTimes() {
    let text = Self.calls(10_000)
    let counted = Counted()
    var stretches = LanguageIdentifier.Stretches(counted.identifier)
    var copy = text
    copy.withUTF8 { bytes in
      var start = 0
      while start < bytes.count {
        let line = TextSegments.line(containing: start, in: bytes)
        _ = stretches.identifyLine(line, in: bytes)
        start = line.upperBound + 1
      }
    }
    #expect(counted.handed.withValue { $0.bytes } <= 4 * text.utf8.count)
  }

  @Test func linesThatDifferOnlyInTheirDigitsAreIdentifiedOncePerWording() {
    // Issue 42: a call per line made 100,000 short lines cost 2.5× their detection without
    // identification. Now one call per wording, plus one per stretch of unclear lines.
    let text = Self.calls(10_000)
    let counted = Counted()
    _ = counted.identifier.detectedRuns(in: TextDocument(format: .text, text: text))
    let calls = counted.handed.withValue { $0.calls }
    #expect(calls <= text.utf8.count / 4096 * 2 + 4, "\(calls) calls for 10,000 lines of one wording")
  }

  @Test func aWordingRemembersExactlyWhatItsTextSays() {
    // Digits are spaces to CLD2 and not letters to the script counts: each text gets the answer it
    // would get alone, whether its wording was seen before or not.
    let texts = [
      "Call 415-555-0100 now", "Call 415-555-0199 now", "Rufen Sie 030 12345678 an", "Rufen Sie 089 98765432 an",
      "Réservations au 01 42 68 53 00", "Réservations au 04 91 00 00 00", "お問い合わせ：03-1234-5678",
      "お問い合わせ：06-9876-5432", "电话：010-6552 9988", "Gọi 028 3822 1234", "Tel. 1", "Tel. 2", "12345", "",
    ]
    let identifier = LanguageIdentifier()
    var stretches = LanguageIdentifier.Stretches(identifier)
    // One buffer for all (the texts compared are slices of the text being read).
    let all = texts + texts.reversed() + texts
    var joined = all.joined(separator: "\n")
    joined.withUTF8 { bytes in
      var start = 0
      for text in all {
        let slice = bytes[start..<(start + text.utf8.count)]
        #expect(stretches.identifyShort(slice) == identifier.identify(slice), "\(text)")
        start += text.utf8.count + 1
      }
    }
  }

  @Test func aLineInAnotherLanguageAmongShortLinesKeepsItsLanguage() {
    let english = "The trail to the lake is open every day from May to October, and rangers lead walks."
    var lines = (0..<300).map { "Call 415-555-\(fourDigits($0)) now" }
    lines[40] = english
    lines[120] = "お問い合わせは平日の午前九時から午後五時までです。"
    lines[200] = "Le sentier du lac est ouvert tous les jours de mai à octobre, et les gardes guident des promenades."
    lines[250] = "Der Weg zum See ist von Mai bis Oktober jeden Tag geöffnet, und Ranger führen Wanderungen."
    let text = lines.joined(separator: "\n")
    let identifier = LanguageIdentifier()
    let runs = LanguageRuns(document: identifier.annotating(TextDocument(format: .text, text: text)))
    func language(ofLine index: Int) -> String? {
      let offset = lines[..<index].reduce(0) { $0 + $1.utf8.count + 1 }
      return runs.entry(at: offset)?.tag
    }
    #expect(language(ofLine: 120) == "ja")
    #expect(language(ofLine: 200) == "fr")
    #expect(language(ofLine: 250) == "de")
    #expect(language(ofLine: 40) == "en")
  }

  @Test func aStretchIsTheParagraphWhenShortElseTheLinesStartingInOneBlock() {
    var text = "Call 415-555-0100 now\nThe trail to the lake is open every day.\n\nNext paragraph here\n"
    text += Self.calls(1000)
    var copy = text
    copy.withUTF8 { bytes in
      let first = TextSegments.line(containing: 0, in: bytes)
      #expect(LanguageIdentifier.Stretches.stretch(around: first, in: bytes) == 0..<62)
      // In the long paragraph: lines whose starts share a 4096-byte block.
      let block = LanguageIdentifier.maximumBytes
      let offset = 3 * block + 100
      let line = TextSegments.line(containing: offset, in: bytes)
      let stretch = LanguageIdentifier.Stretches.stretch(around: line, in: bytes)
      #expect(stretch.lowerBound >= 3 * block && stretch.lowerBound < 3 * block + 22)
      #expect(stretch.upperBound >= 4 * block && stretch.upperBound < 4 * block + 22)
      #expect(bytes[stretch.lowerBound - 1] == 0x0A)
    }
  }
}

/// `value` as four digits with leading zeros.
private func fourDigits(_ value: Int) -> String {
  let digits = "\(value)"
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
