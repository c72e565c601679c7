/// A Markdown document's YAML front matter: the block between a first line `---` and the next line
/// `---` (or `...`), as Jekyll, Hugo and GitHub read it. GitHub shows it as a table; TextRotor keeps
/// it out of the reading and takes two keys from it.
///
/// Only top-level `key: value` lines with a plain or quoted scalar are read (`title: Trail notes`,
/// `lang: "de"`); nested maps, lists and block scalars are skipped, since nothing else is used.
struct FrontMatter {
  /// The byte offset just after the closing line: where the Markdown starts.
  let end: Int
  /// `title`.
  var title: String?
  /// `lang` (or `language`): a BCP 47 tag.
  var language: String?

  /// The front matter at `start` of `bytes`, or nil when the input does not start with one (a
  /// `---` with no closing line is Markdown: a thematic break or a setext underline).
  init?(_ bytes: [UInt8], from start: Int) {
    guard let first = Self.line(bytes, from: start), Self.isDelimiter(bytes[first.range], allowingDots: false) else {
      return nil
    }
    var position = first.next
    var entries: [(key: Substring, value: Substring?)] = []
    while let line = Self.line(bytes, from: position) {
      if Self.isDelimiter(bytes[line.range], allowingDots: true) {
        end = line.next
        for (key, value) in entries {
          switch key {
          case "title": title = value.map(String.init)
          case "lang", "language": language = value.map(String.init)
          default: break
          }
        }
        return
      }
      let entry = Self.entry(bytes[line.range])
      // Front matter is a YAML mapping: a first line that is not `key: …` makes this Markdown
      // (`---`, a paragraph, `---`: a rule and a setext heading).
      if entries.isEmpty, entry == nil, !Self.isBlankOrComment(bytes[line.range]) {
        return nil
      }
      if let entry { entries.append(entry) }
      position = line.next
    }
    return nil
  }

  /// The line starting at `start` (without its line break) and where the next one starts.
  private static func line(_ bytes: [UInt8], from start: Int) -> (range: Range<Int>, next: Int)? {
    guard start < bytes.count else { return nil }
    var end = start
    while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
    var next = end
    if next < bytes.count && bytes[next] == 0x0D { next += 1 }
    if next < bytes.count && bytes[next] == 0x0A { next += 1 }
    return (start..<end, next)
  }

  private static func isBlankOrComment(_ line: ArraySlice<UInt8>) -> Bool {
    guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 }) else { return true }
    return first == UInt8(ascii: "#")
  }

  private static func isDelimiter(_ line: ArraySlice<UInt8>, allowingDots: Bool) -> Bool {
    var trimmed = line
    while let last = trimmed.last, last == 0x20 || last == 0x09 { trimmed.removeLast() }
    return trimmed.elementsEqual("---".utf8) || (allowingDots && trimmed.elementsEqual("...".utf8))
  }

  /// A top-level `key: value` line's key and unquoted value (nil for a nested map's or a block
  /// scalar's first line, `key:` or `key: |`).
  private static func entry(_ line: ArraySlice<UInt8>) -> (key: Substring, value: Substring?)? {
    guard let first = line.first, first != 0x20, first != 0x09, first != UInt8(ascii: "#") else { return nil }
    let text = String(decoding: line, as: UTF8.self)
    guard let separator = text.firstIndex(of: ":") else { return nil }
    let name = text[..<separator].trimmingSpaces
    // YAML: the colon of a mapping is followed by a space or the end of the line (`a:b` is a scalar).
    let after = text.index(after: separator)
    guard !name.isEmpty, after == text.endIndex || text[after] == " " || text[after] == "\t" else { return nil }
    var value = text[text.index(after: separator)...].trimmingSpaces
    if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
      value = value.dropFirst().dropLast()
    } else if let comment = value.indices.first(where: {
      value[$0] == "#" && $0 > value.startIndex && value[value.index(before: $0)] == " "
    }) {
      value = value[..<comment].trimmingSpaces  // `title: Notes # draft`
    }
    let key = Substring(name.lowercased())
    guard !value.isEmpty, value.first != "|", value.first != ">" else { return (key, nil) }
    return (key, value)
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var result = self
    while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
    while let last = result.last, last == " " || last == "\t" { result.removeLast() }
    return result
  }
}
