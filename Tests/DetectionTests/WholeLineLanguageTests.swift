import DocumentParsing
import Foundation
import Testing
import TextModel

@testable import Detection

/// `rotor` and `browse` identify languages on demand (issue 43): a national number's line is
/// identified when the number is met (``DocumentDetector/Options/identifiesWholeLines``), instead of
/// every line of the document first (``LanguageIdentifier/annotating(_:)``). Both must find the same
/// phones with the same regions and reasons.
@Suite struct WholeLineLanguageTests {
  static func phones(_ document: TextDocument, wholeLines: Bool) -> [String] {
    var options = DocumentDetector.Options(kinds: [.phone, .link, .email])
    options.identifiesWholeLines = wholeLines
    return DocumentDetector(options: options).detect(in: document).compactMap {
      $0.kind == .phone ? "\($0.range.start)-\($0.range.end) \($0.value) \($0.reason)" : nil
    }
  }

  static let texts = [
    "お問い合わせ：03-1234-5678\n电话：010-6552 9988\nGọi 028 3822 1234\nRufen Sie 030 12345678 an\n"
      + "Réservations au 01 42 68 53 00\n",
    (0..<3000).map { "Call 415-555-\(1000 + $0 % 9000) now" }.joined(separator: "\n"),
    "The trail to the lake is open every day from May to October.\nRufen Sie 030 12345678 an\n\n"
      + "Alert words \"注意：\", \"Cảnh báo:\"; (415) 555-0199; ratio 3:1\n",
  ]

  @Test(arguments: texts.indices)
  func aNumbersLineIdentifiedOnDemandSaysWhatEveryLineIdentifiedFirstSays(_ index: Int) throws {
    let document = try DocumentReader().read(bytes: Array(Self.texts[index].utf8), format: .text)
    let first = Self.phones(LanguageIdentifier().annotating(document), wholeLines: false)
    #expect(!first.isEmpty)
    #expect(Self.phones(document, wholeLines: true) == first)
  }

  @Test func everyCorpusDocumentFindsTheSamePhonesEitherWay() throws {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    let directory = path + "/corpus/"
    var compared = 0
    for name in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() {
      guard let document = try? DocumentReader().read(path: directory + name) else { continue }
      let first = Self.phones(LanguageIdentifier().annotating(document), wholeLines: false)
      #expect(Self.phones(document, wholeLines: true) == first, "\(name)")
      compared += first.count
    }
    #expect(compared > 40)
  }
}
