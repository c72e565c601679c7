import Testing

@testable import Audit

/// ``PlainContact`` (`contact-not-linked`): markup it reports, and markup it leaves alone.
@Suite struct PlainContactTests {
  @Test(
    "reports",
    arguments: [
      ("<p>Mail ⟦ann@example.org⟧ today</p>", ["e-mail address \"ann@example.org\" is plain text, not a link"]),
      ("<p>Call ⟦+1 202-555-0143⟧ now</p>", ["phone number \"+1 202-555-0143\" is plain text, not a link"]),
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("contact-not-linked", marked, at: .start)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<p>Mail <a href=\"mailto:ann@example.org\">ann@example.org</a></p>",
      "<p>Call <a href=\"tel:+12025550143\">+1 202-555-0143</a></p>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "contact-not-linked", in: body).isEmpty, "\(body)")
  }
}
