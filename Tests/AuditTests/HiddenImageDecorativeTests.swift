import Testing

@testable import Audit

/// ``HiddenImageDecorative`` (`image-hidden-not-decorative`, ACT e88epe): the applicability clauses
/// of the rule text, and what the markup says of an image meant to be seen: each marked start tag is
/// where a finding is expected.
@Suite struct HiddenImageDecorativeTests {
  static let rule = "image-hidden-not-decorative"

  @Test(
    "an image kept out of the accessibility tree that carries a text alternative or is a logo is reported",
    arguments: [
      (
        "⟦<img src=\"w3c.png\" aria-hidden=\"true\" alt=\"W3C logo\">⟧",
        "image hidden from assistive technologies has the text alternative \"W3C logo\""
      ),
      ("⟦<img src=\"w3c-logo.png\" alt=\"\">⟧", "a logo is hidden from assistive technologies"),
      // Applicability: an svg excluded from the tree.
      (
        "⟦<svg aria-hidden=\"true\">⟧<title>Sales chart</title></svg>",
        "image hidden from assistive technologies has the text alternative \"Sales chart\""
      ),
      // Visible though hidden from assistive technologies: an ancestor's aria-hidden.
      (
        "<div aria-hidden=\"true\">⟦<img src=\"w3c.png\" alt=\"W3C\">⟧</div>",
        "image hidden from assistive technologies has the text alternative \"W3C\""
      ),
    ] as [(String, String)])
  func reports(_ body: String, _ message: String) throws {
    let result = try MarkedFindings(Self.rule, body)
    #expect(result.positions == result.expected, "\(body)")
    #expect(result.messages == [message], "\(body)")
  }

  @Test(
    "an image in the tree, not visible, below an author-named ancestor, or with nothing saying it means something passes",
    arguments: [
      "<img src=\"fireworks.jpg\" aria-hidden=\"true\" alt=\"\">", "<img src=\"fireworks.jpg\" alt=\"\">",
      "<img src=\"w3c-logo.png\" alt=\"W3C\">",
      // Applicability: not visible.
      "<img src=\"w3c.png\" aria-hidden=\"true\" alt=\"W3C\" style=\"display:none\">",
      "<div hidden><img src=\"w3c-logo.png\" alt=\"\"></div>",
      // Exception: an ancestor named from author.
      "<a href=\"/\" aria-label=\"W3C home\"><img src=\"w3c-logo.png\" alt=\"\"></a>",
    ])
  func passes(_ body: String) throws {
    #expect(try MarkedFindings(Self.rule, body).findings.isEmpty, "\(body)")
  }
}
