package import Navigation
package import TextModel

extension Rotor {
  /// Writes the rotor as the JSON object of `rotor --format json`: its name, its size and the given
  /// entries (1-based index, kind, label, value, level, severity, and the range in every unit), each
  /// written as it is read (a lazy sequence of a rotor's entries never holds them all).
  package func writeJSON(
    entries: some Sequence<(Int, RotorEntry)>, in document: TextDocument, converter: inout TextOffsetConverter,
    into json: inout JSONWriter
  ) {
    json.object { json in
      json.member("rotor", kind.rawValue)
      json.member("count", count)
      json.key("items")
      json.array { json in
        for (index, entry) in entries {
          json.object { json in
            json.member("index", index + 1)
            json.member("kind", entry.kind.rawValue)
            json.member("label", entry.label)
            json.member("value", entry.value)
            if let level = entry.level { json.member("level", level) }
            json.member("severity", entry.severity?.rawValue)
            document.writeRange(entry.range, converter: &converter, into: &json)
          }
        }
      }
    }
  }

  /// One line of `rotor --list`: `level 2, line 12:5, offset 340: Trails → https://…  (warning)`;
  /// in a book the chapter first (`OEBPS/ch1.xhtml, line 12:5, …`).
  package func textLine(for entry: RotorEntry, in document: TextDocument) -> String {
    let (part, line, column) = document.sourceMap.inputLocation(forTextOffset: entry.range.start)
    // A heading with no text is what a screen reader says of it: "heading level 3".
    let label = entry.label.isEmpty && entry.kind == .heading ? "heading level \(entry.level ?? 0)" : entry.label
    var text = "\(part.map { "\($0), " } ?? "")line \(line):\(column), offset \(entry.range.start): \(label)"
    if let level = entry.level, kind == .headings { text = "level \(level), " + text }
    if let value = entry.value, entry.kind.hasTarget { text += " → \(value)" }
    if let severity = entry.severity { text += " (\(severity.rawValue))" }
    return text
  }
}
