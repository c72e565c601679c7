import Testing

@testable import Audit

/// ``ImageAlt`` (`image-alt`): markup it reports, and markup it leaves alone.
@Suite struct ImageAltTests {
  @Test(
    "reports",
    arguments: [
      ("⟦<img src=\"a.png\">⟧", ["image has no text alternative"]),
      ("⟦<div role=\"img\">⟧</div>", ["image has no text alternative"]),
      ("⟦<img src=\"a.png\" alt=\" \">⟧", ["image has no text alternative"]),
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("image-alt", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<img src=\"a.png\" alt=\"Logo\">",
      "<img src=\"a.png\" alt=\"\">",
      "<img src=\"a.png\" aria-hidden=\"true\">",
      "<img src=\"a.png\" aria-labelledby=\"l\"><span id=\"l\">Map</span>",
      // Not in the accessibility tree: a style sheet hides it (issue 56).
      "<style>.x { display: none }</style><img class=\"x\" src=\"a.png\">",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "image-alt", in: body).isEmpty, "\(body)")
  }

  @Test(
    "an HTML img with any role, or an HTML element with the semantic role img, needs a name (ACT 23a2a8's applicability)",
    arguments: [
      "⟦<img src=\"a.png\" role=\"button\">⟧", "⟦<span role=\"img\">⟧</span>",
      // A conflict: focusable, so the implicit role img comes back.
      "⟦<img src=\"a.png\" alt=\"\" tabindex=\"0\">⟧",
    ])
  func reportsByApplicability(_ body: String) throws {
    let result = try MarkedFindings("image-alt", body)
    #expect(result.positions == result.expected, "\(body)")
    #expect(result.messages == ["image has no text alternative"], "\(body)")
  }

  @Test(
    "an SVG element with the role img is not an HTML element, and a presentational img passes",
    arguments: [
      "<svg role=\"img\"><circle r=\"4\"/></svg>", "<img src=\"a.png\" role=\"presentation\">",
      "<img src=\"a.png\" role=\"none\">",
    ])
  func passesByApplicability(_ body: String) throws {
    #expect(try MarkedFindings("image-alt", body).findings.isEmpty, "\(body)")
  }
}
