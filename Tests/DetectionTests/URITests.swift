import Detection
import TestSupport
import Testing
import TextModel

/// URIs written in text: tel:, sms:, mailto:, geo:, other schemes, IPv6 literals, IDN e-mail domains.
@Suite struct URITests {
  static func detect(_ marked: String) -> (expected: [Range<Int>], found: [Detection]) {
    let fixture = MarkedText(marked)
    let document = TextDocument(format: .text, text: fixture.text)
    let found = DocumentDetector(options: .init(kinds: [.email, .link, .phone], region: "US")).detect(in: document)
    return (fixture.ranges, Array(found))
  }

  @Test(arguments: [
    ("Call tel:⟦+81-3-1234-5678⟧ now", "phone", "tel:+81312345678"),
    ("Write mailto:⟦x@example.com⟧?subject=Hi%20there.", "email", "mailto:x@example.com?subject=Hi%20there"),
    ("Mail ⟦support@例え.jp⟧ or write", "email", "mailto:support@例え.jp"),
    ("Local ⟦http://[::1]:8080/x⟧ only", "link", "http://[::1]:8080/x"),
    ("Text ⟦sms:+15551234567?body=hi⟧ to book", "link", "sms:+15551234567?body=hi"),
    ("Meet at ⟦geo:48.2010,16.3695;u=40⟧.", "link", "geo:48.2010,16.3695;u=40"),
    ("Chat ⟦xmpp:ann@example.org⟧ today", "link", "xmpp:ann@example.org"),
    ("Open ⟦zoommtg://zoom.us/join?confno=1234⟧ then", "link", "zoommtg://zoom.us/join?confno=1234"),
    ("See ⟦file:///home/ann/notes.txt⟧", "link", "file:///home/ann/notes.txt"),
    ("Go to ⟦https://example.org⟧- now", "link", "https://example.org"),
    ("Try ⟦http://sub_domain.example.com⟧ first", "link", "http://sub_domain.example.com"),
    ("A randomtext⟦http://foo.bar/etc⟧ run", "link", "http://foo.bar/etc"),
    // After a scheme the host runs to "/": a name mixing scripts or with a symbol is one host.
    ("Read ⟦http://exampleこれは日本語です.com/path⟧ now", "link", "http://exampleこれは日本語です.com/path"),
    ("Short ⟦http://✪df.ws/ejp⟧ link", "link", "http://✪df.ws/ejp"),
    ("見て⟦http://example.com⟧中国語", "link", "http://example.com"),
    ("بزيارة ⟦https://giveindia.org⟧قم الآن", "link", "https://giveindia.org"),
    // Quotation marks pair; Markdown emphasis and code marks wrap.
    ("Quoted \"⟦http://foo.com/bar⟧\"more", "link", "http://foo.com/bar"),
    ("{\"url\":\"⟦http://foo.com/bar⟧\",\"after\":\"bar\"}", "link", "http://foo.com/bar"),
    ("Bold **⟦https://example.org/a⟧** and", "link", "https://example.org/a"),
    ("Code `⟦example.org/x⟧`.", "link", "https://example.org/x"),
    // Special-use names people write as hosts.
    ("Print to ⟦printer.local⟧ now", "link", "https://printer.local"),
    ("Read ⟦docs.example/guide⟧ first", "link", "https://docs.example/guide"),
  ])
  func aURIIsFoundWithItsValue(marked: String, kind: String, value: String) {
    let (expected, found) = Self.detect(marked)
    #expect(found.map(\.range.offsets) == expected)
    #expect(found.map(\.kind.rawValue) == [kind])
    #expect(found.map(\.value) == [value])
  }

  @Test(arguments: [
    "See http://twitter_underscore.com now", "Not +://foo either", "Visit https://12-7.0.0.1/ now",
    "Not _http://example.com here", "Set the DNS to 1.1.1.1 first", "Build v1.2.3.4 today",
  ])
  func lookAlikesAreNotLinks(text: String) {
    #expect(Self.detect(text).found.filter { $0.kind == .link }.isEmpty)
  }

  @Test func aDomainInsideAnEmailAddressIsPartOfTheAddress() {
    let (_, found) = Self.detect("Email me at name.al-lastname@foo.com or later")
    #expect(found.map(\.kind) == [.email])
  }

  @Test func bidiControlsAfterALinkAreNotPartOfIt() {
    let (expected, found) = Self.detect("\u{2066}\u{202A}⟦http://twitter.com/⟧\u{202C}\u{2069}")
    #expect(found.map(\.range.offsets) == expected)
  }
}
