/// The W3C ACT rule text each ACT id names (w3c/wcag-act-rules, content/rules/ID): its title, and
/// for the rules reviewed clause by clause, the clauses the rule's code follows. docs/AUDIT.md's
/// rule list shows them beside the ids (``AuditRules/markdownTable``).
enum ACTRuleText {
  static let texts: [String: String] = [
    "2779a5":
      "HTML page has non-empty title (applicability: the root element, if `html`; expectation 1: a descendant "
      + "`title`; expectation 2: the first HTML `title` has text that is not only whitespace)",
    "b5c3f8":
      "HTML page has lang attribute (applicability: the document element if `html`, top-level, content type "
      + "`text/html`; expectation: `lang` neither empty nor only ASCII whitespace)",
    "bf051a": "HTML page lang attribute has valid language tag",
    "ucwvc8": "HTML page language subtag matches default language",
    "de46e4":
      "Element with lang attribute has valid language tag (applicability: an HTML element with a non-empty "
      + "`lang`, inclusive descendant of `body`, `text/html`, with text inheriting its programmatic language "
      + "that is not only whitespace; expectation: a known primary language tag)",
    "off6ek": "HTML element language subtag matches language",
    "bc659a": "Meta element has no refresh delay",
    "bisz58": "Meta element has no refresh delay (no exception)",
    "b4f0c3": "Meta viewport allows for zoom",
    "23a2a8": "Image has non-empty accessible name",
    "e88epe": "Image not in the accessibility tree is decorative",
    "46ca7f":
      "Element marked as decorative is not exposed (applicability: marked as decorative; expectation: not "
      + "included in the accessibility tree, or a semantic role of `none`/`presentation`, the conflict "
      + "clause of semantic role: focusable or a global ARIA attribute)",
    "59796f": "Image button has non-empty accessible name",
    "7d6734": "SVG element with explicit role has non-empty accessible name",
    "8fc3b6": "Object element rendering non-text content has non-empty accessible name",
    "c487ae": "Link has non-empty accessible name",
    "97a4e1": "Button has non-empty accessible name",
    "e086e5": "Form field has non-empty accessible name",
    "ffd0e9": "Heading has non-empty accessible name",
    "2t702h": "Summary element has non-empty accessible name",
    "cae760": "Iframe element has non-empty accessible name",
    "674b10": "Role attribute has valid value",
    "5f99a7": "ARIA attribute is defined in WAI-ARIA",
    "6a7281": "ARIA state or property has valid value",
    "a25f45": "Headers attribute specified on a cell refers to cells in the same table element",
    "d0f69e":
      "Table header cell has assigned cells (applicability: semantic `rowheader`/`columnheader`, visible, "
      + "included in the accessibility tree, closest semantic `table`/`grid` included; expectation: assigned "
      + "to at least one inheriting semantic `cell`)",
  ]

  /// The id with its rule's text, as the docs cite it: `46ca7f` "Element marked as…" (clauses).
  static func citation(_ id: String) -> String {
    guard let text = texts[id] else { return id }
    return "\(id) \(text)"
  }
}
