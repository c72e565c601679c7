internal import Detection
internal import TextModel

/// A paragraph in a language its markup does not declare: a speech engine reads it with the
/// declared language's voice and rules (French read as English). CLD2 names the language when it
/// is sure (long enough, reliable).
package enum UndeclaredLanguage: AuditRule {
  package static let descriptor = AuditRuleDescriptor(
    name: "undeclared-language", wcag: ["3.1.2"], severity: .warning,
    summary: "Text in another language than the page's is marked with lang.",
    fix: "Mark the passage with its language (<p lang=\"fr\">).")

  package static func check(_ page: AuditPage, _ report: inout AuditReport) {
    let document = page.document
    guard let pageLanguage = document.language, LanguageTag.isValid(pageLanguage) else { return }
    let declared = document.runs.compactMap { run -> (TextRange, String)? in
      if case .language(let tag) = run.attribute { return (run.range, tag) }
      return nil
    }
    let identifier = LanguageIdentifier()
    // Nearly every block is in the page's language and reads as one of a few: their primary
    // subtags are worked out once each.
    var primaries = PrimarySubtags()
    // Blocks and runs are in start order: one sweep keeps the runs open at each block.
    var next = 0
    var open: [(TextRange, String)] = []
    for block in document.blocks where block.range.end - block.range.start >= 60 {
      while next < declared.count && declared[next].0.start <= block.range.start {
        open.append(declared[next])
        next += 1
      }
      open.removeAll { $0.0.end <= block.range.start }
      // Blocks that hold other blocks are judged by those. Bytes, not Characters: a line feed is a
      // Character of its own unless a carriage return comes before it.
      let (holdsLines, spaces) = document.withUTF8(of: block.range) { bytes -> (Bool, Int) in
        var spaces = 0
        var previous: UInt8 = 0
        for byte in bytes {
          if byte == 0x0A && previous != 0x0D { return (true, spaces) }
          if byte == 0x20 { spaces += 1 }
          previous = byte
        }
        return (false, spaces)
      }
      if holdsLines { continue }
      let inEffect = open.last { $0.0.end >= block.range.end }?.1 ?? pageLanguage
      // A block with a language run inside it is partly declared: leave it.
      var partly = open.contains { $0.0.end < block.range.end && $0.1 != inEffect }
      var later = next
      while !partly && later < declared.count && declared[later].0.start < block.range.end {
        partly = declared[later].1 != inEffect
        later += 1
      }
      if partly { continue }
      guard spaces >= 7, let found = identifier.identify(document[block.range]),
        found.method == "cld2",
        found.confidence >= 0.9
      else { continue }
      let primary = primaries.of(inEffect)
      let detected = primaries.of(found.language)
      if primary != detected && !found.alternatives.contains(where: { LanguageTag.primary($0) == primary })
        && !(["no", "nb", "nn"].contains(primary) && ["no", "nb", "nn"].contains(detected))
      {
        report.text(block.range, "text reads as \(found.language) but is marked \(inEffect)")
      }
    }
  }
}

/// ``LanguageTag/primary(_:)`` remembered for the tags asked about so far.
struct PrimarySubtags {
  private var known: [String: String] = [:]

  mutating func of(_ tag: String) -> String {
    if let primary = known[tag] { return primary }
    let primary = LanguageTag.primary(tag)
    known[tag] = primary
    return primary
  }
}
