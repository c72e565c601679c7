import Testing

@testable import Audit

/// ``RedundantAlt`` (`image-redundant-alt`): markup it reports, and markup it leaves alone.
@Suite struct RedundantAltTests {
  @Test(
    "reports",
    arguments: [
      ("<a href=\"/\">⟦<img src=\"h.png\" alt=\"Home\">⟧Home</a>", ["alt \"Home\" repeats the text beside the image"]),
      // Another image's alt in the link is not text beside the image (axe-core's definition).
      (
        "<a href=\"/\">⟦<img src=\"a.png\" alt=\"The Times\">⟧<img src=\"b.png\" alt=\"Logo\">The Times</a>",
        ["alt \"The Times\" repeats the text beside the image"]
      ),
      ("<p>⟦<img src=\"c.png\" alt=\"Chart\">⟧ Chart</p>", ["alt \"Chart\" repeats the text beside the image"]),
    ] as [(String, [String])])
  func reports(_ marked: String, _ messages: [String]) throws {
    let result = try MarkedFindings("image-redundant-alt", marked)
    #expect(result.positions == result.expected, "\(marked)")
    #expect(result.messages == messages, "\(marked)")
  }

  @Test(
    "leaves alone",
    arguments: [
      "<a href=\"/\"><img src=\"h.png\" alt=\"\">Home</a>",
      "<a href=\"/\"><img src=\"h.png\" alt=\"House icon\">Home</a>",
      // Two images with one alt and no text: nothing visible is repeated.
      "<figure><img src=\"s.png\" alt=\"Image for post\"><img alt=\"Image for post\"></figure>",
      "<figure><img src=\"p.png\" alt=\"Scatter plot\"><figcaption>Scatter plot</figcaption></figure>",
    ])
  func leavesAlone(_ body: String) throws {
    #expect(try AuditFixture.findings(of: "image-redundant-alt", in: body).isEmpty, "\(body)")
  }
}
