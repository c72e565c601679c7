import Testing
import TextModel

@testable import Audit

/// ``MisreadNumbers`` (`ambiguous-numbers`): markup it reports, and markup it leaves alone.
@Suite struct MisreadNumbersTests {
  @Test(
    "reports",
    arguments: [
      ("<p>Contrast ⟦11.7:1⟧ is enough.</p>", ["ratio \"11.7:1\" is read as \"11.7 to 1\" only by TextRotor"]),
      ("<p>Pages ⟦10-20⟧ cover it.</p>", ["range \"10-20\" is read as \"10 to 20\" only by TextRotor"]),
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("ambiguous-numbers", marked, at: .start)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<p>Contrast 11.7 to 1 is enough.</p>",
      "<p>Pages 10 to 20.</p>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "ambiguous-numbers", in: body).isEmpty, "\(body)")
  }

  @Test("renders only the words around each number, not the whole line")
  func windows() throws {
    let text = "Open daily from 9:30 to 17:00 at the lodge, and as the guide says on pages 10-20 of the guide say why."
    let line = TextRange(start: 0, end: text.utf8.count)
    let windows = MisreadNumbers.candidateWindows(text, lines: [line])
    let words = windows.map { String(decoding: Array(text.utf8)[$0.start..<$0.end], as: UTF8.self) }
    #expect(words == ["Open daily from 9:30 to 17:00 at the lodge,", "says on pages 10-20 of the guide"])
  }

  @Test("a window grows to cover a detection it cuts")
  func windowsCoverDetections() throws {
    let findings = try AuditFixture.findings(
      of: "ambiguous-numbers", in: "<p>Ratio 4.5:1 and see https://example.org/a/10-20/b for 3:1 details.</p>")
    #expect(findings.map(\.snippet) == ["4.5:1", "3:1"])
  }
}

/// ``MisreadNumbers`` renders no window for a place inside a span the renderer reads whole.
@Suite struct MisreadNumbersPlacesTests {
  @Test("a place inside a phone number, address or URL is no candidate")
  func placesInsideWholeReadingsAreSkipped() throws {
    let text = "Call 415-555-0780 now, then at 9:30 the guide."
    let line = TextRange(start: 0, end: text.utf8.count)
    let phone = TextRange(start: 5, end: 17)
    #expect(MisreadNumbers.candidateWindows(text, lines: [line]).count == 1)
    let windows = MisreadNumbers.candidateWindows(text, lines: [line], skipping: [phone])
    let words = windows.map { String(decoding: Array(text.utf8)[$0.start..<$0.end], as: UTF8.self) }
    #expect(words == ["now, then at 9:30 the guide."])
  }

  @Test("the findings around phone numbers stay")
  func findingsBesidePhoneNumbers() throws {
    let findings = try AuditFixture.findings(
      of: "ambiguous-numbers", in: "<p>Call 415-555-0780 at 9:30 or 2pm-5pm, pages 10-20.</p>")
    #expect(findings.map(\.snippet) == ["9:30", "2pm", "-", "5pm", "10-20"])
  }
}
