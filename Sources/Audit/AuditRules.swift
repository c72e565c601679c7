/// The one table of rules: `textrotor audit` runs them in this order, `--rules` picks by name, and
/// docs/AUDIT.md's rule list is generated from it (``markdownTable``; AuditRulesTests keeps the two equal).
package enum AuditRules {
  package static let all: [any AuditRule.Type] = [
    PageTitle.self, HTMLHasLang.self, HTMLLangValid.self, PageLangMatches.self, ElementLangValid.self,
    ElementLangMatches.self, MetaRefresh.self, MetaViewport.self, ImageAlt.self, HiddenImageDecorative.self,
    DecorativeNotExposed.self, ImageButtonName.self, SVGName.self, ObjectName.self, LinkName.self, ButtonName.self,
    FormFieldName.self, HeadingName.self, SummaryName.self, IframeName.self, RoleValid.self,
    ARIAAttributeDefined.self, ARIAValueValid.self, HeadersAttribute.self, HeaderHasCells.self,
    // Beyond ACT: what axe and Lighthouse check that a listener notices most.
    HeadingOrder.self, EmptyTableHeader.self, RedundantAlt.self, DuplicateID.self, LinkText.self,
    // What speech gets wrong, which no peer checks.
    MathAlphanumerics.self, PlainContact.self, MisreadNumbers.self, EmojiRun.self, UndeclaredLanguage.self,
  ]

  /// The rule named `name`.
  package static func named(_ name: String) -> (any AuditRule.Type)? { all.first { $0.descriptor.name == name } }

  /// The rule list as docs/AUDIT.md shows it: one Markdown table row per rule.
  package static var markdownTable: String {
    var lines = [
      "| rule | ACT | WCAG | severity | inputs | checks | fix |", "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for rule in all {
      let d = rule.descriptor
      lines.append(
        "| `\(d.name)` | \(d.act.map(ACTRuleText.citation).joined(separator: "; ")) | "
          + "\(d.wcag.joined(separator: ", ")) | \(d.severity.rawValue) | \(d.formatNames) | "
          + "\(d.summary) | \(d.fix.split(separator: "|").joined(separator: "\\|")) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
