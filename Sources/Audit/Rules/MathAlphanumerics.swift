internal import TextModel

/// Letters styled with Mathematical Alphanumeric Symbols (𝐛𝐨𝐥𝐝, 𝑖𝑡𝑎𝑙𝑖𝑐, 𝔣𝔯𝔞𝔨𝔱𝔲𝔯) outside
/// mathematics: screen readers say each one as "mathematical bold small b" or skip it.
package enum MathAlphanumerics: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "styled-letters", wcag: ["1.3.1"], severity: .warning,
    summary: "Words are not written in mathematical letters for styling.",
    fix: "Write plain letters and style them with <strong>, <em> or CSS.")

  static func isMathLetter(_ scalar: Unicode.Scalar) -> Bool {
    (0x1D400...0x1D7FF).contains(scalar.value) && scalar.properties.isAlphabetic
  }

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    var runStart: Int?
    var runEnd = 0
    var count = 0
    func close() {
      if let start = runStart, count >= 3 {
        report.text(TextRange(start: start, end: runEnd), "\(count) letters written as mathematical symbols")
      }
      runStart = nil
      count = 0
    }
    var text = page.document.text
    text.withUTF8 { bytes in
      var scalars = UTF8Scalars(bytes)
      while true {
        // Outside a run, scalars below U+10000 (lead bytes below 0xF0) are no mathematical letters.
        if runStart == nil { _ = scalars.skip(below: 0xF0) }
        guard let (scalar, offset, length) = scalars.next() else { break }
        if isMathLetter(scalar) {
          if runStart == nil { runStart = offset }
          count += 1
          runEnd = offset + length
        } else if scalar != " " {
          // A space between styled words keeps one run.
          close()
        }
      }
    }
    close()
  }
}
