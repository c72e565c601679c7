import Detection
import DocumentParsing
import TestSupport
import Testing
import TextModel

@testable import Speech

/// Links and e-mail addresses in ASCII said from their bytes (`SpeechBuilder.asciiLinkSpeech`,
/// `asciiEmailSpeech`) say what the general path says (the simple version, on substrings and
/// arrays of parts): on random addresses full of what changes their speech (schemes in any case,
/// protocol-relative links, empty path segments, dashes in hosts and paths, query pairs with no
/// value or several "=", empty pairs, fragments, marks named from the symbol table), in five
/// languages and three option sets; and the general path still takes what the bytes do not
/// (percent-escapes, Punycode, letters beyond ASCII).
@Suite struct SpeechAddressTests {
  static func speech(_ document: TextDocument, ascii: Bool, options: SpeechOptions) -> [SpeechSegment] {
    var renderer = SpeechRenderer(
      document: document, detections: DocumentDetector().detect(in: document), options: options)
    renderer.tuning.asciiAddresses = ascii
    var all: [SpeechSegment] = []
    renderer.render { all.append($0) }
    return all
  }

  static func randomLink(_ generator: inout some RandomNumberGenerator) -> String {
    func pick(_ choices: [String]) -> String { choices.randomElement(using: &generator)! }
    let scheme = pick(["https://", "http://", "HTTP://", "Https://", "ftp://", "file://", "www.", "mailto:", "//"])
    let labels = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
      pick([
        "parks", "example", "a-b", "x1", "my_site", "Trail-9", "sub", "123", "xn--bcher-kva", "XN--Bcher-kva", "café",
      ])
    }
    var link = scheme + labels.joined(separator: ".") + pick([".org", ".com", ".co.uk", ".de", ":8080", ".org:443"])
    for _ in 0..<Int.random(in: 0...4, using: &generator) {
      link += "/" + pick(["trail", "", "3", "a-b-c", "x_y", "~user", "file.html", "%20x", "a+b", "!", "Ü", "v1.2"])
    }
    if Bool.random(using: &generator) {
      let pairs = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
        pick(["day=2", "q", "a=b=c", "", "=x", "k=", "x-y=1_2", "n=%41", "email=a@b.org"])
      }
      link += "?" + pairs.joined(separator: pick(["&", "&&"]))
    }
    if Bool.random(using: &generator) { link += pick(["#", "#top", "#a-b", "#x.y/z"]) }
    return link
  }

  static func randomEmail(_ generator: inout some RandomNumberGenerator) -> String {
    func pick(_ choices: [String]) -> String { choices.randomElement(using: &generator)! }
    return pick(["", "mailto:", "MAILTO:"]) + pick(["ranger0", "first.last", "a+tag", "x_y", "Z-9", "o'hara", "josé"])
      + "@" + pick(["example.org", "sub-domain.example.co.uk", "EXAMPLE.COM", "x1.io", "例え.jp"])
  }

  static func expectSame(_ document: TextDocument, _ what: String) {
    for options in [
      SpeechOptions(), SpeechOptions(punctuation: .all, numbers: .words), SpeechOptions(punctuation: .none),
    ] {
      let simple = speech(document, ascii: false, options: options)
      let bytes = speech(document, ascii: true, options: options)
      let first = (0..<min(bytes.count, simple.count)).first { bytes[$0] != simple[$0] }
      let same = bytes == simple
      #expect(same, "\(what): first difference \(first.map { "\(bytes[$0]) vs \(simple[$0])" } ?? "in count")")
    }
  }

  @Test func addressesSaidFromBytesSayWhatTheGeneralPathSays() {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<12 {
      let text = (0..<120).map { _ in
        (Bool.random(using: &generator) ? Self.randomLink(&generator) : Self.randomEmail(&generator))
          + ["  see ", " and ", "\n", ", "].randomElement(using: &generator)!
      }.joined()
      Self.expectSame(TextReader().read(bytes: Array(text.utf8)), "text \(round): \(text.prefix(300))")
      Self.expectSame(
        TextDocument(format: .text, text: text, language: ["en", "zh", "ja", "vi", "ar"][round % 5]),
        "declared \(round)")
    }
  }

  /// Every link the bytes can say (ASCII, no percent-escape, no Punycode label) takes them; the
  /// generator is seeded so the share of such links is the same on every run.
  @Test func everyPlainASCIILinkTakesTheBytes() {
    var generator = SplitMix(state: 0x7E57_0015)
    let text = (0..<200).map { _ in Self.randomLink(&generator) }.joined(separator: " and ")
    let document = TextReader().read(bytes: Array(text.utf8))
    let detections = DocumentDetector().detect(in: document)
    let builder = SpeechBuilder(renderer: SpeechRenderer(document: document, detections: detections))
    var ascii = 0
    var plain = 0
    var links = 0
    for index in 0..<detections.count where detections.kind(at: index) == .link {
      links += 1
      let link = document[detections.range(at: index)]
      if link.utf8.allSatisfy({ $0 < 0x80 }) && !link.contains("%") && !link.lowercased().contains("xn--") {
        plain += 1
      }
      let scalars = SpeechNormalizer().normalize(link, base: 0)
      if builder.asciiLinkSpeech(scalars, tag: "en", language: "en", lexicon: .english) != nil { ascii += 1 }
    }
    #expect(links > 100)
    #expect(plain > 30)
    #expect(ascii == plain)
  }

  @Test func theBytesLeaveEscapesPunycodeAndOtherLettersToTheGeneralPath() {
    let document = TextDocument(format: .text, text: "x", language: "en")
    let builder = SpeechBuilder(renderer: SpeechRenderer(document: document, detections: [Detection]()))
    func said(_ link: String) -> String? {
      builder.asciiLinkSpeech(
        SpeechNormalizer().normalize(Substring(link), base: 0), tag: "en", language: "en", lexicon: .english)
    }
    #expect(said("https://example.org/a%20b") == nil)
    #expect(said("https://XN--bcher-kva.example/") == nil)
    #expect(said("https://example.org/Ü") == nil)
    #expect(
      said("HTTPS://Parks.example.org:8080/a//b-c/~x?day=2&&q&a=b=c#top")
        == "HTTPS colon slash slash Parks dot example dot org colon 8 0 8 0 slash a slash b dash c slash tilde x"
        + " question mark day equals 2 and q and a equals b equals c hash top")
    #expect(said("//cdn.example.com/x_y") == "cdn dot example dot com slash x underscore y")
  }
}
