import Testing

@testable import Audit

/// ``SVGName`` (`svg-img-alt`): markup it reports, and markup it leaves alone.
@Suite struct SVGNameTests {
  @Test(
    "reports",
    arguments: [
      ("⟦<svg role=\"img\">⟧<circle r=\"4\"/></svg>", ["SVG element with role img has no name"])
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("svg-img-alt", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<svg role=\"img\"><title>Dot</title><circle r=\"4\"/></svg>",
      "<svg role=\"img\" aria-label=\"Dot\"></svg>",
      "<svg><circle role=\"graphics-object\" r=\"4\"/></svg>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "svg-img-alt", in: body).isEmpty, "\(body)")
  }
}
