import Testing
import TextModel

@testable import Detection

/// Finds "#word" tags: a detector the package does not know, which neither requires nor provides
/// evidence.
private struct HashtagDetector: TextDetector {
  static let kind = DetectionKind(rawValue: "hashtag")

  func detect(in text: String, context: DetectionContext) -> [Detection] {
    let bytes = Array(text.utf8)
    var found: [Detection] = []
    var index = 0
    while index < bytes.count {
      guard bytes[index] == 0x23 else {
        index += 1
        continue
      }
      var end = index + 1
      while end < bytes.count, (0x61...0x7A).contains(bytes[end]) { end += 1 }
      if end > index + 1 {
        found.append(
          Detection(
            kind: Self.kind, range: TextRange(start: index, end: end),
            value: String(decoding: bytes[index..<end], as: UTF8.self), source: .text, confidence: 1, reason: "tag"))
      }
      index = end
    }
    return found
  }
}

/// The scheduler runs any detector list by what its detectors declare: a custom list keeps both
/// cores and finds what the built-in list finds, plus its own detections.
@Suite struct DetectionSchedulerTests {
  /// Tags, links, e-mail addresses and phone numbers, then a national number whose region only a
  /// link's country-code domain gives.
  static let text: String =
    String(
      repeating: "See #trails and https://parks.example.org/a, write desk@example.org, call +1 415 555 0132 "
        + "or (415) 555-0133.\n", count: 2_000) + "Hotline 030 12345678, see https://beispiel.de/info for times.\n"

  static func options(parallel: Bool, tags: Bool) -> DocumentDetector.Options {
    var options = DocumentDetector.Options()
    if tags { options.kinds.insert(HashtagDetector.kind) }
    options.tuning.parallelMinimum = parallel ? 0 : .max
    return options
  }

  @Test(arguments: [false, true])
  func aCustomListFindsTheBuiltInDetectionsAndItsOwnOnBothCores(_ tagsBeforePhones: Bool) {
    let document = TextDocument(format: .text, text: Self.text, language: nil)
    let builtIn = DocumentDetector(options: Self.options(parallel: true, tags: false))
    var detectors = DocumentDetector.builtInTextDetectors(options: Self.options(parallel: true, tags: true))
    detectors.insert(HashtagDetector(), at: tagsBeforePhones ? detectors.count - 1 : detectors.count)
    let custom = DocumentDetector(options: Self.options(parallel: true, tags: true), textDetectors: detectors)
    let oneThread = DocumentDetector(options: Self.options(parallel: false, tags: true), textDetectors: detectors)

    // The phones still run on their own thread, beside the links and e-mail addresses.
    let phones = tagsBeforePhones ? 3 : 2
    #expect(
      custom.plan(for: document)
        == DetectionScheduler.Plan(twoThreads: true, consumer: phones, claimable: tagsBeforePhones ? nil : 1))
    #expect(!oneThread.plan(for: document).twoThreads)

    let expected = Array(builtIn.detect(in: document))
    #expect(expected.contains { $0.value == "tel:+493012345678" })
    let found = Array(custom.detect(in: document))
    #expect(found.filter { $0.kind != HashtagDetector.kind } == expected)
    #expect(found.count(where: { $0.kind == HashtagDetector.kind }) == 2_000)
    #expect(found == Array(oneThread.detect(in: document)))
  }

  /// A detector after the consumer that provides domain regions could not give them to it from the
  /// other thread: the detectors then run in order on one thread, the alerts on the other.
  @Test func aProviderAfterThePhonesKeepsTheListInOrder() {
    let options = Self.options(parallel: true, tags: false)
    let detectors: [any TextDetector] = [LinkDetector(), PhoneNumberDetector(), EmailDetector()]
    let document = TextDocument(format: .text, text: Self.text, language: nil)
    let plan = DocumentDetector(options: options, textDetectors: detectors).plan(for: document)
    #expect(plan == DetectionScheduler.Plan(twoThreads: true, consumer: nil, claimable: nil))
    #expect(
      Array(DocumentDetector(options: options, textDetectors: detectors).detect(in: document))
        == Array(
          DocumentDetector(options: Self.options(parallel: false, tags: false), textDetectors: detectors).detect(
            in: document)))
  }
}
