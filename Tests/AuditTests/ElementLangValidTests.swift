import Testing

@testable import Audit

/// ``ElementLangValid`` (`valid-lang`, ACT de46e4), clause by clause of the rule text: each marked
/// start tag is where a finding is expected.
@Suite struct ElementLangValidTests {
  static let rule = "valid-lang"

  @Test(
    "a lang without a known primary language subtag is reported where text inherits it",
    arguments: [
      // Expectation: the primary subtag is in the registry (ISO 639-2 codes and made-up ones are not).
      ("⟦<p lang=\"eng\">⟧Hello there</p>", "lang=\"eng\" is not a valid language tag"),
      ("⟦<p lang=\"invalid\">⟧Hello</p>", "lang=\"invalid\" is not a valid language tag"),
      ("⟦<p lang=\"en_US\">⟧Hello</p>", "lang=\"en_US\" is not a valid language tag"),
      // Grandfathered tags have no known primary language tag.
      ("⟦<p lang=\"i-klingon\">⟧nuqneH</p>", "lang=\"i-klingon\" is not a valid language tag"),
      // Applicability: a value that is not empty, white space included.
      ("⟦<p lang=\" \">⟧Hello</p>", "lang=\" \" is not a valid language tag"),
      // Applicability: the body element is an inclusive descendant of body.
      (
        "<!doctype html><html lang=\"en\"><head><title>T</title></head>⟦<body lang=\"xyz\">⟧Hello</body></html>",
        "lang=\"xyz\" is not a valid language tag"
      ),
      // Text inheriting: text that is visible counts though it is not in the accessibility tree.
      ("⟦<p lang=\"xyz\" aria-hidden=\"true\">⟧Hello</p>", "lang=\"xyz\" is not a valid language tag"),
      // Text inheriting: through a descendant with an empty lang.
      ("⟦<div lang=\"xyz\">⟧<span lang=\"\">Hello</span></div>", "lang=\"xyz\" is not a valid language tag"),
      // Text inheriting: an accessible name, an accessible description.
      ("⟦<img lang=\"xyz\" src=\"a.png\" alt=\"Hello\">⟧", "lang=\"xyz\" is not a valid language tag"),
      ("⟦<div lang=\"xyz\" aria-label=\"Hello\">⟧</div>", "lang=\"xyz\" is not a valid language tag"),
      ("⟦<span lang=\"xyz\" title=\"Hello\">⟧</span>", "lang=\"xyz\" is not a valid language tag"),
    ] as [(String, String)])
  func reports(_ body: String, _ message: String) throws {
    let result = try MarkedFindings(Self.rule, body)
    #expect(result.positions == result.expected, "\(body)")
    #expect(result.messages == [message], "\(body)")
  }

  @Test(
    "a known primary subtag, an empty lang, or no text inheriting it passes",
    arguments: [
      // Expectation met: the primary subtag is known, whatever follows it, in any case.
      "<p lang=\"fr\">Bonjour</p>", "<p lang=\"de-hello\">Hallo</p>", "<p lang=\"EN-us\">Hi</p>",
      // Applicability: an empty lang.
      "<p lang=\"\">Hello</p>",
      // Text inheriting: none, only white space (U+00A0, U+3000 included), only text under another lang.
      "<p lang=\"invalid\"></p>", "<p lang=\"xyz\">\u{A0}\u{3000} </p>",
      "<div lang=\"xyz\"><p lang=\"en\">Hello</p></div>",
      // Text inheriting: text that is neither visible nor in the accessibility tree.
      "<p lang=\"xyz\" style=\"display:none\">Hello</p>", "<div hidden><p lang=\"xyz\">Hello</p></div>",
      // Applicability: not an inclusive descendant of body.
      "<!doctype html><html lang=\"en\"><head><title lang=\"xyz\">T</title></head><body>Hi</body></html>",
      // Applicability: not an HTML element (SVG's namespace).
      "<svg><text lang=\"xyz\">Hello</text></svg>",
    ])
  func passes(_ body: String) throws {
    #expect(try MarkedFindings(Self.rule, body).findings.isEmpty, "\(body)")
  }
}
