import Testing

@testable import Audit

/// ``DecorativeNotExposed`` (`presentation-role-conflict`, ACT 46ca7f), clause by clause of the rule
/// text: each marked start tag is where a finding is expected.
@Suite struct DecorativeNotExposedTests {
  static let rule = "presentation-role-conflict"

  @Test(
    "an element marked decorative and exposed anyway is reported with the role it gets and why",
    arguments: [
      // Applicability: an explicit role of none or presentation (the first valid token).
      (
        "⟦<span role=\"none\" tabindex=\"0\">⟧x</span>",
        "element marked decorative is exposed as generic: it is focusable"
      ),
      (
        "⟦<span role=\"foo presentation\" aria-label=\"Star\">⟧x</span>",
        "element marked decorative is exposed as generic: it has aria-label"
      ),
      (
        "⟦<nav role=\"none\" aria-describedby=\"d\">⟧x</nav><p id=\"d\">d</p>",
        "element marked decorative is exposed as navigation: it has aria-describedby"
      ),
      // Applicability: an <img> with alt="" and no explicit role.
      ("⟦<img src=\"a.png\" alt=\"\" tabindex=\"0\">⟧", "element marked decorative is exposed as img: it is focusable"),
      // Focusable: a tabindex value that is not null, parsed by HTML's rules for parsing integers.
      (
        "⟦<img src=\"a.png\" alt=\"\" tabindex=\"-1\">⟧", "element marked decorative is exposed as img: it is focusable"
      ),
      (
        "⟦<div role=\"none\" tabindex=\" 2x\">⟧x</div>",
        "element marked decorative is exposed as generic: it is focusable"
      ),
      // Focusable: part of sequential focus navigation.
      (
        "⟦<a href=\"/\" role=\"presentation\">⟧Home</a>",
        "element marked decorative is exposed as link: it is focusable"
      ),
      (
        "⟦<video role=\"none\" controls src=\"a.mp4\">⟧</video>",
        "element marked decorative is exposed as generic: it is focusable"
      ),
      (
        "⟦<button role=\"none\" disabled tabindex=\"0\">⟧Go</button>",
        "element marked decorative is exposed as button: it is focusable"
      ),
      // Global ARIA attribute: WAI-ARIA 1.1's list, aria-hidden included.
      (
        "⟦<img src=\"a.png\" alt=\"\" aria-hidden=\"false\">⟧",
        "element marked decorative is exposed as img: it has aria-hidden"
      ),
    ] as [(String, String)])
  func reports(_ body: String, _ message: String) throws {
    let result = try MarkedFindings(Self.rule, body)
    #expect(result.positions == result.expected, "\(body)")
    #expect(result.messages == [message], "\(body)")
  }

  @Test(
    "an element not marked decorative, not exposed, or with a presentational semantic role passes",
    arguments: [
      // Semantic role none / presentation: no conflict.
      "<nav role=\"none\">x</nav>", "<img src=\"a.png\" alt=\"\">", "<span role=\"presentation\">x</span>",
      // Not marked decorative: a first valid role that is not none, an alt that is not empty.
      "<span role=\"button none\" tabindex=\"0\">x</span>", "<img src=\"a.png\" alt=\" \" tabindex=\"0\">",
      "<img src=\"a.png\" alt=\"\" role=\"img\" aria-label=\"Logo\">",
      // Focusable: a tabindex that parses to null, a disabled button.
      "<span role=\"none\" tabindex=\"x\">x</span>", "<button role=\"none\" disabled>Go</button>",
      // Not included in the accessibility tree: programmatically hidden.
      "<span role=\"none\" tabindex=\"0\" aria-hidden=\"true\">x</span>",
      "<span role=\"none\" tabindex=\"0\" style=\"display: none\">x</span>",
      "<div hidden><img src=\"a.png\" alt=\"\" tabindex=\"0\"></div>",
    ])
  func passes(_ body: String) throws {
    #expect(try MarkedFindings(Self.rule, body).findings.isEmpty, "\(body)")
  }
}
