import Detection
import DocumentParsing
import Foundation
import Testing
import TextModel

@testable import Speech

/// `browse` reads a document without identifying its languages and identifies those of the lines
/// around each range it speaks (`SpeechRenderer.identifyingLanguages(around:)`, issue 43): every
/// range must sound as it does when every line was identified up front.
@Suite struct SpeechLanguagesOnDemandTests {
  static let mixed = """
    Trail notes for the spring trip
    お問い合わせ：03-1234-5678、受付は9時から17時まで
    电话：010-6552 9988，营业时间 9:00–17:30
    Gọi 028 3822 1234 để đặt chỗ, giá 150.000 đồng
    Rufen Sie 030 12345678 an, geöffnet 9–17 Uhr
    Réservations au 01 42 68 53 00, ratio 3:1

    Call (415) 555-0199 on 3/4 at 10:30; 11.7:1 contrast.
    """

  /// Every line, every pair of lines and some ranges inside lines.
  static func ranges(of text: String) -> [TextRange] {
    var starts = [0]
    for (offset, byte) in text.utf8.enumerated() where byte == 0x0A { starts.append(offset + 1) }
    starts.append(text.utf8.count)
    var ranges: [TextRange] = []
    for index in 0..<(starts.count - 1) {
      ranges.append(TextRange(start: starts[index], end: max(starts[index], starts[index + 1] - 1)))
      if index + 2 < starts.count { ranges.append(TextRange(start: starts[index], end: starts[index + 2] - 1)) }
      let length = starts[index + 1] - starts[index]
      if length > 12 { ranges.append(TextRange(start: starts[index] + 5, end: starts[index + 1] - 4)) }
    }
    return ranges
  }

  static func check(_ document: TextDocument) {
    let detections = DocumentDetector().detect(in: document)
    let upFront = SpeechRenderer(document: LanguageIdentifier().annotating(document), detections: detections)
    let onDemand = SpeechRenderer(document: document, detections: detections)
    for range in ranges(of: document.text) {
      let expected = upFront.render(range)
      let heard = onDemand.identifyingLanguages(around: range).render(range)
      #expect(heard.plainText() == expected.plainText(), "\(range)")
      #expect(heard.segments.map(\.language) == expected.segments.map(\.language), "\(range)")
    }
  }

  @Test func eachRangeOfAMixedTextSoundsAsWhenEveryLineWasIdentifiedFirst() throws {
    Self.check(try DocumentReader().read(bytes: Array(Self.mixed.utf8), format: .text))
  }

  @Test func theMultilingualCorpusChecklistSoundsTheSameEitherWay() throws {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    Self.check(try DocumentReader().read(path: path + "/corpus/hiking-checklist.txt"))
  }

  @Test func withoutTheLinesIdentifiedTheLanguagesDiffer() throws {
    // The check can fail: the same ranges without identification lose the Japanese and Chinese.
    let document = try DocumentReader().read(bytes: Array(Self.mixed.utf8), format: .text)
    let detections = DocumentDetector().detect(in: document)
    let upFront = SpeechRenderer(document: LanguageIdentifier().annotating(document), detections: detections)
    let plain = SpeechRenderer(document: document, detections: detections)
    let differing = Self.ranges(of: document.text).filter {
      upFront.render($0).segments.map(\.language) != plain.render($0).segments.map(\.language)
    }
    #expect(differing.count >= 3)
  }
}
