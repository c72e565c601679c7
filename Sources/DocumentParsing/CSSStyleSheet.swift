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
    /// `content` (read for `::before` and `::after` rules only): its strings and `attr()` values in
    /// order; empty for `none`/`normal` (nothing generated).
    var content: [ContentPart]?

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

  /// A pseudo-element a rule styles: the generated content before or after an element's own.
  enum PseudoElement: Equatable { case before, after }

  /// One part of a `content` value.
  enum ContentPart: Equatable {
    /// A string, escapes decoded.
    case text(String)
    /// `attr(name)`: the element's attribute.
    case attribute(String)
  }

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
    /// The pseudo-element the selector ends in (`p::before`), if any: its rules style generated
    /// content, not the element.
    var pseudoElement: PseudoElement?
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
  /// Whether some rule generates content (`::before`/`::after` with `content`).
  private(set) var generatesContent = false

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
    if rule.selector.pseudoElement != nil { generatesContent = true }
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
      for rule in rules
      where (rule.style.display != nil || rule.style.visibility != nil) && rule.selector.pseudoElement == nil {
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

  /// The text CSS generates before and after `element`'s content (`::before`, `::after`): the
  /// cascaded `content` of each (specificity, then order), its strings and `attr()` values joined;
  /// nil where none is generated. Characters of the private use areas (icon fonts' glyphs) are no
  /// text and are left out.
  func generatedContent(of element: Element, ancestors: ArraySlice<Element>, ancestorKeys: [Int: Int]) -> (
    before: String?, after: String?
  ) {
    var before: ([ContentPart], Int, Int)?
    var after: ([ContentPart], Int, Int)?
    func consider(_ rules: [Rule]) {
      for rule in rules {
        guard let pseudo = rule.selector.pseudoElement, let declared = rule.style.content,
          rule.selector.ancestorKeys.allSatisfy({ ancestorKeys[$0, default: 0] > 0 }),
          rule.selector.matches(element, ancestors: ancestors)
        else { continue }
        let weight = (rule.selector.specificity, rule.order)
        // A pseudo-element with display:none generates nothing.
        let content = rule.style.display == .notRendered ? [] : declared
        if pseudo == .before {
          if before.map({ weight > ($0.1, $0.2) }) ?? true { before = (content, weight.0, weight.1) }
        } else if after.map({ weight > ($0.1, $0.2) }) ?? true {
          after = (content, weight.0, weight.1)
        }
      }
    }
    if let id = element.id, let rules = byID[id] { consider(rules) }
    for cls in element.classes { if let rules = byClass[cls] { consider(rules) } }
    if let rules = byName[element.name] { consider(rules) }
    consider(universal)
    func text(_ parts: [ContentPart]?) -> String? {
      guard let parts else { return nil }
      var scalars = String.UnicodeScalarView()
      for part in parts {
        let value: String
        switch part {
        case .text(let text): value = text
        case .attribute(let name): value = element.attributes[name] ?? ""
        }
        for scalar in value.unicodeScalars where !Self.isPrivateUse(scalar) { scalars.append(scalar) }
      }
      let result = String(scalars)
      return result.allSatisfy(\.isWhitespace) ? nil : result
    }
    return (text(before?.0), text(after?.0))
  }

  private static func isPrivateUse(_ scalar: Unicode.Scalar) -> Bool {
    (0xE000...0xF8FF).contains(scalar.value) || scalar.value >= 0xF0000
  }

  /// The `display` and `visibility` a `style` attribute sets.
  static func inlineStyle(_ text: String) -> Style {
    var style = Style()
    for declaration in text.split(separator: ";") {
      apply(declaration, to: &style)
    }
    return style
  }

  static func apply(_ declaration: Substring, to style: inout Style) {
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
    case "content":
      style.content = Self.content(declaration[declaration.index(after: colon)...])
    default: break
    }
  }

  /// A `content` value's strings and `attr()` parts; empty for `none` and `normal`; nil for a value
  /// with nothing this reader can say (only counters, images, quotes).
  static func content(_ value: Substring) -> [ContentPart]? {
    var parts: [ContentPart] = []
    let scalars = Array(value.unicodeScalars)
    var index = 0
    var sawSomething = false
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\"" || scalar == "'" {
        var text = String.UnicodeScalarView()
        index += 1
        while index < scalars.count, scalars[index] != scalar {
          if scalars[index] == "\\", index + 1 < scalars.count {
            // An escape: up to six hex digits and one space after them, else the next character
            // as it is (a line break after "\\" continues the string).
            index += 1
            var value: UInt32 = 0
            var digits = 0
            while digits < 6, index < scalars.count, let digit = Character(scalars[index]).hexDigitValue {
              value = value * 16 + UInt32(digit)
              digits += 1
              index += 1
            }
            if digits > 0 {
              if index < scalars.count, scalars[index] == " " { index += 1 }
              // "\\a" is a line break: a space when read.
              text.append(value == 0x0A ? " " : Unicode.Scalar(value) ?? "\u{FFFD}")
            } else {
              if scalars[index] != "\n" { text.append(scalars[index]) }
              index += 1
            }
            continue
          }
          text.append(scalars[index])
          index += 1
        }
        index += 1
        parts.append(.text(String(text)))
        sawSomething = true
        continue
      }
      if scalar == "!" { break }
      if scalar.properties.isAlphabetic || scalar == "-" {
        var word = ""
        while index < scalars.count, scalars[index].properties.isAlphabetic || scalars[index] == "-" {
          word.unicodeScalars.append(scalars[index])
          index += 1
        }
        switch word.lowercased() {
        case "none", "normal": return []
        case "attr":
          guard index < scalars.count, scalars[index] == "(",
            let close = scalars[index...].firstIndex(of: ")")
          else { return nil }
          let name = String(String.UnicodeScalarView(scalars[(index + 1)..<close])).trimmingSpaces().lowercased()
          index = close + 1
          if !name.isEmpty { parts.append(.attribute(name)) }
          sawSomething = true
        default:
          // counter(), url(), open-quote…: nothing said; skip a function's arguments.
          if index < scalars.count, scalars[index] == "(" {
            index = (scalars[index...].firstIndex(of: ")") ?? scalars.count - 1) + 1
          }
        }
        continue
      }
      index += 1
    }
    return sawSomething ? parts : nil
  }
}
