/// The part of a page's embedded CSS (`<style>` sheets and `style` attributes) that decides what a
/// screen reader meets: `display` and `visibility`, with simple selectors.
///
/// Selectors: type, `.class`, `#id`, `[attribute]`, `[attribute=value]`, `*`, compounds of these, and
/// the descendant and child combinators. A selector with anything else (pseudo-classes, `+`, `~`) is
/// ignored. `@media` is evaluated for a desktop screen, `@supports` (not negated) and `@layer` blocks
/// are read, other at-rules are skipped with their blocks. The cascade is importance, specificity, then order; a `style`
/// attribute wins over normal rules. Enough to hide what the page hides; see docs/PARSING.md.
///
/// - Complexity: a rule is looked up by its rightmost id, class or type, so an element is checked
///   against the few rules that could match it; each match walks at most the open elements.
struct CSSStyleSheet {
  /// What a declaration block sets.
  struct Style: Equatable {
    var display: Display?
    var visibility: Visibility?
    /// `!important` on the declaration that set ``display`` / ``visibility``.
    var importantDisplay = false
    var importantVisibility = false

    /// This style with `other` (a `style` attribute) laid over it: other wins unless this
    /// declaration is important and other's is not.
    func overlaid(by other: Style) -> Style {
      var result = self
      if let value = other.display, other.importantDisplay || !importantDisplay {
        result.display = value
        result.importantDisplay = other.importantDisplay
      }
      if let value = other.visibility, other.importantVisibility || !importantVisibility {
        result.visibility = value
        result.importantVisibility = other.importantVisibility
      }
      return result
    }
  }

  enum Display: Equatable {
    /// `display: none`: the element and its content are not rendered.
    case notRendered
    /// `inline` or `contents`: no box of its own.
    case inline
    /// Any other value (block, inline-block, flex, grid, table…): a box that separates words.
    case box
  }

  enum Visibility: Equatable { case hidden, visible }

  /// One open element as a selector sees it.
  struct Element {
    var name: String
    var id: String?
    var classes: [String]
    var attributes: ElementAttributes
  }

  struct Compound {
    var name: String?
    var id: String?
    var classes: [String] = []
    /// Attribute name and, for `[name=value]`, the value.
    var attributes: [(name: String, value: String?)] = []

    func matches(_ element: Element) -> Bool {
      if let name, name != element.name { return false }
      if let id, id != element.id { return false }
      for cls in classes where !element.classes.contains(cls) { return false }
      for attribute in attributes {
        guard let value = element.attributes[attribute.name] else { return false }
        if let expected = attribute.value, expected != value { return false }
      }
      return true
    }
  }

  struct Selector {
    /// Compounds from right to left; `childOf[i]` says whether compound i + 1 must be the parent of
    /// compound i (`>`) rather than any ancestor.
    var compounds: [Compound]
    var childOf: [Bool]
    var specificity: Int
    /// One key (``CSSStyleSheet/keys(of:)``) of each compound left of the rightmost: an ancestor
    /// must carry each, so a selector whose keys are not all among the open elements' is rejected
    /// without a walk (the browsers' ancestor filter).
    var ancestorKeys: [Int] = []

    /// Whether the selector matches `element`, whose open ancestors are `ancestors` (outermost first).
    func matches(_ element: Element, ancestors: ArraySlice<Element>) -> Bool {
      guard compounds[0].matches(element) else { return false }
      var budget = Self.ancestorBudget
      return matchRest(from: 1, ancestors: ancestors, budget: &budget)
    }

    /// The most ancestors one match may visit: deep nesting with descendant selectors would
    /// otherwise make the read quadratic (or worse, with backtracking). A match that runs out is
    /// taken as no match (the element stays readable).
    static let ancestorBudget = 256

    private func matchRest(from index: Int, ancestors: ArraySlice<Element>, budget: inout Int) -> Bool {
      if index == compounds.count { return true }
      var candidates = ancestors
      while let last = candidates.last {
        budget -= 1
        if budget < 0 { return false }
        candidates = candidates.dropLast()
        if compounds[index].matches(last) {
          if matchRest(from: index + 1, ancestors: candidates, budget: &budget) { return true }
        }
        if childOf[index - 1] { return false }
      }
      return false
    }
  }

  struct Rule {
    var selector: Selector
    var style: Style
    var order: Int
  }

  private var byID: [String: [Rule]] = [:]
  private var byClass: [String: [Rule]] = [:]
  private var byName: [String: [Rule]] = [:]
  private var universal: [Rule] = []
  private var ruleCount = 0

  /// Whether the sheet holds no rule that matters.
  var isEmpty: Bool { ruleCount == 0 }

  /// Whether a `media` attribute's query list holds for the desktop viewport sheets are read for.
  static func mediaMatches(_ list: String) -> Bool {
    Parser.mediaMatches(Substring(list.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")))
  }

  /// Adds the rules of one style sheet's text.
  mutating func add(sheet text: String) {
    var parser = Parser(text)
    parser.parseRules { selectors, style in
      for selector in selectors { insert(Rule(selector: selector, style: style, order: ruleCount)) }
    }
  }

  private mutating func insert(_ rule: Rule) {
    ruleCount += 1
    let key = rule.selector.compounds[0]
    if let id = key.id {
      byID[id, default: []].append(rule)
    } else if let cls = key.classes.first {
      byClass[cls, default: []].append(rule)
    } else if let name = key.name {
      byName[name, default: []].append(rule)
    } else {
      universal.append(rule)
    }
  }

  /// The keys an element offers to the ancestor filter: hashes of its id, each class and its name
  /// (a collision only makes the filter let a selector through to the exact match).
  static func keys(of element: Element) -> [Int] {
    var keys = element.classes.map { key(0x2E, $0) }
    if let id = element.id { keys.append(key(0x23, id)) }
    keys.append(key(0, element.name))
    return keys
  }

  /// The most selective key of a compound, or nil for one that requires none (`*`, `[attr]`).
  static func key(of compound: Compound) -> Int? {
    if let id = compound.id { return key(0x23, id) }
    if let cls = compound.classes.first { return key(0x2E, cls) }
    return compound.name.map { key(0, $0) }
  }

  private static func key(_ kind: UInt8, _ text: String) -> Int {
    var hasher = Hasher()
    hasher.combine(kind)
    hasher.combine(text)
    return hasher.finalize()
  }

  /// The cascaded `display` and `visibility` of `element` (nil where no rule sets them; inline style
  /// not included). `ancestorKeys` counts the ``keys(of:)`` of the open ancestors.
  func style(of element: Element, ancestors: ArraySlice<Element>, ancestorKeys: [Int: Int]) -> Style {
    var display: (Display, Int, Int)?
    var visibility: (Visibility, Int, Int)?
    func consider(_ rules: [Rule]) {
      for rule in rules where rule.style.display != nil || rule.style.visibility != nil {
        guard rule.selector.ancestorKeys.allSatisfy({ ancestorKeys[$0, default: 0] > 0 }),
          rule.selector.matches(element, ancestors: ancestors)
        else { continue }
        // An important declaration beats every normal one, then specificity, then order.
        let important = 1 << 40
        if let value = rule.style.display {
          let weight = (rule.selector.specificity + (rule.style.importantDisplay ? important : 0), rule.order)
          if display.map({ (weight.0, weight.1) > ($0.1, $0.2) }) ?? true { display = (value, weight.0, weight.1) }
        }
        if let value = rule.style.visibility {
          let weight = (rule.selector.specificity + (rule.style.importantVisibility ? important : 0), rule.order)
          if visibility.map({ (weight.0, weight.1) > ($0.1, $0.2) }) ?? true {
            visibility = (value, weight.0, weight.1)
          }
        }
      }
    }
    if let id = element.id, let rules = byID[id] { consider(rules) }
    for cls in element.classes { if let rules = byClass[cls] { consider(rules) } }
    if let rules = byName[element.name] { consider(rules) }
    consider(universal)
    return Style(
      display: display?.0, visibility: visibility?.0, importantDisplay: (display?.1 ?? 0) >= 1 << 40,
      importantVisibility: (visibility?.1 ?? 0) >= 1 << 40)
  }

  /// The `display` and `visibility` a `style` attribute sets.
  static func inlineStyle(_ text: String) -> Style {
    var style = Style()
    for declaration in text.split(separator: ";") {
      apply(declaration, to: &style)
    }
    return style
  }

  fileprivate static func apply(_ declaration: Substring, to style: inout Style) {
    guard let colon = declaration.firstIndex(of: ":") else { return }
    let property = declaration[..<colon].lowercased().filter { !$0.isWhitespace }
    var value = declaration[declaration.index(after: colon)...].lowercased()
    var important = false
    if let bang = value.firstIndex(of: "!") {
      important = value[bang...].contains("important")
      value = String(value[..<bang])
    }
    let words = value.split(whereSeparator: \.isWhitespace)
    guard let first = words.first else { return }
    switch property {
    case "display":
      // A later declaration in the same block wins unless the earlier one is important.
      if style.importantDisplay && !important { return }
      switch first {
      case "none": style.display = .notRendered
      case "inline", "contents": style.display = .inline
      case "initial", "inherit", "unset", "revert", "revert-layer": return
      default: style.display = .box
      }
      style.importantDisplay = important
    case "visibility":
      if style.importantVisibility && !important { return }
      switch first {
      case "hidden", "collapse": style.visibility = .hidden
      case "visible": style.visibility = .visible
      default: return
      }
      style.importantVisibility = important
    default: break
    }
  }

  /// A forgiving reader of style sheet text: comments skipped, at-rules stepped over (their blocks
  /// included) except `@media screen` / `@media all`, whose rules are read.
  private struct Parser {
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
        guard style.display != nil || style.visibility != nil else { continue }
        let selectors = prelude.split(separator: ",").compactMap { Self.selector(String($0)) }
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

    /// Reads up to the `}` that closes the block just opened (nested blocks included).
    private mutating func readBlockBody() -> String {
      let start = index
      var depth = 1
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2A {
          skipComment()
          continue
        }
        if byte == 0x22 || byte == 0x27 {
          skipString(byte)
          continue
        }
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
        let byte = bytes[index]
        if byte == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2A {
          skipComment()
          continue
        }
        if byte == 0x22 || byte == 0x27 {
          skipString(byte)
          continue
        }
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
        compounds: compounds, childOf: childOf, specificity: specificity,
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
