package import Audit

extension PreviewPage.Finding {
  /// The preview's view of an audit finding: placed by its text range when it has one, else by
  /// its input offset.
  package init(_ finding: AuditFinding) {
    self.init(
      severity: finding.severity.rawValue, rule: finding.rule, wcag: finding.wcag, message: finding.message,
      fix: finding.fix, textOffset: finding.range?.start, sourceOffset: finding.sourceOffset)
  }
}
