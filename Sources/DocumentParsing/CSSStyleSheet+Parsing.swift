extension CSSStyleSheet {
  /// A forgiving reader of style sheet text: comments skipped, `@media` blocks that hold for a
  /// desktop screen, `@supports` and `@layer` blocks read, other at-rules stepped over with their
  /// blocks; selectors and declarations parsed into ``CSSStyleSheet/Selector`` and ``CSSStyleSheet/Style``.
  struct Parser {
    let bytes: [UInt8]
    var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    mutating func parseRules(_ emit: ([Selector], Style) -> Void) {
      while index < bytes.count {
        skipSpaceAndComments()
        guard index < bytes.count else { return }
        if bytes[index] == 0x7D {  // "}" closing an @media block we entered
          index += 1
          continue
        }
        if bytes[index] == 0x40 {  // "@"
          atRule()
          continue
        }
        let prelude = readUntil(0x7B)  // "{"
        guard index < bytes.count else { return }
        index += 1
        let body = readBlockBody()
        let style = Self.declarations(body)
        let stylesElements = style.display != nil || style.visibility != nil
        guard stylesElements || style.content != nil else { continue }
        // A rule for `::before`/`::after` counts for its content only; one for the element, for
        // display and visibility only.
        let selectors = prelude.split(separator: ",").compactMap { Self.selector(String($0)) }.filter {
          $0.pseudoElement == nil ? stylesElements : style.content != nil
        }
        if !selectors.isEmpty { emit(selectors, style) }
      }
    }

    /// Reads an at-rule: `@media screen {` and `@media all {` are entered (their rules are read),
    /// anything else is skipped with its block.
    private mutating func atRule() {
      var end = index
      while end < bytes.count, bytes[end] != 0x7B, bytes[end] != 0x3B { end += 1 }
      let prelude = String(decoding: bytes[index..<end], as: UTF8.self).lowercased()
        .split(whereSeparator: \.isWhitespace).joined(separator: " ")
      index = end
      guard index < bytes.count else { return }
      if bytes[index] == 0x3B {
        index += 1
        return
      }
      index += 1
      if prelude.hasPrefix("@media"), Self.mediaMatches(prelude.dropFirst(6)) {
        return  // the rules inside are read; the closing "}" is skipped by parseRules
      }
      // Cascade layers and feature queries (taken as supported, unless negated) hold ordinary rules.
      if prelude.hasPrefix("@layer") || (prelude.hasPrefix("@supports") && !prelude.hasPrefix("@supports not")) {
        return
      }
      _ = readBlockBody()
    }

    /// The viewport a query is evaluated for: the window of ax-compare's reference browser, a
    /// common desktop size (1280 × 1024 CSS pixels, 16 px to the em).
    static let viewportWidth = 1280.0
    static let viewportHeight = 1024.0

    /// Whether a media query list holds for a desktop screen: media types, `not`, `only`, `and`, and
    /// the width, height and orientation features; any other feature is taken as false.
    static func mediaMatches(_ list: Substring) -> Bool {
      list.split(separator: ",").contains { query in
        var words = query.trimmingCharacters()
        var negated = false
        if words.hasPrefix("not ") {
          negated = true
          words = String(words.dropFirst(4))
        }
        if words.hasPrefix("only ") { words = String(words.dropFirst(5)) }
        var holds = true
        for part in words.components(separatedBy: " and ") {
          let condition = part.trimmingCharacters()
          if condition.hasPrefix("(") && condition.hasSuffix(")") {
            holds = holds && featureMatches(condition.dropFirst().dropLast())
          } else {
            holds = holds && (condition == "screen" || condition == "all" || condition.isEmpty)
          }
        }
        return holds != negated
      }
    }

    private static func featureMatches(_ feature: Substring) -> Bool {
      let parts = feature.split(separator: ":", maxSplits: 1)
      let name = parts.first.map { String($0).trimmingCharacters() } ?? ""
      let value = parts.count > 1 ? String(parts[1]).trimmingCharacters() : ""
      func length(_ text: String) -> Double? {
        if text.hasSuffix("px") { return Double(text.dropLast(2)) }
        if text.hasSuffix("rem") { return Double(text.dropLast(3)).map { $0 * 16 } }
        if text.hasSuffix("em") { return Double(text.dropLast(2)).map { $0 * 16 } }
        return Double(text)
      }
      switch name {
      case "min-width": return length(value).map { viewportWidth >= $0 } ?? false
      case "max-width": return length(value).map { viewportWidth <= $0 } ?? false
      case "min-height": return length(value).map { viewportHeight >= $0 } ?? false
      case "max-height": return length(value).map { viewportHeight <= $0 } ?? false
      case "orientation": return value == "landscape"
      case "prefers-reduced-motion": return value == "no-preference"
      case "prefers-color-scheme": return value == "light"
      case "hover": return value == "hover"
      case "pointer", "any-pointer": return value == "fine"
      default: return false
      }
    }

    /// Skips a comment or a quoted string starting at `index`; whether there was one.
    private mutating func skipCommentOrString() -> Bool {
      let byte = bytes[index]
      if byte == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2A {
        skipComment()
        return true
      }
      if byte == 0x22 || byte == 0x27 {
        skipString(byte)
        return true
      }
      return false
    }

    /// Reads up to the `}` that closes the block just opened (nested blocks included).
    private mutating func readBlockBody() -> String {
      let start = index
      var depth = 1
      while index < bytes.count {
        if skipCommentOrString() { continue }
        let byte = bytes[index]
        if byte == 0x7B { depth += 1 }
        if byte == 0x7D {
          depth -= 1
          if depth == 0 {
            let body = String(decoding: bytes[start..<index], as: UTF8.self)
            index += 1
            return body
          }
        }
        index += 1
      }
      return String(decoding: bytes[start...], as: UTF8.self)
    }

    /// Reads a rule's prelude up to its `{`. As in CSS syntax, `[…]` and `(…)` are blocks whose
    /// content cannot open the rule: a sheet wrapped in `<![CDATA[ … ]]>` is one invalid prelude (no
    /// rule at all), as browsers read it.
    private mutating func readUntil(_ stop: UInt8) -> String {
      let start = index
      var nesting: [UInt8] = []
      while index < bytes.count {
        if skipCommentOrString() { continue }
        let byte = bytes[index]
        if byte == 0x5B {
          nesting.append(0x5D)
        } else if byte == 0x28 {
          nesting.append(0x29)
        } else if let close = nesting.last, byte == close {
          nesting.removeLast()
        } else if nesting.isEmpty && (byte == stop || byte == 0x7D) {
          break  // the rule's "{", or a stray "}" to resynchronize at
        }
        index += 1
      }
      index = min(index, bytes.count)
      let text = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
      if index < bytes.count, bytes[index] == 0x7D {
        index += 1
        return ""
      }
      return text
    }

    private mutating func skipString(_ quote: UInt8) {
      index += 1
      while index < bytes.count, bytes[index] != quote {
        if bytes[index] == 0x5C { index += 1 }
        index += 1
      }
      index += 1
    }

    private mutating func skipComment() {
      index += 2
      while index + 1 < bytes.count, !(bytes[index] == 0x2A && bytes[index + 1] == 0x2F) { index += 1 }
      index = min(bytes.count, index + 2)
    }

    private mutating func skipSpaceAndComments() {
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
          index += 1
        } else if byte == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2A {
          skipComment()
        } else if matches("<!--") {
          index += 4  // "<!--" and "-->" around a sheet (old pages) are ignored, as CSS does
        } else if matches("-->") {
          index += 3
        } else {
          return
        }
      }
    }

    private func matches(_ word: String) -> Bool {
      let utf8 = Array(word.utf8)
      guard index + utf8.count <= bytes.count else { return false }
      return Array(bytes[index..<(index + utf8.count)]) == utf8
    }

    static func declarations(_ body: String) -> Style {
      var style = Style()
      for declaration in body.split(separator: ";") { CSSStyleSheet.apply(declaration, to: &style) }
      return style
    }

    /// One selector of a list, or nil when it uses something this sheet does not evaluate.
    static func selector(_ text: String) -> Selector? {
      var compounds: [Compound] = []
      var childOf: [Bool] = []
      var specificity = 0
      var pendingChild = false
      var tokens: [String] = []
      // Split on whitespace, keeping ">" as its own token.
      var current = ""
      var bracket = false
      for character in text {
        if character == "[" { bracket = true }
        if character == "]" { bracket = false }
        if !bracket && (character.isWhitespace || character == ">") {
          if !current.isEmpty { tokens.append(current) }
          current = ""
          if character == ">" { tokens.append(">") }
        } else {
          current.append(character)
        }
      }
      if !current.isEmpty { tokens.append(current) }
      guard !tokens.isEmpty else { return nil }
      // A pseudo-element at the end (`p::before`, CSS 2's `p:before`) styles generated content.
      var pseudoElement: PseudoElement?
      let last = tokens[tokens.count - 1].lowercased()
      for (suffix, pseudo) in [
        ("::before", PseudoElement.before), (":before", .before), ("::after", .after), (":after", .after),
      ]
      where last.hasSuffix(suffix) {
        pseudoElement = pseudo
        tokens[tokens.count - 1] = String(tokens[tokens.count - 1].dropLast(suffix.count))
        specificity += 1
        if tokens[tokens.count - 1].isEmpty { tokens[tokens.count - 1] = "*" }
        break
      }
      var parsed: [(Compound, Bool)] = []  // compound, and whether a ">" precedes it
      for token in tokens {
        if token == ">" {
          pendingChild = true
          continue
        }
        guard let (compound, weight) = compound(token) else { return nil }
        specificity += weight
        parsed.append((compound, pendingChild))
        pendingChild = false
      }
      guard !parsed.isEmpty, !pendingChild, !parsed[0].1 else { return nil }
      for (offset, item) in parsed.enumerated().reversed() {
        compounds.append(item.0)
        if offset > 0 { childOf.append(item.1) }
      }
      return Selector(
        compounds: compounds, childOf: childOf, specificity: specificity, pseudoElement: pseudoElement,
        ancestorKeys: compounds.dropFirst().compactMap(CSSStyleSheet.key(of:)))
    }

    /// One compound selector (`div.note#x[hidden]`) and its specificity (id 10000, class and
    /// attribute 100, type 1), or nil when it holds anything else.
    static func compound(_ token: String) -> (Compound, Int)? {
      var compound = Compound()
      var weight = 0
      let scalars = Array(token.unicodeScalars)
      var index = 0
      func identifier() -> String {
        var out = ""
        while index < scalars.count {
          let scalar = scalars[index]
          if scalar == "." || scalar == "#" || scalar == "[" || scalar == ":" || scalar == "*" { break }
          if scalar == "\\", index + 1 < scalars.count {
            out.unicodeScalars.append(scalars[index + 1])
            index += 2
            continue
          }
          out.unicodeScalars.append(scalar)
          index += 1
        }
        return out
      }
      while index < scalars.count {
        let scalar = scalars[index]
        switch scalar {
        case "*":
          index += 1
        case ".":
          index += 1
          let name = identifier()
          guard !name.isEmpty else { return nil }
          compound.classes.append(name)
          weight += 100
        case "#":
          index += 1
          let name = identifier()
          guard !name.isEmpty else { return nil }
          compound.id = name
          weight += 10000
        case "[":
          guard let close = scalars[index...].firstIndex(of: "]") else { return nil }
          let inside = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
          index = close + 1
          if let equals = inside.firstIndex(of: "=") {
            let name = String(inside[..<equals]).trimmingSpaces().lowercased()
            guard !name.isEmpty, let last = name.last, last.isLetter || last.isNumber || last == "-" else {
              return nil  // ~= |= ^= $= *=
            }
            var value = String(inside[inside.index(after: equals)...]).trimmingSpaces()
            if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
              value = String(value.dropFirst().dropLast())
            }
            compound.attributes.append((name, value))
          } else {
            let name = inside.trimmingSpaces().lowercased()
            guard !name.isEmpty else { return nil }
            compound.attributes.append((name, nil))
          }
          weight += 100
        case ":":
          return nil
        default:
          let name = identifier()
          guard !name.isEmpty, compound.name == nil else { return nil }
          compound.name = name.lowercased()
          weight += 1
        }
      }
      return (compound, weight)
    }
  }
}

extension StringProtocol {
  /// The text without surrounding whitespace.
  fileprivate func trimmingCharacters() -> String { String(self).trimmingSpaces() }

  /// The pieces between occurrences of `separator`.
  fileprivate func components(separatedBy separator: String) -> [String] {
    var pieces: [String] = []
    var rest = Substring(self)
    while let range = rest.firstRange(of: separator) {
      pieces.append(String(rest[..<range.lowerBound]))
      rest = rest[range.upperBound...]
    }
    pieces.append(String(rest))
    return pieces
  }
}
